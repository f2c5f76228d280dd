//! Tier-1 envelopes ONNM and ONNW (format text "Tier-1 envelopes"; LAYOUT
//! sections 6 and 8): round trips, settings checks and every corruption.

mod input_2d;

use onav::{write_mesh, NavMesh, NavMeshError, NavSettings, NavWorld, OffMeshLinkDefinition};

fn settings_with_link() -> NavSettings {
    let mut s = input_2d::settings();
    s.set_off_mesh_links(vec![OffMeshLinkDefinition {
        start: [-6.0, 2.5, 6.0],
        end: [10.0, 2.5, 6.0],
        radius: 1.0,
        bidirectional: true,
        area: 4,
        flags: 2,
        user_id: 42,
    }])
    .unwrap();
    s
}

fn sample() -> NavMesh {
    let s = settings_with_link();
    NavMesh::build_2d(s.clone(), &input_2d::grid(&s, 2, 2, 2)).unwrap()
}

fn kind(err: &NavMeshError) -> &'static str {
    match err {
        NavMeshError::Format(_) => "format",
        NavMeshError::Version { .. } => "version",
        NavMeshError::Fingerprint(_) => "fingerprint",
        NavMeshError::OutOfRange(_) => "out of range",
        NavMeshError::InvalidOperation(_) => "invalid operation",
        NavMeshError::InvalidReference(_) => "invalid reference",
    }
}

/// Offset of the settings record: header 8 + grid and agent fields 60.
const RECORD: usize = 68;

#[test]
fn onnm_round_trip_keeps_settings_and_bytes() {
    let mesh = sample();
    let bytes = mesh.save();
    assert_eq!(&bytes[..8], b"ONNM\x01\x00\x00\x00");
    let loaded = NavMesh::load(&bytes).unwrap();
    assert_eq!(loaded.settings(), mesh.settings());
    assert_eq!(loaded.save(), bytes);
    // The envelope wraps the mesh bytes unchanged.
    let onpm = write_mesh(mesh.mesh());
    assert_eq!(&bytes[bytes.len() - onpm.len()..], &onpm[..]);
    let record = mesh.settings().record().encode();
    assert_eq!(&bytes[RECORD..RECORD + record.len()], &record[..]);
}

#[test]
fn load_with_accepts_bare_onpm_and_checks_the_settings() {
    let mesh = sample();
    let onpm = write_mesh(mesh.mesh());
    let loaded = NavMesh::load_with(settings_with_link(), &onpm).unwrap();
    assert_eq!(loaded.save(), mesh.save());
    let mut other = settings_with_link();
    other.set_detail_max_error(2.0).unwrap(); // digest field only
    assert_eq!(kind(&NavMesh::load_with(other.clone(), &onpm).unwrap_err()), "fingerprint");
    assert_eq!(kind(&NavMesh::load_with(other, &mesh.save()).unwrap_err()), "fingerprint");
    let mut agent = settings_with_link();
    agent.set_agent_radius(0.6).unwrap();
    assert_eq!(kind(&NavMesh::load_with(agent, &onpm).unwrap_err()), "fingerprint");
    assert_eq!(kind(&NavMesh::load_with(settings_with_link(), b"ONPT").unwrap_err()), "format");
}

#[test]
fn onnm_header_errors() {
    let bytes = sample().save();
    for version in [0u16, 2, 3] {
        let mut bad = bytes.clone();
        bad[4..6].copy_from_slice(&version.to_le_bytes());
        match NavMesh::load(&bad) {
            Err(NavMeshError::Version { found, expected, .. }) => assert_eq!((found, expected), (version, 1)),
            other => panic!("{other:?}"),
        }
    }
    let mut flags = bytes.clone();
    flags[6] = 1;
    assert_eq!(kind(&NavMesh::load(&flags).unwrap_err()), "format");
    let mut magic = bytes.clone();
    magic[3] = b'W';
    assert_eq!(kind(&NavMesh::load(&magic).unwrap_err()), "format");
}

#[test]
fn settings_out_of_range_are_format_errors_naming_the_field() {
    let bytes = sample().save();
    let cases: [(usize, Vec<u8>, &str); 6] = [
        (8 + 32, 0.0f64.to_le_bytes().to_vec(), "CellSize"),
        (8 + 40, 17u16.to_le_bytes().to_vec(), "MaxVertsPerPoly"),
        (8 + 42, 1u16.to_le_bytes().to_vec(), "reserved"),
        (RECORD, (-1.0f64).to_le_bytes().to_vec(), "CellHeight"),
        (RECORD + 12, 3i32.to_le_bytes().to_vec(), "Partition"),
        (RECORD + 60, vec![64], "Area"),
    ];
    for (offset, value, field) in cases {
        let mut bad = bytes.clone();
        bad[offset..offset + value.len()].copy_from_slice(&value);
        let err = NavMesh::load(&bad).unwrap_err();
        assert!(matches!(&err, NavMeshError::Format(m) if m.contains(field)), "{field}: {err}");
    }
    // A tile size the cell size does not allow (rule between fields).
    let mut bad = bytes.clone();
    bad[8 + 32..8 + 40].copy_from_slice(&0.001f64.to_le_bytes());
    let err = NavMesh::load(&bad).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("TileSize")), "{err}");
    // The link: radius 0 and a bidirectional byte of 2.
    let link = RECORD + 67;
    let mut radius = bytes.clone();
    radius[link + 48..link + 56].copy_from_slice(&0.0f64.to_le_bytes());
    let err = NavMesh::load(&radius).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("OffMeshLinks[0]")), "{err}");
    let mut bidirectional = bytes.clone();
    bidirectional[link + 56] = 2;
    let err = NavMesh::load(&bidirectional).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("OffMeshLinks[0]")), "{err}");
}

