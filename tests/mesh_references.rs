//! References, slots and edits (format text "References"; LAYOUT section
//! 8 "Slots"), and the rule that a failed edit changes nothing.

mod mesh_common;

use mesh_common::{full_state, link, params, GridTile};
use onav::off_mesh_attachment::Attachment;
use onav::{read_mesh, write_mesh, NavMeshError, PolyRef, TileRef, TiledNavMesh};

#[test]
fn mesh_is_send_and_sync_and_clones_share_tiles() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<TiledNavMesh>();
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 2).build(&p)).unwrap();
    let frozen = mesh.clone();
    let before = full_state(&frozen);
    mesh.add_tile(GridTile::new(1, 0, 2).build(&p)).unwrap();
    mesh.remove_tile(0, 0, 0).unwrap();
    assert_eq!(full_state(&frozen), before);
    let copy = frozen.clone();
    assert!(std::sync::Arc::ptr_eq(frozen.tile_at(0, 0, 0).unwrap().1, copy.tile_at(0, 0, 0).unwrap().1));
    std::thread::scope(|s| {
        s.spawn(|| assert_eq!(frozen.tile_count(), 1));
    });
}

#[test]
fn new_validates_parameters() {
    let mut p = params();
    p.max_verts_per_poly = 2;
    assert!(matches!(TiledNavMesh::new(p), Err(NavMeshError::OutOfRange(_))));
}

#[test]
fn references_go_stale_after_remove() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let t = mesh.add_tile(GridTile::new(0, 0, 2).build(&p)).unwrap();
    let r = t.polygon(3).unwrap();
    assert!(mesh.is_valid(r) && mesh.is_valid_tile_ref(t));
    assert!(!mesh.is_valid(t.polygon(4).unwrap()), "beyond the polygon count");
    assert_eq!(mesh.remove_tile(0, 0, 0).unwrap(), t);
    assert!(!mesh.is_valid(r) && mesh.tile(t).is_none() && mesh.links(r).is_none());
    assert_eq!(mesh.slot_salt(0), Some(2));
    let again = mesh.add_tile(GridTile::new(0, 0, 2).build(&p)).unwrap();
    assert_eq!((again.slot(), again.salt()), (0, 2));
    assert!(!mesh.is_valid(r));
    assert!(mesh.is_valid(again.polygon(3).unwrap()));
}

#[test]
fn references_go_stale_after_replace_with_identical_bytes() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let tile = GridTile::new(0, 0, 2).build(&p);
    let t = mesh.add_tile(tile.clone()).unwrap();
    let t2 = mesh.replace_tile(tile.clone()).unwrap();
    assert_eq!((t2.slot(), t2.salt()), (t.slot(), 2));
    assert!(!mesh.is_valid(t.polygon(0).unwrap()));
    assert!(mesh.is_valid(t2.polygon(0).unwrap()));
    let t3 = mesh.replace_tile_bytes(&tile.to_bytes()).unwrap();
    assert_eq!(t3.salt(), 3);
}

#[test]
fn null_and_malformed_references_are_invalid() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let t = mesh.add_tile(GridTile::new(0, 0, 2).build(&p)).unwrap();
    assert!(!mesh.is_valid(PolyRef::NULL));
    assert!(!mesh.is_valid_tile_ref(TileRef::NULL));
    assert!(!mesh.is_valid_tile_ref(TileRef(t.polygon(1).unwrap().0)), "polygon bits set");
    assert!(!mesh.is_valid(PolyRef::encode(1, 5, 0).unwrap()), "slot beyond the count");
}

#[test]
fn lowest_free_slot_is_reused() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for x in 0..4 {
        assert_eq!(mesh.add_tile(GridTile::new(x, 0, 1).build(&p)).unwrap().slot(), x as u32);
    }
    mesh.remove_tile(2, 0, 0).unwrap();
    mesh.remove_tile(1, 0, 0).unwrap();
    assert_eq!(mesh.add_tile(GridTile::new(9, 9, 1).build(&p)).unwrap().slot(), 1);
    assert_eq!(mesh.add_tile(GridTile::new(8, 9, 1).build(&p)).unwrap().slot(), 2);
    assert_eq!(mesh.add_tile(GridTile::new(7, 9, 1).build(&p)).unwrap().slot(), 4);
    assert_eq!(mesh.salts(), &[1, 2, 2, 1, 1]);
}

/// ONPM bytes of an empty mesh with one free slot whose salt is `salt`.
fn one_free_slot(salt: u32) -> Vec<u8> {
    let mut bytes = write_mesh(&TiledNavMesh::new(params()).unwrap());
    bytes[76..80].copy_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&salt.to_le_bytes());
    bytes
}

#[test]
fn salt_wraps_from_0xffffff_to_1() {
    let p = params();
    let mut mesh = read_mesh(&one_free_slot(0xFF_FFFF)).unwrap();
    let t = mesh.add_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    assert_eq!((t.slot(), t.salt()), (0, 0xFF_FFFF));
    assert!(mesh.is_valid(t.polygon(0).unwrap()));
    let t2 = mesh.replace_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    assert_eq!(t2.salt(), 1);
    assert!(!mesh.is_valid(t.polygon(0).unwrap()));
    mesh.remove_tile(0, 0, 0).unwrap();
    assert_eq!(mesh.slot_salt(0), Some(2));
}

