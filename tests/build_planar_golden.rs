//! Golden bytes of the exact 2D builder (issue 22): the SHA-256 of every
//! tile built from the fixed inputs of `planar_common`, committed in
//! `tests/golden/planar.sha256` (`<hex>  <name>` lines, the `sha256sum`
//! format), likewise for an input whose tile cut re-slices after splitting
//! edges at border crossings in `tests/golden/planar_tile_cut_resplit.sha256`,
//! and the same mesh bytes on 1, 2 and 8 threads. An intended change is
//! recorded with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test build_planar_golden
//! ```

mod planar_common;

use std::path::PathBuf;

use onav::{write_tile, NavMesh, NavSettings, PlanarOutlines};
use sha2::{Digest, Sha256};

/// Named inputs with their settings, digested into one golden file.
type Inputs = Vec<(&'static str, NavSettings, PlanarOutlines)>;

fn fixed_inputs() -> Inputs {
    [
        ("touching_boxes", planar_common::touching_boxes(12)),
        ("nested_squares", planar_common::nested_squares()),
        ("collinear_runs", planar_common::collinear_runs()),
        ("spikes", planar_common::spikes()),
        ("touching_holes", planar_common::touching_holes()),
        ("overlapping_classes", planar_common::overlapping_classes()),
        ("random_7", planar_common::random_outlines(7)),
    ]
    .into_iter()
    .map(|(name, outlines)| (name, planar_common::settings(), outlines))
    .collect()
}

/// The bench's 1000-vertex star with 8 obstacles at agent radius 0: its
/// plain slice leaves a sliver across the border x = 0 (a vertex one
/// spacing beside it), so the tile cut takes its other path, splitting
/// every edge at its border crossings and slicing again
/// (docs/BUILD_PLANAR.md, "The tile cut across a vertex beside a border").
fn resplit_inputs() -> Inputs {
    let mut s = NavSettings::default();
    s.set_tile_size(16.0).unwrap().set_cell_size(0.25).unwrap().set_agent_radius(0.0).unwrap();
    s.set_max_verts_per_poly(6).unwrap();
    vec![("star_1000_no_radius", s, planar_common::star_with_obstacles(1000, 16.0, 16.0, 12.0, 8))]
}

fn digest_lines(inputs: &Inputs) -> String {
    let mut lines = String::new();
    for (name, settings, outlines) in inputs {
        let mesh = NavMesh::build_planar(settings.clone(), outlines).unwrap();
        for (_, tile) in mesh.mesh().tiles() {
            let hex: String = Sha256::digest(write_tile(tile)).iter().map(|b| format!("{b:02x}")).collect();
            lines += &format!("{hex}  {name}/tile_{}_{}_{}\n", tile.tile_x(), tile.tile_z(), tile.layer());
        }
    }
    lines
}

/// Compares the inputs' digests with the committed file `golden_file`, or
/// writes them there when ONAV_UPDATE_GOLDEN=1.
fn check_golden(golden_file: &str, inputs: &Inputs) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(golden_file);
    let generated = digest_lines(inputs);
    if std::env::var_os("ONAV_UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    assert_eq!(committed, generated, "planar tile bytes differ (if intended, rerun with ONAV_UPDATE_GOLDEN=1)");
}

/// The same mesh bytes on 1, 2 and 8 threads, and on a second run.
fn check_thread_counts(inputs: &Inputs) {
    for (name, settings, outlines) in inputs {
        let bytes: Vec<Vec<u8>> = [1, 2, 8]
            .iter()
            .map(|&threads| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| NavMesh::build_planar(settings.clone(), outlines).unwrap().save())
            })
            .collect();
        assert!(bytes.windows(2).all(|w| w[0] == w[1]), "{name}: thread counts disagree");
        let again = NavMesh::build_planar(settings.clone(), outlines).unwrap().save();
        assert_eq!(again, bytes[0], "{name}: a second run differs");
    }
}

#[test]
fn tile_digests_match_the_committed_file() {
    check_golden("planar.sha256", &fixed_inputs());
}

#[test]
fn resplit_tile_digests_match_the_committed_file() {
    check_golden("planar_tile_cut_resplit.sha256", &resplit_inputs());
}

#[test]
fn thread_counts_give_the_same_bytes() {
    check_thread_counts(&fixed_inputs());
}

#[test]
fn resplit_thread_counts_give_the_same_bytes() {
    check_thread_counts(&resplit_inputs());
}
