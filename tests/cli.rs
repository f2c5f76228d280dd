//! The `onav` command run as a process: exit statuses, the JSON schema and
//! content for a known mesh, a well-formed SVG, `--help`, and the errors for
//! missing, garbage and invalid files.

mod cli_process;
mod input_2d;

use std::path::{Path, PathBuf};
use std::process::Output;

use cli_process::{onav, stderr, stdout};

use onav::{write_mesh, LinkKind, NavMesh, NavMeshDebug, NavSettings, NavWorld, OffMeshLinkDefinition, TileInput2d};
use serde_json::Value;

const SUBCOMMANDS: [&str; 4] = ["inspect", "validate", "debug", "svg"];

/// Asserts the status and the one `error: <kind>: ...` line on stderr.
fn assert_error(output: &Output, status: i32, kind: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(status), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {kind}: ")), "{err}");
    assert!(output.stdout.is_empty());
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

fn link(start: [f64; 2], end: [f64; 2], bidirectional: bool, user_id: u32) -> OffMeshLinkDefinition {
    OffMeshLinkDefinition {
        start: [start[0], 2.5, start[1]],
        end: [end[0], 2.5, end[1]],
        radius: 1.0,
        bidirectional,
        area: 3,
        flags: 1,
        user_id,
    }
}

/// input_2d's settings (tile (0, 0) covers x -8..8, z 4..20) with a
/// one-way, a two-way and an unconnected off-mesh link.
fn settings() -> NavSettings {
    let mut s = input_2d::settings();
    s.set_off_mesh_links(vec![
        link([-6.0, 6.0], [20.0, 18.0], false, 1),
        link([0.0, 10.0], [12.0, 12.0], true, 2),
        link([-4.0, 16.0], [40.0, 16.0], true, 3), // column (2, 0) has no tile
    ])
    .unwrap();
    s
}

/// Two tiles of 2×2 squares and a second layer over tile (1, 0).
fn input() -> Vec<TileInput2d> {
    let s = input_2d::settings();
    let mut input = input_2d::grid(&s, 2, 1, 2);
    input.push(input_2d::partial_tile(&s, 1, 0, 1, 1, 0.0, 0.5));
    input
}

fn known_mesh() -> NavMesh {
    NavMesh::build_2d(settings(), &input()).unwrap()
}

#[test]
fn every_subcommand_has_help() {
    let top = onav(&["--help"]);
    assert_eq!(top.status.code(), Some(0));
    for sub in SUBCOMMANDS {
        assert!(stdout(&top).contains(sub), "{sub} missing from:\n{}", stdout(&top));
        let help = onav(&[sub, "--help"]);
        assert_eq!(help.status.code(), Some(0), "{sub}");
        assert!(stdout(&help).contains(&format!("Usage: onav {sub}")), "{}", stdout(&help));
    }
}

#[test]
fn bad_arguments_exit_1_not_the_format_status() {
    let output = onav(&["validate"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("Usage"), "{}", stderr(&output));
    assert_eq!(onav(&["frobnicate"]).status.code(), Some(1));
}

#[test]
fn a_missing_file_exits_1_naming_it() {
    let dir = scratch("missing");
    let path = dir.join("nowhere.onpm");
    let path = path.to_str().unwrap();
    let out = dir.join("out.svg");
    for args in [
        vec!["inspect", path],
        vec!["validate", path],
        vec!["debug", path, "--json"],
        vec!["svg", path, "-o", out.to_str().unwrap()],
    ] {
        let output = onav(&args);
        assert_error(&output, 1, "io");
        assert!(stderr(&output).contains("nowhere.onpm"), "{}", stderr(&output));
    }
    assert!(!out.exists());
}

#[test]
fn garbage_is_a_format_error_naming_the_known_magics() {
    let dir = scratch("garbage");
    let path = write(&dir, "garbage.bin", b"\x89PNG\r\n\x1a\nnot a mesh at all");
    let empty = write(&dir, "empty.bin", b"");
    for file in [&path, &empty] {
        let output = onav(&["validate", file]);
        assert_error(&output, 2, "format");
        assert!(stderr(&output).contains("ONPT, ONPM, ONPS, ONNM, ONNW"), "{}", stderr(&output));
        assert_error(&onav(&["inspect", file]), 2, "format");
    }
}

#[test]
fn valid_meshes_envelopes_worlds_and_snapshots_print_ok() {
    let dir = scratch("valid");
    let mesh = known_mesh();
    let world = NavWorld::new(vec![mesh.clone()]).unwrap();
    for file in [
        write(&dir, "mesh.onpm", &write_mesh(mesh.mesh())),
        write(&dir, "mesh.onnm", &mesh.save()),
        write(&dir, "world.onnw", &world.save()),
        write(&dir, "mesh.onps", &mesh.mesh().snapshot()),
    ] {
        let output = onav(&["validate", &file]);
        assert_eq!(output.status.code(), Some(0), "{file}: {}", stderr(&output));
        assert_eq!(stdout(&output), "ok\n");
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn broken_files_exit_with_the_status_of_their_error_kind() {
    let dir = scratch("broken");
    let bytes = write_mesh(known_mesh().mesh());
    let mut version_3 = bytes.clone();
    version_3[4] = 3;
    let output = onav(&["validate", &write(&dir, "v3.onpm", &version_3)]);
    assert_error(&output, 3, "version");
    assert!(stderr(&output).contains("version 3 is not supported, expected 2"), "{}", stderr(&output));
    assert_error(&onav(&["validate", &write(&dir, "cut.onpm", &bytes[..bytes.len() - 1])]), 2, "format");
    let mut flagged = bytes.clone();
    flagged[6] = 1;
    assert_error(&onav(&["validate", &write(&dir, "flags.onpm", &flagged)]), 2, "format");
}

#[test]
fn a_tile_validates_only_against_parameters_from_another_file() {
    let dir = scratch("tile");
    let mesh = known_mesh();
    let (_, tile) = mesh.mesh().tile_at(1, 0, 0).unwrap();
    let tile = write(&dir, "tile.onpt", &tile.to_bytes());
    let params = write(&dir, "mesh.onnm", &mesh.save());
    let without = onav(&["validate", &tile]);
    assert_error(&without, 1, "usage");
    assert!(stderr(&without).contains("--params"), "{}", stderr(&without));
    let output = onav(&["validate", &tile, "--params", &params]);
    assert_eq!((output.status.code(), stdout(&output).as_str()), (Some(0), "ok\n"), "{}", stderr(&output));
    let snapshot = write(&dir, "mesh.onps", &mesh.mesh().snapshot());
    assert_eq!(onav(&["validate", &tile, "--params", &snapshot]).status.code(), Some(0));

    let mut other_settings = settings();
    other_settings.set_agent_radius(0.75).unwrap();
    let other = NavMesh::build_2d(other_settings, &input()).unwrap();
    let other = write(&dir, "other.onpm", &write_mesh(other.mesh()));
    assert_error(&onav(&["validate", &tile, "--params", &other]), 4, "fingerprint");
    assert_error(&onav(&["validate", &tile, "--params", &tile]), 1, "usage");
}

#[test]
fn inspect_reports_parameters_tiles_link_totals_and_unconnected_links() {
    let dir = scratch("inspect");
    let mesh = known_mesh();
    let output = onav(&["inspect", &write(&dir, "mesh.onnm", &mesh.save())]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let debug = NavMeshDebug::collect(mesh.mesh());
    let count = |kind| debug.links.iter().filter(|l| l.kind == kind).count();
    let (portal, forward, reverse) =
        (count(LinkKind::Portal), count(LinkKind::OffMesh), count(LinkKind::OffMeshReverse));
    assert_eq!((forward, reverse), (2, 1));
    for expected in [
        "kind: ONNM envelope, version 1".to_string(),
        "kind: ONPM mesh, version 2".to_string(),
        format!("fingerprint: {}", mesh.mesh().fingerprint().to_hex()),
        format!("settings digest: {:016x}", mesh.params().settings_digest),
        "  tile size: 16".to_string(),
        "slots: 3 (3 tiles, 0 free)".to_string(),
        format!(
            "links: {} (portal {portal}, offmesh {forward}, offmesh_reverse {reverse})",
            portal + forward + reverse
        ),
        "off-mesh links: 3 in tiles, 2 connected, 1 unconnected".to_string(),
        "(user id 3): (-4, 2.5, 16) -> (40, 2.5, 16)".to_string(),
    ] {
        assert!(text.contains(&expected), "{expected:?} missing from:\n{text}");
    }
    // One row per tile: slot, salt, x, z, layer, then counts.
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .filter(|w: &Vec<&str>| w.len() == 10 && w[0] != "slot")
        .collect();
    let positions: Vec<[&str; 5]> = rows.iter().map(|w| [w[0], w[1], w[2], w[3], w[4]]).collect();
    assert_eq!(positions, [["0", "1", "0", "0", "0"], ["1", "1", "1", "0", "0"], ["2", "1", "1", "0", "1"]]);
    assert_eq!(rows[0][5], "4");
}

#[test]
fn inspect_reads_a_bare_tile_header_and_a_snapshot() {
    let dir = scratch("inspect-parts");
    let mesh = known_mesh();
    let (_, tile) = mesh.mesh().tile_at(1, 0, 1).unwrap();
    let text = stdout(&onav(&["inspect", &write(&dir, "tile.onpt", &tile.to_bytes())]));
    for expected in ["kind: ONPT tile, version 2", "position: tile (1, 0) layer 1", "polygons: 1", "origin y: 2.5"] {
        assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
    }
    assert!(text.contains(&mesh.mesh().fingerprint().to_hex()));
    let text = stdout(&onav(&["inspect", &write(&dir, "mesh.onps", &mesh.mesh().snapshot())]));
    assert!(text.contains("kind: ONPS snapshot, version 2"), "{text}");
    assert!(text.contains("slots: 3 (3 tiles, 0 free)"), "{text}");
    for (tile_ref, tile) in mesh.mesh().tiles() {
        let row = format!("{:>4}  {:>8}  {}", tile_ref.slot(), tile_ref.salt(), tile.content_id().to_hex());
        assert!(text.contains(&row), "{row:?} missing from:\n{text}");
    }
}

fn as_f64s(value: &Value) -> Vec<f64> {
    value.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect()
}

#[test]
fn debug_json_is_the_collector_data_in_its_order() {
    let dir = scratch("debug");
    let mesh = known_mesh();
    let output = onav(&["debug", &write(&dir, "mesh.onpm", &write_mesh(mesh.mesh())), "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let debug = NavMeshDebug::collect(mesh.mesh());
    assert_eq!(json["schema"], "onav-debug/1");
    let polygons = json["polygons"].as_array().unwrap();
    assert_eq!(polygons.len(), debug.polygons.len());
    for (i, (p, expected)) in polygons.iter().zip(&debug.polygons).enumerate() {
        assert_eq!(p["tile"]["x"], expected.tile_x);
        assert_eq!(p["tile"]["z"], expected.tile_z);
        assert_eq!(p["tile"]["layer"], expected.layer);
        assert_eq!(p["slot"], expected.slot);
        assert_eq!(p["index"], expected.poly_ref.polygon());
        assert_eq!(p["poly_ref"], expected.poly_ref.0.to_string());
        assert_eq!(
            (p["area"].as_u64(), p["flags"].as_u64()),
            (Some(expected.area.into()), Some(expected.flags.into()))
        );
        let outline: Vec<Vec<f64>> = p["outline"].as_array().unwrap().iter().map(as_f64s).collect();
        assert_eq!(outline, debug.outline(i).iter().map(|v| v.to_vec()).collect::<Vec<_>>());
    }
    let links = json["links"].as_array().unwrap();
    assert_eq!(links.len(), debug.links.len());
    for (l, expected) in links.iter().zip(&debug.links) {
        let kind = match expected.kind {
            LinkKind::Portal => "portal",
            LinkKind::OffMesh => "offmesh",
            LinkKind::OffMeshReverse => "offmesh_reverse",
        };
        assert_eq!(l["kind"], kind);
        assert_eq!(l["from"], expected.from.0.to_string());
        assert_eq!(l["to"], expected.to.0.to_string());
        let segment: Vec<Vec<f64>> = l["segment"].as_array().unwrap().iter().map(as_f64s).collect();
        assert_eq!(segment, [expected.start.to_vec(), expected.end.to_vec()]);
    }
}

#[test]
fn debug_json_of_a_world_takes_the_class_asked_for() {
    let dir = scratch("debug-world");
    let mut second = settings();
    second.set_area(9).unwrap();
    let world = NavWorld::build_2d(&[settings(), second], &input()).unwrap();
    let path = write(&dir, "world.onnw", &world.save());
    let area_of_first = |args: &[&str]| {
        let json: Value = serde_json::from_slice(&onav(args).stdout).unwrap();
        json["polygons"][0]["area"].as_u64().unwrap()
    };
    assert_eq!(area_of_first(&["debug", &path, "--json"]), 7);
    assert_eq!(area_of_first(&["debug", &path, "--json", "--class", "1"]), 9);
    let output = onav(&["debug", &path, "--json", "--class", "2"]);
    assert_error(&output, 1, "usage");
    assert!(stderr(&output).contains("classes 0 to 1"), "{}", stderr(&output));
}

#[test]
fn debug_and_svg_need_a_mesh() {
    let dir = scratch("need-mesh");
    let mesh = known_mesh();
    let tile = write(&dir, "tile.onpt", &mesh.mesh().tile_at(0, 0, 0).unwrap().1.to_bytes());
    let output = onav(&["debug", &tile, "--json"]);
    assert_error(&output, 1, "usage");
    assert!(stderr(&output).contains("ONPT tile"), "{}", stderr(&output));
    let out = dir.join("tile.svg");
    assert_error(&onav(&["svg", &tile, "-o", out.to_str().unwrap()]), 1, "usage");
}

fn svg_of(dir: &Path, input: &str, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name);
    let mut args = vec!["svg", input, "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = onav(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::read_to_string(out).unwrap()
}

fn group<'a, 'i>(doc: &'a roxmltree::Document<'i>, id: &str) -> roxmltree::Node<'a, 'i> {
    doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("no group {id}"))
}

fn element_children<'a, 'i>(node: roxmltree::Node<'a, 'i>, tag: &str) -> usize {
    node.children().filter(|c| c.has_tag_name(tag)).count()
}

#[test]
fn svg_is_well_formed_and_draws_every_part_of_the_mesh() {
    let dir = scratch("svg");
    let mesh = known_mesh();
    let path = write(&dir, "mesh.onnm", &mesh.save());
    let text = svg_of(&dir, &path, "mesh.svg", &[]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")));
    assert!(root.attribute("viewBox").is_some());
    let debug = NavMeshDebug::collect(mesh.mesh());
    assert_eq!(element_children(group(&doc, "polygons"), "path"), debug.polygons.len());
    assert_eq!(element_children(group(&doc, "tile-borders"), "rect"), 2, "one border per column");
    let portals = debug.links.iter().filter(|l| l.kind == LinkKind::Portal).count();
    assert_eq!(element_children(group(&doc, "portals"), "line"), portals);
    let links = group(&doc, "off-mesh-links");
    let lines: Vec<_> = links.children().filter(|c| c.has_tag_name("line")).collect();
    assert_eq!(lines.len(), 3);
    let heads = |n: &roxmltree::Node| (n.attribute("marker-start").is_some(), n.attribute("marker-end").is_some());
    assert_eq!(heads(&lines[0]), (false, true), "one-way: one arrowhead");
    assert_eq!(heads(&lines[1]), (true, true), "two-way: two arrowheads");
    assert_eq!(heads(&lines[2]), (false, false), "unconnected: no arrowhead");
    assert!(lines[2].attribute("stroke-dasharray").is_some());
    let legend: String = group(&doc, "legend").descendants().filter_map(|n| n.text()).collect();
    for entry in ["area 7", "portal", "one-way", "two-way", "unconnected", "tile border"] {
        assert!(legend.contains(entry), "{entry} missing from the legend: {legend}");
    }
    for marker in doc.descendants().filter(|n| n.has_tag_name("marker")) {
        assert!(text.contains(&format!("url(#{})", marker.attribute("id").unwrap())));
    }
}

#[test]
fn svg_layer_shows_only_that_layer() {
    let dir = scratch("svg-layer");
    let mesh = known_mesh();
    let path = write(&dir, "mesh.onpm", &write_mesh(mesh.mesh()));
    let text = svg_of(&dir, &path, "layer1.svg", &["--layer", "1"]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let layer_1 = NavMeshDebug::collect(mesh.mesh()).polygons.iter().filter(|p| p.layer == 1).count();
    assert_eq!(element_children(group(&doc, "polygons"), "path"), layer_1);
    assert_eq!(element_children(group(&doc, "off-mesh-links"), "line"), 0, "every link starts on layer 0");
}

#[test]
fn output_is_the_same_bytes_for_the_same_file() {
    let dir = scratch("deterministic");
    let mesh = known_mesh();
    let path = write(&dir, "mesh.onnm", &mesh.save());
    assert_eq!(onav(&["debug", &path, "--json"]).stdout, onav(&["debug", &path, "--json"]).stdout);
    assert_eq!(onav(&["inspect", &path]).stdout, onav(&["inspect", &path]).stdout);
    assert_eq!(svg_of(&dir, &path, "a.svg", &[]), svg_of(&dir, &path, "b.svg", &[]));
}
