//! The ONPT layout (LAYOUT section 3): round trips, the check order of
//! LAYOUT section 8, truncation and corruption at every offset.

mod tile_fixture;

use onav::{read_tile, write_tile, NavMeshError, NavMeshParams, NavTile, TileContentId};
use tile_fixture::{full_tile, params};

fn sample_bytes() -> (NavMeshParams, Vec<u8>) {
    let p = params();
    let tile = NavTile::create(&p, full_tile(&p)).unwrap();
    (p, write_tile(&tile))
}

fn kind(result: Result<NavTile, NavMeshError>) -> &'static str {
    match result {
        Ok(_) => "ok",
        Err(NavMeshError::Format(_)) => "format",
        Err(NavMeshError::Version { .. }) => "version",
        Err(NavMeshError::Fingerprint(_)) => "fingerprint",
        Err(NavMeshError::OutOfRange(_)) => "out of range",
        Err(NavMeshError::InvalidOperation(_)) => "invalid operation",
        Err(NavMeshError::InvalidReference(_)) => "invalid reference",
    }
}

#[test]
fn round_trip_is_byte_identical() {
    let (p, bytes) = sample_bytes();
    let tile = read_tile(&p, &bytes).unwrap();
    assert_eq!(write_tile(&tile), bytes);
    assert_eq!(tile.data(), &full_tile(&p));
    let again = NavTile::create(&p, full_tile(&p)).unwrap();
    assert_eq!(write_tile(&again), bytes);
}

#[test]
fn layout_offsets_and_length() {
    let (p, bytes) = sample_bytes();
    let data = full_tile(&p);
    assert_eq!(&bytes[0..4], b"ONPT");
    assert_eq!(&bytes[4..8], &[2, 0, 0, 0]);
    assert_eq!(&bytes[8..24], &onav::BuildFingerprint::of(&p).0);
    assert_eq!(&bytes[24..32], &10.0f64.to_le_bytes());
    assert_eq!(&bytes[32..36], &1i32.to_le_bytes());
    assert_eq!(&bytes[36..40], &(-2i32).to_le_bytes());
    let (v, poly, e, d, dv, dt, l) = (9u64, 4u64, 16u64, 4u64, 4u64, 16u64, 2u64);
    assert_eq!(data.vertices.len() as u64, v);
    assert_eq!(bytes.len() as u64, 72 + 12 * v + 4 * poly + 9 * e + 16 * d + 12 * dv + 4 * dt + 36 * l);
    // First link record: start x at its offset, then area, bidirectional, flags.
    let link = bytes.len() - 72;
    assert_eq!(&bytes[link..link + 4], &1.0f32.to_le_bytes());
    assert_eq!(&bytes[link + 28..link + 32], &[5, 1, 0x01, 0x80]);
}

#[test]
fn negative_zero_survives_a_round_trip() {
    let p = params();
    let mut data = full_tile(&p);
    data.vertices[4][1] = -0.0;
    data.off_mesh_links[0].end[2] = -0.0;
    let tile = NavTile::create(&p, data).unwrap();
    let back = read_tile(&p, &write_tile(&tile)).unwrap();
    assert_eq!(back.vertices()[4][1].to_bits(), (-0.0f32).to_bits());
    assert_eq!(back.off_mesh_links()[0].end[2].to_bits(), (-0.0f32).to_bits());
}

#[test]
fn content_id_is_sha256_prefix_of_the_bytes() {
    let (p, bytes) = sample_bytes();
    let tile = read_tile(&p, &bytes).unwrap();
    assert_eq!(tile.content_id(), TileContentId::of_bytes(&bytes));
    let mut other = full_tile(&p);
    other.polygons[0].flags ^= 1;
    assert_ne!(NavTile::create(&p, other).unwrap().content_id(), tile.content_id());
}

#[test]
fn every_version_but_2_is_a_version_error() {
    let (p, bytes) = sample_bytes();
    for version in [0u16, 1, 3, 0x0200, 0xFFFF] {
        let mut bad = bytes.clone();
        bad[4..6].copy_from_slice(&version.to_le_bytes());
        match read_tile(&p, &bad) {
            Err(NavMeshError::Version { found, expected, .. }) => {
                assert_eq!((found, expected), (version, 2));
            }
            other => panic!("version {version}: {other:?}"),
        }
    }
    // Short bytes: the version check still comes before the length.
    let short = [b'O', b'N', b'P', b'T', 3, 0, 0, 0, 0, 0];
    assert!(matches!(read_tile(&p, &short), Err(NavMeshError::Version { found: 3, expected: 2, .. })));
}

