//! The work of the queries, counted in instructions rather than seconds:
//! `scripts/query_work.sh` runs this program under callgrind, whose counts
//! do not depend on the cache or on other processes, on the Recast meshes
//! of the peer harness (`tests/data/detour/*.mset`, imported). It shows
//! where a query's work goes and whether a change removed some; the
//! speed against Detour is the peer harness's `queries` table.
//!
//! Arguments: `nav_test` or `dungeon`, and the number of random start/end
//! pairs (points on random polygons, a fixed seed) to answer with
//! find_nearest_poly, find_path, find_straight_path and raycast (from the
//! start towards the end, as the peer harness casts).

#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::sync::Arc;

use mesh_common::Rng;
use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{
    NavMeshQuery, PolyRef, QueryFilter, RaycastOptions, StraightPathOptions, StraightPathVertex, TiledNavMesh,
};

fn imported(name: &str) -> TiledNavMesh {
    let path = format!("{}/tests/data/detour/{name}.mset", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set = read_tile_set(&bytes, &ImportOptions::default()).expect("the fixture imports");
    let mut mesh = TiledNavMesh::new(set.params).unwrap();
    for tile in set.tiles {
        mesh.add_tile(Arc::new(tile)).unwrap();
    }
    mesh
}

/// A point of `poly` (a random convex combination of its corners) on its
/// surface.
fn point_on(mesh: &TiledNavMesh, query: &NavMeshQuery, poly: PolyRef, rng: &mut Rng) -> [f64; 3] {
    let (tile, view) = mesh.polygon(poly).unwrap();
    let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let weights: Vec<f64> = view.indices.iter().map(|_| 1.0 + rng.below(1000) as f64).collect();
    let total: f64 = weights.iter().sum();
    let mut p = [0.0; 3];
    for (&index, w) in view.indices.iter().zip(&weights) {
        let v = tile.vertices()[index as usize];
        p = [p[0] + v[0] as f64 * w / total, p[1] + v[1] as f64 * w / total, p[2] + v[2] as f64 * w / total];
    }
    let p = [ox + p[0], tile.origin_y() + p[1], oz + p[2]];
    let height = query.poly_height(poly, p).unwrap().unwrap_or(p[1]);
    [p[0], height, p[2]]
}

// One function per query, never inlined, so callgrind counts each
// (`scripts/query_work.sh` reads their inclusive counts).

#[inline(never)]
fn nearest_poly(query: &mut NavMeshQuery, point: [f64; 3], filter: &QueryFilter) -> PolyRef {
    query.find_nearest_poly(point, [2.0, 4.0, 2.0], filter).unwrap().expect("a polygon under the point").poly_ref
}

#[inline(never)]
fn path(query: &mut NavMeshQuery, ends: (PolyRef, PolyRef), points: ([f64; 3], [f64; 3]), corridor: &mut Vec<PolyRef>) {
    let filter = QueryFilter::default();
    query.find_path(ends.0, ends.1, points.0, points.1, &filter, 65_535, corridor).unwrap();
}

#[inline(never)]
fn straight_path(
    query: &mut NavMeshQuery,
    corridor: &[PolyRef],
    points: ([f64; 3], [f64; 3]),
    out: &mut Vec<StraightPathVertex>,
) {
    query.find_straight_path(corridor, points.0, points.1, StraightPathOptions::default(), out).unwrap();
}

#[inline(never)]
fn ray(query: &mut NavMeshQuery, start: PolyRef, points: ([f64; 3], [f64; 3]), visited: &mut Vec<PolyRef>) {
    let filter = QueryFilter::default();
    query.raycast(start, points.0, points.1, &filter, RaycastOptions::default(), visited).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, pairs] = args.as_slice() else {
        eprintln!("usage: query_work nav_test|dungeon PAIRS");
        std::process::exit(2);
    };
    let pairs: usize = pairs.parse().expect("pairs");
    let mesh = imported(name);
    let polys: Vec<PolyRef> =
        mesh.tiles().flat_map(|(r, t)| (0..t.polygon_count() as u32).map(move |p| r.polygon(p).unwrap())).collect();
    let mut query = NavMeshQuery::new(&mesh, 65_535).unwrap();
    let filter = QueryFilter::default();
    let mut rng = Rng::new(11);
    let (mut corridor, mut out) = (Vec::new(), Vec::new());
    for _ in 0..pairs {
        let a = point_on(&mesh, &query, polys[rng.below(polys.len() as u64) as usize], &mut rng);
        let b = point_on(&mesh, &query, polys[rng.below(polys.len() as u64) as usize], &mut rng);
        let (start, end) = (nearest_poly(&mut query, a, &filter), nearest_poly(&mut query, b, &filter));
        path(&mut query, (start, end), (a, b), &mut corridor);
        straight_path(&mut query, &corridor, (a, b), &mut out);
        ray(&mut query, start, (a, b), &mut corridor);
    }
}
