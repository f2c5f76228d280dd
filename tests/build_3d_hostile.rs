//! Hostile geometry for NavMesh::build_3d: every bad input is a typed error
//! naming what is wrong, never a panic; odd but valid input builds.

use onav::{NavMesh, NavMeshError, NavSettings, Partition, TriangleGeometry, UNWALKABLE};

fn settings() -> NavSettings {
    let mut settings = NavSettings::default();
    settings.set_partition(Partition::Monotone);
    settings
}

/// A flat 10 x 10 square at height 1, two triangles facing up.
fn floor() -> TriangleGeometry {
    TriangleGeometry::new(
        vec![[0.0, 1.0, 0.0], [0.0, 1.0, 10.0], [10.0, 1.0, 10.0], [10.0, 1.0, 0.0]],
        vec![[0, 1, 2], [0, 2, 3]],
    )
}

fn out_of_range(geometry: &TriangleGeometry, named: &str) {
    match NavMesh::build_3d(settings(), geometry) {
        Err(NavMeshError::OutOfRange(message)) => assert!(message.contains(named), "{message}"),
        other => panic!("expected an out-of-range error naming {named}, got {other:?}"),
    }
}

fn format_error(geometry: &TriangleGeometry, named: &str) {
    match NavMesh::build_3d(settings(), geometry) {
        Err(NavMeshError::Format(message)) => assert!(message.contains(named), "{message}"),
        other => panic!("expected a format error naming {named}, got {other:?}"),
    }
}

#[test]
fn the_floor_itself_builds() {
    let mesh = NavMesh::build_3d(settings(), &floor()).unwrap();
    assert_eq!(mesh.mesh().tile_count(), 1);
}

#[test]
fn nan_and_infinite_vertices_are_out_of_range_naming_the_vertex() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 2_097_152.0, -3.0e9] {
        let mut geometry = floor();
        geometry.vertices[2][1] = bad;
        out_of_range(&geometry, "vertices[2].y");
    }
}

#[test]
fn indices_beyond_the_vertices_are_format_errors_naming_the_triangle() {
    let mut geometry = floor();
    geometry.triangles[1][2] = 4;
    format_error(&geometry, "triangles[1][2] = 4");
    geometry.triangles[1][2] = u32::MAX;
    format_error(&geometry, "triangles[1][2]");
}

#[test]
fn areas_must_match_the_triangles_and_their_range() {
    let mut geometry = floor();
    geometry.areas = Some(vec![1]);
    format_error(&geometry, "areas: 1 entries for 2 triangles");
    geometry.areas = Some(vec![1, 64]);
    out_of_range(&geometry, "areas[1] = 64");
    geometry.areas = Some(vec![5, UNWALKABLE]);
    let mesh = NavMesh::build_3d(settings(), &geometry).unwrap();
    let areas: Vec<u8> = mesh
        .mesh()
        .tiles()
        .flat_map(|(_, t)| (0..t.polygon_count()).map(|p| t.polygon(p).unwrap().record.area).collect::<Vec<_>>())
        .collect();
    assert!(!areas.is_empty() && areas.iter().all(|&a| a == 5), "{areas:?}");
}

#[test]
fn empty_input_is_out_of_range() {
    out_of_range(&TriangleGeometry::default(), "triangles: 0 entries");
    let no_triangles = TriangleGeometry::new(floor().vertices, Vec::new());
    out_of_range(&no_triangles, "triangles: 0 entries");
}

#[test]
fn degenerate_triangles_build_nothing_and_do_not_fail() {
    let points = vec![[0.0, 0.0, 0.0], [5.0, 0.0, 5.0], [10.0, 0.0, 10.0], [3.0, 2.0, 3.0]];
    let geometry = TriangleGeometry::new(points, vec![[0, 1, 2], [0, 0, 1], [3, 3, 3], [0, 1, 3]]);
    let mesh = NavMesh::build_3d(settings(), &geometry).unwrap();
    assert_eq!(mesh.mesh().tile_count(), 0);
}

#[test]
fn a_triangle_over_more_tiles_than_a_mesh_has_slots_is_out_of_range() {
    let far = 2_000_000.0;
    let geometry = TriangleGeometry::new(vec![[-far, 0.0, -far], [-far, 0.0, far], [far, 0.0, -far]], vec![[0, 1, 2]]);
    out_of_range(&geometry, "tile slots");
}

#[test]
fn a_huge_triangle_over_many_tiles_builds_every_tile() {
    let geometry = TriangleGeometry::new(vec![[0.0, 0.0, 0.0], [0.0, 0.0, 200.0], [200.0, 0.0, 0.0]], vec![[0, 1, 2]]);
    let mesh = NavMesh::build_3d(settings(), &geometry).unwrap();
    // 32-unit tiles: the triangle lies over 28 of the 7 x 7 tiles under its
    // box and covers 15 of them wholly, which must all hold polygons.
    let count = mesh.mesh().tile_count();
    assert!((15..=28).contains(&count), "{count}");
    for (x, z) in (0..5).flat_map(|x| (0..5 - x).map(move |z| (x, z))) {
        assert!(mesh.mesh().tile_at(x, z, 0).is_some(), "tile ({x}, {z}) is missing");
    }
}

#[test]
fn a_radius_wider_than_a_tile_is_out_of_range_naming_it() {
    let mut settings = settings();
    settings.set_agent_radius(40.0).unwrap();
    match NavMesh::build_3d(settings, &floor()) {
        Err(NavMeshError::OutOfRange(message)) => assert!(message.contains("AgentRadius"), "{message}"),
        other => panic!("{other:?}"),
    }
}
