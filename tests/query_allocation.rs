//! Once warm, a query allocates nothing: a counting global allocator counts
//! the allocations of a second round of every query kind (nearest polygon,
//! box, points, whole and sliced paths, straight paths with each option,
//! exact shortest paths). Only the measuring thread's allocations count.

mod counting_allocator;
mod mesh_common;
mod query_common;

use counting_allocator::{allocations_in, Counting};

use mesh_common::{params, Rng};
use onav::{NavMeshQuery, PathCrossings, QueryFilter, StraightPathOptions};
use query_common::{query_positions, random_mesh};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn warm_queries_do_not_allocate() {
    let p = params();
    let mesh = random_mesh(&p, &mut Rng::new(3), 3, 3, 4, 2);
    let positions = query_positions(&mesh);
    let mut query = NavMeshQuery::new(&mesh, 4096).unwrap();
    let mut weighted = QueryFilter::default();
    weighted.set_area_cost(1, 0.25).unwrap();
    weighted.set_area_cost(2, 4.0).unwrap();
    let (mut polys, mut corridor, mut sliced, mut path) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut round = |query: &mut NavMeshQuery| {
        let mut completed = 0;
        for k in 0..positions.len() {
            let (from, to) = (positions[k], positions[(k * 11 + 3) % positions.len()]);
            let filter = if k % 2 == 0 { QueryFilter::default() } else { weighted.clone() };
            let start = query.find_nearest_poly(from, [1.0; 3], &filter).unwrap();
            let end = query.find_nearest_poly(to, [1.0; 3], &QueryFilter::default()).unwrap();
            let (Some(start), Some(end)) = (start, end) else { continue };
            query.query_polygons(from, [6.0, 2.0, 6.0], &filter, &mut polys).unwrap();
            query.poly_height(start.poly_ref, from).unwrap();
            query.closest_point_on_poly(end.poly_ref, from).unwrap();
            let outcome =
                query.find_path(start.poly_ref, end.poly_ref, from, to, &filter, 4096, &mut corridor).unwrap();
            completed += (outcome.status == onav::PathStatus::Complete) as usize;
            query.init_sliced_find_path(start.poly_ref, end.poly_ref, from, to, &filter, 4096).unwrap();
            while !query.update_sliced_find_path(4).unwrap().finished {}
            query.finalize_sliced_find_path_partial(&corridor, &mut sliced).unwrap();
            for crossings in [PathCrossings::None, PathCrossings::AreaChanges, PathCrossings::AllEdges] {
                let options = StraightPathOptions { crossings, max_vertices: None };
                query.find_straight_path(&corridor, from, to, options, &mut path).unwrap();
            }
            let shortest = query
                .find_shortest_path(start.poly_ref, end.poly_ref, from, to, &QueryFilter::default(), &mut path)
                .unwrap();
            completed += (shortest.status == onav::ShortestPathStatus::Complete) as usize;
        }
        completed
    };
    let completed = round(&mut query);
    assert!(completed > 20, "only {completed} complete paths: the round would prove little");
    let (_, allocations) = allocations_in(|| round(&mut query));
    assert_eq!(allocations, 0, "a warm round of queries allocated {allocations} times");
}
