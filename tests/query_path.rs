//! `find_path` and its sliced form: complete, partial and out-of-nodes
//! corridors, one-way links, area costs, errors, and a property test
//! against a plain Dijkstra over the same cost model
//! (`tests/query_common`).

mod mesh_common;
mod query_common;

use mesh_common::{link, params, GridTile, Rng};
use onav::{NavMeshError, NavMeshQuery, PathStatus, PolyRef, QueryFilter, TiledNavMesh};
use proptest::prelude::*;
use query_common::{all_polygons, centre, close, corridor_cost, random_mesh, reference_cost, steps};

/// A row of `columns` flat tiles of 4×4 squares (tile size 16).
fn row(columns: i32) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for x in 0..columns {
        mesh.add_tile(GridTile::new(x, 0, 4).build(&p)).unwrap();
    }
    mesh
}

fn poly_at(mesh: &TiledNavMesh, tile_x: i32, polygon: u32) -> PolyRef {
    mesh.tile_at(tile_x, 0, 0).unwrap().0.polygon(polygon).unwrap()
}

/// Every neighbour pair of the corridor is joined by a step.
fn assert_connected(mesh: &TiledNavMesh, corridor: &[PolyRef]) {
    for pair in corridor.windows(2) {
        assert!(steps(mesh, pair[0]).iter().any(|s| s.target == pair[1]), "{pair:?} not joined");
    }
}

/// Uniform area costs (the grid tiles give polygon k area k).
fn uniform() -> QueryFilter {
    QueryFilter::default()
}

#[test]
fn a_straight_row_gives_the_straight_corridor() {
    let mesh = row(3);
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let (start_ref, end_ref) = (poly_at(&mesh, 0, 4), poly_at(&mesh, 2, 7));
    let (start, end) = ([2.0, 0.0, 6.0], [46.0, 0.0, 6.0]);
    let mut corridor = Vec::new();
    let outcome = query.find_path(start_ref, end_ref, start, end, &uniform(), 1000, &mut corridor).unwrap();
    assert_eq!(outcome.status, PathStatus::Complete);
    // Row 1 of each tile: 4 squares per tile, 12 in all.
    assert_eq!(corridor.len(), 12);
    assert_eq!((corridor[0], *corridor.last().unwrap()), (start_ref, end_ref));
    assert_connected(&mesh, &corridor);
    // Entries are the edge midpoints on z = 6, so the cost is the length.
    assert!(close(outcome.cost, 44.0), "{}", outcome.cost);
}

#[test]
fn the_same_polygon_is_a_corridor_of_one() {
    let mesh = row(1);
    let mut query = NavMeshQuery::new(&mesh, 8).unwrap();
    let poly = poly_at(&mesh, 0, 5);
    let mut corridor = Vec::new();
    let outcome = query.find_path(poly, poly, [5.0, 0.0, 5.0], [7.0, 0.0, 7.0], &uniform(), 8, &mut corridor).unwrap();
    assert_eq!((outcome.status, corridor), (PathStatus::Complete, vec![poly]));
    assert!(close(outcome.cost, 8f64.sqrt()));
}

#[test]
fn an_unreachable_goal_gives_a_partial_corridor_to_the_nearest_polygon() {
    // Tiles 0 and 2 of a row, with a gap of one tile between them.
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(2, 0, 4).build(&p)).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let mut corridor = Vec::new();
    let (start_ref, end_ref) = (poly_at(&mesh, 0, 0), poly_at(&mesh, 2, 8));
    let outcome = query
        .find_path(start_ref, end_ref, [2.0, 0.0, 2.0], [34.0, 0.0, 10.0], &uniform(), 1000, &mut corridor)
        .unwrap();
    assert_eq!(outcome.status, PathStatus::Partial);
    // The nearest reached polygon to (34, 10) is square (3, 2) of tile 0.
    assert_eq!(*corridor.last().unwrap(), poly_at(&mesh, 0, 2 * 4 + 3));
    assert_eq!(corridor[0], start_ref);
    assert_connected(&mesh, &corridor);
}

