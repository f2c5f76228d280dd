//! The query commands of `onav` run as a process: `path` (status, length,
//! corners, polygons, the SVG with the path over the mesh), `raycast` (t,
//! hit, normal, polygons), `nearest` (found, poly_ref, point, distance),
//! their JSON fields against the library's own answers and known geometry,
//! and their exit statuses.
//!
//! The mesh: input_2d's grid (16-unit tiles from (-8, 2.5, 4)) with tiles
//! (0, 0), (1, 0) and (1, 1), an L round the inner corner (8, 20); tile
//! (3, 0) stands alone; tile (5, 0) is reached from tile (3, 0) only over a
//! one-way off-mesh link.

mod cli_process;
mod input_2d;

use std::path::{Path, PathBuf};
use std::process::Output;

use cli_process::{onav, stderr, stdout};

use onav::{
    straight_path_length, NavMesh, NavMeshQuery, OffMeshLinkDefinition, QueryFilter, RaycastOptions,
    StraightPathOptions, StraightPathVertex,
};
use serde_json::Value;

/// Runs a command that must succeed and parses its JSON.
fn json(args: &[&str]) -> Value {
    let output = onav(args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("JSON on stdout")
}

/// Asserts the status and the one `error: <kind>: ...` line on stderr,
/// which mentions `needle`.
fn assert_error(output: &Output, status: i32, kind: &str, needle: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(status), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {kind}: ")), "{err}");
    assert!(err.contains(needle), "{needle} missing from {err}");
    assert!(output.stdout.is_empty());
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_query").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const HEIGHT: f64 = 2.5;

fn mesh() -> NavMesh {
    let mut settings = input_2d::settings();
    settings
        .set_off_mesh_links(vec![OffMeshLinkDefinition {
            start: [44.0, HEIGHT, 12.0],
            end: [76.0, HEIGHT, 12.0],
            radius: 1.0,
            bidirectional: false,
            area: 7,
            flags: 1,
            user_id: 1,
        }])
        .unwrap();
    let input: Vec<_> =
        [(0, 0), (1, 0), (1, 1), (3, 0), (5, 0)].iter().map(|&(x, z)| input_2d::tile(&settings, x, z, 0, 2)).collect();
    NavMesh::build_2d(settings, &input).unwrap()
}

/// The mesh saved as ONNM in `dir`; its path as a string.
fn mesh_file(dir: &Path) -> String {
    let path = dir.join("mesh.onnm");
    std::fs::write(&path, mesh().save()).unwrap();
    path.to_str().unwrap().to_string()
}

fn triple(p: [f64; 3]) -> String {
    format!("{},{},{}", p[0], p[1], p[2])
}

fn as_point(value: &Value) -> [f64; 3] {
    let numbers: Vec<f64> = value.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    [numbers[0], numbers[1], numbers[2]]
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    (0..3).all(|i| (a[i] - b[i]).abs() < 1e-9)
}

fn xz_distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

/// The library's answer for the same question the command is asked: the
/// nearest polygons of the points in RecastDemo's box, the corridor and
/// the straight path between their nearest points.
fn library_path(from: [f64; 3], to: [f64; 3]) -> (Vec<String>, Vec<StraightPathVertex>) {
    let mesh = mesh();
    let mut query = NavMeshQuery::for_nav_mesh(&mesh, 1 << 16).unwrap();
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(from, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let end = query.find_nearest_poly(to, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let mut corridor = Vec::new();
    query
        .find_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, 1 << 16, &mut corridor)
        .unwrap();
    let mut path = Vec::new();
    query
        .find_straight_path(&corridor, start.position, end.position, StraightPathOptions::default(), &mut path)
        .unwrap();
    (corridor.iter().map(|r| r.0.to_string()).collect(), path)
}

fn path_json(file: &str, from: [f64; 3], to: [f64; 3]) -> Value {
    json(&["path", file, "--from", &triple(from), "--to", &triple(to), "--json"])
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().expect("references are strings").to_string()).collect()
}

#[test]
fn path_turns_round_the_inner_corner() {
    let dir = scratch("corner");
    let file = mesh_file(&dir);
    let (from, to) = ([-6.0, HEIGHT, 18.0], [10.0, HEIGHT, 34.0]);
    let report = path_json(&file, from, to);
    assert_eq!(report["status"], "complete");
    let corners: Vec<[f64; 3]> = report["corners"].as_array().unwrap().iter().map(as_point).collect();
    let corner = [8.0, HEIGHT, 20.0];
    assert_eq!(corners.len(), 3, "{report}");
    assert!(close(corners[0], from) && close(corners[1], corner) && close(corners[2], to), "{report}");
    let expected = xz_distance(from, corner) + xz_distance(corner, to);
    assert!((report["length"].as_f64().unwrap() - expected).abs() < 1e-9, "{report}");

    let (corridor, path) = library_path(from, to);
    assert_eq!(strings(&report["polygons"]), corridor);
    // serde_json reads numbers back to within an ulp, not always exactly.
    assert!((report["length"].as_f64().unwrap() - straight_path_length(&path)).abs() < 1e-12);
    assert!(corners.iter().zip(&path).all(|(&c, v)| close(c, v.position)) && corners.len() == path.len());
}

#[test]
fn path_length_adds_the_off_mesh_link() {
    let dir = scratch("link");
    let file = mesh_file(&dir);
    let (from, to) = ([42.0, HEIGHT, 12.0], [82.0, HEIGHT, 12.0]);
    let report = path_json(&file, from, to);
    assert_eq!(report["status"], "complete");
    let corners: Vec<[f64; 3]> = report["corners"].as_array().unwrap().iter().map(as_point).collect();
    let (departure, arrival) = ([44.0, HEIGHT, 12.0], [76.0, HEIGHT, 12.0]);
    assert_eq!(corners.len(), 4, "{report}");
    assert!(close(corners[1], departure) && close(corners[2], arrival), "{report}");
    let expected = xz_distance(from, departure) + xz_distance(departure, arrival) + xz_distance(arrival, to);
    assert!((report["length"].as_f64().unwrap() - expected).abs() < 1e-9, "{report}");
    let (corridor, _) = library_path(from, to);
    assert_eq!(strings(&report["polygons"]), corridor);
}

#[test]
fn path_to_a_tile_out_of_reach_is_partial_and_one_without_polygons_is_no_path() {
    let dir = scratch("partial");
    let file = mesh_file(&dir);
    let (from, to) = ([-6.0, HEIGHT, 18.0], [50.0, HEIGHT, 12.0]);
    let report = path_json(&file, from, to);
    assert_eq!(report["status"], "partial");
    let (corridor, path) = library_path(from, to);
    assert_eq!(strings(&report["polygons"]), corridor);
    let last = as_point(report["corners"].as_array().unwrap().last().unwrap());
    assert!(last[0] <= 24.0, "the path stops in the L, x 24 at most: {report}");
    assert!(close(last, path.last().unwrap().position), "{report}");

    let report = path_json(&file, [-100.0, HEIGHT, 18.0], to);
    assert_eq!(report["status"], "no_path");
    assert_eq!(report["length"], 0.0);
    assert!(report["corners"].as_array().unwrap().is_empty() && report["polygons"].as_array().unwrap().is_empty());
}

#[test]
fn path_text_names_status_length_corners_and_polygons() {
    let dir = scratch("text");
    let file = mesh_file(&dir);
    let output = onav(&["path", &file, "--from", "-6,2.5,18", "--to", "10,2.5,34"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let (corridor, _) = library_path([-6.0, HEIGHT, 18.0], [10.0, HEIGHT, 34.0]);
    assert!(text.starts_with("status: complete\nlength: "), "{text}");
    assert!(text.contains("corners: 3\n  (-6, 2.5, 18)\n  (8, 2.5, 20)\n  (10, 2.5, 34)\n"), "{text}");
    assert!(text.contains(&format!("polygons: {}\n  {}\n", corridor.len(), corridor.join(" "))), "{text}");
}

#[test]
fn path_svg_draws_the_path_over_the_mesh() {
    let dir = scratch("svg");
    let file = mesh_file(&dir);
    let out = dir.join("path.svg");
    let report =
        json(&["path", &file, "--from", "-6,2.5,18", "--to", "10,2.5,34", "--json", "--svg", out.to_str().unwrap()]);
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let group =
        |id: &str| doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("no {id}"));
    let polygons = group("polygons").children().filter(|c| c.has_tag_name("path")).count();
    assert_eq!(polygons, onav::NavMeshDebug::collect(mesh().mesh()).polygons.len(), "the mesh picture is there");
    let path = group("path");
    let polyline: Vec<_> = path.children().filter(|c| c.has_tag_name("polyline")).collect();
    assert_eq!(polyline.len(), 1);
    let points = polyline[0].attribute("points").unwrap().split(' ').count();
    assert_eq!(points, report["corners"].as_array().unwrap().len());
    assert_eq!(path.children().filter(|c| c.has_tag_name("circle")).count(), 2, "a dot at each end");
    let legend: String = group("legend").descendants().filter_map(|n| n.text()).collect();
    assert!(legend.contains("path"), "{legend}");

    let plain = dir.join("mesh.svg");
    let output = onav(&["svg", &file, "-o", plain.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(!std::fs::read_to_string(plain).unwrap().contains("id=\"path\""), "onav svg draws no path");
}

/// The polygons the library's cast from the polygon under `from` crosses.
fn library_cast(from: [f64; 3], to: [f64; 3]) -> Vec<String> {
    let mesh = mesh();
    let mut query = NavMeshQuery::for_nav_mesh(&mesh, 1 << 16).unwrap();
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(from, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let mut visited = Vec::new();
    query.raycast(start.poly_ref, start.position, to, &filter, RaycastOptions::default(), &mut visited).unwrap();
    visited.iter().map(|r| r.0.to_string()).collect()
}

#[test]
fn raycast_reaches_the_end_or_reports_the_wall() {
    let dir = scratch("raycast");
    let file = mesh_file(&dir);
    // Along z = 10 through tiles (0, 0) and (1, 0), to the end.
    let (from, to) = ([-6.0, HEIGHT, 10.0], [20.0, HEIGHT, 10.0]);
    let report = json(&["raycast", &file, "--from", &triple(from), "--to", &triple(to), "--json"]);
    assert_eq!(report["t"], 1.0);
    assert_eq!(report["hit"], false);
    assert!(report["normal"].is_null());
    assert_eq!(strings(&report["polygons"]), library_cast(from, to));
    // On to x = 40: tile (1, 0) ends at x = 24, a wall facing back (-X).
    let (from, to) = ([-6.0, HEIGHT, 10.0], [40.0, HEIGHT, 10.0]);
    let report = json(&["raycast", &file, "--from", &triple(from), "--to", &triple(to), "--json"]);
    assert_eq!(report["hit"], true);
    assert!((report["t"].as_f64().unwrap() - 30.0 / 46.0).abs() < 1e-12, "{report}");
    assert!(close(as_point(&report["normal"]), [-1.0, 0.0, 0.0]), "{report}");
    assert_eq!(strings(&report["polygons"]), library_cast(from, to));

    let output = onav(&["raycast", &file, "--from", "-6,2.5,10", "--to", "40,2.5,10"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("hit: yes\nnormal: (-1, 0, 0)\npolygons: "), "{}", stdout(&output));
    assert_error(&onav(&["raycast", &file, "--from", "-100,0,0", "--to", "0,0,0"]), 1, "usage", "--from");
    assert_error(&onav(&["raycast", &file, "--from", "0,2.5,10", "--to", "0,1e9,0"]), 1, "usage", "end.y");
}

#[test]
fn nearest_reports_the_polygon_point_and_distance() {
    let dir = scratch("nearest");
    let file = mesh_file(&dir);
    let mesh = mesh();
    let mut query = NavMeshQuery::for_nav_mesh(&mesh, 16).unwrap();
    // Over the floor, 1 above it; then beside the mesh, left of x = -8.
    for (at, point) in [([0.0, HEIGHT + 1.0, 10.0], [0.0, HEIGHT, 10.0]), ([-9.0, HEIGHT, 10.0], [-8.0, HEIGHT, 10.0])]
    {
        let report = json(&["nearest", &file, "--at", &triple(at), "--extents", "2,2,2", "--json"]);
        assert_eq!(report["found"], true);
        assert!(close(as_point(&report["point"]), point), "{report}");
        assert!((report["distance"].as_f64().unwrap() - 1.0).abs() < 1e-9, "{report}");
        let expected = query.find_nearest_poly(at, [2.0; 3], &QueryFilter::default()).unwrap().unwrap();
        assert_eq!(report["poly_ref"], expected.poly_ref.0.to_string());
    }
    let report = json(&["nearest", &file, "--at", "200,0,200", "--extents", "2,2,2", "--json"]);
    assert_eq!(report, serde_json::json!({"found": false, "poly_ref": null, "point": null, "distance": null}));
    let output = onav(&["nearest", &file, "--at", "0,2.5,10", "--extents", "2,2,2"]);
    assert!(stdout(&output).contains("point: (0, 2.5, 10)\ndistance: 0\n"), "{}", stdout(&output));
}

#[test]
fn bad_points_and_files_exit_1() {
    let dir = scratch("errors");
    let file = mesh_file(&dir);
    assert_eq!(onav(&["path", &file, "--from", "1,2", "--to", "0,0,0"]).status.code(), Some(1));
    assert_eq!(onav(&["path", &file, "--from", "1,x,2", "--to", "0,0,0"]).status.code(), Some(1));
    assert_eq!(onav(&["nearest", &file, "--at", "0,0,0"]).status.code(), Some(1), "--extents is required");
    let output = onav(&["path", &file, "--from", "3000000,0,0", "--to", "0,0,0"]);
    assert_error(&output, 1, "usage", "--from");
    let output = onav(&["nearest", &file, "--at", "0,0,0", "--extents", "-1,1,1"]);
    assert_error(&output, 1, "usage", "half_extents.x");
    let missing = dir.join("nowhere.onpm");
    assert_error(
        &onav(&["path", missing.to_str().unwrap(), "--from", "0,0,0", "--to", "0,0,0"]),
        1,
        "io",
        "nowhere.onpm",
    );
    let tile = dir.join("tile.onpt");
    std::fs::write(&tile, mesh().mesh().tile_at(0, 0, 0).unwrap().1.to_bytes()).unwrap();
    assert_error(
        &onav(&["nearest", tile.to_str().unwrap(), "--at", "0,0,0", "--extents", "1,1,1"]),
        1,
        "usage",
        "ONPT",
    );
}

#[test]
fn query_commands_have_help() {
    for sub in ["path", "raycast", "nearest"] {
        let help = onav(&["help", sub]);
        assert_eq!(help.status.code(), Some(0), "{sub}");
        assert!(stdout(&help).contains(&format!("Usage: onav {sub}")), "{}", stdout(&help));
    }
    let top = stdout(&onav(&["--help"]));
    assert!(top.contains("path") && top.contains("raycast") && top.contains("nearest"), "{top}");
}

#[test]
fn exact_path_matches_the_library_and_reports_unreachable() {
    let dir = scratch("exact");
    let file = mesh_file(&dir);
    let (from, to) = ([-6.0, HEIGHT, 18.0], [10.0, HEIGHT, 34.0]);
    let out = dir.join("exact.svg");
    let report = json(&[
        "path",
        &file,
        "--from",
        &triple(from),
        "--to",
        &triple(to),
        "--exact",
        "--json",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(report["status"], "complete");
    let corners: Vec<[f64; 3]> = report["corners"].as_array().unwrap().iter().map(as_point).collect();
    let corner = [8.0, HEIGHT, 20.0];
    assert_eq!(corners.len(), 3, "{report}");
    assert!(close(corners[0], from) && close(corners[1], corner) && close(corners[2], to), "{report}");
    let expected = xz_distance(from, corner) + xz_distance(corner, to);
    assert!((report["length"].as_f64().unwrap() - expected).abs() < 1e-9, "{report}");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("path"), "the SVG draws the path");

    let mesh = mesh();
    let mut query = NavMeshQuery::for_nav_mesh(&mesh, 1 << 16).unwrap();
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(from, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let end = query.find_nearest_poly(to, [2.0, 4.0, 2.0], &filter).unwrap().unwrap();
    let mut path = Vec::new();
    query.find_shortest_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, &mut path).unwrap();
    let mut polygons: Vec<String> = path.iter().map(|v| v.poly.0.to_string()).collect();
    polygons.dedup();
    assert_eq!(strings(&report["polygons"]), polygons);

    // Tile (3, 0) stands alone.
    let report = json(&["path", &file, "--from", &triple(from), "--to", "50,2.5,12", "--exact", "--json"]);
    assert_eq!(report["status"], "unreachable");
    assert!(report["corners"].as_array().unwrap().is_empty() && report["length"] == 0.0, "{report}");
}
