//! ONPS snapshots and the tile library (LAYOUT section 5; format text
//! "Build fingerprint", where it is checked; LAYOUT section 8 on the
//! library): byte layout, exact restore, and every error leaving the mesh
//! untouched.

mod mesh_common;

use mesh_common::{full_state, link, params, GridTile};
use onav::{NavMeshError, NavMeshParams, TileContentId, TileLibrary, TileStreamer, TiledNavMesh};

const SALTS: usize = 84;
const RECORD_LEN: usize = 20;

/// Slots 0..=5 after edits: 0, 1, 2 and 4 hold tiles, 3 and 5 are free,
/// salts differ, one tile has a bidirectional off-mesh link.
fn sample_mesh() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for x in 0..6 {
        mesh.add_tile(GridTile::new(x, 0, 2).build(&p)).unwrap();
    }
    mesh.remove_tile(3, 0, 0).unwrap();
    mesh.remove_tile(5, 0, 0).unwrap();
    mesh.replace_tile(GridTile::new(1, 0, 2).link(link([4.0, 0.0, 4.0], [20.0, 0.0, 4.0], 0.5, true)).build(&p))
        .unwrap();
    mesh.replace_tile(GridTile::new(1, 0, 2).link(link([4.0, 0.0, 4.0], [20.0, 0.0, 4.0], 0.5, true)).build(&p))
        .unwrap();
    mesh
}

fn library_of(mesh: &TiledNavMesh) -> TileLibrary {
    let mut library = TileLibrary::new(*mesh.params()).unwrap();
    for (_, tile) in mesh.tiles() {
        library.add_bytes(&tile.to_bytes()).unwrap();
    }
    library
}

/// A mesh with other content, the target of restores.
fn other_mesh() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(9, 9, 1).build(&p)).unwrap();
    mesh
}

fn put_u32(bytes: &mut [u8], offset: usize, value: u32) {
    bytes[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
}

fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap())
}

#[test]
fn layout_follows_section_5() {
    let mesh = sample_mesh();
    let bytes = mesh.snapshot();
    assert_eq!(&bytes[0..4], b"ONPS");
    assert_eq!(&bytes[4..8], &[2, 0, 0, 0]);
    assert_eq!(&bytes[8..76], &onav::write_mesh(&mesh)[8..76], "the mesh's parameter block");
    assert_eq!((u32_at(&bytes, 76), u32_at(&bytes, 80)), (6, 4));
    let salts: Vec<u32> = (0..6).map(|s| u32_at(&bytes, SALTS + 4 * s)).collect();
    assert_eq!(salts, mesh.salts());
    assert_eq!(salts, [1, 3, 1, 2, 1, 2]);
    let records = SALTS + 4 * 6;
    assert_eq!(bytes.len(), records + RECORD_LEN * 4);
    for (i, (tile_ref, tile)) in mesh.tiles().enumerate() {
        let record = records + RECORD_LEN * i;
        assert_eq!(u32_at(&bytes, record), tile_ref.slot());
        assert_eq!(&bytes[record + 4..record + RECORD_LEN], &tile.content_id().0);
    }
    assert_eq!((0..4).map(|i| u32_at(&bytes, records + RECORD_LEN * i)).collect::<Vec<_>>(), [0, 1, 2, 4]);
}

#[test]
fn empty_mesh_snapshot_is_the_bare_header() {
    let mesh = TiledNavMesh::new(params()).unwrap();
    let bytes = mesh.snapshot();
    assert_eq!(bytes.len(), SALTS);
    let mut target = sample_mesh();
    target.restore_snapshot(&bytes, &TileLibrary::new(params()).unwrap()).unwrap();
    assert_eq!(full_state(&target), full_state(&mesh));
}

#[test]
fn restore_replaces_the_whole_slot_state_exactly() {
    let mesh = sample_mesh();
    let mut target = other_mesh();
    target.restore_snapshot(&mesh.snapshot(), &library_of(&mesh)).unwrap();
    assert_eq!(full_state(&target), full_state(&mesh), "slots, salts, tiles and links");
    assert_eq!(target.snapshot(), mesh.snapshot());
    assert!(target.link_count() > 0);
    // Free slots come back too: the next tile takes slot 3 at its salt.
    let added = target.add_tile(GridTile::new(8, 0, 2).build(&params())).unwrap();
    assert_eq!((added.slot(), added.salt()), (3, 2));
}

