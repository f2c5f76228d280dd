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
mod imported_meshes;

use imported_meshes::{imported, point_on};
use mesh_common::Rng;
use onav::{NavMeshQuery, PolyRef, QueryFilter, RaycastOptions, StraightPathOptions, StraightPathVertex, TiledNavMesh};

/// A point of `poly` lifted onto its surface.
fn point_on_surface(mesh: &TiledNavMesh, query: &NavMeshQuery, poly: PolyRef, rng: &mut Rng) -> [f64; 3] {
    let p = point_on(mesh, poly, rng);
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
        let a = point_on_surface(&mesh, &query, polys[rng.below(polys.len() as u64) as usize], &mut rng);
        let b = point_on_surface(&mesh, &query, polys[rng.below(polys.len() as u64) as usize], &mut rng);
        let (start, end) = (nearest_poly(&mut query, a, &filter), nearest_poly(&mut query, b, &filter));
        path(&mut query, (start, end), (a, b), &mut corridor);
        straight_path(&mut query, &corridor, (a, b), &mut out);
        ray(&mut query, start, (a, b), &mut corridor);
    }
}
