//! Mesh figures (issue 4): µs per add, remove and replace with stitching
//! on 4 × 4 and 64 × 64 grids of 16- and 256-polygon tiles, with and
//! without off-mesh links; the cost of a clone; read_mesh throughput;
//! resident bytes per polygon. Prints medians of several runs.
//!
//! Run: `cargo bench --bench mesh` (`MESH_BENCH=edits` or `=read` for one part)

mod bench_grid;
mod bench_stats;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use bench_grid::grid;
use bench_stats::median;
use mesh_common::{params, Rng};
use onav::{read_mesh, read_tile, write_mesh, write_tile, NavMeshParams, NavTile, TiledNavMesh};

/// Counts live heap bytes, for the resident-bytes figure.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const ROUNDS: usize = 31;

/// CPU time of this thread in seconds: unlike the wall clock it leaves out
/// the time other processes of the shared machine held the core.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The order a round visits its tiles in.
#[derive(Clone, Copy)]
enum Order {
    /// Tiles picked at random over the whole grid.
    Random,
    /// The tiles of a random band of the grid, row by row, as a streaming
    /// host editing the tiles near a moving viewer would.
    Coherent,
    /// The same two tiles every round, as many as a round edits in the 4 × 4
    /// grid: the caches hold what the edits read in both grids, so the
    /// growth figure is what the mesh's size alone costs.
    Fixed,
}

/// Tiles to edit in one round: `batch` tiles off the grid's border, no two
/// in side-neighbouring columns, so every removal and add has all four side
/// neighbours present (and every off-mesh link an end tile), at 4 × 4 as at
/// 64 × 64: the per-edit work is the same at both sizes and in both orders,
/// and the growth figure measures only what the mesh's size costs.
fn pick(rng: &mut Rng, side: i32, batch: usize, order: Order) -> Vec<usize> {
    let index = |x: i32, z: i32| (z * side + x) as usize;
    let mut taken = vec![false; (side * side) as usize];
    let free = |taken: &[bool], x: i32, z: i32| {
        [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)].iter().all(|&(dx, dz)| {
            let (nx, nz) = (x + dx, z + dz);
            !(0..side).contains(&nx) || !(0..side).contains(&nz) || !taken[index(nx, nz)]
        })
    };
    let mut picked = Vec::with_capacity(batch);
    match order {
        Order::Fixed => return pick(&mut Rng::new(5), side, batch, Order::Random),
        Order::Random => {
            let inner = (side - 2) as u64;
            while picked.len() < batch {
                let (x, z) = (1 + rng.below(inner) as i32, 1 + rng.below(inner) as i32);
                if free(&taken, x, z) {
                    taken[index(x, z)] = true;
                    picked.push(index(x, z));
                }
            }
        }
        Order::Coherent => {
            // A checkerboard over rows starting at a random row, walked row
            // by row (wrapping to the top): consecutive edits are two columns
            // apart and share neighbouring tiles.
            let inner = side - 2;
            let (z0, parity) = (rng.below(inner as u64) as i32, rng.below(2) as i32);
            'rows: for dz in 0..inner {
                let z = 1 + (z0 + dz) % inner;
                for x in 1..side - 1 {
                    if (x + z + parity) % 2 == 0 && free(&taken, x, z) {
                        taken[index(x, z)] = true;
                        picked.push(index(x, z));
                        if picked.len() == batch {
                            break 'rows;
                        }
                    }
                }
            }
        }
    }
    picked
}

/// Tiles a round edits in the 4 × 4 grid (see [`edit_costs`]), and in
/// [`Order::Fixed`].
const FIXED_TILES: usize = 2;

/// Edits timed together: long enough for the clock's granularity, short
/// enough that the median of many such chunks excludes the ones another
/// process preempted (the machine is shared).
const CHUNK: usize = 16;

/// Median µs the clock itself adds to one timed chunk, subtracted from
/// every chunk so that short chunks (2 edits on a 4 × 4 grid) and long ones
/// (16 edits) are measured alike.
fn clock_overhead() -> f64 {
    static OVERHEAD: OnceLock<f64> = OnceLock::new();
    *OVERHEAD.get_or_init(|| median((0..10_001).map(|_| Instant::now().elapsed().as_secs_f64() * 1e6).collect()))
}

/// Times `edit` over `picked` in chunks, pushing µs per edit of each chunk.
fn timed(picked: &[usize], out: &mut Vec<f64>, mut edit: impl FnMut(usize)) {
    for chunk in picked.chunks(CHUNK) {
        let start = Instant::now();
        for &i in chunk {
            edit(i);
        }
        let elapsed = start.elapsed().as_secs_f64() * 1e6 - clock_overhead();
        out.push(elapsed / chunk.len() as f64);
    }
}

/// Median µs per add, remove and replace: each round removes a batch of
/// tiles, adds them back, then replaces them.
fn edit_costs(tiles: &[Arc<NavTile>], side: i32, p: &NavMeshParams, order: Order) -> (f64, f64, f64) {
    let mut mesh = TiledNavMesh::new(*p).unwrap();
    for tile in tiles {
        mesh.add_tile(tile.clone()).unwrap();
    }
    // Half the inner tiles (a checkerboard) can be edited without two
    // being adjacent: 2 of the 4 inner tiles of a 4 × 4 grid.
    let batch = match order {
        Order::Fixed => FIXED_TILES,
        _ => ((side - 2) * (side - 2) / 2).min(256) as usize,
    };
    let mut rng = Rng::new(7);
    let (mut removes, mut adds, mut replaces) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS * 4 {
        let picked = pick(&mut rng, side, batch, order);
        timed(&picked, &mut removes, |i| {
            mesh.remove_tile(tiles[i].tile_x(), tiles[i].tile_z(), 0).unwrap();
        });
        timed(&picked, &mut adds, |i| {
            mesh.add_tile(tiles[i].clone()).unwrap();
        });
        timed(&picked, &mut replaces, |i| {
            mesh.replace_tile(tiles[i].clone()).unwrap();
        });
    }
    (median(adds), median(removes), median(replaces))
}

