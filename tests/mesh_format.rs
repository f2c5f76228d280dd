//! The ONPM layout (format text "Mesh (ONPM)"; LAYOUT sections 4 and 8):
//! byte-identical round trips and every mesh-level corruption rejected with
//! the right kind, leaving the target unchanged.

mod mesh_common;

use mesh_common::{full_state, link, params, GridTile};
use onav::{read_mesh, read_mesh_into, write_mesh, NavMeshError, TiledNavMesh};

/// Slots 0..=4 with slot 3 free, salts above 1, two layers, off-mesh links.
fn sample_mesh() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for x in 0..5 {
        mesh.add_tile(GridTile::new(x, 0, 2).build(&p)).unwrap();
    }
    mesh.replace_tile(GridTile::new(0, 0, 2).link(link([1.0, 0.0, 1.0], [60.0, 0.0, 1.0], 0.5, true)).build(&p))
        .unwrap();
    mesh.remove_tile(1, 0, 0).unwrap();
    mesh.remove_tile(3, 0, 0).unwrap();
    mesh.add_tile(GridTile::new(3, 0, 2).layer(4).height(0.0, 0.25).build(&p)).unwrap();
    mesh
}

#[test]
fn empty_mesh_has_no_slots() {
    let bytes = write_mesh(&TiledNavMesh::new(params()).unwrap());
    assert_eq!(bytes.len(), 84);
    assert_eq!(&bytes[..8], b"ONPM\x02\x00\x00\x00");
    assert_eq!(&bytes[76..84], &[0; 8]);
    assert_eq!(write_mesh(&read_mesh(&bytes).unwrap()), bytes);
}

#[test]
fn round_trip_is_byte_identical_and_restores_slots_salts_and_links() {
    let mesh = sample_mesh();
    let bytes = write_mesh(&mesh);
    let back = read_mesh(&bytes).unwrap();
    assert_eq!(write_mesh(&back), bytes);
    assert_eq!(full_state(&back), full_state(&mesh));
    assert_eq!(back.salts(), &[2, 2, 1, 2, 1]);
    let mut a = mesh.clone();
    let mut b = back;
    let p = params();
    let ra = a.add_tile(GridTile::new(7, 7, 1).build(&p)).unwrap();
    let rb = b.add_tile(GridTile::new(7, 7, 1).build(&p)).unwrap();
    assert_eq!((ra, ra.slot()), (rb, 3), "the free slots come back too");
}

