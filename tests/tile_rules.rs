//! One passing and one failing case per rule of "Tile contents and rules" and
//! "Off-mesh link slots"; each failure checks the error kind and what it
//! names.

mod tile_fixture;

use onav::{NavMeshError, NavMeshParams, NavTile, NavTileData, Polygon, NOT_PORTAL};
use tile_fixture::{full_tile, grid_tile, params, with_detail};

fn create(data: NavTileData) -> Result<NavTile, NavMeshError> {
    NavTile::create(&params(), data)
}

/// Asserts a format error whose message names every one of `needles`.
fn expect_format(data: NavTileData, needles: &[&str]) {
    match create(data) {
        Err(NavMeshError::Format(message)) => {
            for needle in needles {
                assert!(message.contains(needle), "message {message:?} lacks {needle:?}");
            }
        }
        other => panic!("expected a format error naming {needles:?}, got {other:?}"),
    }
}

/// A tile of one polygon over the given local X/Z points (y = 0), walls only.
fn single_polygon(points: &[(f32, f32)]) -> NavTileData {
    let n = points.len();
    NavTileData {
        vertices: points.iter().map(|&(x, z)| [x, 0.0, z]).collect(),
        polygons: vec![Polygon { vertex_count: n as u8, area: 0, flags: 0 }],
        indices: (0..n as u32).collect(),
        neighbours: vec![0; n],
        portal_sides: vec![NOT_PORTAL; n],
        ..Default::default()
    }
}

#[test]
fn the_fixture_tiles_are_valid() {
    for data in [grid_tile(&params(), 1), grid_tile(&params(), 4), full_tile(&params())] {
        create(data).unwrap();
    }
}

#[test]
fn invalid_params_are_out_of_range_naming_the_field() {
    let mut p = params();
    p.max_verts_per_poly = 2;
    let err = NavTile::create(&p, grid_tile(&params(), 1)).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("MaxVertsPerPoly")), "{err}");
}

#[test]
fn vertex_indices_must_be_distinct_and_in_range() {
    let mut data = single_polygon(&[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]);
    create(data.clone()).unwrap();
    data.indices = vec![0, 1, 2, 1];
    expect_format(data.clone(), &["polygon 0", "repeated"]);
    data.indices = vec![0, 1, 2, 4];
    expect_format(data, &["polygon 0 vertex 3", "index 4"]);
}

#[test]
fn no_zero_length_edge_in_xz() {
    // Vertex 1 sits above vertex 0: distinct indices, same X/Z.
    let mut data = single_polygon(&[(1.0, 1.0), (1.0, 1.0), (3.0, 1.0), (1.0, 3.0)]);
    data.vertices[1][1] = 2.0;
    expect_format(data, &["polygon 0 edge 0", "zero length"]);
    // -0.0 equals 0.0 numerically.
    let mut data = single_polygon(&[(0.0, 1.0), (0.0, 1.0), (3.0, 1.0), (1.0, 3.0)]);
    data.vertices[1][0] = -0.0;
    expect_format(data, &["polygon 0 edge 0", "zero length"]);
}

#[test]
fn no_two_vertices_share_an_xz_position() {
    let mut data = single_polygon(&[(1.0, 1.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0)]);
    data.vertices[2][1] = 1.0;
    expect_format(data, &["polygon 0", "vertices 0 and 2"]);
}

#[test]
fn polygons_are_convex_and_counter_clockwise() {
    expect_format(single_polygon(&[(1.0, 1.0), (1.0, 3.0), (3.0, 1.0)]), &["polygon 0 edge 0", "right"]);
    // A dart (concave quad).
    expect_format(single_polygon(&[(1.0, 1.0), (5.0, 1.0), (2.0, 2.0), (1.0, 5.0)]), &["polygon 0", "right"]);
    // A five-pointed star visits its points in counter-clockwise order twice.
    let star: Vec<(f32, f32)> = (0..5)
        .map(|k| {
            let a = std::f32::consts::TAU * (2 * k) as f32 / 5.0;
            (10.0 + 5.0 * a.cos(), 10.0 + 5.0 * a.sin())
        })
        .collect();
    expect_format(single_polygon(&star), &["polygon 0", "right"]);
}

#[test]
fn collinear_vertices_are_allowed_but_zero_area_is_not() {
    create(single_polygon(&[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)])).unwrap();
    expect_format(single_polygon(&[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0)]), &["polygon 0 edge", "zero area"]);
}

