//! `raycast`: known answers on hand-built tiles (in-tile edges, tile
//! borders, a portal edge covered in part, layers, off-mesh links, the
//! filter, path costs), errors, and properties on irregular meshes.

mod mesh_common;
mod query_meshes;

use mesh_common::{link, params, quad_tile, GridTile, Rng};
use onav::{
    LinkKind, NavMeshError, NavMeshQuery, NavTile, NavTileData, PolyRef, Polygon, QueryFilter, RaycastHit,
    RaycastOptions, TiledNavMesh, NOT_PORTAL,
};
use proptest::prelude::*;

fn grid_mesh(tiles: &[(i32, i32)]) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for &(x, z) in tiles {
        mesh.add_tile(GridTile::new(x, z, 4).build(&p)).unwrap();
    }
    mesh
}

fn poly(mesh: &TiledNavMesh, (x, z, layer): (i32, i32, u16), index: u32) -> PolyRef {
    mesh.tile_at(x, z, layer).unwrap().0.polygon(index).unwrap()
}

fn cast(mesh: &TiledNavMesh, start_ref: PolyRef, start: [f64; 3], end: [f64; 3]) -> (RaycastHit, Vec<PolyRef>) {
    let mut query = NavMeshQuery::new(mesh, 64).unwrap();
    let mut visited = Vec::new();
    let hit = query.raycast(start_ref, start, end, &QueryFilter::default(), RaycastOptions::default(), &mut visited);
    (hit.unwrap(), visited)
}

fn polygons(mesh: &TiledNavMesh, tile: (i32, i32, u16), indices: &[u32]) -> Vec<PolyRef> {
    indices.iter().map(|&i| poly(mesh, tile, i)).collect()
}

#[test]
fn a_ray_inside_the_mesh_reaches_its_end_and_lists_the_polygons_crossed() {
    let mesh = grid_mesh(&[(0, 0), (1, 0)]);
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    // Along z = 2 from x 2 to x 22: the four squares of tile (0, 0), then
    // two of tile (1, 0) across the tile border. The end's Y is ignored.
    let (hit, visited) = cast(&mesh, start_ref, [2.0, 0.0, 2.0], [22.0, 50.0, 2.0]);
    assert_eq!(hit.t, 1.0);
    assert_eq!(hit.wall, None);
    assert_eq!(hit.path_cost, None, "not asked for");
    let mut expected = polygons(&mesh, (0, 0, 0), &[0, 1, 2, 3]);
    expected.extend(polygons(&mesh, (1, 0, 0), &[0, 1]));
    assert_eq!(visited, expected);
}

