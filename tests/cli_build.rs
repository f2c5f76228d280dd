//! The build commands of `onav` run as a process: `build` (an OBJ level
//! into ONNM, equal to the library's build of the same triangles and
//! settings), `tiles`, `build-tile` for every tile then `assemble`, which
//! must give `build`'s bytes exactly, and the settings file: every field
//! by its snake_case name, a bad value or an unknown field named in the
//! error.

mod cli_process;
mod voxel_input;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use cli_process::{onav, stderr, stdout};
use onav::{covered_tiles, NavMesh, NavSettings, OffMeshLinkDefinition, Partition};

/// Runs a command that must succeed and returns its standard output.
fn run(args: &[&str]) -> String {
    let output = onav(args);
    assert_eq!(output.status.code(), Some(0), "onav {args:?}: {}", stderr(&output));
    stdout(&output)
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_build").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

fn level() -> PathBuf {
    voxel_input::mesh_path("nav_test.obj")
}

/// voxel_input's RecastDemo settings (monotone) with an origin, as the
/// settings file spells them.
const RECAST_DEMO_JSON: &str = r#"{
    "origin_x": -30.5, "origin_y": -10, "origin_z": -50.25,
    "cell_size": 0.3, "cell_height": 0.2, "tile_size": 14.399999618530273,
    "agent_height": 2.0, "agent_radius": 0.6, "walkable_climb": 0.9, "agent_max_slope": 45,
    "max_edge_length": 12, "contour_max_error": 1.3, "min_region_area": 64, "merge_region_area": 400,
    "max_verts_per_poly": 6, "partition": "monotone",
    "detail_sample_distance": 1.8, "detail_max_error": 0.2
}"#;

fn recast_demo_settings() -> NavSettings {
    let mut settings = voxel_input::settings(Partition::Monotone);
    settings.set_origin_x(-30.5).unwrap().set_origin_y(-10.0).unwrap().set_origin_z(-50.25).unwrap();
    settings
}

fn write_settings(dir: &Path, json: &str) -> PathBuf {
    let path = dir.join("settings.json");
    std::fs::write(&path, json).unwrap();
    path
}

#[test]
fn build_without_settings_puts_the_origin_at_the_level_corner() {
    let dir = scratch("default_settings");
    let out = dir.join("level.onnm");
    let output = onav(&["build", text(&level()), "-o", text(&out)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stderr.is_empty(), "no progress bar when standard error is not a terminal: {}", stderr(&output));
    let printed = stdout(&output);
    let geometry = voxel_input::load_obj("nav_test.obj");
    let [x, y, z] = geometry.bounds().min;
    let mut settings = NavSettings::default();
    settings.set_origin_x(x).unwrap().set_origin_y(y).unwrap().set_origin_z(z).unwrap();
    let expected = NavMesh::build_3d(settings, &geometry).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), expected.save());
    assert!(printed.contains(&format!("{} tiles", expected.mesh().tile_count())), "{printed}");
}

#[test]
fn build_with_a_settings_file_uses_every_field() {
    let dir = scratch("settings_file");
    let settings = write_settings(&dir, RECAST_DEMO_JSON);
    let out = dir.join("level.onnm");
    run(&["build", text(&level()), "--settings", text(&settings), "-o", text(&out)]);
    let expected = NavMesh::build_3d(recast_demo_settings(), &voxel_input::load_obj("nav_test.obj")).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), expected.save());
}