#[test]
fn restore_stitches_against_the_restored_tiles() {
    let p = params();
    let mesh = sample_mesh();
    let mut target = other_mesh();
    let library = library_of(&mesh);
    target.restore_snapshot(&mesh.snapshot(), &library).unwrap();
    let rebuilt = onav::read_mesh(&onav::write_mesh(&mesh)).unwrap();
    assert_eq!(onav::NavMeshDebug::collect(&target), onav::NavMeshDebug::collect(&rebuilt));
    assert!(target.tile_at(9, 9, 1).is_none(), "the old content is gone");
    let tile = target.tile_at(0, 0, 0).unwrap().1;
    assert!(std::sync::Arc::ptr_eq(tile, library.get(&tile.content_id()).unwrap()), "tiles are shared");
    let mut bigger = library;
    bigger.add_tile(GridTile::new(7, 7, 4).build(&p)).unwrap();
    let mut again = other_mesh();
    again.restore_snapshot(&mesh.snapshot(), &bigger).unwrap();
    assert_eq!(full_state(&again), full_state(&mesh), "unused library tiles stay out");
}

#[test]
fn the_streaming_queue_is_not_part_of_a_snapshot() {
    let p = params();
    let mut mesh = sample_mesh();
    let before = mesh.snapshot();
    let mut streamer = TileStreamer::new();
    streamer.queue_tile(GridTile::new(3, 0, 2).build(&p).to_bytes());
    streamer.queue_remove_column(0, 0);
    assert_eq!(mesh.snapshot(), before);
    let mut restored = other_mesh();
    restored.restore_snapshot(&before, &library_of(&mesh)).unwrap();
    assert_eq!(streamer.pending(), 2);
    streamer.clone().update(&mut mesh, 2).unwrap();
    streamer.update(&mut restored, 2).unwrap();
    assert_eq!(full_state(&restored), full_state(&mesh), "the queue applies alike to the restored mesh");
}

#[test]
fn library_keys_by_content_id_and_keeps_equal_bytes_once() {
    let p = params();
    let tile = GridTile::new(0, 0, 2).build(&p);
    let mut library = TileLibrary::new(p).unwrap();
    assert!(library.is_empty());
    let id = library.add_bytes(&tile.to_bytes()).unwrap();
    assert_eq!(id, tile.content_id());
    assert_eq!(id, TileContentId::of_bytes(&tile.to_bytes()));
    assert_eq!(library.add_bytes(&tile.to_bytes()).unwrap(), id);
    assert_eq!(library.add_tile(tile.clone()).unwrap(), id);
    assert_eq!(library.len(), 1);
    library.add_tile(GridTile::new(0, 0, 2).height(0.0, 1.0).build(&p)).unwrap();
    assert_eq!(library.len(), 2, "another tile at the same position is another entry");
    assert_eq!(library.get(&id).unwrap().data(), tile.data());
}

fn other_params() -> NavMeshParams {
    let mut other = params();
    other.settings_digest = 42;
    other
}

#[test]
fn library_rejects_tiles_it_cannot_hold() {
    let p = params();
    let mut library = TileLibrary::new(p).unwrap();
    let foreign = GridTile::new(0, 0, 2).build(&other_params());
    assert!(matches!(library.add_bytes(&foreign.to_bytes()), Err(NavMeshError::Fingerprint(_))));
    assert!(matches!(library.add_tile(foreign), Err(NavMeshError::Fingerprint(_))));
    let mut version_3 = GridTile::new(0, 0, 2).build(&p).to_bytes();
    version_3[4] = 3;
    assert!(matches!(library.add_bytes(&version_3), Err(NavMeshError::Version { found: 3, expected: 2, .. })));
    let good = GridTile::new(0, 0, 2).build(&p).to_bytes();
    assert!(matches!(library.add_bytes(&good[..50]), Err(NavMeshError::Format(_))));
    assert!(library.is_empty());
    let mut bad = p;
    bad.cell_size = 0.0;
    assert!(matches!(TileLibrary::new(bad), Err(NavMeshError::OutOfRange(_))));
}

/// Restores `bytes` with `library` into the sample mesh's twin and returns
/// the error, after checking the target did not change.
fn rejected_with(bytes: &[u8], library: &TileLibrary) -> NavMeshError {
    let mut target = other_mesh();
    let before = full_state(&target);
    let error = target.restore_snapshot(bytes, library).unwrap_err();
    assert_eq!(full_state(&target), before, "target changed on {error}");
    error
}

fn rejected(bytes: &[u8]) -> NavMeshError {
    rejected_with(bytes, &library_of(&sample_mesh()))
}

fn assert_format(bytes: &[u8], needle: &str) {
    match rejected(bytes) {
        NavMeshError::Format(m) => assert!(m.contains(needle), "{m:?} lacks {needle:?}"),
        other => panic!("expected a format error containing {needle:?}, got {other:?}"),
    }
}