#[test]
fn a_ray_stops_at_the_border_of_the_mesh_with_the_edge_and_its_normal() {
    let mesh = grid_mesh(&[(0, 0)]);
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let (hit, visited) = cast(&mesh, start_ref, [2.0, 0.0, 2.0], [22.0, 0.0, 2.0]);
    assert_eq!(hit.t, 0.7, "x 16 of 2..22");
    let wall = hit.wall.unwrap();
    assert_eq!((wall.poly_ref, wall.edge), (poly(&mesh, (0, 0, 0), 3), 1), "the right edge of the last square");
    assert_eq!(wall.normal, [-1.0, 0.0, 0.0], "into the polygon, back toward the start");
    assert_eq!(visited, polygons(&mesh, (0, 0, 0), &[0, 1, 2, 3]));
    // Down through the bottom border: normal +Z, no -0.0 in X.
    let (hit, _) = cast(&mesh, start_ref, [2.0, 0.0, 2.0], [2.0, 0.0, -2.0]);
    assert_eq!(hit.t, 0.5);
    let normal = hit.wall.unwrap().normal;
    assert_eq!(normal, [0.0, 0.0, 1.0]);
    assert!(normal[0].is_sign_positive());
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
fn a_portal_edge_opens_exactly_where_its_link_covers_it() {
    let mesh = partly_covered_border();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let quad = poly(&mesh, (1, 0, 0), 0);
    let (hit, visited) = cast(&mesh, start_ref, [8.0, 0.0, 7.0], [20.0, 0.0, 7.0]);
    assert_eq!((hit.t, hit.wall), (1.0, None));
    assert_eq!(visited, [start_ref, quad]);
    // At z 8.02 the link's 1/255ths (ceil(0.5·255) = 128) would still
    // cover the edge; the quad ends at z 8, so the ray hits the wall.
    let (hit, visited) = cast(&mesh, start_ref, [8.0, 0.0, 8.02], [20.0, 0.0, 8.02]);
    assert_eq!(hit.t, 8.0 / 12.0);
    assert_eq!(hit.wall.unwrap().edge, 1);
    assert_eq!(visited, [start_ref]);
}

/// Three 4×4 squares in an L around the corner (4, 4): A at x 0..4 and
/// B at x 4..8 along z 0..4, C at x 4..8, z 4..8. A's corners start at
/// (4, 4), so its edge 0 is the wall on top and its edge 3 opens into B.
fn l_shape() -> TiledNavMesh {
    let p = params();
    let v = |x: f32, z: f32| [x, 0.0, z];
    let vertices =
        vec![v(0.0, 0.0), v(4.0, 0.0), v(8.0, 0.0), v(4.0, 4.0), v(8.0, 4.0), v(0.0, 4.0), v(4.0, 8.0), v(8.0, 8.0)];
    let data = NavTileData {
        vertices,
        polygons: vec![Polygon { vertex_count: 4, area: 0, flags: 1 }; 3],
        indices: vec![3, 5, 0, 1, 1, 2, 4, 3, 3, 4, 7, 6],
        neighbours: vec![0, 0, 0, 2, 0, 0, 3, 1, 2, 0, 0, 0],
        portal_sides: vec![NOT_PORTAL; 12],
        ..NavTileData::default()
    };
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(NavTile::create(&p, data).unwrap()).unwrap();
    mesh
}

#[test]
fn a_ray_through_a_corner_goes_on_by_the_edge_that_opens_there() {
    let mesh = l_shape();
    let [a, b, c] = [0, 1, 2].map(|i| poly(&mesh, (0, 0, 0), i));
    // Through (4, 4), where A's wall (edge 0) and its edge into B (edge 3)
    // both end the ray in A; it goes on through B into C.
    let (hit, visited) = cast(&mesh, a, [2.0, 0.0, 2.0], [6.0, 0.0, 6.0]);
    assert_eq!((hit.t, hit.wall, visited), (1.0, None, vec![a, b, c]));
    // Out of the mesh through the corner (0, 4): both of A's edges there
    // are walls, and the first in edge order is hit.
    let (hit, _) = cast(&mesh, a, [2.0, 0.0, 2.0], [-2.0, 0.0, 6.0]);
    assert_eq!((hit.t, hit.wall.unwrap().edge), (0.5, 0));
}

#[test]
fn a_floor_above_the_climb_does_not_open_into_the_next_column() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).layer(1).height(3.0, 0.0).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 1).build(&p)).unwrap();
    let (low, high) = (poly(&mesh, (0, 0, 0), 0), poly(&mesh, (0, 0, 1), 0));
    let (hit, visited) = cast(&mesh, low, [8.0, 0.0, 8.0], [24.0, 0.0, 8.0]);
    assert_eq!((hit.t, visited), (1.0, vec![low, poly(&mesh, (1, 0, 0), 0)]));
    let (hit, visited) = cast(&mesh, high, [8.0, 3.0, 8.0], [24.0, 3.0, 8.0]);
    assert_eq!((hit.t, visited), (0.5, vec![high]));
    assert_eq!(hit.wall.unwrap().poly_ref, high);
}

#[test]
fn off_mesh_links_are_not_taken() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    // A link from tile (0, 0) over the empty column 1 to tile (2, 0).
    mesh.add_tile(GridTile::new(0, 0, 1).link(link([8.0, 0.0, 8.0], [40.0, 0.0, 8.0], 1.0, true)).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(2, 0, 1).build(&p)).unwrap();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    assert!(mesh.links(start_ref).unwrap().any(|l| l.kind == LinkKind::OffMesh), "the link is stitched");
    let (hit, visited) = cast(&mesh, start_ref, [8.0, 0.0, 8.0], [40.0, 0.0, 8.0]);
    assert_eq!((hit.t, visited), (0.25, vec![start_ref]));
}

