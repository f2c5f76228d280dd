//! Query figures (issue 18): µs per find_path + find_straight_path and per
//! find_nearest_poly over random polygon pairs of a grid of flat tiles,
//! median and 99th percentile, and the corridors' mean length.
//!
//! Run: `cargo bench --bench queries`

mod bench_stats;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::time::Instant;

use bench_stats::median;
use mesh_common::{params, GridTile, Rng};
use onav::{NavMeshQuery, PolyRef, QueryFilter, StraightPathOptions, TiledNavMesh};

/// The value below which 99% of `values` lie.
fn p99(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[(values.len() * 99 / 100).min(values.len() - 1)]
}

/// `side` × `side` tiles of `n` × `n` squares.
fn grid_mesh(side: i32, n: u32) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for z in 0..side {
        for x in 0..side {
            mesh.add_tile(GridTile::new(x, z, n).build(&p)).unwrap();
        }
    }
    mesh
}

/// A point inside the square polygon `poly` of a grid tile.
fn inside(mesh: &TiledNavMesh, poly: PolyRef, rng: &mut Rng) -> [f64; 3] {
    let (tile, view) = mesh.polygon(poly).unwrap();
    let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let v = |k: usize| tile.vertices()[view.indices[k] as usize];
    let (a, c) = (v(0), v(2));
    let x = rng.range_f32(a[0], c[0]) as f64;
    let z = rng.range_f32(a[2], c[2]) as f64;
    [ox + x, tile.origin_y() + a[1] as f64, oz + z]
}

fn run(name: &str, mesh: &TiledNavMesh, pairs: usize) {
    let polys: Vec<PolyRef> =
        mesh.tiles().flat_map(|(r, t)| (0..t.polygon_count() as u32).map(move |p| r.polygon(p).unwrap())).collect();
    let mut rng = Rng::new(17);
    let mut query = NavMeshQuery::new(mesh, 65_536).unwrap();
    let filter = QueryFilter::default();
    let (mut corridor, mut path) = (Vec::new(), Vec::new());
    let (mut path_us, mut nearest_us, mut lengths) = (Vec::new(), Vec::new(), 0usize);
    for round in 0..2 {
        for _ in 0..pairs {
            let a = polys[rng.below(polys.len() as u64) as usize];
            let b = polys[rng.below(polys.len() as u64) as usize];
            let (pa, pb) = (inside(mesh, a, &mut rng), inside(mesh, b, &mut rng));
            let t = Instant::now();
            query.find_path(a, b, pa, pb, &filter, 65_536, &mut corridor).unwrap();
            query.find_straight_path(&corridor, pa, pb, StraightPathOptions::default(), &mut path).unwrap();
            let path_time = t.elapsed().as_secs_f64() * 1e6;
            let t = Instant::now();
            query.find_nearest_poly(pa, [2.0, 4.0, 2.0], &filter).unwrap();
            let nearest_time = t.elapsed().as_secs_f64() * 1e6;
            // The first round warms the buffers and caches.
            if round == 1 {
                path_us.push(path_time);
                nearest_us.push(nearest_time);
                lengths += corridor.len();
            }
        }
    }
    println!(
        "{name}: {} polygons; path+straight median {:.2} µs p99 {:.2} µs (mean corridor {:.1}); nearest median {:.2} µs p99 {:.2} µs",
        polys.len(),
        median(path_us.clone()),
        p99(path_us),
        lengths as f64 / pairs as f64,
        median(nearest_us.clone()),
        p99(nearest_us)
    );
}

fn main() {
    run("4x4 tiles of 4x4 squares", &grid_mesh(4, 4), 2000);
    run("8x8 tiles of 8x8 squares", &grid_mesh(8, 8), 2000);
}
