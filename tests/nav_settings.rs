//! NavSettings: every setter's range (LAYOUT section 8) and ToParams with
//! the settings digest (LAYOUT section 2).

use onav::{NavMeshError, NavSettings, OffMeshLinkDefinition, Partition};

/// Asserts an out-of-range error naming `field`, and that the settings did
/// not change.
fn rejects(field: &str, set: impl for<'a> FnOnce(&'a mut NavSettings) -> Result<&'a mut NavSettings, NavMeshError>) {
    let mut settings = NavSettings::default();
    let err = set(&mut settings).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains(field)), "{field}: {err}");
    assert_eq!(settings, NavSettings::default(), "{field}: a rejected value changed the settings");
}

fn accepts(set: impl for<'a> FnOnce(&'a mut NavSettings) -> Result<&'a mut NavSettings, NavMeshError>) {
    let mut settings = NavSettings::default();
    set(&mut settings).unwrap();
}

const BOUND: f64 = 2_097_152.0;

#[test]
fn grid_setters() {
    accepts(|s| s.set_origin_x(-2_097_151.5));
    rejects("OriginX", |s| s.set_origin_x(BOUND));
    rejects("OriginY", |s| s.set_origin_y(f64::NAN));
    rejects("OriginZ", |s| s.set_origin_z(-BOUND));
    accepts(|s| s.set_tile_size(0.1f32 as f64));
    rejects("TileSize", |s| s.set_tile_size(0.1));
    rejects("TileSize", |s| s.set_tile_size(0.0));
    rejects("TileSize", |s| s.set_tile_size(f64::INFINITY));
    accepts(|s| s.set_cell_size(1e-3));
    rejects("CellSize", |s| s.set_cell_size(0.0));
    rejects("CellSize", |s| s.set_cell_size(f64::NAN));
}

#[test]
fn agent_setters() {
    accepts(|s| s.set_agent_radius(0.0));
    rejects("AgentRadius", |s| s.set_agent_radius(-0.1));
    accepts(|s| s.set_agent_height(0.0));
    rejects("AgentHeight", |s| s.set_agent_height(f32::INFINITY));
    accepts(|s| s.set_walkable_climb(0.0));
    rejects("WalkableClimb", |s| s.set_walkable_climb(f32::NAN));
    accepts(|s| s.set_agent_max_slope(90.0));
    rejects("AgentMaxSlope", |s| s.set_agent_max_slope(90.01));
    rejects("AgentMaxSlope", |s| s.set_agent_max_slope(-1.0));
    accepts(|s| s.set_max_verts_per_poly(16));
    accepts(|s| s.set_max_verts_per_poly(3));
    rejects("MaxVertsPerPoly", |s| s.set_max_verts_per_poly(2));
    rejects("MaxVertsPerPoly", |s| s.set_max_verts_per_poly(17));
}

#[test]
fn digest_field_setters() {
    accepts(|s| s.set_cell_height(0.01));
    rejects("CellHeight", |s| s.set_cell_height(0.0));
    accepts(|s| s.set_snap_bits(-1));
    accepts(|s| s.set_snap_bits(24));
    rejects("SnapBits", |s| s.set_snap_bits(-2));
    rejects("SnapBits", |s| s.set_snap_bits(25));
    accepts(|s| s.set_min_region_area(0));
    rejects("MinRegionArea", |s| s.set_min_region_area(-1));
    rejects("MergeRegionArea", |s| s.set_merge_region_area(-1));
    accepts(|s| s.set_contour_max_error(0.0));
    rejects("ContourMaxError", |s| s.set_contour_max_error(-0.5));
    accepts(|s| s.set_max_edge_length(0.0));
    rejects("MaxEdgeLength", |s| s.set_max_edge_length(f64::INFINITY));
    rejects("DetailSampleDistance", |s| s.set_detail_sample_distance(-1.0));
    rejects("DetailMaxError", |s| s.set_detail_max_error(f64::NAN));
    accepts(|s| s.set_height(-2_097_151.0));
    rejects("Height", |s| s.set_height(BOUND));
    accepts(|s| s.set_area(63));
    rejects("Area", |s| s.set_area(64));
    accepts(|s| s.set_flags(0xFFFF));
    let mut settings = NavSettings::default();
    settings.set_partition(Partition::Layers);
    assert_eq!(settings.partition(), Partition::Layers);
    assert_eq!(Partition::from_i32(3), None);
}

fn link() -> OffMeshLinkDefinition {
    OffMeshLinkDefinition {
        start: [1.0, 0.0, 1.0],
        end: [5.0, 1.0, 1.0],
        radius: 0.5,
        bidirectional: true,
        area: 3,
        flags: 1,
        user_id: 9,
    }
}

#[test]
fn off_mesh_link_setter_names_the_link() {
    accepts(|s| s.set_off_mesh_links(vec![link(), link()]));
    let cases: [fn(&mut OffMeshLinkDefinition); 5] = [
        |l| l.radius = 0.0,
        |l| l.radius = f64::INFINITY,
        |l| l.area = 64,
        |l| l.end[1] = f64::NAN,
        |l| l.start[0] = BOUND,
    ];
    for break_it in cases {
        let mut bad = link();
        break_it(&mut bad);
        rejects("OffMeshLinks[1]", |s| s.set_off_mesh_links(vec![link(), bad]));
    }
}

#[test]
fn to_params_carries_grid_agent_and_digest() {
    let mut settings = NavSettings::default();
    settings.set_origin_x(10.0).unwrap().set_agent_radius(0.75).unwrap();
    let params = settings.to_params().unwrap();
    assert_eq!(params.origin_x, 10.0);
    assert_eq!(params.agent_radius, 0.75);
    assert_eq!(params.settings_digest, settings.record().digest());
    assert_ne!(params.settings_digest, 0);
    let before = params.settings_digest;
    settings.set_off_mesh_links(vec![link()]).unwrap();
    assert_ne!(settings.to_params().unwrap().settings_digest, before);
    // The rule between fields is checked when the parameters are made.
    settings.set_cell_size(0.001).unwrap();
    let err = settings.to_params().unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("TileSize")), "{err}");
}
