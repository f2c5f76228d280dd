//! Golden bytes of the voxel builder: the SHA-256 of every tile built from
//! the shared level meshes with the settings of `voxel_input::settings`,
//! committed in `tests/golden/voxel_tiles.sha256` (`<hex>  <name>` lines,
//! the `sha256sum` format). Any change to the builder's output shows here;
//! an intended one is recorded with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test build_3d_golden
//! ```

mod voxel_input;

use std::path::PathBuf;

use onav::{write_tile, NavMesh, Partition};
use sha2::{Digest, Sha256};
use voxel_input::{load_obj, settings};

const GOLDEN_FILE: &str = "voxel_tiles.sha256";

/// The partitions the builder makes; each gets its own lines.
const PARTITIONS: [(Partition, &str); 3] =
    [(Partition::Watershed, "watershed"), (Partition::Monotone, "monotone"), (Partition::Layers, "layers")];

fn digest_lines() -> String {
    let mut lines = String::new();
    for name in ["nav_test.obj", "dungeon.obj"] {
        let geometry = load_obj(name);
        for (partition, label) in PARTITIONS {
            let mesh = NavMesh::build_3d(settings(partition), &geometry).unwrap();
            for (_, tile) in mesh.mesh().tiles() {
                let hex: String = Sha256::digest(write_tile(tile)).iter().map(|b| format!("{b:02x}")).collect();
                lines += &format!("{hex}  {name}/{label}/tile_{}_{}_{}\n", tile.tile_x(), tile.tile_z(), tile.layer());
            }
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
    let differing: Vec<String> = committed
        .lines()
        .zip(generated.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("committed {a}\ngenerated {b}"))
        .collect();
    assert!(
        differing.is_empty() && committed.lines().count() == generated.lines().count(),
        "voxel tile bytes differ (if intended, rerun with ONAV_UPDATE_GOLDEN=1); {} committed lines, {} generated:\n{}",
        committed.lines().count(),
        generated.lines().count(),
        differing.join("\n")
    );
}
