//! The local queries: `move_along_surface`, `find_polys_around_circle`,
//! `find_local_neighbourhood`, `find_distance_to_wall`,
//! `poly_wall_segments` and the seeded random points. Known answers on
//! hand-built tiles, statuses and errors, and properties on irregular
//! meshes.

mod mesh_common;
mod query_meshes;

use mesh_common::{params, quad_tile, GridTile, Rng};
use onav::{
    NavMeshError, NavMeshQuery, NeighbourPoly, PolyAround, PolyRef, QueryFilter, SearchStatus, TiledNavMesh,
    WallSegment, NOT_PORTAL,
};
use proptest::prelude::*;

fn grid_mesh(tiles: &[(i32, i32)], n: u32) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for &(x, z) in tiles {
        mesh.add_tile(GridTile::new(x, z, n).build(&p)).unwrap();
    }
    mesh
}

fn poly(mesh: &TiledNavMesh, (x, z, layer): (i32, i32, u16), index: u32) -> PolyRef {
    mesh.tile_at(x, z, layer).unwrap().0.polygon(index).unwrap()
}

/// A 1×1 grid tile at (0, 0) and, at (1, 0), one 8×8 quad whose left
/// edge covers only z 0..8 of the grid tile's right edge.
fn partly_covered_border() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    let corners = [[0.0, 0.0, 0.0], [8.0, 0.0, 0.0], [8.0, 0.0, 8.0], [0.0, 0.0, 8.0]];
    mesh.add_tile(quad_tile(&p, (1, 0, 0), 0.0, corners, [NOT_PORTAL, NOT_PORTAL, NOT_PORTAL, 2])).unwrap();
    mesh
}

#[test]
fn a_move_inside_the_mesh_ends_at_its_end_through_adjacent_polygons() {
    let mesh = grid_mesh(&[(0, 0), (1, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut visited = Vec::new();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let moved =
        query.move_along_surface(start_ref, [2.0, 0.0, 2.0], [21.0, 7.0, 2.5], &QueryFilter::default(), &mut visited);
    let moved = moved.unwrap();
    assert_eq!(moved.position, [21.0, 0.0, 2.5], "on the surface");
    assert_eq!(moved.status, SearchStatus::Complete);
    let mut expected: Vec<PolyRef> = (0..4).map(|i| poly(&mesh, (0, 0, 0), i)).collect();
    expected.push(poly(&mesh, (1, 0, 0), 1));
    assert_eq!(visited[..4], expected[..4]);
    assert_eq!(visited[4..], [poly(&mesh, (1, 0, 0), 0), expected[4]]);
}

#[test]
fn a_move_through_a_wall_slides_to_the_wall_point_nearest_the_end() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut visited = Vec::new();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let filter = QueryFilter::default();
    let moved = query.move_along_surface(start_ref, [2.0, 0.0, 2.0], [20.0, 0.0, 6.0], &filter, &mut visited).unwrap();
    assert_eq!(moved.position, [16.0, 0.0, 6.0]);
    assert_eq!(*visited.last().unwrap(), poly(&mesh, (0, 0, 0), 4 + 3), "the square x 12..16, z 4..8");
    assert_eq!(visited[0], start_ref);
}

#[test]
fn the_uncovered_part_of_a_portal_edge_is_a_wall_to_slide_along() {
    let mesh = partly_covered_border();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut visited = Vec::new();
    let (start_ref, quad) = (poly(&mesh, (0, 0, 0), 0), poly(&mesh, (1, 0, 0), 0));
    let filter = QueryFilter::default();
    // Toward (22, 12): the nearest wall point is on the quad's top edge,
    // reached through the covered part of the border; the border above
    // z 8 is a wall 6 away.
    let moved = query.move_along_surface(start_ref, [8.0, 0.0, 12.0], [22.0, 0.0, 12.0], &filter, &mut visited);
    assert_eq!(moved.unwrap().position, [22.0, 0.0, 8.0]);
    assert_eq!(visited, [start_ref, quad]);
    // Toward (18, 12): the border wall at (16, 12) is 2 away, the quad's
    // top edge sqrt(4 + 16).
    let moved = query.move_along_surface(start_ref, [8.0, 0.0, 12.0], [18.0, 0.0, 12.0], &filter, &mut visited);
    assert_eq!(moved.unwrap().position, [16.0, 0.0, 12.0]);
    assert_eq!(visited, [start_ref]);
}

#[test]
fn a_move_out_of_nodes_says_so_and_stays_on_the_mesh() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 2).unwrap();
    let mut visited = Vec::new();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let moved =
        query.move_along_surface(start_ref, [2.0, 0.0, 2.0], [14.0, 0.0, 14.0], &QueryFilter::default(), &mut visited);
    let moved = moved.unwrap();
    assert_eq!(moved.status, SearchStatus::OutOfNodes);
    assert!(visited.len() <= 2 && visited[0] == start_ref);
    // Squares 0 and 1 (or 4) only: the wall point nearest the end among them.
    assert!(moved.position[0] <= 8.0 && moved.position[2] <= 8.0, "{:?}", moved.position);
}

