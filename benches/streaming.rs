//! Streaming figures (issue 6): µs per `TileStreamer` operation (read the
//! tile bytes, add or replace, or remove a column, then re-stitch), applied
//! one per `update` as a frame loop would, in meshes of 16 and 4096 tiles,
//! with and without off-mesh links. Prints medians of several runs and the
//! growth from 16 to 4096 tiles.
//!
//! Two column choices: a random column per sample (the data it touches is
//! usually cold in a 4096-tile mesh, so cache misses count), and the same
//! column every time (warm), which isolates the work an operation does:
//! that growth stays near 1 because only the edited column, its side
//! neighbours and the off-mesh links ending there are re-stitched.
//!
//! Run: `cargo bench --bench streaming`

mod bench_stats;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::sync::Arc;
use std::time::Instant;

use bench_stats::median;
use mesh_common::{link, params, GridTile, Rng};
use onav::{NavMeshParams, TileStreamer, TiledNavMesh};

/// Columns streamed out, back in and replaced per configuration.
const SAMPLES: usize = 501;

/// ONPT bytes of a 4 × 4-polygon grid tile; with links, a bidirectional
/// link into the next column and one inside the tile.
fn tile_bytes(p: &NavMeshParams, x: i32, z: i32, links: bool) -> Arc<[u8]> {
    let mut tile = GridTile::new(x, z, 4);
    if links {
        tile = tile.link(link([14.0, 0.0, 2.0], [18.0, 0.0, 2.0], 0.5, true)).link(link(
            [2.0, 0.0, 2.0],
            [10.0, 0.0, 10.0],
            0.5,
            false,
        ));
    }
    tile.build(p).to_bytes().into()
}

/// µs to queue one operation and apply it with `update(mesh, 1)`.
fn timed(streamer: &mut TileStreamer, mesh: &mut TiledNavMesh, queue: impl FnOnce(&mut TileStreamer)) -> f64 {
    let start = Instant::now();
    queue(streamer);
    assert_eq!(streamer.update(mesh, 1).unwrap(), 1);
    start.elapsed().as_secs_f64() * 1e6
}

/// Median µs per column removal, add and replace on a full `side` × `side`
/// grid: each sample streams one column (a random inner one, or the middle
/// one when `same_column`) out, back in, then replaces it, so every
/// operation sees the rest of the grid present.
fn streaming_costs(p: &NavMeshParams, side: i32, links: bool, same_column: bool) -> (f64, f64, f64) {
    let bytes: Vec<Arc<[u8]>> =
        (0..side).flat_map(|z| (0..side).map(move |x| (x, z))).map(|(x, z)| tile_bytes(p, x, z, links)).collect();
    let mut streamer = TileStreamer::new();
    let mut mesh = TiledNavMesh::new(*p).unwrap();
    bytes.iter().for_each(|b| streamer.queue_tile(Arc::clone(b)));
    streamer.update(&mut mesh, usize::MAX).unwrap();
    let mut rng = Rng::new(11);
    // Columns off the border only, at 4 × 4 as at 64 × 64, so every
    // operation has all four side neighbours and the same work to do.
    let inner = (side - 2) as u64;
    let (mut removes, mut adds, mut replaces) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..SAMPLES {
        let (x, z) =
            if same_column { (side / 2, side / 2) } else { (1 + rng.below(inner) as i32, 1 + rng.below(inner) as i32) };
        let i = (z * side + x) as usize;
        removes.push(timed(&mut streamer, &mut mesh, |s| s.queue_remove_column(x, z)));
        adds.push(timed(&mut streamer, &mut mesh, |s| s.queue_tile(Arc::clone(&bytes[i]))));
        replaces.push(timed(&mut streamer, &mut mesh, |s| s.queue_tile(Arc::clone(&bytes[i]))));
    }
    assert_eq!(mesh.tile_count(), bytes.len());
    (median(removes), median(adds), median(replaces))
}

fn main() {
    let p = params();
    println!("TileStreamer, median µs per operation applied by update(mesh, 1) ({SAMPLES} samples each)");
    println!("{:>8} {:>6} {:>6} | {:>8} {:>8} {:>8}", "column", "tiles", "links", "remove", "add", "replace");
    for same_column in [false, true] {
        for links in [false, true] {
            let rows: Vec<(f64, f64, f64)> = [4, 64]
                .into_iter()
                .map(|side| {
                    let (remove, add, replace) = streaming_costs(&p, side, links, same_column);
                    println!(
                        "{:>8} {:>6} {:>6} | {remove:>8.2} {add:>8.2} {replace:>8.2}",
                        if same_column { "same" } else { "random" },
                        side * side,
                        if links { "yes" } else { "no" }
                    );
                    (remove, add, replace)
                })
                .collect();
            println!(
                "{:>22} | {:>7.2}x {:>7.2}x {:>7.2}x  (4096 vs 16 tiles)",
                "growth",
                rows[1].0 / rows[0].0,
                rows[1].1 / rows[0].1,
                rows[1].2 / rows[0].2
            );
        }
    }
}