#[test]
fn magic_and_flags_are_format_errors() {
    let (p, bytes) = sample_bytes();
    let mut magic = bytes.clone();
    magic[3] = b'M';
    assert_eq!(kind(read_tile(&p, &magic)), "format");
    for bit in 0..16 {
        let mut flagged = bytes.clone();
        flagged[6..8].copy_from_slice(&(1u16 << bit).to_le_bytes());
        let err = read_tile(&p, &flagged).unwrap_err();
        assert!(matches!(&err, NavMeshError::Format(m) if m.contains("flags")), "{err}");
    }
}

#[test]
fn fingerprint_is_checked_before_the_header() {
    let (p, mut bytes) = sample_bytes();
    let other = NavMeshParams { agent_radius: 0.6, ..p };
    assert_eq!(kind(read_tile(&other, &bytes)), "fingerprint");
    let digest = NavMeshParams { settings_digest: 7, ..p };
    assert_eq!(kind(read_tile(&digest, &bytes)), "fingerprint");
    // A broken header (layer 4000) behind a foreign fingerprint is still a
    // fingerprint error.
    bytes[40..42].copy_from_slice(&4000u16.to_le_bytes());
    assert_eq!(kind(read_tile(&p, &bytes)), "format");
    assert_eq!(kind(read_tile(&other, &bytes)), "fingerprint");
}

#[test]
fn invalid_params_are_out_of_range() {
    let (p, bytes) = sample_bytes();
    let bad = NavMeshParams { cell_size: -1.0, ..p };
    assert_eq!(kind(read_tile(&bad, &bytes)), "out of range");
}

#[test]
fn header_fields_are_checked() {
    let (p, bytes) = sample_bytes();
    let cases: [(usize, Vec<u8>, &str); 5] = [
        (24, f64::NAN.to_le_bytes().to_vec(), "OriginY"),
        (24, 2_097_152.0f64.to_le_bytes().to_vec(), "OriginY"),
        (42, 1u16.to_le_bytes().to_vec(), "reserved"),
        (48, (1u32 << 20 | 1).to_le_bytes().to_vec(), "polygon count"),
        (56, 3u32.to_le_bytes().to_vec(), "detail mesh count"),
    ];
    for (offset, value, needle) in cases {
        let mut bad = bytes.clone();
        bad[offset..offset + value.len()].copy_from_slice(&value);
        let err = read_tile(&p, &bad).unwrap_err();
        assert!(matches!(&err, NavMeshError::Format(m) if m.contains(needle)), "{needle}: {err}");
    }
}

#[test]
fn length_must_match_the_counts_exactly() {
    let (p, bytes) = sample_bytes();
    let mut trailing = bytes.clone();
    trailing.push(0);
    let err = read_tile(&p, &trailing).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("imply")), "{err}");
    let mut huge = bytes[..100].to_vec();
    huge[44..48].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = read_tile(&p, &huge).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("imply")), "{err}");
}

#[test]
fn bidirectional_byte_is_0_or_1() {
    let (p, bytes) = sample_bytes();
    let link = bytes.len() - 72;
    let mut bad = bytes.clone();
    bad[link + 29] = 2;
    let err = read_tile(&p, &bad).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("off_mesh_links[0]")), "{err}");
}

#[test]
fn truncation_at_every_offset_is_a_format_error() {
    let (p, bytes) = sample_bytes();
    for len in 0..bytes.len() {
        assert_eq!(kind(read_tile(&p, &bytes[..len])), "format", "length {len}");
    }
}

#[test]
fn a_corrupt_byte_at_every_offset_is_caught_or_revalidates() {
    let (p, bytes) = sample_bytes();
    for offset in 0..bytes.len() {
        for mask in [0x01u8, 0x80, 0xFF] {
            let mut bad = bytes.clone();
            bad[offset] ^= mask;
            let result = read_tile(&p, &bad);
            let expected = match offset {
                0..=3 | 6..=7 => Some("format"),
                4..=5 => Some("version"),
                8..=23 => Some("fingerprint"),
                _ => None,
            };
            match (result, expected) {
                (Ok(tile), None) => {
                    // Accepted: it must be a valid tile that writes the same bytes.
                    assert_eq!(write_tile(&tile), bad, "offset {offset}");
                    NavTile::create(&p, tile.data().to_data()).unwrap();
                }
                (Err(_), None) => {}
                (result, Some(kind_expected)) => assert_eq!(kind(result), kind_expected, "offset {offset}"),
            }
        }
    }
}