#[test]
fn remove_column_removes_every_layer_lowest_first() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let high = mesh.add_tile(GridTile::new(3, 3, 1).layer(7).build(&p)).unwrap();
    let low = mesh.add_tile(GridTile::new(3, 3, 1).layer(2).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(3, 4, 1).build(&p)).unwrap();
    assert_eq!(mesh.remove_column(3, 3), [low, high]);
    assert_eq!(mesh.tile_count(), 1);
    assert!(mesh.remove_column(3, 3).is_empty());
    assert_eq!(mesh.link_count(), 0);
}

#[test]
fn failed_edits_change_nothing() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(
        GridTile::new(0, 0, 2).link(mesh_common::link([1.0, 0.0, 1.0], [20.0, 0.0, 1.0], 0.5, true)).build(&p),
    )
    .unwrap();
    mesh.add_tile(GridTile::new(1, 0, 2).build(&p)).unwrap();
    mesh.remove_tile(1, 0, 0).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 2).build(&p)).unwrap();
    let before = full_state(&mesh);
    let mut other = p;
    other.agent_radius = 0.75;
    let foreign = GridTile::new(5, 5, 2).build(&other);
    let occupied = GridTile::new(0, 0, 2).build(&p);
    assert!(matches!(mesh.add_tile(foreign.clone()), Err(NavMeshError::Fingerprint(_))));
    // The fingerprint is checked before the occupied position.
    let foreign_at_occupied = GridTile::new(0, 0, 2).build(&other);
    assert!(matches!(mesh.add_tile(foreign_at_occupied.clone()), Err(NavMeshError::Fingerprint(_))));
    assert!(matches!(mesh.replace_tile(foreign_at_occupied.clone()), Err(NavMeshError::Fingerprint(_))));
    assert!(matches!(mesh.add_tile_bytes(&foreign.to_bytes()), Err(NavMeshError::Fingerprint(_))));
    assert!(matches!(mesh.add_tile(occupied), Err(NavMeshError::InvalidOperation(_))));
    assert!(matches!(mesh.replace_tile(GridTile::new(2, 0, 2).build(&p)), Err(NavMeshError::InvalidOperation(_))));
    assert!(matches!(mesh.remove_tile(0, 0, 1), Err(NavMeshError::InvalidOperation(_))));
    assert!(matches!(mesh.add_tile_bytes(&[1, 2, 3]), Err(NavMeshError::Format(_))));
    assert_eq!(full_state(&mesh), before);
}

#[test]
fn world_coordinates_beyond_the_bound_are_out_of_range() {
    let mesh = TiledNavMesh::new(params()).unwrap();
    assert_eq!(mesh.column_at_world(-0.5, 33.0).unwrap(), (-1, 2));
    for bad in [2_097_152.0, -2_097_152.0, f64::NAN] {
        assert!(matches!(mesh.column_at_world(bad, 0.0), Err(NavMeshError::OutOfRange(_))));
        assert!(matches!(mesh.column_at_world(0.0, bad), Err(NavMeshError::OutOfRange(_))));
    }
}

/// A clone keeps its links while the original edits the neighbours of a
/// tile with portals and off-mesh links (whose link tables an edit patches
/// in place when no clone shares them), and the other way round.
#[test]
fn clones_keep_their_links_while_neighbours_of_linked_tiles_change() {
    let p = params();
    let linked = |x, z| GridTile::new(x, z, 2).link(link([2.0, 0.0, 2.0], [20.0, 0.0, 2.0], 1.0, true));
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for (x, z) in [(0, 0), (1, 0), (0, 1)] {
        mesh.add_tile(linked(x, z).build(&p)).unwrap();
    }
    let frozen = mesh.clone();
    let before = (full_state(&frozen), attachments(&frozen));
    mesh.add_tile(GridTile::new(1, 1, 2).build(&p)).unwrap();
    mesh.replace_tile(linked(1, 0).build(&p)).unwrap();
    mesh.remove_tile(0, 1, 0).unwrap();
    assert_eq!((full_state(&frozen), attachments(&frozen)), before, "edits of the original reached the clone");
    assert_ne!(full_state(&mesh), before.0);

    let original = (full_state(&mesh), attachments(&mesh));
    let mut copy = mesh.clone();
    copy.remove_tile(1, 1, 0).unwrap();
    copy.add_tile(linked(0, 1).build(&p)).unwrap();
    copy.add_tile(GridTile::new(0, 2, 2).build(&p)).unwrap();
    assert_ne!(attachments(&copy), original.1, "the edits moved no attachment");
    assert_eq!((full_state(&mesh), attachments(&mesh)), original, "edits of the clone reached the original");
}

/// Every tile's off-mesh attachments, in slot order.
fn attachments(mesh: &TiledNavMesh) -> Vec<(TileRef, Vec<Attachment>)> {
    mesh.tiles().map(|(r, _)| (r, mesh.off_mesh_attachments(r).unwrap().to_vec())).collect()
}