#[test]
fn build_tile_for_every_tile_then_assemble_equals_build() {
    let dir = scratch("assemble");
    let settings = write_settings(&dir, RECAST_DEMO_JSON);
    let whole = dir.join("whole.onnm");
    run(&["build", text(&level()), "--settings", text(&settings), "-o", text(&whole)]);

    let listed = run(&["tiles", text(&level()), "--settings", text(&settings)]);
    let expected_list: Vec<String> = covered_tiles(&recast_demo_settings(), &voxel_input::load_obj("nav_test.obj"))
        .unwrap()
        .iter()
        .map(|(x, z)| format!("{x},{z}"))
        .collect();
    assert_eq!(listed.lines().collect::<Vec<_>>(), expected_list);

    let tiles_dir = dir.join("tiles");
    let mut files = Vec::new();
    let mut empty_columns = 0;
    for tile in listed.lines() {
        let output = onav(&[
            "build-tile",
            text(&level()),
            "--tile",
            tile,
            "--settings",
            text(&settings),
            "--out-dir",
            text(&tiles_dir),
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let written: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
        let (x, z) = tile.split_once(',').unwrap();
        if written.is_empty() {
            empty_columns += 1;
            assert!(stderr(&output).contains("nothing walkable"), "{}", stderr(&output));
        }
        for (layer, file) in written.iter().enumerate() {
            assert_eq!(Path::new(file), tiles_dir.join(format!("tile_{x}_{z}_{layer}.onpt")));
            files.push(file.clone());
        }
    }
    assert!(empty_columns > 0, "nav_test's box holds columns with nothing walkable");
    assert_eq!(std::fs::read_dir(&tiles_dir).unwrap().count(), files.len(), "an empty column writes no file");

    // Given in reverse, so the order of the arguments cannot be what makes
    // the bytes equal.
    let assembled = dir.join("assembled.onnm");
    let mut args = vec!["assemble", "--settings", text(&settings), "-o", text(&assembled)];
    args.extend(files.iter().rev().map(String::as_str));
    run(&args);
    assert_eq!(std::fs::read(&assembled).unwrap(), std::fs::read(&whole).unwrap());
}

#[test]
fn assemble_refuses_tiles_of_other_settings_and_a_tile_given_twice() {
    let dir = scratch("assemble_errors");
    let settings = write_settings(&dir, RECAST_DEMO_JSON);
    let tiles_dir = dir.join("tiles");
    let first = covered_tiles(&recast_demo_settings(), &voxel_input::load_obj("nav_test.obj"))
        .unwrap()
        .into_iter()
        .map(|(x, z)| format!("{x},{z}"))
        .find_map(|tile| {
            let written = run(&[
                "build-tile",
                text(&level()),
                "--tile",
                &tile,
                "--settings",
                text(&settings),
                "--out-dir",
                text(&tiles_dir),
            ]);
            written.lines().next().map(str::to_string)
        })
        .expect("a column with a walkable tile");
    let out = dir.join("out.onnm");

    let other = onav(&["assemble", "-o", text(&out), &first]);
    assert_eq!(other.status.code(), Some(4), "{}", stderr(&other));
    assert!(
        stderr(&other).starts_with("error: fingerprint: ") && stderr(&other).contains(&first),
        "{}",
        stderr(&other)
    );

    let twice = onav(&["assemble", "--settings", text(&settings), "-o", text(&out), &first, &first]);
    assert_eq!(twice.status.code(), Some(1), "{}", stderr(&twice));
    assert!(stderr(&twice).contains("both hold tile"), "{}", stderr(&twice));
    assert!(!out.exists());
}

/// Asserts a usage failure whose one line names `needles`.
fn assert_settings_error(json: &str, needles: &[&str]) {
    static CASES: AtomicUsize = AtomicUsize::new(0);
    let dir = scratch(&format!("bad_settings_{}", CASES.fetch_add(1, Ordering::Relaxed)));
    let settings = write_settings(&dir, json);
    let out = dir.join("level.onnm");
    let output = onav(&["build", text(&level()), "--settings", text(&settings), "-o", text(&out)]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: usage: ") && err.lines().count() == 1, "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle} missing from {err}");
    }
    assert!(!out.exists());
}

#[test]
fn a_bad_settings_value_is_an_error_naming_its_field() {
    assert_settings_error(r#"{"cell_size": -1}"#, &["`cell_size`", "CellSize"]);
    assert_settings_error(r#"{"agent_max_slope": 91}"#, &["`agent_max_slope`", "AgentMaxSlope"]);
    assert_settings_error(r#"{"max_verts_per_poly": 17}"#, &["`max_verts_per_poly`", "MaxVertsPerPoly"]);
    assert_settings_error(r#"{"min_region_area": "many"}"#, &["`min_region_area`", "whole number"]);
    assert_settings_error(r#"{"partition": "layered"}"#, &["`partition`", "monotone"]);
    assert_settings_error(r#"{"tile_size": 14.4}"#, &["`tile_size`", "14.399999618530273"]);
    assert_settings_error(
        r#"{"off_mesh_links": [{"start": [0, 0, 0], "end": [1, 0, 0], "radius": 0, "bidirectional": true, "area": 0, "flags": 1, "user_id": 0}]}"#,
        &["`off_mesh_links`", "OffMeshLinks[0]", "radius"],
    );
}

#[test]
fn an_unknown_settings_field_is_an_error_naming_it() {
    assert_settings_error(r#"{"cell_size": 0.3, "cell_sise": 0.3}"#, &["unknown field `cell_sise`"]);
    assert_settings_error(
        r#"{"off_mesh_links": [{"start": [0, 0, 0], "end": [1, 0, 0], "radius": 1, "bidirectional": true, "area": 0, "flags": 1, "user_id": 0, "cost": 2}]}"#,
        &["`off_mesh_links`", "[0]", "unknown field `cost`"],
    );
}

#[test]
fn settings_file_links_are_baked_as_the_library_bakes_them() {
    let dir = scratch("links");
    let geometry = voxel_input::load_obj("nav_test.obj");
    let [x, y, z] = geometry.bounds().min;
    let json = format!(
        r#"{{"origin_x": {x}, "origin_y": {y}, "origin_z": {z}, "off_mesh_links": [
            {{"start": [-15.0, -2.4, 18.0], "end": [-12.0, -2.4, 18.0], "radius": 1.5, "bidirectional": false, "area": 3, "flags": 5, "user_id": 77}}]}}"#
    );
    let settings_file = write_settings(&dir, &json);
    let out = dir.join("level.onnm");
    run(&["build", text(&level()), "--settings", text(&settings_file), "-o", text(&out)]);
    let link = OffMeshLinkDefinition {
        start: [-15.0, -2.4, 18.0],
        end: [-12.0, -2.4, 18.0],
        radius: 1.5,
        bidirectional: false,
        area: 3,
        flags: 5,
        user_id: 77,
    };
    let mut settings = NavSettings::default();
    settings.set_origin_x(x).unwrap().set_origin_y(y).unwrap().set_origin_z(z).unwrap();
    settings.set_off_mesh_links(vec![link]).unwrap();
    let expected = NavMesh::build_3d(settings, &geometry).unwrap();
    let baked: usize = expected.mesh().tiles().map(|(_, tile)| tile.off_mesh_links().len()).sum();
    assert_eq!(baked, 1, "the link's start lies on a built tile");
    assert_eq!(std::fs::read(&out).unwrap(), expected.save());
}