#[test]
fn a_polygon_the_filter_refuses_is_a_wall() {
    let mesh = grid_mesh(&[(0, 0)]);
    // Grid polygon k has area k: refuse square 2.
    let mut filter = QueryFilter::default();
    filter.set_area_cost(2, f64::INFINITY).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut visited = Vec::new();
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let hit =
        query.raycast(start_ref, [2.0, 0.0, 2.0], [14.0, 0.0, 2.0], &filter, RaycastOptions::default(), &mut visited);
    let hit = hit.unwrap();
    assert_eq!(hit.t, 0.5, "x 8 of 2..14");
    assert_eq!(hit.wall.unwrap().poly_ref, poly(&mesh, (0, 0, 0), 1));
}

#[test]
fn the_path_cost_is_each_polygons_length_times_its_area_cost() {
    let mesh = grid_mesh(&[(0, 0)]);
    let mut filter = QueryFilter::default();
    filter.set_area_cost(1, 2.5).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut visited = Vec::new();
    let options = RaycastOptions { path_cost: true };
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    // 2 units in square 0, 4 in square 1 (cost 2.5), 4 + 2 in squares 2, 3.
    let hit = query.raycast(start_ref, [2.0, 0.0, 2.0], [14.0, 0.0, 2.0], &filter, options, &mut visited).unwrap();
    assert_eq!(hit.path_cost, Some(2.0 + 4.0 * 2.5 + 4.0 + 2.0));
    // To the wall at x 16 only.
    let hit = query.raycast(start_ref, [2.0, 0.0, 2.0], [30.0, 0.0, 2.0], &filter, options, &mut visited).unwrap();
    assert_eq!(hit.path_cost, Some(2.0 + 4.0 * 2.5 + 4.0 + 4.0));
}

#[test]
fn a_start_outside_its_polygon_is_clipped_onto_it() {
    let mesh = grid_mesh(&[(0, 0)]);
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let (hit, visited) = cast(&mesh, start_ref, [-2.0, 0.0, 2.0], [6.0, 0.0, 2.0]);
    assert_eq!((hit.t, visited.len()), (1.0, 2));
    // A segment that misses the start polygon hits its nearest edge at once.
    let (hit, visited) = cast(&mesh, start_ref, [-4.0, 0.0, 2.0], [-1.0, 0.0, 2.0]);
    assert_eq!(hit.t, 0.0);
    assert_eq!((hit.wall.unwrap().edge, hit.wall.unwrap().normal), (3, [1.0, 0.0, 0.0]));
    assert_eq!(visited, [start_ref]);
}

