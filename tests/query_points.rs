//! Point queries: `find_nearest_poly` (a polygon directly above or below
//! within WalkableClimb wins) and `query_polygons` (against a brute-force
//! scan of every polygon's world bounds).

mod mesh_common;

use mesh_common::{params, quad_tile, GridTile, Rng};
use onav::{NavMeshError, NavMeshQuery, PolyRef, QueryFilter, TiledNavMesh, NOT_PORTAL};

/// Two floors over column (0, 0): layer 0 at height 0, layer 1 at height
/// 3; both 4×4 squares of 4 units (climb 0.5).
fn two_floors() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).layer(1).height(3.0, 0.0).build(&p)).unwrap();
    mesh
}

fn layer_of(mesh: &TiledNavMesh, poly: PolyRef) -> u16 {
    mesh.polygon(poly).unwrap().0.layer()
}

#[test]
fn the_floor_within_climb_above_or_below_wins() {
    let mesh = two_floors();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    let extents = [2.0, 4.0, 2.0];
    // 0.4 above the lower floor, 2.6 below the upper one.
    let near_low = query.find_nearest_poly([5.0, 0.4, 6.0], extents, &filter).unwrap().unwrap();
    assert_eq!(layer_of(&mesh, near_low.poly_ref), 0);
    assert!(near_low.over_polygon);
    assert_eq!(near_low.position, [5.0, 0.0, 6.0]);
    assert_eq!(near_low.poly_ref.polygon(), 4 + 1, "square (1, 1) holds x 5, z 6");
    // 0.3 below the upper floor.
    let near_high = query.find_nearest_poly([5.0, 2.7, 6.0], extents, &filter).unwrap().unwrap();
    assert_eq!(layer_of(&mesh, near_high.poly_ref), 1);
    assert_eq!(near_high.position, [5.0, 3.0, 6.0]);
    // Beyond the climb from both (1.4 over the lower, 1.6 under the upper):
    // the smaller excess wins.
    let between = query.find_nearest_poly([5.0, 1.4, 6.0], extents, &filter).unwrap().unwrap();
    assert_eq!(layer_of(&mesh, between.poly_ref), 0);
}

#[test]
fn within_climb_a_polygon_below_beats_a_nearer_one_beside() {
    // Tile (0, 0) at height 0 and tile (1, 0) at 0.45 beside it. A position
    // 0.45 over the first tile, 0.05 from the second: the polygon below is
    // within the climb and wins, though the one beside is nearer in 3D.
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 4).height(0.0, 0.45).build(&p)).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let found = query.find_nearest_poly([15.95, 0.45, 2.0], [1.0; 3], &QueryFilter::default()).unwrap().unwrap();
    assert_eq!(mesh.polygon(found.poly_ref).unwrap().0.tile_x(), 0);
    assert!(found.over_polygon);
    assert_eq!(found.position, [15.95, 0.0, 2.0]);
    // Beside the mesh: the nearest boundary point, not over the polygon.
    let outside = query.find_nearest_poly([-1.0, 0.0, 2.0], [2.0, 1.0, 2.0], &QueryFilter::default()).unwrap().unwrap();
    assert!(!outside.over_polygon);
    assert_eq!(outside.position, [0.0, 0.0, 2.0]);
    assert_eq!(outside.poly_ref.polygon(), 0);
}

#[test]
fn among_floors_within_climb_the_vertically_nearest_wins() {
    // Floors at 0 and 0.8 over the same column; 0.45 is within the climb
    // of both and nearer the upper one.
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).layer(1).height(0.8, 0.0).build(&p)).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let found = query.find_nearest_poly([5.0, 0.45, 6.0], [1.0; 3], &QueryFilter::default()).unwrap().unwrap();
    assert_eq!(layer_of(&mesh, found.poly_ref), 1);
    let found = query.find_nearest_poly([5.0, 0.35, 6.0], [1.0; 3], &QueryFilter::default()).unwrap().unwrap();
    assert_eq!(layer_of(&mesh, found.poly_ref), 0);
}

#[test]
fn an_empty_box_or_a_filter_that_passes_nothing_finds_nothing() {
    let mesh = two_floors();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    assert_eq!(query.find_nearest_poly([40.0, 0.0, 40.0], [1.0; 3], &QueryFilter::default()).unwrap(), None);
    let mut filter = QueryFilter::default();
    filter.set_include_flags(0x2);
    assert_eq!(query.find_nearest_poly([5.0, 0.0, 5.0], [1.0; 3], &filter).unwrap(), None);
    let mut out = vec![PolyRef(1)];
    query.query_polygons([5.0, 0.0, 5.0], [1.0; 3], &filter, &mut out).unwrap();
    assert!(out.is_empty());
}