#[test]
fn vertex_count_and_area_ranges() {
    let mut data = grid_tile(&params(), 2);
    data.polygons[3].area = 63;
    create(data.clone()).unwrap();
    data.polygons[3].area = 64;
    expect_format(data, &["polygon 3", "area 64"]);
    let hexagon = [(2.0, 1.0), (4.0, 1.0), (5.0, 2.0), (4.0, 3.0), (2.0, 3.0), (1.0, 2.0)];
    create(single_polygon(&hexagon)).unwrap();
    let heptagon = [(2.0, 1.0), (4.0, 1.0), (5.0, 2.0), (4.0, 3.0), (3.0, 3.5), (2.0, 3.0), (1.0, 2.0)];
    expect_format(single_polygon(&heptagon), &["polygon 0", "vertex count 7"]);
}

#[test]
fn edge_arrays_match_the_vertex_counts() {
    let mut data = grid_tile(&params(), 2);
    data.neighbours.pop();
    expect_format(data, &["array neighbours"]);
    let mut data = grid_tile(&params(), 2);
    data.portal_sides.push(NOT_PORTAL);
    expect_format(data, &["array portal_sides"]);
}

#[test]
fn adjacency_must_be_reciprocal() {
    // Polygon 0's right edge names polygon 1; break polygon 1's answer.
    let mut data = grid_tile(&params(), 2);
    assert_eq!(data.neighbours[1], 2);
    assert_eq!(data.neighbours[4 + 3], 1);
    data.neighbours[4 + 3] = 0;
    data.portal_sides[4 + 3] = NOT_PORTAL;
    expect_format(data, &["polygon 0 edge 1", "polygon 1 edge 3", "names 0 back"]);
    // Name a polygon that does not share the edge.
    let mut data = grid_tile(&params(), 2);
    data.neighbours[1] = 4;
    expect_format(data, &["polygon 0 edge 1", "polygon 3 has no reversed edge"]);
    let mut data = grid_tile(&params(), 2);
    data.neighbours[1] = 9;
    expect_format(data, &["polygon 0 edge 1", "beyond 4 polygons"]);
    let mut data = grid_tile(&params(), 2);
    data.neighbours[1] = 1;
    expect_format(data, &["polygon 0 edge 1", "itself"]);
}

#[test]
fn an_edge_with_a_neighbour_has_no_portal_side() {
    let mut data = grid_tile(&params(), 2);
    data.portal_sides[1] = 0;
    expect_format(data, &["polygon 0 edge 1", "portal side 0"]);
}

#[test]
fn portal_edges_lie_bitwise_on_their_boundary() {
    let p = params();
    // Polygon 1 (i=1, j=0) has its right edge on x = TileSize: side 0.
    let data = grid_tile(&p, 2);
    assert_eq!(data.portal_sides[4 + 1], 0);
    let mut wrong_side = data.clone();
    wrong_side.portal_sides[4 + 1] = 2;
    expect_format(wrong_side, &["polygon 1 edge 1", "side 2", "x=0"]);
    let mut bad_side = data.clone();
    bad_side.portal_sides[4 + 1] = 4;
    expect_format(bad_side, &["polygon 1 edge 1", "portal side 4"]);
    // One ulp inside the boundary is not on it.
    let mut off = data.clone();
    let inside = f32::from_bits((p.tile_size as f32).to_bits() - 1);
    let v = off.indices[4 + 1] as usize;
    off.vertices[v][0] = inside;
    expect_format(off, &["polygon 1 edge 1", "portal side 0"]);
    // -0.0 is not bitwise 0.0 on side 2 (polygon 0's left edge).
    let mut negative_zero = data;
    for v in [negative_zero.indices[3], negative_zero.indices[0]] {
        negative_zero.vertices[v as usize][0] = -0.0;
    }
    expect_format(negative_zero, &["polygon 0 edge 3", "portal side 2"]);
}

#[test]
fn wall_edges_on_a_boundary_and_an_empty_tile_are_allowed() {
    let mut data = grid_tile(&params(), 2);
    for side in data.portal_sides.iter_mut() {
        *side = NOT_PORTAL;
    }
    create(data).unwrap();
    create(NavTileData::default()).unwrap();
}