#[test]
fn the_circle_search_costs_steps_by_the_area_they_run_in() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut out = Vec::new();
    let [p0, p1, p4, p5] = [0, 1, 4, 5].map(|i| poly(&mesh, (0, 0, 0), i));
    let status = query.find_polys_around_circle(p0, [2.0, 0.0, 2.0], 3.0, &QueryFilter::default(), &mut out).unwrap();
    assert_eq!(status, SearchStatus::Complete);
    // Squares 1 and 4 are entered at the middles of their edges, 2 away;
    // square 5 at (6, 4) from square 1 first (the tie through square 4
    // does not replace it).
    let diagonal = 8f64.sqrt();
    let expected = [(p0, PolyRef::NULL, 0.0), (p1, p0, 2.0), (p4, p0, 2.0), (p5, p1, 2.0 + diagonal)];
    let expected: Vec<PolyAround> =
        expected.iter().map(|&(poly_ref, parent, cost)| PolyAround { poly_ref, parent, cost }).collect();
    assert_eq!(out, expected);
    // Square 1 (area 1) costing 3 per unit sends the search through 4.
    let mut filter = QueryFilter::default();
    filter.set_area_cost(1, 3.0).unwrap();
    query.find_polys_around_circle(p0, [2.0, 0.0, 2.0], 3.0, &filter, &mut out).unwrap();
    assert_eq!(out[3], PolyAround { poly_ref: p5, parent: p4, cost: 2.0 + diagonal });
}

#[test]
fn searches_out_of_nodes_say_so() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 3).unwrap();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let filter = QueryFilter::default();
    let mut around = Vec::new();
    let status = query.find_polys_around_circle(start_ref, [2.0, 0.0, 2.0], 100.0, &filter, &mut around).unwrap();
    assert_eq!((status, around.len()), (SearchStatus::OutOfNodes, 3));
    let mut kept = Vec::new();
    let status = query.find_local_neighbourhood(start_ref, [2.0, 0.0, 2.0], 100.0, &filter, &mut kept).unwrap();
    assert_eq!((status, kept.len()), (SearchStatus::OutOfNodes, 3));
    let wall = query.find_distance_to_wall(start_ref, [6.0, 0.0, 6.0], 100.0, &filter).unwrap();
    assert_eq!(wall.status, SearchStatus::OutOfNodes);
    let status = query.find_random_point_around_circle(start_ref, [2.0; 3], 100.0, &filter, 1).unwrap().status;
    assert_eq!(status, SearchStatus::OutOfNodes);
}

/// Tile (0, 0) at height 0.15 beside column (1, 0), which holds two
/// floors at 0 and 0.3: both within the climb, so both link to it, and
/// they overlap in X/Z.
fn stacked_floors() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).height(0.15, 0.0).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 1).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 1).layer(1).height(0.3, 0.0).build(&p)).unwrap();
    mesh
}

