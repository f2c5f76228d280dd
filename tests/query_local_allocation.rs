//! A warm local query does not allocate ("no allocation per query once
//! warm"): each query runs once to grow the query's scratch and the
//! caller's vectors, then the same queries again under a counting global
//! allocator must allocate nothing. Only the measuring thread's allocations
//! count.

mod counting_allocator;
mod mesh_common;
mod query_meshes;

use counting_allocator::{allocations_in, Counting};

use mesh_common::Rng;
use onav::{NavMeshQuery, PolyRef, QueryFilter, RaycastOptions};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn warm_local_queries_do_not_allocate() {
    let mesh = query_meshes::random_mesh(3);
    let mut query = NavMeshQuery::new(&mesh, 512).unwrap();
    let filter = QueryFilter::default();
    let mut rng = Rng::new(9);
    let tiles: Vec<_> = mesh.tiles().map(|(tile_ref, tile)| (tile_ref, tile.polygon_count())).collect();
    let cases: Vec<(PolyRef, [f64; 3], [f64; 3], f64)> = (0..200)
        .map(|_| {
            let (tile_ref, count) = tiles[rng.below(tiles.len() as u64) as usize];
            let poly = tile_ref.polygon(rng.below(count as u64) as u32).unwrap();
            let start =
                query.closest_point_on_poly(poly, [rng.range_f32(0.0, 48.0) as f64, 0.0, 8.0]).unwrap().position;
            let end = [rng.range_f32(-8.0, 56.0) as f64, 0.0, rng.range_f32(-8.0, 40.0) as f64];
            (poly, start, end, rng.range_f32(0.0, 20.0) as f64)
        })
        .collect();
    let (mut visited, mut around, mut kept, mut walls) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut run_all = |query: &mut NavMeshQuery| {
        for (i, &(poly, start, end, radius)) in cases.iter().enumerate() {
            let options = RaycastOptions { path_cost: true };
            query.raycast(poly, start, end, &filter, options, &mut visited).unwrap();
            query.move_along_surface(poly, start, end, &filter, &mut visited).unwrap();
            query.find_polys_around_circle(poly, start, radius, &filter, &mut around).unwrap();
            query.find_local_neighbourhood(poly, start, radius, &filter, &mut kept).unwrap();
            query.find_distance_to_wall(poly, start, radius, &filter).unwrap();
            query.poly_wall_segments(poly, &filter, i % 2 == 0, &mut walls).unwrap();
            query.find_random_point(&filter, i as u64).unwrap();
            query.find_random_point_around_circle(poly, start, radius, &filter, i as u64).unwrap();
        }
    };
    run_all(&mut query);
    let ((), allocations) = allocations_in(|| run_all(&mut query));
    assert_eq!(allocations, 0, "{allocations} allocations in 200 rounds of warm local queries");
}
