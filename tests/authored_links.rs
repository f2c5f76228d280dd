//! Baking authored off-mesh links: the four numbered rules of "Authored
//! links", through NavMesh::build_2d and rebuild_tile_2d.

mod input_2d;

use onav::authored_links::{links_for_tile, with_appended_links};
use onav::{LinkKind, NavMesh, NavMeshError, NavSettings, OffMeshLinkDefinition, OffMeshLinkSlot, TileInput2d};

/// Settings of input_2d: tile (0, 0) covers x -8..8, z 4..20 at height 2.5.
fn link(start: [f64; 3], end: [f64; 3], user_id: u32) -> OffMeshLinkDefinition {
    OffMeshLinkDefinition { start, end, radius: 1.0, bidirectional: true, area: 4, flags: 2, user_id }
}

fn build(links: Vec<OffMeshLinkDefinition>, input: &[TileInput2d]) -> Result<NavMesh, NavMeshError> {
    let mut settings: NavSettings = input_2d::settings();
    settings.set_off_mesh_links(links).unwrap();
    NavMesh::build_2d(settings, input)
}

fn slots(mesh: &NavMesh, x: i32, z: i32, layer: u16) -> Vec<OffMeshLinkSlot> {
    mesh.mesh().tile_at(x, z, layer).unwrap().1.off_mesh_links().to_vec()
}

fn two_tiles() -> Vec<TileInput2d> {
    input_2d::grid(&input_2d::settings(), 2, 1, 2)
}

#[test]
fn slot_values_are_relative_to_the_tile_and_the_link_stitches() {
    let mesh = build(vec![link([-6.0, 2.75, 6.0], [10.0, 2.5, 7.5], 42)], &two_tiles()).unwrap();
    let baked = slots(&mesh, 0, 0, 0);
    assert_eq!(baked.len(), 1);
    assert_eq!(baked[0].start, [2.0, 0.25, 2.0]);
    assert_eq!(baked[0].end, [18.0, 0.0, 3.5]);
    assert_eq!((baked[0].radius, baked[0].area, baked[0].flags, baked[0].user_id), (1.0, 4, 2, 42));
    assert!(baked[0].bidirectional);
    assert!(slots(&mesh, 1, 0, 0).is_empty());
    let (start_tile, _) = mesh.mesh().tile_at(0, 0, 0).unwrap();
    let (end_tile, _) = mesh.mesh().tile_at(1, 0, 0).unwrap();
    let mut forward = mesh.mesh().links(start_tile.polygon(0).unwrap()).unwrap();
    assert!(forward.any(|l| l.kind == LinkKind::OffMesh && l.target == end_tile.polygon(0).unwrap()));
    let mut reverse = mesh.mesh().links(end_tile.polygon(0).unwrap()).unwrap();
    assert!(reverse.any(|l| l.kind == LinkKind::OffMeshReverse && l.target == start_tile.polygon(0).unwrap()));
}

#[test]
fn rule_1_a_link_without_a_tile_at_its_start_is_dropped() {
    // The end is far beyond MaxLocalExtent (4096), but the link is dropped
    // before that matters.
    let mesh = build(vec![link([100.0, 2.5, 6.0], [9000.0, 2.5, 6.0], 1)], &two_tiles()).unwrap();
    assert!(slots(&mesh, 0, 0, 0).is_empty() && slots(&mesh, 1, 0, 0).is_empty());
}

#[test]
fn rule_2_the_nearest_layer_wins_and_ties_go_low() {
    let settings = input_2d::settings();
    // Layer 0 covers only the top-right quarter (x 0..8, z 12..20); layer 1
    // the whole tile.
    let input = vec![input_2d::partial_tile(&settings, 0, 0, 0, 1, 0.5, 1.0), input_2d::tile(&settings, 0, 0, 1, 2)];
    let far_from_layer_0 = link([-6.0, 2.5, 6.0], [-5.0, 2.5, 6.0], 1);
    let on_both = link([6.0, 2.5, 18.0], [5.0, 2.5, 18.0], 2);
    let mut out_of_reach = link([-6.0, 9.0, 6.0], [-5.0, 9.0, 6.0], 3); // 6.5 above both
    out_of_reach.radius = 0.25;
    let mesh = build(vec![far_from_layer_0, on_both, out_of_reach], &input).unwrap();
    let ids = |layer| slots(&mesh, 0, 0, layer).iter().map(|s| s.user_id).collect::<Vec<_>>();
    assert_eq!(ids(0), vec![2, 3]);
    assert_eq!(ids(1), vec![1]);
}