#[test]
fn the_neighbourhood_keeps_the_first_of_overlapping_floors() {
    let mesh = stacked_floors();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let [start, low, high] = [(0, 0, 0), (1, 0, 0), (1, 0, 1)].map(|tile| poly(&mesh, tile, 0));
    let filter = QueryFilter::default();
    let mut around = Vec::new();
    query.find_polys_around_circle(start, [14.0, 0.15, 8.0], 4.0, &filter, &mut around).unwrap();
    assert_eq!(around.iter().map(|a| a.poly_ref).collect::<Vec<_>>(), [start, low, high], "both floors are reached");
    let mut kept = vec![NeighbourPoly { poly_ref: PolyRef(9), parent: PolyRef(9) }];
    let status = query.find_local_neighbourhood(start, [14.0, 0.15, 8.0], 4.0, &filter, &mut kept).unwrap();
    assert_eq!(status, SearchStatus::Complete);
    assert_eq!(
        kept,
        [NeighbourPoly { poly_ref: start, parent: PolyRef::NULL }, NeighbourPoly { poly_ref: low, parent: start }],
        "the upper floor overlaps the lower, found first in link order"
    );
    // A circle that does not reach the border keeps the start alone.
    query.find_local_neighbourhood(start, [8.0, 0.15, 8.0], 4.0, &filter, &mut kept).unwrap();
    assert_eq!(kept.len(), 1);
    // Touching polygons are all kept.
    let grid = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&grid, 64).unwrap();
    query.find_local_neighbourhood(poly(&grid, (0, 0, 0), 5), [6.0, 0.0, 6.0], 3.0, &filter, &mut kept).unwrap();
    assert_eq!(kept.len(), 9, "square 5 and the eight around it");
}

#[test]
fn the_nearest_wall_is_found_with_its_point_and_normal() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let start_ref = poly(&mesh, (0, 0, 0), 5);
    let wall = query.find_distance_to_wall(start_ref, [6.0, 0.0, 5.0], 10.0, &filter).unwrap();
    let hit = wall.hit.unwrap();
    assert_eq!((hit.distance, hit.position, hit.normal), (5.0, [6.0, 0.0, 0.0], [0.0, 0.0, 1.0]));
    assert_eq!(wall.status, SearchStatus::Complete);
    assert_eq!(query.find_distance_to_wall(start_ref, [6.0, 0.0, 5.0], 4.5, &filter).unwrap().hit, None);
    // A polygon the filter refuses is a wall: square 6 (area 6) at x 8.
    let mut refusing = QueryFilter::default();
    refusing.set_area_cost(6, f64::INFINITY).unwrap();
    let hit = query.find_distance_to_wall(start_ref, [7.0, 0.0, 5.0], 10.0, &refusing).unwrap().hit.unwrap();
    assert_eq!((hit.distance, hit.position, hit.normal), (1.0, [8.0, 0.0, 5.0], [-1.0, 0.0, 0.0]));
    // On the wall itself the normal is the wall's, into the polygon.
    let hit = query.find_distance_to_wall(poly(&mesh, (0, 0, 0), 0), [0.0, 0.0, 2.0], 10.0, &filter).unwrap();
    let hit = hit.hit.unwrap();
    assert_eq!((hit.distance, hit.normal), (0.0, [1.0, 0.0, 0.0]));
}

#[test]
fn the_uncovered_part_of_a_portal_edge_is_the_nearest_wall() {
    let mesh = partly_covered_border();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let hit = query.find_distance_to_wall(start_ref, [14.0, 0.0, 12.0], 10.0, &QueryFilter::default()).unwrap();
    let hit = hit.hit.unwrap();
    assert_eq!((hit.distance, hit.position, hit.normal), (2.0, [16.0, 0.0, 12.0], [-1.0, 0.0, 0.0]));
}