#[test]
fn a_small_budget_runs_out_of_nodes() {
    let mesh = row(3);
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let (start_ref, end_ref) = (poly_at(&mesh, 0, 0), poly_at(&mesh, 2, 15));
    let mut corridor = Vec::new();
    let outcome =
        query.find_path(start_ref, end_ref, [2.0, 0.0, 2.0], [46.0, 0.0, 14.0], &uniform(), 10, &mut corridor).unwrap();
    assert_eq!(outcome.status, PathStatus::OutOfNodes);
    assert_eq!(corridor[0], start_ref);
    assert_ne!(*corridor.last().unwrap(), end_ref);
    assert_connected(&mesh, &corridor);
    // A budget beyond Detour's 65 535 nodes is accepted.
    let mut large = NavMeshQuery::new(&mesh, 100_000).unwrap();
    let outcome = large
        .find_path(start_ref, end_ref, [2.0, 0.0, 2.0], [46.0, 0.0, 14.0], &uniform(), 100_000, &mut corridor)
        .unwrap();
    assert_eq!(outcome.status, PathStatus::Complete);
}

#[test]
fn a_one_way_link_is_taken_one_way_only() {
    // Two tiles with a gap between them, joined by a one-way link from
    // tile 0 to tile 2.
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let one_way = link([14.0, 0.0, 2.0], [34.0, 0.0, 2.0], 1.0, false);
    mesh.add_tile(GridTile::new(0, 0, 4).link(one_way).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(2, 0, 4).build(&p)).unwrap();
    let (a, b) = (poly_at(&mesh, 0, 0), poly_at(&mesh, 2, 0));
    let (pa, pb) = ([2.0, 0.0, 2.0], [34.0, 0.0, 2.0]);
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let mut corridor = Vec::new();
    let there = query.find_path(a, b, pa, pb, &uniform(), 1000, &mut corridor).unwrap();
    assert_eq!(there.status, PathStatus::Complete);
    assert_eq!(corridor, vec![a, poly_at(&mesh, 0, 1), poly_at(&mesh, 0, 2), poly_at(&mesh, 0, 3), b]);
    // Walk 2→14 (12), then the link (20), then nothing: the link's area 5
    // costs what the filter says.
    assert!(close(there.cost, 32.0), "{}", there.cost);
    let back = query.find_path(b, a, pb, pa, &uniform(), 1000, &mut corridor).unwrap();
    assert_eq!(back.status, PathStatus::Partial);
    assert!(corridor.iter().all(|r| r.tile_ref() == b.tile_ref()));
    // Excluding the link's flags (2) leaves no way there either.
    let mut filter = uniform();
    filter.set_exclude_flags(2);
    let blocked = query.find_path(a, b, pa, pb, &filter, 1000, &mut corridor).unwrap();
    assert_eq!(blocked.status, PathStatus::Partial);
}

#[test]
fn an_expensive_area_is_walked_around() {
    // One tile of 4×4 squares; square k has area k. Going from square 4
    // (row 1, left) to square 7 (row 1, right) crosses 5 and 6 unless they
    // cost too much.
    let mesh = row(1);
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let (start_ref, end_ref) = (poly_at(&mesh, 0, 4), poly_at(&mesh, 0, 7));
    let (start, end) = ([2.0, 0.0, 6.0], [14.0, 0.0, 6.0]);
    let mut corridor = Vec::new();
    query.find_path(start_ref, end_ref, start, end, &uniform(), 1000, &mut corridor).unwrap();
    let ids = |c: &[PolyRef]| c.iter().map(|r| r.polygon()).collect::<Vec<_>>();
    assert_eq!(ids(&corridor), vec![4, 5, 6, 7]);
    let mut filter = uniform();
    filter.set_area_cost(5, 10.0).unwrap();
    filter.set_area_cost(6, 10.0).unwrap();
    let outcome = query.find_path(start_ref, end_ref, start, end, &filter, 1000, &mut corridor).unwrap();
    assert_eq!(outcome.status, PathStatus::Complete);
    assert!(!ids(&corridor).contains(&5) && !ids(&corridor).contains(&6), "{:?}", ids(&corridor));
    assert!(close(outcome.cost, corridor_cost(&mesh, &filter, &corridor, start, end).unwrap()));
    // Excluding the areas gives the same detour.
    let mut excluded = uniform();
    excluded.set_area_cost(5, f64::INFINITY).unwrap();
    excluded.set_area_cost(6, f64::INFINITY).unwrap();
    let mut around = Vec::new();
    query.find_path(start_ref, end_ref, start, end, &excluded, 1000, &mut around).unwrap();
    assert_eq!(around, corridor);
}

