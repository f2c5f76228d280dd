//! NavTileAssembler.FromPolygons (format text "Hand-over from builders").

use onav::{NavMeshError, NavMeshParams, NavTile, NavTileAssembler, TilePolygons, NOT_PORTAL};

fn params() -> NavMeshParams {
    NavMeshParams {
        origin_x: 100.0,
        origin_y: 0.0,
        origin_z: -50.0,
        tile_size: 16.0,
        cell_size: 0.5,
        max_verts_per_poly: 6,
        walkable_climb: 0.5,
        agent_radius: 0.5,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    }
}

/// Tile (1, -1) has its world origin at (116, -66).
const OX: f64 = 116.0;
const OZ: f64 = -66.0;

fn assemble(vertices: &[[f64; 3]], counts: &[u8], indices: &[u32]) -> Result<NavTile, NavMeshError> {
    NavTileAssembler::from_polygons(
        &params(),
        &TilePolygons {
            tile_x: 1,
            tile_z: -1,
            layer: 2,
            origin_y: 5.0,
            vertices,
            vertex_counts: counts,
            indices,
            areas: None,
            flags: None,
        },
    )
}

/// Two squares side by side covering the tile: x 0..8 and 8..16, z 0..16.
fn two_squares() -> Vec<[f64; 3]> {
    [(0.0, 0.0), (8.0, 0.0), (16.0, 0.0), (16.0, 16.0), (8.0, 16.0), (0.0, 16.0)]
        .iter()
        .map(|&(x, z)| [OX + x, 5.5, OZ + z])
        .collect()
}

#[test]
fn adjacency_and_portals_on_each_side() {
    let tile = assemble(&two_squares(), &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 4]).unwrap();
    let left = tile.polygon(0).unwrap();
    let right = tile.polygon(1).unwrap();
    assert_eq!(left.neighbours, &[0, 2, 0, 0]);
    assert_eq!(left.portal_sides, &[3, NOT_PORTAL, 1, 2]);
    assert_eq!(right.neighbours, &[0, 0, 0, 1]);
    assert_eq!(right.portal_sides, &[3, 0, 1, NOT_PORTAL]);
    assert_eq!(tile.vertices()[0], [0.0, 0.5, 0.0]);
    assert_eq!(tile.layer(), 2);
}

#[test]
fn clockwise_polygons_are_reversed() {
    let tile = assemble(&two_squares(), &[4, 4], &[5, 4, 1, 0, 4, 3, 2, 1]).unwrap();
    assert_eq!(tile.polygon(0).unwrap().indices, &[0, 1, 4, 5]);
    assert_eq!(tile.polygon(1).unwrap().indices, &[1, 2, 3, 4]);
    assert_eq!(tile.polygon(1).unwrap().neighbours, &[0, 0, 0, 1]);
}

#[test]
fn snapping_within_a_1024th_of_a_cell() {
    // CellSize 0.5: tolerance 0.00048828125.
    let mut vertices = two_squares();
    vertices[0][0] = OX - 0.00048;
    vertices[2][0] = OX + 16.0 + 0.00048;
    vertices[3][2] = OZ + 16.0 - 0.00048;
    let tile = assemble(&vertices, &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 4]).unwrap();
    assert_eq!(tile.vertices()[0][0].to_bits(), 0.0f32.to_bits());
    assert_eq!(tile.vertices()[2][0], 16.0);
    assert_eq!(tile.vertices()[3][2], 16.0);
    assert_eq!(tile.polygon(1).unwrap().portal_sides[1], 0);
    // Just outside the tolerance nothing snaps, and the edge is a wall.
    let mut outside = two_squares();
    outside[2][0] = OX + 16.0 - 0.0005;
    outside[3][0] = OX + 16.0 - 0.0005;
    let tile = assemble(&outside, &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 4]).unwrap();
    assert_eq!(tile.vertices()[2][0], (16.0f64 - 0.0005) as f32);
    assert_eq!(tile.polygon(1).unwrap().portal_sides[1], NOT_PORTAL);
}

#[test]
fn negative_zero_snaps_to_the_boundary() {
    // origin_x + tile = 116 exactly; a vertex at 116 - tiny gives -tiny.
    let mut vertices = two_squares();
    vertices[5][0] = OX - 1e-9;
    let tile = assemble(&vertices, &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 4]).unwrap();
    assert_eq!(tile.vertices()[5][0].to_bits(), 0.0f32.to_bits());
    assert_eq!(tile.polygon(0).unwrap().portal_sides[3], 2);
}

#[test]
fn an_edge_shared_by_three_polygons_stays_a_wall() {
    // Squares A (0..8) and B (8..16) share edge 1-4; triangle C reuses 4->1.
    let mut vertices = two_squares();
    vertices.push([OX + 10.0, 5.5, OZ + 8.0]);
    let tile = assemble(&vertices, &[4, 4, 3], &[0, 1, 4, 5, 1, 2, 3, 4, 4, 1, 6]);
    // C overlaps B: allowed by the format (overlapping polygons are legal).
    let tile = tile.unwrap();
    assert_eq!(tile.polygon(0).unwrap().neighbours[1], 0);
    assert_eq!(tile.polygon(1).unwrap().neighbours[3], 0);
    assert_eq!(tile.polygon(2).unwrap().neighbours[0], 0);
}

#[test]
fn areas_and_flags_are_carried() {
    let tile = NavTileAssembler::from_polygons(
        &params(),
        &TilePolygons {
            tile_x: 1,
            tile_z: -1,
            layer: 0,
            origin_y: 0.0,
            vertices: &two_squares(),
            vertex_counts: &[4, 4],
            indices: &[0, 1, 4, 5, 1, 2, 3, 4],
            areas: Some(&[7, 63]),
            flags: Some(&[0x10, 0xFFFF]),
        },
    )
    .unwrap();
    assert_eq!(tile.polygon(1).unwrap().record.area, 63);
    assert_eq!(tile.polygon(0).unwrap().record.flags, 0x10);
}

#[test]
fn invalid_polygons_get_the_named_format_errors() {
    let vertices = two_squares();
    let err = assemble(&vertices, &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 9]).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("polygon 1 vertex 3")), "{err}");
    // A bow-tie is not convex in either direction.
    let err = assemble(&vertices, &[4], &[0, 4, 1, 5]).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("polygon 0")), "{err}");
    let err = assemble(&vertices, &[4, 4], &[0, 1, 4, 5, 1, 2, 3]).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("array indices")), "{err}");
    let err = assemble(&vertices, &[2], &[0, 1]).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("vertex count 2")), "{err}");
}

#[test]
fn world_coordinates_outside_the_bound_are_out_of_range() {
    let mut vertices = two_squares();
    vertices[3][1] = 3.0e6;
    let err = assemble(&vertices, &[4, 4], &[0, 1, 4, 5, 1, 2, 3, 4]).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("vertices[3].y")), "{err}");
}