#[test]
fn wall_segments_split_a_partly_covered_edge() {
    let mesh = partly_covered_border();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let (start_ref, quad) = (poly(&mesh, (0, 0, 0), 0), poly(&mesh, (1, 0, 0), 0));
    let segment = |start: [f64; 3], end: [f64; 3], neighbour: PolyRef| WallSegment { start, end, neighbour };
    let (c00, c16_0, c16_8, c16_16, c0_16) =
        ([0.0, 0.0, 0.0], [16.0, 0.0, 0.0], [16.0, 0.0, 8.0], [16.0, 0.0, 16.0], [0.0, 0.0, 16.0]);
    let null = PolyRef::NULL;
    let mut out = Vec::new();
    query.poly_wall_segments(start_ref, &QueryFilter::default(), false, &mut out).unwrap();
    assert_eq!(
        out,
        [
            segment(c00, c16_0, null),
            segment(c16_8, c16_16, null),
            segment(c16_16, c0_16, null),
            segment(c0_16, c00, null)
        ]
    );
    query.poly_wall_segments(start_ref, &QueryFilter::default(), true, &mut out).unwrap();
    assert_eq!(out[1..3], [segment(c16_0, c16_8, quad), segment(c16_8, c16_16, null)]);
    assert_eq!(out.len(), 5);
    // A refused neighbour is wall; the quad's own edges answer though the
    // filter refuses the quad itself (area 1).
    let mut refusing = QueryFilter::default();
    refusing.set_area_cost(1, f64::INFINITY).unwrap();
    query.poly_wall_segments(start_ref, &refusing, true, &mut out).unwrap();
    assert_eq!(out[1], segment(c16_0, c16_16, null), "the whole edge is one wall");
    assert_eq!(out.len(), 4);
    query.poly_wall_segments(quad, &refusing, true, &mut out).unwrap();
    assert_eq!(out.len(), 4);
    assert_eq!(out[3], segment([16.0, 0.0, 8.0], c16_0, start_ref));
}

#[test]
fn random_points_are_spread_by_area_and_repeat_with_their_seed() {
    let mesh = partly_covered_border();
    let query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let quad = poly(&mesh, (1, 0, 0), 0);
    // Areas 256 and 64: a fifth of the points in the quad.
    let points: Vec<_> = (0..4000u64).map(|seed| query.find_random_point(&filter, seed).unwrap()).collect();
    let in_quad = points.iter().filter(|p| p.poly_ref == quad).count();
    assert!((700..=900).contains(&in_quad), "{in_quad} of 4000 in the quad");
    let mean_x =
        points.iter().filter(|p| p.poly_ref != quad).map(|p| p.position[0]).sum::<f64>() / (4000 - in_quad) as f64;
    assert!((mean_x - 8.0).abs() < 0.3, "mean x {mean_x} of the square 0..16");
    for p in &points {
        let inside = if p.poly_ref == quad { 16.0..=24.0 } else { 0.0..=16.0 };
        assert!(inside.contains(&p.position[0]) && p.position[1] == 0.0, "{p:?}");
    }
    assert_eq!(query.find_random_point(&filter, 77), query.find_random_point(&filter, 77));
    assert_ne!(query.find_random_point(&filter, 77), query.find_random_point(&filter, 78));
    let mut refusing = QueryFilter::default();
    refusing.set_include_flags(0x2);
    assert_eq!(query.find_random_point(&refusing, 77), None);
}

#[test]
fn random_points_around_a_circle_come_from_the_polygons_it_reaches() {
    let mesh = grid_mesh(&[(0, 0)], 4);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let start_ref = poly(&mesh, (0, 0, 0), 5);
    let mut around = Vec::new();
    query.find_polys_around_circle(start_ref, [6.0, 0.0, 6.0], 3.0, &filter, &mut around).unwrap();
    let mut seen = Vec::new();
    for seed in 0..400 {
        let found = query.find_random_point_around_circle(start_ref, [6.0, 0.0, 6.0], 3.0, &filter, seed).unwrap();
        assert_eq!(found.status, SearchStatus::Complete);
        assert!(around.iter().any(|a| a.poly_ref == found.point.poly_ref));
        let again = query.find_random_point_around_circle(start_ref, [6.0, 0.0, 6.0], 3.0, &filter, seed).unwrap();
        assert_eq!(found, again);
        seen.push(found.point.poly_ref);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), around.len(), "every reached square is picked by some seed");
}