#[test]
fn bad_arguments_are_typed_errors() {
    let mut mesh = row(2);
    let (a, b) = (poly_at(&mesh, 0, 0), poly_at(&mesh, 1, 0));
    let here = [1.0, 0.0, 1.0];
    let mut corridor = Vec::new();
    let mut query = NavMeshQuery::new(&mesh, 100).unwrap();
    let f = uniform();
    let kind = |r: Result<onav::PathOutcome, NavMeshError>| match r.unwrap_err() {
        NavMeshError::InvalidReference(m) => ("invalid reference", m),
        NavMeshError::OutOfRange(m) => ("out of range", m),
        other => panic!("unexpected {other}"),
    };
    assert_eq!(kind(query.find_path(PolyRef::NULL, b, here, here, &f, 100, &mut corridor)).0, "invalid reference");
    assert_eq!(kind(query.find_path(a, b, here, here, &f, 0, &mut corridor)).0, "out of range");
    assert_eq!(kind(query.find_path(a, b, here, here, &f, 101, &mut corridor)).0, "out of range");
    let (what, message) = kind(query.find_path(a, b, [3e6, 0.0, 0.0], here, &f, 100, &mut corridor));
    assert!(what == "out of range" && message.contains("start.x"), "{message}");
    let mut only_two = uniform();
    only_two.set_include_flags(2);
    assert_eq!(kind(query.find_path(a, b, here, here, &only_two, 100, &mut corridor)).0, "out of range");
    // A tile that left: its references are stale in the next version.
    mesh.remove_tile(1, 0, 0).unwrap();
    query.set_mesh(&mesh);
    let (what, message) = kind(query.find_path(a, b, here, here, &f, 100, &mut corridor));
    assert!(what == "invalid reference" && message.contains("end_ref"), "{message}");
    // Sliced calls without a search.
    assert!(matches!(query.update_sliced_find_path(5), Err(NavMeshError::InvalidOperation(_))));
    assert!(matches!(query.finalize_sliced_find_path(&mut corridor), Err(NavMeshError::InvalidOperation(_))));
}

#[test]
fn sliced_search_gives_the_corridor_of_the_whole_search() {
    let p = params();
    let mut rng = Rng::new(5);
    let mesh = random_mesh(&p, &mut rng, 3, 3, 4, 1);
    let polys = all_polygons(&mesh);
    let mut query = NavMeshQuery::new(&mesh, 4096).unwrap();
    let filter = uniform();
    let (mut whole, mut sliced) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        let (a, b) = (polys[rng.below(polys.len() as u64) as usize], polys[rng.below(polys.len() as u64) as usize]);
        let (pa, pb) = (centre(&mesh, a), centre(&mesh, b));
        let expected = query.find_path(a, b, pa, pb, &filter, 4096, &mut whole).unwrap();
        query.init_sliced_find_path(a, b, pa, pb, &filter, 4096).unwrap();
        let mut updates = 0;
        while !query.update_sliced_find_path(3).unwrap().finished {
            updates += 1;
        }
        let outcome = query.finalize_sliced_find_path(&mut sliced).unwrap();
        assert_eq!((outcome, &sliced), (expected, &whole), "after {updates} updates");
        assert!(query.update_sliced_find_path(1).is_err(), "finalize ends the search");
    }
}

