//! `onav import-detour` run as a process: a Recast-built tile set becomes a
//! valid mesh, both reference sizes, the slope option, and the exit
//! statuses of usage, I/O, format and version failures.

mod detour_blob;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use detour_blob::{Blob, Grid, Refs};
use onav::import::detour::{read_tile_set, ImportOptions};
use onav::read_mesh;

fn onav(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onav")).args(args).output().expect("the onav binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// Asserts the status and the one `error: <kind>: ...` line on stderr.
fn assert_error(output: &Output, status: i32, kind: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(status), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {kind}: ")), "{err}");
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_import_detour").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

fn fixture(name: &str) -> String {
    format!("{}/tests/data/detour/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_recast_tile_set_becomes_a_valid_mesh() {
    let dir = scratch("recast");
    for name in ["nav_test.mset", "dungeon.mset"] {
        let out = dir.join(format!("{name}.onpm"));
        let output = onav(&["import-detour", &fixture(name), "-o", out.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let set = read_tile_set(&std::fs::read(fixture(name)).unwrap(), &ImportOptions::default()).unwrap();
        let mesh = read_mesh(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(mesh.tile_count(), set.tiles.len());
        assert_eq!(mesh.params(), &set.params);
        let summary = String::from_utf8(output.stdout).unwrap();
        assert!(summary.contains(&format!("{} tiles", set.tiles.len())), "{summary}");
        assert!(summary.contains(&format!("{} links", mesh.link_count())), "{summary}");
        let validated = onav(&["validate", out.to_str().unwrap()]);
        assert_eq!(String::from_utf8(validated.stdout).unwrap(), "ok\n");
    }
}

#[test]
fn both_reference_sizes_and_the_slope_option() {
    let dir = scratch("options");
    let grid = Grid::recast_default([100.0, 0.0, -50.0]);
    let tiles = grid.tiles();
    let mut meshes = Vec::new();
    for (refs, name) in [(Refs::Bits32, "set32.mset"), (Refs::Bits64, "set64.mset")] {
        let input = write(&dir, name, &grid.mset(&tiles, refs));
        let out = dir.join(format!("{name}.onpm"));
        let output = onav(&["import-detour", &input, "-o", out.to_str().unwrap(), "--max-slope", "30"]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let mesh = read_mesh(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(mesh.params().agent_max_slope, 30.0);
        meshes.push(std::fs::read(&out).unwrap());
    }
    assert_eq!(meshes[0], meshes[1], "the reference width does not change the mesh");
}

#[test]
fn failures_exit_with_their_kind() {
    let dir = scratch("failures");
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let out = dir.join("out.onpm");
    let out = out.to_str().unwrap();
    let good = grid.mset(&grid.tiles(), Refs::Bits32);
    let truncated = write(&dir, "truncated.mset", &good[..good.len() - 3]);
    assert_error(&onav(&["import-detour", &truncated, "-o", out]), 2, "format");
    let version_6 = Blob { version: 6, ..grid.tile(0, 0) };
    let old = write(&dir, "old.mset", &grid.mset(&[version_6], Refs::Bits32));
    let output = onav(&["import-detour", &old, "-o", out]);
    assert_error(&output, 3, "version");
    assert!(stderr(&output).contains("DNAV tile version 6") && stderr(&output).contains("expected 7"));
    let lone = write(&dir, "lone.dnav", &grid.tile(0, 0).bytes(Refs::Bits32));
    assert_error(&onav(&["import-detour", &lone, "-o", out]), 1, "usage");
    let input = write(&dir, "good.mset", &good);
    assert_error(&onav(&["import-detour", &input, "-o", out, "--max-slope", "100"]), 1, "usage");
    assert_error(&onav(&["import-detour", dir.join("missing.mset").to_str().unwrap(), "-o", out]), 1, "io");
    let unwritable = dir.join("no_such_dir").join("out.onpm");
    assert_error(&onav(&["import-detour", &input, "-o", unwritable.to_str().unwrap()]), 1, "io");
    assert_eq!(onav(&["import-detour", &input]).status.code(), Some(1), "-o is required");
    assert!(!Path::new(out).exists(), "no failure wrote a mesh");
}