#[test]
fn bad_arguments_are_errors() {
    let mut mesh = grid_mesh(&[(0, 0)]);
    let start_ref = poly(&mesh, (0, 0, 0), 0);
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let mut visited = vec![PolyRef(5)];
    let options = RaycastOptions::default();
    for (start, end, named) in [
        ([f64::NAN, 0.0, 2.0], [1.0; 3], "start.x"),
        ([2.0, 0.0, 2.0], [1.0, f64::INFINITY, 1.0], "end.y"),
        ([2.0, 0.0, 2.0], [1.0, 0.0, -3e6], "end.z"),
    ] {
        let err = query.raycast(start_ref, start, end, &filter, options, &mut visited).unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains(named)), "{err}");
    }
    let mut refusing = QueryFilter::default();
    refusing.set_include_flags(0x2);
    let err = query.raycast(start_ref, [2.0; 3], [3.0; 3], &refusing, options, &mut visited).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("start_ref")), "{err}");
    mesh.remove_tile(0, 0, 0).unwrap();
    query.set_mesh(&mesh);
    for stale in [start_ref, PolyRef::NULL] {
        let err = query.raycast(stale, [2.0; 3], [3.0; 3], &filter, options, &mut visited).unwrap_err();
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

/// X/Z distance from `p` to segment a–b.
fn distance_to_segment(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
    let t = (((p[0] - a[0]) * ex + (p[2] - a[2]) * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
    let (dx, dz) = (a[0] + ex * t - p[0], a[2] + ez * t - p[2]);
    (dx * dx + dz * dz).sqrt()
}

/// X/Z distance from `p` to the polygon (0 inside).
fn distance_to_polygon(p: [f64; 3], corners: &[[f64; 3]]) -> f64 {
    let n = corners.len();
    let edges = (0..n).map(|k| (corners[k], corners[(k + 1) % n]));
    let inside = edges.clone().all(|(a, b)| (b[0] - a[0]) * (p[2] - a[2]) - (b[2] - a[2]) * (p[0] - a[0]) >= 0.0);
    if inside {
        0.0
    } else {
        edges.map(|(a, b)| distance_to_segment(p, a, b)).fold(f64::INFINITY, f64::min)
    }
}

/// A random polygon of `mesh` and a point inside it (its centroid nudged).
fn random_start(mesh: &TiledNavMesh, rng: &mut Rng) -> (PolyRef, [f64; 3]) {
    let tiles: Vec<_> = mesh.tiles().collect();
    let (tile_ref, tile) = tiles[rng.below(tiles.len() as u64) as usize];
    let poly_ref = tile_ref.polygon(rng.below(tile.polygon_count() as u64) as u32).unwrap();
    let c = corners(mesh, poly_ref);
    let weights: Vec<f64> = c.iter().map(|_| 0.2 + rng.range_f32(0.0, 1.0) as f64).collect();
    let sum: f64 = weights.iter().sum();
    let point = [0, 1, 2].map(|a| c.iter().zip(&weights).map(|(v, w)| v[a] * w).sum::<f64>() / sum);
    (poly_ref, point)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: proptest::test_runner::RngSeed::Fixed(18), ..ProptestConfig::default() })]

    /// t lies in 0..=1; a hit point lies on the wall edge of the last
    /// polygon visited, an end reached lies in it; each polygon visited
    /// borders the one before at the point where the ray crossed.
    #[test]
    fn raycasts_stay_on_the_surface(seed in any::<u64>()) {
        let mesh = query_meshes::random_mesh(seed);
        prop_assume!(mesh.tile_count() > 0);
        let mut rng = Rng::new(seed ^ 0x5EED);
        let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
        let mut visited = Vec::new();
        for _ in 0..20 {
            let (start_ref, start) = random_start(&mesh, &mut rng);
            let end = [rng.range_f32(-8.0, 56.0) as f64, 0.0, rng.range_f32(-8.0, 40.0) as f64];
            let options = RaycastOptions { path_cost: true };
            let hit = query.raycast(start_ref, start, end, &QueryFilter::default(), options, &mut visited).unwrap();
            prop_assert!((0.0..=1.0).contains(&hit.t), "t = {}", hit.t);
            prop_assert!(hit.path_cost.unwrap() >= 0.0);
            prop_assert_eq!(visited[0], start_ref);
            let at = [start[0] + (end[0] - start[0]) * hit.t, 0.0, start[2] + (end[2] - start[2]) * hit.t];
            let last = corners(&mesh, *visited.last().unwrap());
            match hit.wall {
                Some(wall) => {
                    prop_assert_eq!(wall.poly_ref, *visited.last().unwrap());
                    let (a, b) = (last[wall.edge], last[(wall.edge + 1) % last.len()]);
                    prop_assert!(distance_to_segment(at, a, b) < 1e-9, "hit {at:?} off the wall {a:?}-{b:?}");
                    let length = (wall.normal[0] * wall.normal[0] + wall.normal[2] * wall.normal[2]).sqrt();
                    prop_assert!((length - 1.0).abs() < 1e-12 && wall.normal[1] == 0.0);
                }
                None => {
                    prop_assert_eq!(hit.t, 1.0);
                    prop_assert!(distance_to_polygon(end, &last) < 1e-9);
                }
            }
            for pair in visited.windows(2) {
                let (a, b) = (corners(&mesh, pair[0]), corners(&mesh, pair[1]));
                let touch = |x: &[[f64; 3]], y: &[[f64; 3]]| x.iter().any(|&c| distance_to_polygon(c, y) < 1e-9);
                prop_assert!(touch(&a, &b) || touch(&b, &a), "{:?} and {:?} do not touch", pair[0], pair[1]);
            }
            let mut distinct = visited.clone();
            distinct.sort();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), visited.len(), "a polygon visited twice");
        }
    }
}