#[test]
fn bad_arguments_are_errors() {
    let mut mesh = grid_mesh(&[(0, 0)], 4);
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let (mut around, mut kept, mut visited, mut walls) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut all = |query: &mut NavMeshQuery, start_ref: PolyRef, center: [f64; 3], radius: f64| {
        [
            query.find_polys_around_circle(start_ref, center, radius, &filter, &mut around).err(),
            query.find_local_neighbourhood(start_ref, center, radius, &filter, &mut kept).err(),
            query.find_distance_to_wall(start_ref, center, radius, &filter).err(),
            query.find_random_point_around_circle(start_ref, center, radius, &filter, 5).err(),
            query.move_along_surface(start_ref, center, [2.0, 0.0, 2.0 + radius], &filter, &mut visited).err(),
        ]
    };
    for (center, radius, named) in [
        ([f64::NAN, 0.0, 2.0], 1.0, ".x"),
        ([2.0, f64::NEG_INFINITY, 2.0], 1.0, ".y"),
        ([2.0, 0.0, 1e300], 1.0, ".z"),
        ([2.0, 0.0, 2.0], -1.0, "radius"),
        ([2.0, 0.0, 2.0], f64::NAN, "radius"),
    ] {
        let errors = all(&mut query, start_ref, center, radius);
        let checked = if named == "radius" { &errors[..4] } else { &errors[..] };
        for err in checked {
            assert!(matches!(err, Some(NavMeshError::OutOfRange(m)) if m.contains(named)), "{err:?}");
        }
    }
    mesh.remove_tile(0, 0, 0).unwrap();
    query.set_mesh(&mesh);
    for stale in [start_ref, PolyRef::NULL] {
        for err in all(&mut query, stale, [2.0; 3], 1.0) {
            assert!(matches!(err, Some(NavMeshError::InvalidReference(_))), "{err:?}");
        }
        let err = query.poly_wall_segments(stale, &filter, true, &mut walls).unwrap_err();
        assert!(matches!(err, NavMeshError::InvalidReference(_)), "{err}");
    }
}

/// The world corners of a polygon.
fn corners(mesh: &TiledNavMesh, poly_ref: PolyRef) -> Vec<[f64; 3]> {
    let (tile, _) = mesh.polygon(poly_ref).unwrap();
    let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let origin = [ox, tile.origin_y(), oz];
    tile.polygon_vertices(poly_ref.polygon() as usize).map(|v| [0, 1, 2].map(|a| origin[a] + v[a] as f64)).collect()
}