#[test]
fn bad_boxes_are_out_of_range() {
    let mesh = two_floors();
    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let filter = QueryFilter::default();
    for (center, extents, named) in [
        ([f64::NAN, 0.0, 0.0], [1.0; 3], "center.x"),
        ([0.0, 0.0, -3e6], [1.0; 3], "center.z"),
        ([0.0; 3], [1.0, -1.0, 1.0], "half_extents.y"),
        ([0.0; 3], [1.0, 1.0, f64::INFINITY], "half_extents.z"),
    ] {
        let err = query.find_nearest_poly(center, extents, &filter).unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains(named)), "{err}");
        assert!(query.query_polygons(center, extents, &filter, &mut Vec::new()).is_err());
    }
}

/// Every polygon passing the default filter whose world bounds overlap the
/// box, in (TileZ, TileX, layer, polygon) order.
fn brute_force(mesh: &TiledNavMesh, min: [f64; 3], max: [f64; 3]) -> Vec<PolyRef> {
    let p = mesh.params();
    let mut found = Vec::new();
    for (tile_ref, tile) in mesh.tiles() {
        let (ox, oz) = p.tile_origin(tile.tile_x(), tile.tile_z());
        let origin = [ox, tile.origin_y(), oz];
        for index in 0..tile.polygon_count() {
            let corners: Vec<[f64; 3]> =
                tile.polygon_vertices(index).map(|v| [0, 1, 2].map(|a| origin[a] + v[a] as f64)).collect();
            let overlaps = (0..3).all(|a| {
                let low = corners.iter().map(|c| c[a]).fold(f64::INFINITY, f64::min);
                let high = corners.iter().map(|c| c[a]).fold(f64::NEG_INFINITY, f64::max);
                low <= max[a] && high >= min[a]
            });
            if overlaps {
                found.push((
                    (tile.tile_z(), tile.tile_x(), tile.layer(), index),
                    tile_ref.polygon(index as u32).unwrap(),
                ));
            }
        }
    }
    found.sort();
    found.into_iter().map(|(_, poly)| poly).collect()
}

#[test]
fn query_polygons_finds_what_a_scan_of_every_polygon_finds() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    // A 3×3 grid of tiles (two layers at (1, 1)) in scrambled slot order,
    // and a quad at (4, 0) reaching 8 units into column 3. A tile's 36
    // polygons make three blocks of the search's 16, so a box passes over
    // some blocks and not others.
    for (x, z) in [(2, 1), (0, 0), (1, 2), (1, 1), (0, 2), (2, 0), (1, 0), (2, 2), (0, 1)] {
        mesh.add_tile(GridTile::new(x, z, 6).height(0.0, (x + z) as f32).build(&p)).unwrap();
    }
    mesh.add_tile(GridTile::new(1, 1, 6).layer(1).height(5.0, 0.0).build(&p)).unwrap();
    let overhang = [[-8.0, 0.0, 2.0], [6.0, 0.0, 2.0], [6.0, 0.0, 10.0], [-8.0, 0.0, 10.0]];
    mesh.add_tile(quad_tile(&p, (4, 0, 0), 0.0, overhang, [NOT_PORTAL; 4])).unwrap();

    let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    let mut seen_overhang = false;
    for round in 0..400 {
        let center =
            [rng.range_f32(-20.0, 80.0) as f64, rng.range_f32(-2.0, 8.0) as f64, rng.range_f32(-20.0, 60.0) as f64];
        // Every tenth box is wider than the mesh has tiles.
        let reach = if round % 10 == 0 { 1e5 } else { 12.0 };
        let extents =
            [rng.range_f32(0.0, reach) as f64, rng.range_f32(0.0, 4.0) as f64, rng.range_f32(0.0, reach) as f64];
        query.query_polygons(center, extents, &QueryFilter::default(), &mut out).unwrap();
        let min = [0, 1, 2].map(|a| center[a] - extents[a]);
        let max = [0, 1, 2].map(|a| center[a] + extents[a]);
        let expected = brute_force(&mesh, min, max);
        assert_eq!(out, expected, "box {min:?}..{max:?}");
        seen_overhang |= max[0] < 64.0 && out.iter().any(|r| mesh.polygon(*r).unwrap().0.tile_x() == 4);
    }
    assert!(seen_overhang, "some box in column 3 found the quad of column 4");
}