fn print_edit_figures(p: &NavMeshParams) {
    println!(
        "edit costs, median µs per operation with stitching ({} rounds of min(inner tiles/2, 256) edits, \
         {FIXED_TILES} in fixed order, no two adjacent, timed {CHUNK} at a time)",
        ROUNDS * 4
    );
    println!(
        "{:>9} {:>6} {:>7} {:>9} | {:>8} {:>8} {:>8}",
        "polygons", "tiles", "links", "order", "add", "remove", "replace"
    );
    let cells_only: Option<u32> = std::env::var("MESH_CELLS").ok().and_then(|v| v.parse().ok());
    let links_only: Option<bool> = std::env::var("MESH_LINKS").ok().map(|v| v == "yes");
    for cells in [4u32, 16].into_iter().filter(|c| cells_only.is_none_or(|o| o == *c)) {
        for links in [false, true].into_iter().filter(|l| links_only.is_none_or(|o| o == *l)) {
            let small = grid(p, 4, cells, links);
            let large = grid(p, 64, cells, links);
            let base = edit_costs(&small, 4, p, Order::Random);
            let row = |tiles: usize, order: &str, r: (f64, f64, f64)| {
                println!(
                    "{:>9} {:>6} {:>7} {:>9} | {:>8.2} {:>8.2} {:>8.2}",
                    cells * cells,
                    tiles,
                    if links { "yes" } else { "no" },
                    order,
                    r.0,
                    r.1,
                    r.2
                )
            };
            row(small.len(), "random", base);
            for (order, name) in [(Order::Random, "random"), (Order::Coherent, "coherent"), (Order::Fixed, "fixed")] {
                let r = edit_costs(&large, 64, p, order);
                row(large.len(), name, r);
                println!(
                    "{:>34} | {:>7.2}x {:>7.2}x {:>7.2}x  (4096 {name} vs 16 tiles)",
                    "growth",
                    r.0 / base.0,
                    r.1 / base.1,
                    r.2 / base.2
                );
            }
        }
    }
}

fn print_clone_and_read_figures(p: &NavMeshParams) {
    for (cells, links) in [(4u32, false), (4, true), (16, false)] {
        let tiles = grid(p, 64, cells, links);
        let polygons: usize = tiles.iter().map(|t| t.polygon_count()).sum();
        let mut mesh = TiledNavMesh::new(*p).unwrap();
        for tile in &tiles {
            mesh.add_tile(tile.clone()).unwrap();
        }
        let clones: Vec<f64> = (0..ROUNDS)
            .map(|_| {
                let start = Instant::now();
                let copy = mesh.clone();
                let elapsed = start.elapsed().as_secs_f64() * 1e6;
                drop(copy);
                elapsed
            })
            .collect();
        let bytes = write_mesh(&mesh);
        drop(mesh);
        let tile_bytes: Vec<Vec<u8>> = tiles.iter().map(|t| write_tile(t)).collect();
        drop(tiles);
        // MB/s by the wall clock and by this thread's CPU time.
        let throughput = |read: &dyn Fn()| -> (f64, f64) {
            let (walls, cpus): (Vec<f64>, Vec<f64>) = (0..ROUNDS.min(9))
                .map(|_| {
                    let (start, cpu) = (Instant::now(), thread_cpu_seconds());
                    read();
                    let (wall, cpu) = (start.elapsed().as_secs_f64(), thread_cpu_seconds() - cpu);
                    (bytes.len() as f64 / wall / 1e6, bytes.len() as f64 / cpu / 1e6)
                })
                .unzip();
            (median(walls), median(cpus))
        };
        let reads = throughput(&|| drop(read_mesh(&bytes).unwrap()));
        // The validation floor: the same tiles read alone, no mesh (each
        // read_tile also hashes the parameters for the fingerprint).
        let tile_reads =
            throughput(&|| drop(tile_bytes.iter().map(|b| read_tile(p, b).unwrap()).collect::<Vec<NavTile>>()));
        let before = LIVE.load(Ordering::Relaxed);
        let mesh = read_mesh(&bytes).unwrap();
        let resident = LIVE.load(Ordering::Relaxed) - before;
        println!(
            "4096 tiles of {} polygons, links {}: clone {:.1} µs; read_mesh {:.0} MB/s wall, {:.0} MB/s CPU time (tiles alone {:.0} / {:.0}; {} bytes); resident {:.0} bytes/polygon ({:.0} of them link tables)",
            cells * cells,
            if links { "yes" } else { "no" },
            median(clones),
            reads.0,
            reads.1,
            tile_reads.0,
            tile_reads.1,
            bytes.len(),
            resident as f64 / polygons as f64,
            mesh.link_table_bytes() as f64 / polygons as f64
        );
    }
}

/// `MESH_BENCH=edits` or `MESH_BENCH=read` runs one part only;
/// `MESH_CELLS=4|16` and `MESH_LINKS=yes|no` narrow the edit figures.
fn main() {
    let p = params();
    let only = std::env::var("MESH_BENCH").unwrap_or_default();
    if only != "read" {
        print_edit_figures(&p);
    }
    if only != "edits" {
        print_clone_and_read_figures(&p);
    }
}