#[test]
fn rule_3_an_end_beyond_the_local_extent_fails_naming_the_link() {
    let links = vec![link([-6.0, 2.5, 6.0], [10.0, 2.5, 6.0], 1), link([-6.0, 2.5, 6.0], [-8.0 + 4096.5, 2.5, 6.0], 2)];
    let err = build(links, &two_tiles()).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("OffMeshLinks[1]")), "{err}");
    // Exactly at the extent is accepted.
    build(vec![link([-6.0, 2.5, 6.0], [-8.0 + 4096.0, 2.5, 6.0], 2)], &two_tiles()).unwrap();
}

#[test]
fn rule_3_a_start_or_end_beyond_the_extent_in_height_is_dropped() {
    let high_end = link([-6.0, 2.5, 6.0], [-5.0, 2.5 + 4096.5, 6.0], 1);
    let low_start = link([-5.0, 2.5 - 4097.0, 6.0], [-5.0, 2.5, 6.0], 2);
    let kept = link([-4.0, 2.5, 6.0], [-3.0, 2.5 + 4096.0, 6.0], 3);
    let mesh = build(vec![high_end, low_start, kept], &two_tiles()).unwrap();
    assert_eq!(slots(&mesh, 0, 0, 0).iter().map(|s| s.user_id).collect::<Vec<_>>(), vec![3]);
}

#[test]
fn rule_3_bad_values_are_out_of_range_naming_the_link() {
    let mut bad = link([-6.0, 2.5, 6.0], [10.0, 2.5, 6.0], 1);
    bad.radius = -1.0;
    let settings = input_2d::settings();
    let tile = onav::NavMesh::build_2d(settings.clone(), &two_tiles()).unwrap();
    let (_, first) = tile.mesh().tile_at(0, 0, 0).unwrap();
    let err = links_for_tile(tile.params(), &[bad], &[first], first).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("OffMeshLinks[0]")), "{err}");
}

#[test]
fn rule_4_definition_order_after_the_builders_slots() {
    let a = link([-6.0, 2.5, 6.0], [10.0, 2.5, 6.0], 1);
    let b = link([10.0, 2.5, 6.0], [-6.0, 2.5, 6.0], 2);
    let c = link([-2.0, 2.5, 8.0], [12.0, 2.5, 8.0], 3);
    let mesh = build(vec![a, b, c], &two_tiles()).unwrap();
    let ids = |x| slots(&mesh, x, 0, 0).iter().map(|s| s.user_id).collect::<Vec<_>>();
    assert_eq!(ids(0), vec![1, 3]);
    assert_eq!(ids(1), vec![2]);

    // A tile whose builder filled a slot keeps it first.
    let (_, tile) = mesh.mesh().tile_at(1, 0, 0).unwrap();
    let params = *mesh.params();
    let authored = links_for_tile(&params, &[a, b, c, b], &[tile], tile).unwrap();
    let tile = with_appended_links(&params, onav::NavTile::clone(tile), authored).unwrap();
    assert_eq!(tile.off_mesh_links().iter().map(|s| s.user_id).collect::<Vec<_>>(), vec![2, 2, 2]);
}

#[test]
fn a_rebuild_bakes_the_links_again() {
    let links = vec![link([-6.0, 2.5, 6.0], [10.0, 2.5, 6.0], 1)];
    let mut mesh = build(links, &two_tiles()).unwrap();
    let before = slots(&mesh, 0, 0, 0);
    mesh.rebuild_tile_2d(&two_tiles()[0]).unwrap();
    assert_eq!(slots(&mesh, 0, 0, 0), before);
    assert_eq!(before.len(), 1);
}
