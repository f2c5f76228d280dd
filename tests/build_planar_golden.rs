//! Golden bytes of the exact 2D builder (issue 22): the SHA-256 of every
//! tile built from the fixed inputs of `planar_common`, committed in
//! `tests/golden/planar.sha256` (`<hex>  <name>` lines, the `sha256sum`
//! format), and the same mesh bytes on 1, 2 and 8 threads. An intended
//! change is recorded with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test build_planar_golden
//! ```

mod planar_common;

use std::path::PathBuf;

use onav::{write_tile, NavMesh, PlanarOutlines};
use sha2::{Digest, Sha256};

const GOLDEN_FILE: &str = "planar.sha256";

fn fixed_inputs() -> Vec<(&'static str, PlanarOutlines)> {
    vec![
        ("touching_boxes", planar_common::touching_boxes(12)),
        ("nested_squares", planar_common::nested_squares()),
        ("collinear_runs", planar_common::collinear_runs()),
        ("spikes", planar_common::spikes()),
        ("touching_holes", planar_common::touching_holes()),
        ("overlapping_classes", planar_common::overlapping_classes()),
        ("random_7", planar_common::random_outlines(7)),
    ]
}

fn digest_lines() -> String {
    let mut lines = String::new();
    for (name, outlines) in fixed_inputs() {
        let mesh = NavMesh::build_planar(planar_common::settings(), &outlines).unwrap();
        for (_, tile) in mesh.mesh().tiles() {
            let hex: String = Sha256::digest(write_tile(tile)).iter().map(|b| format!("{b:02x}")).collect();
            lines += &format!("{hex}  {name}/tile_{}_{}_{}\n", tile.tile_x(), tile.tile_z(), tile.layer());
        }
    }
    lines
}

#[test]
fn tile_digests_match_the_committed_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(GOLDEN_FILE);
    let generated = digest_lines();
    if std::env::var_os("ONAV_UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    assert_eq!(committed, generated, "planar tile bytes differ (if intended, rerun with ONAV_UPDATE_GOLDEN=1)");
}

#[test]
fn thread_counts_give_the_same_bytes() {
    for (name, outlines) in fixed_inputs() {
        let bytes: Vec<Vec<u8>> = [1, 2, 8]
            .iter()
            .map(|&threads| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| NavMesh::build_planar(planar_common::settings(), &outlines).unwrap().save())
            })
            .collect();
        assert!(bytes.windows(2).all(|w| w[0] == w[1]), "{name}: thread counts disagree");
        let again = NavMesh::build_planar(planar_common::settings(), &outlines).unwrap().save();
        assert_eq!(again, bytes[0], "{name}: a second run differs");
    }
}