#[test]
fn vertices_stay_within_the_local_bounds() {
    let p = params();
    let mut data = grid_tile(&p, 1);
    data.vertices.push([-32.0, 4096.0, 64.0]);
    create(data.clone()).unwrap();
    let mut beyond_x = data.clone();
    beyond_x.vertices[4][2] = 64.00001;
    expect_format(beyond_x, &["array vertices[4]"]);
    let mut beyond_y = data.clone();
    beyond_y.vertices[4][1] = -4096.001;
    expect_format(beyond_y, &["array vertices[4]"]);
    let mut nan = data;
    nan.vertices[4][0] = f32::NAN;
    expect_format(nan, &["array vertices[4]"]);
    let mut detail = with_detail(grid_tile(&p, 1));
    detail.detail_vertices[0][0] = 64.5;
    expect_format(detail, &["array detail_vertices[0]"]);
}

#[test]
fn detail_ranges_lie_inside_the_arrays() {
    let p = params();
    let good = with_detail(grid_tile(&p, 2));
    create(good.clone()).unwrap();
    let mut count = good.clone();
    count.detail_meshes.pop();
    expect_format(count, &["array detail_meshes", "3 entries"]);
    let mut vertices = good.clone();
    vertices.detail_meshes[3].vertex_count = 2;
    expect_format(vertices, &["detail_meshes[3]", "vertices"]);
    let mut triangles = good.clone();
    triangles.detail_meshes[2].triangle_base = 14;
    expect_format(triangles, &["detail_meshes[2]", "triangles"]);
    let mut index = good.clone();
    index.detail_triangles[5].indices[1] = 5;
    expect_format(index, &["detail_meshes[1] triangle 1", "index 5"]);
    let mut huge = good;
    huge.detail_meshes[0].vertex_base = u32::MAX;
    expect_format(huge, &["detail_meshes[0]"]);
}

#[test]
fn off_mesh_link_slots() {
    let p = params();
    let good = full_tile(&p);
    create(good.clone()).unwrap();
    let mut radius = good.clone();
    radius.off_mesh_links[1].radius = 0.0;
    expect_format(radius, &["off_mesh_links[1]", "radius"]);
    let mut nan_radius = good.clone();
    nan_radius.off_mesh_links[0].radius = f32::NAN;
    expect_format(nan_radius, &["off_mesh_links[0]", "radius"]);
    let mut area = good.clone();
    area.off_mesh_links[0].area = 64;
    expect_format(area, &["off_mesh_links[0]", "area 64"]);
    let mut extent = good.clone();
    extent.off_mesh_links[0].end[0] = 4096.0;
    create(extent.clone()).unwrap();
    extent.off_mesh_links[0].end[0] = 4096.001;
    expect_format(extent, &["off_mesh_links[0]", "MaxLocalExtent"]);
    let mut nan = good;
    nan.off_mesh_links[1].start[1] = f32::NAN;
    expect_format(nan, &["off_mesh_links[1]"]);
}

#[test]
fn layer_and_tile_origin_bounds() {
    let p = params();
    let mut data = grid_tile(&p, 1);
    data.layer = 1023;
    create(data.clone()).unwrap();
    data.layer = 1024;
    expect_format(data, &["layer 1024"]);
    let mut y = grid_tile(&p, 1);
    y.origin_y = 2_097_152.0;
    expect_format(y, &["OriginY"]);
    // OriginX -96 + 65538*32 = 2097120 is inside; 65539 lands on 2^21.
    let mut x = grid_tile(&p, 1);
    x.tile_x = 65538;
    create(x.clone()).unwrap();
    x.tile_x = 65539;
    expect_format(x, &["tile (65539, -2)", "outside"]);
}

#[test]
fn a_validated_tile_exposes_its_polygons_and_portals() {
    let p = params();
    let tile = create(grid_tile(&p, 2)).unwrap();
    assert_eq!(tile.polygon_count(), 4);
    assert_eq!(tile.edge_count(), 16);
    let poly = tile.polygon(3).unwrap();
    assert_eq!(poly.indices, &[4, 5, 8, 7]);
    assert!(tile.polygon(4).is_none());
    let sides: Vec<(u32, u8, u8)> = tile.portal_edges().map(|e| (e.polygon, e.edge, e.side)).collect();
    assert_eq!(sides, vec![(0, 0, 3), (0, 3, 2), (1, 0, 3), (1, 1, 0), (2, 2, 1), (2, 3, 2), (3, 1, 0), (3, 2, 1)]);
    assert_eq!(tile.fingerprint(), onav::BuildFingerprint::of(&p));
    let other: NavMeshParams = NavMeshParams { walkable_climb: 0.75, ..p };
    assert!(matches!(tile.check_fingerprint(&onav::BuildFingerprint::of(&other)), Err(NavMeshError::Fingerprint(_))));
}