/// X/Z distance from `p` to the polygon (0 inside).
fn distance_to_polygon(p: [f64; 3], corners: &[[f64; 3]]) -> f64 {
    let n = corners.len();
    let edges = (0..n).map(|k| (corners[k], corners[(k + 1) % n]));
    let inside = edges.clone().all(|(a, b)| (b[0] - a[0]) * (p[2] - a[2]) - (b[2] - a[2]) * (p[0] - a[0]) >= 0.0);
    let to_segment = |(a, b): ([f64; 3], [f64; 3])| {
        let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
        let t = (((p[0] - a[0]) * ex + (p[2] - a[2]) * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
        let (dx, dz) = (a[0] + ex * t - p[0], a[2] + ez * t - p[2]);
        (dx * dx + dz * dz).sqrt()
    };
    if inside {
        0.0
    } else {
        edges.map(to_segment).fold(f64::INFINITY, f64::min)
    }
}

fn random_polygon(mesh: &TiledNavMesh, rng: &mut Rng) -> PolyRef {
    let tiles: Vec<_> = mesh.tiles().collect();
    let (tile_ref, tile) = tiles[rng.below(tiles.len() as u64) as usize];
    tile_ref.polygon(rng.below(tile.polygon_count() as u64) as u32).unwrap()
}

fn random_position(rng: &mut Rng) -> [f64; 3] {
    [rng.range_f32(-8.0, 56.0) as f64, rng.range_f32(0.0, 1.0) as f64, rng.range_f32(-8.0, 40.0) as f64]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: proptest::test_runner::RngSeed::Fixed(18), ..ProptestConfig::default() })]

    /// A move ends in the last polygon it visited, each polygon visited
    /// touching the one before; circle results come in cost order after
    /// their parents; the nearest wall is as far as its point; a random
    /// point lies in its polygon and repeats with its seed.
    #[test]
    fn local_queries_answer_on_the_surface(seed in any::<u64>()) {
        let mesh = query_meshes::random_mesh(seed);
        prop_assume!(mesh.tile_count() > 0);
        let mut rng = Rng::new(seed ^ 0xC1C1E);
        let mut query = NavMeshQuery::new(&mesh, 256).unwrap();
        let filter = QueryFilter::default();
        let (mut visited, mut around) = (Vec::new(), Vec::new());
        for _ in 0..12 {
            let start_ref = random_polygon(&mesh, &mut rng);
            let c = corners(&mesh, start_ref);
            let start = [0, 1, 2].map(|a| c.iter().map(|v| v[a]).sum::<f64>() / c.len() as f64);
            let end = random_position(&mut rng);

            let moved = query.move_along_surface(start_ref, start, end, &filter, &mut visited).unwrap();
            prop_assert_eq!(visited[0], start_ref);
            let last = corners(&mesh, *visited.last().unwrap());
            prop_assert!(distance_to_polygon(moved.position, &last) < 1e-9, "{:?} outside its polygon", moved.position);
            for pair in visited.windows(2) {
                let (a, b) = (corners(&mesh, pair[0]), corners(&mesh, pair[1]));
                let touch = |x: &[[f64; 3]], y: &[[f64; 3]]| x.iter().any(|&v| distance_to_polygon(v, y) < 1e-9);
                prop_assert!(touch(&a, &b) || touch(&b, &a));
            }

            let radius = rng.range_f32(0.0, 12.0) as f64;
            query.find_polys_around_circle(start_ref, start, radius, &filter, &mut around).unwrap();
            prop_assert_eq!(around[0], PolyAround { poly_ref: start_ref, parent: PolyRef::NULL, cost: 0.0 });
            for (i, found) in around.iter().enumerate().skip(1) {
                prop_assert!(found.cost >= around[i - 1].cost);
                prop_assert!(around[..i].iter().any(|earlier| earlier.poly_ref == found.parent));
                prop_assert!(distance_to_polygon(start, &corners(&mesh, found.poly_ref)) <= radius + 1e-9);
            }

            let wall = query.find_distance_to_wall(start_ref, start, radius, &filter).unwrap();
            if let Some(hit) = wall.hit {
                let (dx, dz) = (start[0] - hit.position[0], start[2] - hit.position[2]);
                prop_assert!(hit.distance <= radius);
                prop_assert!(((dx * dx + dz * dz).sqrt() - hit.distance).abs() < 1e-9);
                prop_assert!(around.iter().any(|a| distance_to_polygon(hit.position, &corners(&mesh, a.poly_ref)) < 1e-9));
            }

            let point_seed = rng.next_u64();
            let point = query.find_random_point(&filter, point_seed).unwrap();
            prop_assert!(distance_to_polygon(point.position, &corners(&mesh, point.poly_ref)) < 1e-9);
            prop_assert_eq!(Some(point), query.find_random_point(&filter, point_seed));
            let near = query.find_random_point_around_circle(start_ref, start, radius, &filter, point_seed).unwrap();
            prop_assert!(around.iter().any(|a| a.poly_ref == near.point.poly_ref));
            prop_assert!(distance_to_polygon(near.point.position, &corners(&mesh, near.point.poly_ref)) < 1e-9);
        }
    }
}