#[test]
fn a_settings_change_that_stays_in_range_is_a_fingerprint_error() {
    let bytes = sample().save();
    let mut bad = bytes.clone();
    bad[RECORD + 62] ^= 0x10; // Flags: in range, but the digest differs
    assert_eq!(kind(&NavMesh::load(&bad).unwrap_err()), "fingerprint");
    let mut radius = bytes;
    radius[8 + 48..8 + 52].copy_from_slice(&0.75f32.to_le_bytes());
    assert_eq!(kind(&NavMesh::load(&radius).unwrap_err()), "fingerprint");
}

#[test]
fn lengths_counts_and_trailing_bytes() {
    let bytes = sample().save();
    let mut trailing = bytes.clone();
    trailing.push(0);
    assert_eq!(kind(&NavMesh::load(&trailing).unwrap_err()), "format");
    let link_count = RECORD + 63;
    let mut links = bytes.clone();
    links[link_count..link_count + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = NavMesh::load(&links).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("authored links")), "{err}");
    for len in 0..bytes.len() {
        assert_eq!(kind(&NavMesh::load(&bytes[..len]).unwrap_err()), "format", "length {len}");
    }
}

#[test]
fn errors_inside_the_embedded_mesh_keep_their_kind() {
    let mesh = sample();
    let bytes = mesh.save();
    let mesh_at = bytes.len() - write_mesh(mesh.mesh()).len();
    let mut version = bytes.clone();
    version[mesh_at + 4] = 3;
    assert!(matches!(NavMesh::load(&version), Err(NavMeshError::Version { found: 3, expected: 2, .. })));
    // The first tile record's fingerprint (after header 84 + 4 salts + slot and length).
    let mut fingerprint = bytes;
    fingerprint[mesh_at + 84 + 16 + 8 + 8] ^= 1;
    assert_eq!(kind(&NavMesh::load(&fingerprint).unwrap_err()), "fingerprint");
}

fn classes() -> Vec<NavSettings> {
    let small = settings_with_link();
    let mut large = small.clone();
    large.set_agent_radius(1.5).unwrap();
    let mut medium = small.clone();
    medium.set_agent_radius(1.0).unwrap();
    let mut medium_again = medium.clone();
    medium_again.set_flags(3).unwrap();
    vec![large, small, medium, medium_again]
}

#[test]
fn each_class_equals_a_single_class_build() {
    let input = input_2d::grid(&settings_with_link(), 2, 2, 2);
    let world = NavWorld::build_2d(&classes(), &input).unwrap();
    for (i, settings) in classes().into_iter().enumerate() {
        let single = NavMesh::build_2d(settings, &input).unwrap();
        assert_eq!(world.class(i).unwrap().save(), single.save(), "class {i}");
    }
}

#[test]
fn class_for_picks_the_smallest_fitting_radius() {
    let input = input_2d::grid(&settings_with_link(), 1, 1, 1);
    let world = NavWorld::build_2d(&classes(), &input).unwrap();
    // Radii by index: 1.5, 0.5, 1.0, 1.0.
    assert_eq!(world.class_for(0.1), 1);
    assert_eq!(world.class_for(0.5), 1);
    assert_eq!(world.class_for(0.75), 2);
    assert_eq!(world.class_for(1.0), 2);
    assert_eq!(world.class_for(1.2), 0);
    assert_eq!(world.class_for(9.0), 0);
    assert!(matches!(NavWorld::new(vec![]), Err(NavMeshError::OutOfRange(_))));
}

#[test]
fn onnw_round_trip_and_corruptions() {
    let input = input_2d::grid(&settings_with_link(), 2, 1, 1);
    let world = NavWorld::build_2d(&classes(), &input).unwrap();
    let bytes = world.save();
    assert_eq!(&bytes[..12], b"ONNW\x01\x00\x00\x00\x04\x00\x00\x00");
    let loaded = NavWorld::load(&bytes).unwrap();
    assert_eq!(loaded.save(), bytes);
    let radii: Vec<f32> = loaded.classes().iter().map(|c| c.settings().agent_radius()).collect();
    assert_eq!(radii, vec![1.5, 0.5, 1.0, 1.0]);

    let mut version = bytes.clone();
    version[4] = 2;
    assert!(matches!(NavWorld::load(&version), Err(NavMeshError::Version { found: 2, expected: 1, .. })));
    let mut flags = bytes.clone();
    flags[7] = 0x80;
    assert_eq!(kind(&NavWorld::load(&flags).unwrap_err()), "format");
    for count in [0u32, (bytes.len() as u32 - 12) / 8 + 1, u32::MAX] {
        let mut bad = bytes.clone();
        bad[8..12].copy_from_slice(&count.to_le_bytes());
        let err = NavWorld::load(&bad).unwrap_err();
        assert!(matches!(&err, NavMeshError::Format(m) if m.contains("class count")), "{count}: {err}");
    }
    let mut fewer = bytes.clone();
    fewer[8..12].copy_from_slice(&3u32.to_le_bytes());
    assert_eq!(kind(&NavWorld::load(&fewer).unwrap_err()), "format");
    let mut trailing = bytes.clone();
    trailing.extend_from_slice(&[0, 0]);
    assert_eq!(kind(&NavWorld::load(&trailing).unwrap_err()), "format");
    // A class's own envelope error keeps its kind.
    let mut inner = bytes.clone();
    inner[16 + 4] = 9; // version of the first class's ONNM
    assert!(matches!(NavWorld::load(&inner), Err(NavMeshError::Version { found: 9, expected: 1, .. })));
    for len in 0..bytes.len() {
        assert!(NavWorld::load(&bytes[..len]).is_err(), "length {len}");
    }
}
