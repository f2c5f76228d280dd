//! `onav build-planar` run as a process (issue 22): the JSON outlines of
//! docs/BUILD_PLANAR.md into ONNM, equal to the library's build of the same
//! outlines and settings, the SVG beside it, and bad files named.

mod cli_process;

use std::path::{Path, PathBuf};

use cli_process::{onav, stderr};
use onav::{NavMesh, NavSettings, PlanarOutlines, PlanarRegion};

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_build_planar").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// The example of docs/BUILD_PLANAR.md.
const INPUT_JSON: &str = r#"{
    "regions": [
        {"outline": [[0, 0], [40, 0], [40, 24], [0, 24]], "holes": [[[10, 8], [14, 8], [14, 16], [10, 16]]]},
        {"outline": [[20, 4], [36, 4], [36, 20], [20, 20]], "area": 5, "flags": 3}
    ],
    "obstacles": [[[26, 10], [30, 10], [28, 14]]]
}"#;

const SETTINGS_JSON: &str = r#"{"tile_size": 16, "cell_size": 0.25, "agent_radius": 0.5, "height": 1.5}"#;

fn library_build() -> NavMesh {
    let mut settings = NavSettings::default();
    settings
        .set_tile_size(16.0)
        .unwrap()
        .set_cell_size(0.25)
        .unwrap()
        .set_agent_radius(0.5)
        .unwrap()
        .set_height(1.5)
        .unwrap();
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    let outlines = PlanarOutlines {
        regions: vec![
            PlanarRegion {
                outline: rect(0.0, 0.0, 40.0, 24.0),
                holes: vec![rect(10.0, 8.0, 14.0, 16.0)],
                ..Default::default()
            },
            PlanarRegion { outline: rect(20.0, 4.0, 36.0, 20.0), area: Some(5), flags: Some(3), ..Default::default() },
        ],
        obstacles: vec![vec![[26.0, 10.0], [30.0, 10.0], [28.0, 14.0]]],
    };
    NavMesh::build_planar(settings, &outlines).unwrap()
}

#[test]
fn build_planar_writes_the_library_bytes_and_a_picture() {
    let dir = scratch("library_bytes");
    let (input, settings) = (dir.join("input.json"), dir.join("settings.json"));
    std::fs::write(&input, INPUT_JSON).unwrap();
    std::fs::write(&settings, SETTINGS_JSON).unwrap();
    let (mesh, svg) = (dir.join("out.onnm"), dir.join("out.svg"));
    let output =
        onav(&["build-planar", text(&input), "--settings", text(&settings), "-o", text(&mesh), "--svg", text(&svg)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(std::fs::read(&mesh).unwrap(), library_build().save());
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("<g id=\"polygons\"") && picture.contains("<path fill="),
        "{}",
        &picture[..picture.len().min(200)]
    );
}

#[test]
fn bad_input_files_are_named() {
    let dir = scratch("bad_input");
    let mesh = dir.join("out.onnm");
    let cases = [
        (r#"{"regions": [], "obstacle": []}"#, 1, "obstacle"),
        (r#"{"regions": [{"outline": [[0, 0], [4, 4], [4, 0], [0, 4]]}]}"#, 2, "self-intersecting"),
        (r#"{"regions": [{"outline": [[0, 0], [4, 0], [4, 4]], "area": 64}]}"#, 2, "regions[0].area"),
    ];
    for (json, code, expected) in cases {
        let input = dir.join("input.json");
        std::fs::write(&input, json).unwrap();
        let output = onav(&["build-planar", text(&input), "-o", text(&mesh)]);
        assert_eq!(output.status.code(), Some(code), "{json}: {}", stderr(&output));
        assert!(stderr(&output).contains(expected), "{json}: {}", stderr(&output));
    }
}
