//! Local query figures: µs per warm raycast, move_along_surface, circle,
//! neighbourhood and wall search, wall segments and random point on an
//! 8 × 8 grid of jittered tiles (32 triangles each, partly covered portal
//! edges), the query and its vectors reused. Prints the median of several
//! rounds of 2000 queries each.
//!
//! Run: `cargo bench --bench query_local`

mod bench_stats;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;
#[path = "../tests/query_meshes/mod.rs"]
mod query_meshes;

use bench_stats::median;
use mesh_common::{params, Rng};
use onav::{NavMeshQuery, PolyRef, QueryFilter, RaycastOptions, TiledNavMesh};
use query_meshes::JitteredTile;

const ROUNDS: usize = 11;
const QUERIES: usize = 2000;
const SIDE: i32 = 8;

/// CPU time of this thread in seconds: unlike the wall clock it leaves out
/// the time other processes of the shared machine held the core.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0);
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// A start polygon, a point in it, and a direction's unit offset.
struct Case {
    poly: PolyRef,
    start: [f64; 3],
    toward: [f64; 2],
    seed: u64,
}

fn cases(mesh: &TiledNavMesh) -> Vec<Case> {
    let query = NavMeshQuery::new(mesh, 1).unwrap();
    let mut rng = Rng::new(42);
    let tiles: Vec<_> = mesh.tiles().map(|(tile_ref, tile)| (tile_ref, tile.polygon_count())).collect();
    (0..QUERIES)
        .map(|_| {
            let (tile_ref, count) = tiles[rng.below(tiles.len() as u64) as usize];
            let poly = tile_ref.polygon(rng.below(count as u64) as u32).unwrap();
            let far = query.closest_point_on_poly(poly, [0.0, 0.0, 0.0]).unwrap().position;
            let start = query.closest_point_on_poly(poly, [far[0] + 1.0, 0.0, far[2] + 1.0]).unwrap().position;
            let angle = [rng.range_f32(-1.0, 1.0) as f64, rng.range_f32(-1.0, 1.0) as f64];
            let length = (angle[0] * angle[0] + angle[1] * angle[1]).sqrt().max(1e-3);
            Case { poly, start, toward: [angle[0] / length, angle[1] / length], seed: rng.next_u64() }
        })
        .collect()
}

fn main() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for z in 0..SIDE {
        for x in 0..SIDE {
            let seed = (z * SIDE + x) as u64 + 1;
            mesh.add_tile(JitteredTile { x, z, layer: 0, origin_y: 0.0, n: 4, seed }.build(&p)).unwrap();
        }
    }
    let polygons: usize = mesh.tiles().map(|(_, t)| t.polygon_count()).sum();
    println!("query_local: {SIDE} × {SIDE} tiles, {polygons} polygons, median of {ROUNDS} rounds of {QUERIES}");
    let cases = cases(&mesh);
    let mut query = NavMeshQuery::new(&mesh, 2048).unwrap();
    let filter = QueryFilter::default();
    let (mut visited, mut around, mut kept, mut walls) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let at = |c: &Case, distance: f64| {
        [c.start[0] + c.toward[0] * distance, c.start[1], c.start[2] + c.toward[1] * distance]
    };
    let mut figure = |name: &str, run: &mut dyn FnMut(&mut NavMeshQuery, &Case)| {
        cases.iter().for_each(|c| run(&mut query, c));
        let samples = (0..ROUNDS)
            .map(|_| {
                let begin = thread_cpu_seconds();
                cases.iter().for_each(|c| run(&mut query, c));
                (thread_cpu_seconds() - begin) / QUERIES as f64 * 1e6
            })
            .collect();
        println!("  {name:<44} {:8.2} µs", median(samples));
    };
    let options = RaycastOptions { path_cost: true };
    figure("raycast, 20 units", &mut |q, c| {
        q.raycast(c.poly, c.start, at(c, 20.0), &filter, options, &mut visited).unwrap();
    });
    figure("move_along_surface, 1 unit", &mut |q, c| {
        q.move_along_surface(c.poly, c.start, at(c, 1.0), &filter, &mut visited).unwrap();
    });
    figure("move_along_surface, 8 units", &mut |q, c| {
        q.move_along_surface(c.poly, c.start, at(c, 8.0), &filter, &mut visited).unwrap();
    });
    figure("find_polys_around_circle, radius 4", &mut |q, c| {
        q.find_polys_around_circle(c.poly, c.start, 4.0, &filter, &mut around).unwrap();
    });
    figure("find_local_neighbourhood, radius 4", &mut |q, c| {
        q.find_local_neighbourhood(c.poly, c.start, 4.0, &filter, &mut kept).unwrap();
    });
    figure("find_distance_to_wall, radius 4", &mut |q, c| {
        q.find_distance_to_wall(c.poly, c.start, 4.0, &filter).unwrap();
    });
    figure("poly_wall_segments with portals", &mut |q, c| {
        q.poly_wall_segments(c.poly, &filter, true, &mut walls).unwrap();
    });
    figure("find_random_point_around_circle, radius 4", &mut |q, c| {
        q.find_random_point_around_circle(c.poly, c.start, 4.0, &filter, c.seed).unwrap();
    });
    figure("find_random_point (whole mesh)", &mut |q, c| {
        q.find_random_point(&filter, c.seed).unwrap();
    });
}