#[test]
fn finalize_partial_keeps_the_furthest_polygon_of_the_old_corridor() {
    let mesh = row(3);
    let mut query = NavMeshQuery::new(&mesh, 1000).unwrap();
    let (start_ref, end_ref) = (poly_at(&mesh, 0, 4), poly_at(&mesh, 2, 7));
    let (start, end) = ([2.0, 0.0, 6.0], [46.0, 0.0, 6.0]);
    let mut old = Vec::new();
    query.find_path(start_ref, end_ref, start, end, &uniform(), 1000, &mut old).unwrap();
    // A few expansions reach the first squares of the old corridor only.
    query.init_sliced_find_path(start_ref, end_ref, start, end, &uniform(), 1000).unwrap();
    let progress = query.update_sliced_find_path(3).unwrap();
    assert!(!progress.finished);
    let mut kept = Vec::new();
    let outcome = query.finalize_sliced_find_path_partial(&old, &mut kept).unwrap();
    assert_eq!(outcome.status, PathStatus::Partial);
    assert!(kept.len() >= 2 && old.starts_with(&kept), "{kept:?} is a prefix of {old:?}");
    // Of the old corridor the search reached exactly the polygons up to
    // `kept`'s last: the next one was not reached.
    let reached_next = {
        query.init_sliced_find_path(start_ref, end_ref, start, end, &uniform(), 1000).unwrap();
        query.update_sliced_find_path(3).unwrap();
        let mut probe = Vec::new();
        query.finalize_sliced_find_path_partial(&old[..kept.len() + 1], &mut probe).unwrap();
        probe.len() == kept.len() + 1
    };
    assert!(!reached_next);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// The A* cost equals the least cost a plain Dijkstra finds over the
    /// same crossings and costs; the corridor costs what the outcome says;
    /// an unreachable end gives a partial corridor.
    #[test]
    fn astar_matches_dijkstra(seed in 1u64..u64::MAX, columns in 1i32..4, rows in 1i32..3, links in 0usize..3,
                              costs in proptest::collection::vec(prop_oneof![Just(0.25), Just(0.5), Just(1.0), Just(3.0), Just(f64::INFINITY)], 6),
                              exclude in 0u16..3) {
        let p = params();
        let mut rng = Rng::new(seed);
        let mesh = random_mesh(&p, &mut rng, columns, rows, 4, links);
        let mut filter = QueryFilter::default();
        for (area, &cost) in costs.iter().enumerate().take(4) {
            filter.set_area_cost(area as u8, cost).unwrap();
        }
        filter.set_area_cost(5, costs[4]).unwrap();
        filter.set_exclude_flags(exclude);
        let polys = all_polygons(&mesh);
        let mut query = NavMeshQuery::new(&mesh, 1 << 16).unwrap();
        let mut corridor = Vec::new();
        for _ in 0..8 {
            let a = polys[rng.below(polys.len() as u64) as usize];
            let b = polys[rng.below(polys.len() as u64) as usize];
            if !query.is_valid_poly_ref(a, &filter) {
                continue;
            }
            let (pa, pb) = (centre(&mesh, a), centre(&mesh, b));
            let outcome = query.find_path(a, b, pa, pb, &filter, 1 << 16, &mut corridor).unwrap();
            match reference_cost(&mesh, &filter, (a, b), (pa, pb)) {
                Some(least) => {
                    prop_assert_eq!(outcome.status, PathStatus::Complete);
                    prop_assert!(close(outcome.cost, least), "A* {} Dijkstra {}", outcome.cost, least);
                    let walked = corridor_cost(&mesh, &filter, &corridor, pa, pb).unwrap();
                    prop_assert!(close(walked, outcome.cost), "corridor {} outcome {}", walked, outcome.cost);
                }
                None => prop_assert_eq!(outcome.status, PathStatus::Partial),
            }
            prop_assert_eq!(corridor[0], a);
        }
    }
}
