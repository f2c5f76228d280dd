//! NavMesh::build_2d and rebuild_tile_2d: hand-over per tile, fixed order,
//! defaults from the settings.

mod input_2d;

use onav::{LinkKind, NavMesh, NavMeshError, PolyRef};

#[test]
fn a_grid_builds_with_portals_between_tiles() {
    let settings = input_2d::settings();
    let mesh = NavMesh::build_2d(settings.clone(), &input_2d::grid(&settings, 2, 2, 2)).unwrap();
    let tiled = mesh.mesh();
    assert_eq!(tiled.tile_count(), 4);
    let (tile_ref, tile) = tiled.tile_at(0, 0, 0).unwrap();
    assert_eq!(tile.origin_y(), 2.5);
    assert!(tile.vertices().iter().all(|v| v[1] == 0.0));
    let record = tile.polygon(0).unwrap().record;
    assert_eq!((record.area, record.flags), (7, 0x0101));
    // Polygon 1 (right column of tile (0, 0)) links to tile (1, 0).
    let mut links = tiled.links(tile_ref.polygon(1).unwrap()).unwrap();
    let (east_ref, _) = tiled.tile_at(1, 0, 0).unwrap();
    assert!(links.any(|l| l.kind == LinkKind::Portal && l.target.tile_ref() == east_ref));
}

#[test]
fn input_order_does_not_change_the_bytes() {
    let settings = input_2d::settings();
    let grid = input_2d::grid(&settings, 3, 2, 2);
    let mut reversed = grid.clone();
    reversed.reverse();
    let a = NavMesh::build_2d(settings.clone(), &grid).unwrap().save();
    let b = NavMesh::build_2d(settings, &reversed).unwrap().save();
    assert_eq!(a, b);
}

#[test]
fn a_position_given_twice_is_an_invalid_operation() {
    let settings = input_2d::settings();
    let mut grid = input_2d::grid(&settings, 2, 1, 1);
    grid.push(grid[0].clone());
    let err = NavMesh::build_2d(settings, &grid).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("(0, 0, layer 0)")), "{err}");
}

#[test]
fn bad_polygons_fail_the_build_with_named_errors() {
    let settings = input_2d::settings();
    let mut grid = input_2d::grid(&settings, 2, 1, 2);
    grid[1].indices.swap(1, 2); // polygon 0 of tile (1, 0) becomes a bow-tie
    let err = NavMesh::build_2d(settings, &grid).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("polygon 0")), "{err}");
}

#[test]
fn rebuilding_a_tile_replaces_it_and_advances_the_salt() {
    let settings = input_2d::settings();
    let grid = input_2d::grid(&settings, 2, 1, 2);
    let mut mesh = NavMesh::build_2d(settings.clone(), &grid).unwrap();
    let before = mesh.save();
    let (old_ref, _) = mesh.mesh().tile_at(1, 0, 0).unwrap();
    let old_poly: PolyRef = old_ref.polygon(0).unwrap();
    let new_ref = mesh.rebuild_tile_2d(&grid[1]).unwrap();
    assert_eq!(new_ref.slot(), old_ref.slot());
    assert_ne!(new_ref.salt(), old_ref.salt());
    assert!(!mesh.mesh().is_valid(old_poly));
    // Same tiles, new salt: only the salt bytes differ.
    let after = mesh.save();
    assert_eq!(before.len(), after.len());
    assert_ne!(before, after);
    // A failing rebuild changes nothing.
    let mut bad = grid[1].clone();
    bad.vertex_counts[0] = 2;
    assert!(mesh.rebuild_tile_2d(&bad).is_err());
    assert_eq!(mesh.save(), after);
}