#[test]
fn header_errors() {
    let good = sample_mesh().snapshot();
    let mut b = good.clone();
    b[3] = b'M';
    assert_format(&b, "magic");
    let mut b = good.clone();
    b[4] = 3;
    assert!(matches!(rejected(&b), NavMeshError::Version { found: 3, expected: 2, what: "ONPS snapshot" }));
    let mut b = good.clone();
    b[4..6].copy_from_slice(&1u16.to_le_bytes());
    assert!(matches!(rejected(&b), NavMeshError::Version { found: 1, expected: 2, .. }), "the draft version");
    let mut b = good.clone();
    b[6] = 1;
    assert_format(&b, "flags");
}

#[test]
fn parameter_block_must_equal_the_meshs() {
    let good = sample_mesh().snapshot();
    let mut b = good.clone();
    b[8 + 60..8 + 68].copy_from_slice(&42u64.to_le_bytes());
    let NavMeshError::Fingerprint(m) = rejected(&b) else { panic!("settings digest differs") };
    assert!(m.contains("parameter block"), "{m}");
    let mut b = good.clone();
    b[8 + 44..8 + 48].copy_from_slice(&0.75f32.to_le_bytes());
    assert!(matches!(rejected(&b), NavMeshError::Fingerprint(_)), "climb differs");
    let mut b = good.clone();
    b[8..16].copy_from_slice(&(-0.0f64).to_le_bytes());
    assert!(matches!(rejected(&b), NavMeshError::Fingerprint(_)), "-0.0 is another block");
    let mut b = good.clone();
    b[8 + 42] = 1;
    assert_format(&b, "reserved");
}

#[test]
fn library_for_other_parameters_is_a_fingerprint_error() {
    let mesh = sample_mesh();
    let foreign = TileLibrary::new(other_params()).unwrap();
    assert!(matches!(rejected_with(&mesh.snapshot(), &foreign), NavMeshError::Fingerprint(_)));
    let empty = TiledNavMesh::new(params()).unwrap().snapshot();
    assert!(matches!(rejected_with(&empty, &foreign), NavMeshError::Fingerprint(_)));
}

#[test]
fn missing_content_id_names_the_slot() {
    let mesh = sample_mesh();
    let mut library = TileLibrary::new(params()).unwrap();
    for (_, tile) in mesh.tiles().filter(|(r, _)| r.slot() != 2) {
        library.add_tile(tile.clone()).unwrap();
    }
    let NavMeshError::Format(m) = rejected_with(&mesh.snapshot(), &library) else { panic!() };
    assert!(m.contains("slot 2") && m.contains("library"), "{m}");
    let mut b = mesh.snapshot();
    let last_id = b.len() - 16;
    b[last_id] ^= 0xFF;
    assert_format(&b, "slot 4");
}

#[test]
fn slot_table_errors() {
    let good = sample_mesh().snapshot();
    let records = SALTS + 4 * 6;
    for bad_salt in [0u32, 0x100_0000, u32::MAX] {
        let mut b = good.clone();
        put_u32(&mut b, SALTS + 4 * 3, bad_salt);
        assert_format(&b, "salt");
    }
    let mut b = good.clone();
    put_u32(&mut b, 80, 7);
    assert_format(&b, "above slot count");
    let mut b = good.clone();
    put_u32(&mut b, 76, 0x10_0000);
    assert_format(&b, "slot count");
    let mut b = good.clone();
    put_u32(&mut b, 76, 1_048_575);
    put_u32(&mut b, 80, 1_048_575);
    assert_format(&b, "need at least");
    let mut b = good.clone();
    put_u32(&mut b, 80, 3);
    assert_format(&b, "trailing");
    let mut b = good.clone();
    b.push(0);
    assert_format(&b, "trailing");
    let mut b = good.clone();
    put_u32(&mut b, records + RECORD_LEN, 0);
    assert_format(&b, "not above");
    let mut b = good.clone();
    put_u32(&mut b, records + RECORD_LEN * 2, 1);
    assert_format(&b, "not above");
    let mut b = good.clone();
    put_u32(&mut b, records + RECORD_LEN * 3, 6);
    assert_format(&b, "beyond slot count");
}

#[test]
fn two_slots_at_one_position_are_rejected() {
    let mut b = sample_mesh().snapshot();
    let records = SALTS + 4 * 6;
    let first_id = b[records + 4..records + RECORD_LEN].to_vec();
    b[records + RECORD_LEN * 3 + 4..records + RECORD_LEN * 4].copy_from_slice(&first_id);
    assert_format(&b, "repeats position");
}

#[test]
fn every_truncation_is_a_format_error() {
    let good = sample_mesh().snapshot();
    let library = library_of(&sample_mesh());
    for len in 0..good.len() {
        let error = rejected_with(&good[..len], &library);
        assert!(matches!(error, NavMeshError::Format(_)), "length {len}: {error:?}");
    }
}
