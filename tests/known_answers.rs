//! The fingerprint and the settings digest against an independent SHA-256
//! (coreutils `sha256sum`) over bytes written here field by field, following
//! LAYOUT section 2 rather than the library's encoders.

use std::io::Write;
use std::process::{Command, Stdio};

use onav::{BuildFingerprint, NavMeshParams, OffMeshLinkDefinition, SettingsRecord};

fn sha256sum(bytes: &[u8]) -> Vec<u8> {
    let mut child = Command::new("sha256sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sha256sum (coreutils) must be installed");
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    let output = child.wait_with_output().unwrap();
    let hex = String::from_utf8(output.stdout).unwrap();
    (0..64).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

fn params() -> NavMeshParams {
    NavMeshParams {
        origin_x: -1024.5,
        origin_y: 3.25,
        origin_z: 2048.0,
        tile_size: 48.0,
        cell_size: 0.3,
        max_verts_per_poly: 6,
        walkable_climb: 0.9,
        agent_radius: 0.6,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0xDEAD_BEEF_0123_4567,
    }
}

#[test]
fn fingerprint_matches_an_independent_sha256() {
    let p = params();
    let mut input = Vec::new();
    input.extend_from_slice(b"ONFP");
    input.extend_from_slice(&[2, 0]);
    for v in [p.origin_x, p.origin_y, p.origin_z, p.tile_size, p.cell_size] {
        input.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    input.extend_from_slice(&[6, 0, 0, 0]);
    for v in [p.walkable_climb, p.agent_radius, p.agent_height, p.agent_max_slope] {
        input.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    input.extend_from_slice(&[0x67, 0x45, 0x23, 0x01, 0xEF, 0xBE, 0xAD, 0xDE]);
    assert_eq!(input.len(), 74);
    let expected = sha256sum(&input);
    assert_eq!(BuildFingerprint::of(&p).0.as_slice(), &expected[..16]);
    // Any field changes the fingerprint.
    assert_ne!(BuildFingerprint::of(&NavMeshParams { settings_digest: 0, ..p }), BuildFingerprint::of(&p));
}

fn record() -> SettingsRecord {
    SettingsRecord {
        cell_height: 0.2,
        snap_bits: -1,
        partition: 1,
        min_region_area: 8,
        merge_region_area: 20,
        contour_max_error: 1.3,
        max_edge_length: 12.0,
        detail_sample_distance: 6.0,
        detail_max_error: 1.0,
        height: -0.0,
        area: 63,
        flags: 0xFFFF,
        links: vec![
            OffMeshLinkDefinition {
                start: [1.0, 2.0, 3.0],
                end: [-4.0, 5.5, 6.25],
                radius: 0.5,
                bidirectional: true,
                area: 9,
                flags: 0x0102,
                user_id: 0xA1B2_C3D4,
            },
            OffMeshLinkDefinition {
                start: [10.0, 0.0, 0.0],
                end: [11.0, 0.0, 0.0],
                radius: 2.0,
                bidirectional: false,
                area: 0,
                flags: 0,
                user_id: 7,
            },
        ],
    }
}

#[test]
fn settings_digest_matches_an_independent_sha256() {
    let r = record();
    let mut input = Vec::new();
    input.extend_from_slice(b"ONSD");
    input.extend_from_slice(&0.2f64.to_bits().to_le_bytes());
    input.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]); // SnapBits -1
    input.extend_from_slice(&[1, 0, 0, 0, 8, 0, 0, 0, 20, 0, 0, 0]);
    input.extend_from_slice(&1.3f32.to_bits().to_le_bytes());
    for v in [12.0f64, 6.0, 1.0, -0.0] {
        input.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    input.extend_from_slice(&[63, 0xFF, 0xFF, 2, 0, 0, 0]);
    for link in &r.links {
        for v in link.start.iter().chain(&link.end).chain(std::iter::once(&link.radius)) {
            input.extend_from_slice(&v.to_bits().to_le_bytes());
        }
        input.push(link.bidirectional as u8);
        input.push(link.area);
        input.extend_from_slice(&link.flags.to_le_bytes());
        input.extend_from_slice(&link.user_id.to_le_bytes());
    }
    assert_eq!(input.len(), 4 + 67 + 2 * 64);
    assert_eq!(&r.encode()[..], &input[4..]);
    let expected = sha256sum(&input);
    let mut first = [0u8; 8];
    first.copy_from_slice(&expected[..8]);
    assert_eq!(r.digest(), u64::from_le_bytes(first));
    let mut reordered = r.clone();
    reordered.links.swap(0, 1);
    assert_ne!(reordered.digest(), r.digest());
}

#[test]
fn nav_settings_digest_is_the_record_digest() {
    let r = record();
    let mut s = onav::NavSettings::default();
    s.set_cell_height(r.cell_height).unwrap();
    s.set_snap_bits(r.snap_bits).unwrap();
    s.set_partition(onav::Partition::Monotone);
    s.set_min_region_area(r.min_region_area).unwrap();
    s.set_merge_region_area(r.merge_region_area).unwrap();
    s.set_contour_max_error(r.contour_max_error).unwrap();
    s.set_max_edge_length(r.max_edge_length).unwrap();
    s.set_detail_sample_distance(r.detail_sample_distance).unwrap();
    s.set_detail_max_error(r.detail_max_error).unwrap();
    s.set_height(r.height).unwrap();
    s.set_area(r.area).unwrap();
    s.set_flags(r.flags).unwrap();
    s.set_off_mesh_links(r.links.clone()).unwrap();
    assert_eq!(s.record(), r);
    // r.digest() is checked against sha256sum above.
    assert_eq!(s.to_params().unwrap().settings_digest, r.digest());
}