#[test]
fn free_slots_and_salts_only() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    mesh.remove_tile(0, 0, 0).unwrap();
    let bytes = write_mesh(&mesh);
    assert_eq!(&bytes[76..88], &[1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(write_mesh(&read_mesh(&bytes).unwrap()), bytes);
}

/// Offsets of the sample's parts.
struct Layout {
    slot_count: usize,
    first_record: usize,
}

fn layout(bytes: &[u8]) -> Layout {
    let s = u32::from_le_bytes(bytes[76..80].try_into().unwrap()) as usize;
    Layout { slot_count: s, first_record: 84 + 4 * s }
}

fn put_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn record_len(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize
}

/// Reads `bytes` into a copy of the sample and checks the kind and that
/// the target did not change.
fn rejected(bytes: &[u8]) -> NavMeshError {
    let mut target = sample_mesh();
    let before = full_state(&target);
    let error = read_mesh_into(&mut target, bytes).unwrap_err();
    assert_eq!(full_state(&target), before, "target changed on {error}");
    error
}

fn assert_format(bytes: &[u8], needle: &str) {
    match rejected(bytes) {
        NavMeshError::Format(m) => assert!(m.contains(needle), "{m:?} lacks {needle:?}"),
        other => panic!("expected a format error containing {needle:?}, got {other:?}"),
    }
}

#[test]
fn header_corruptions() {
    let good = write_mesh(&sample_mesh());
    let mut b = good.clone();
    b[0] = b'X';
    assert_format(&b, "magic");
    let mut b = good.clone();
    b[4] = 3;
    assert!(matches!(rejected(&b), NavMeshError::Version { found: 3, expected: 2, .. }));
    let mut b = good.clone();
    b[6] = 1;
    assert_format(&b, "flags");
    let mut b = good.clone();
    b[8 + 40..8 + 42].copy_from_slice(&17u16.to_le_bytes());
    assert_format(&b, "MaxVertsPerPoly");
    let mut b = good.clone();
    put_u32(&mut b, 76, 0x10_0000);
    assert_format(&b, "slot count");
    let mut b = good.clone();
    put_u32(&mut b, 80, 6);
    assert_format(&b, "above slot count");
    let mut b = good.clone();
    put_u32(&mut b, 80, 5);
    assert_format(&b, "");
}

#[test]
fn salt_corruptions() {
    let good = write_mesh(&sample_mesh());
    for bad in [0u32, 0x100_0000, u32::MAX] {
        let mut b = good.clone();
        put_u32(&mut b, 84 + 4 * 3, bad);
        assert_format(&b, "salt");
    }
}

#[test]
fn record_corruptions() {
    let good = write_mesh(&sample_mesh());
    let l = layout(&good);
    let second = l.first_record + 8 + record_len(&good, l.first_record);
    // Record slots: 0, 1, 2, 4.
    let mut b = good.clone();
    put_u32(&mut b, second, 0);
    assert_format(&b, "not above");
    let mut b = good.clone();
    put_u32(&mut b, l.first_record, 2);
    assert_format(&b, "not above");
    let mut b = good.clone();
    put_u32(&mut b, second, l.slot_count as u32);
    assert_format(&b, "beyond slot count");
    let mut b = good.clone();
    put_u32(&mut b, l.first_record + 4, u32::MAX);
    assert_format(&b, "truncated");
    let mut b = good.clone();
    b.push(0);
    assert_format(&b, "trailing");
}

#[test]
fn duplicate_positions_are_rejected() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 1).build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 1).build(&p)).unwrap();
    let mut bytes = write_mesh(&mesh);
    let l = layout(&bytes);
    let second = l.first_record + 8 + record_len(&bytes, l.first_record) + 8;
    // TileX of the second tile's header (offset 32) set to the first's.
    bytes[second + 32..second + 36].copy_from_slice(&0i32.to_le_bytes());
    assert_format(&bytes, "repeats position");
}

#[test]
fn embedded_tile_errors_keep_their_kind() {
    let good = write_mesh(&sample_mesh());
    let l = layout(&good);
    let tile = l.first_record + 8;
    let mut b = good.clone();
    b[tile + 4] = 3;
    assert!(matches!(rejected(&b), NavMeshError::Version { found: 3, .. }));
    let mut b = good.clone();
    b[tile + 8] ^= 1;
    assert!(matches!(rejected(&b), NavMeshError::Fingerprint(_)));
    let mut b = good.clone();
    b[tile + 42] = 1;
    assert_format(&b, "tile record 0");
}

#[test]
fn every_truncation_is_a_format_error() {
    let good = write_mesh(&sample_mesh());
    let target = sample_mesh();
    let before = full_state(&target);
    for len in 0..good.len() {
        let mut t = target.clone();
        let error = read_mesh_into(&mut t, &good[..len]).unwrap_err();
        assert!(matches!(error, NavMeshError::Format(_)), "length {len}: {error:?}");
        if len % 97 == 0 {
            assert_eq!(full_state(&t), before);
        }
    }
}

#[test]
fn huge_counts_are_checked_before_allocating() {
    let mut b = write_mesh(&TiledNavMesh::new(params()).unwrap());
    put_u32(&mut b, 76, 1_048_575);
    put_u32(&mut b, 80, 1_048_575);
    assert_format(&b, "need at least");
}
