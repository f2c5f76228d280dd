//! `onav path --disable-link ID --poly-flags REF=FLAGS` (issue 25): the
//! run-time switches given on the command line change the reported path
//! and the SVG, exactly as the library's switches do, and leave the file
//! alone; a user id no link carries and a reference naming no polygon are
//! usage errors.
//!
//! The mesh: input_2d's grid (16-unit tiles from (-8, 2.5, 4)) with tiles
//! (0, 0) and (2, 0) joined by a two-way off-mesh link (user id 5) across
//! the gap of column 1, and a way round through tiles (0, 1), (1, 1) and
//! (2, 1).

mod cli_process;
mod input_2d;

use std::path::{Path, PathBuf};

use cli_process::{onav, stderr, stdout};

use onav::{NavMesh, NavMeshQuery, OffMeshLinkDefinition, PolyRef, QueryFilter};
use serde_json::Value;

const HEIGHT: f64 = 2.5;
const FROM: [f64; 3] = [-4.0, HEIGHT, 12.0];
const TO: [f64; 3] = [36.0, HEIGHT, 12.0];

fn mesh() -> NavMesh {
    let mut settings = input_2d::settings();
    settings
        .set_off_mesh_links(vec![OffMeshLinkDefinition {
            start: [4.0, HEIGHT, 12.0],
            end: [28.0, HEIGHT, 12.0],
            radius: 1.0,
            bidirectional: true,
            area: 3,
            flags: 1,
            user_id: 5,
        }])
        .unwrap();
    let input: Vec<_> =
        [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)].iter().map(|&(x, z)| input_2d::tile(&settings, x, z, 0, 2)).collect();
    NavMesh::build_2d(settings, &input).unwrap()
}

/// The mesh saved as ONNM in a fresh directory for `test`.
fn mesh_file(test: &str) -> (PathBuf, String) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_switches").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mesh.onnm");
    std::fs::write(&path, mesh().save()).unwrap();
    let file = path.to_str().unwrap().to_string();
    (dir, file)
}

fn triple(p: [f64; 3]) -> String {
    format!("{},{},{}", p[0], p[1], p[2])
}

/// `onav path FILE --from FROM --to TO --json` with `extra` arguments.
fn path_json(file: &str, extra: &[&str]) -> Value {
    let (from, to) = (triple(FROM), triple(TO));
    let mut args = vec!["path", file, "--from", &from, "--to", &to, "--json"];
    args.extend_from_slice(extra);
    let output = onav(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("JSON on stdout")
}

fn polygons(report: &Value) -> Vec<String> {
    report["polygons"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// The library's corridor over the same mesh with the same switches.
fn library_corridor(switch: impl FnOnce(&mut onav::TiledNavMesh)) -> Vec<String> {
    let mut mesh = mesh().mesh().clone();
    switch(&mut mesh);
    let mut query = NavMeshQuery::new(&mesh, 1 << 16).unwrap();
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(FROM, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let end = query.find_nearest_poly(TO, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let mut corridor = Vec::new();
    query
        .find_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, 1 << 16, &mut corridor)
        .unwrap();
    corridor.iter().map(|r| r.0.to_string()).collect()
}

#[test]
fn a_disabled_link_sends_the_path_the_long_way_round() {
    let (_, file) = mesh_file("link");
    let direct = path_json(&file, &[]);
    assert_eq!(direct["status"], "complete");
    let departure = serde_json::json!([4.0, HEIGHT, 12.0]);
    assert_eq!(direct["corners"][1], departure, "over the link: {direct}");

    let round = path_json(&file, &["--disable-link", "5"]);
    assert_eq!(round["status"], "complete");
    assert!(round["corners"].as_array().unwrap().iter().all(|c| c != &departure), "{round}");
    assert!(round["length"].as_f64().unwrap() > direct["length"].as_f64().unwrap(), "{round}");
    assert_eq!(
        polygons(&round),
        library_corridor(|m| assert_eq!(m.set_off_mesh_links_enabled_by_user_id(5, false), 1))
    );
    assert_eq!(path_json(&file, &[]), direct, "the file is unchanged");
}

#[test]
fn closed_polygons_take_the_path_elsewhere_and_show_in_the_svg() {
    let (dir, file) = mesh_file("poly_flags");
    let open_svg = dir.join("open.svg");
    let direct = path_json(&file, &["--svg", open_svg.to_str().unwrap()]);
    let departure = polygons(&direct)[..2].to_vec();
    assert_eq!(departure.len(), 2, "{direct}");

    let closed_svg = dir.join("closed.svg");
    let close_args: Vec<String> = departure.iter().map(|r| format!("{r}=0")).collect();
    let mut args = vec!["--svg", closed_svg.to_str().unwrap()];
    for close in &close_args {
        args.extend(["--poly-flags", close.as_str()]);
    }
    let report = path_json(&file, &args);
    assert!(polygons(&report).iter().all(|p| !departure[1..].contains(p)), "{report}");
    let expected = library_corridor(|m| {
        for r in &departure {
            m.set_poly_flags(PolyRef(r.parse().unwrap()), 0).unwrap();
        }
    });
    assert_eq!(polygons(&report), expected);
    let (open, closed) = (std::fs::read_to_string(open_svg).unwrap(), std::fs::read_to_string(closed_svg).unwrap());
    assert_ne!(open, closed, "the SVG draws the other path");
}

#[test]
fn switches_naming_nothing_are_usage_errors() {
    let (_, file) = mesh_file("errors");
    let (from, to) = (triple(FROM), triple(TO));
    let base = ["path", file.as_str(), "--from", from.as_str(), "--to", to.as_str()];
    for (extra, needle) in [
        (["--disable-link", "9"], "no off-mesh link has user id 9"),
        (["--poly-flags", "12345=0"], "--poly-flags"),
        (["--poly-flags", "12345"], "REF=FLAGS"),
        (["--poly-flags", "1=0x10000"], "16-bit"),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(extra).collect();
        let output = onav(&args);
        let err = stderr(&output);
        assert_ne!(output.status.code(), Some(0), "{extra:?}");
        assert!(err.contains(needle), "{needle} missing from {err}");
        assert!(output.stdout.is_empty());
    }
}
