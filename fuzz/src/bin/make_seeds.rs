//! Writes the seed corpora: `make_seeds DIR` fills `DIR/<target>` of each
//! byte-reading target with the golden cases of its layout (tiles, meshes,
//! snapshots and envelopes covering every feature, built from the test
//! fixtures) and creates empty corpora for the structured targets
//! (`tile_create`, `mesh_edits`, `query_local`, `crowd_requests`), whose
//! inputs libFuzzer grows itself. `build_3d` gets one input fuzzing found
//! (see [`SLIVER_TRIANGLE`]), so every run replays it.
//! `import_detour` gets synthetic Detour sets and blobs of both reference
//! sizes (with an off-mesh connection) and the Recast-built sets of
//! `tests/data/detour` with each of their tile blobs.

use std::path::{Path, PathBuf};

use onav_fuzz::cases::{self, GoldenCase};

#[path = "../../../tests/detour_blob/mod.rs"]
mod detour_blob;

/// `build_3d`'s seed, the `SmallGeometry` bytes of one steep sliver
/// triangle (x −3 to 74, y 25 to 65, z −96 to 64; no detail sampling,
/// watershed): its contours triangulate into many triangles, and
/// when every polygon pair was tried again after each merge the build took
/// 24 s in the fuzz build, past libFuzzer's 10 s timeout (now 0.65 s).
const SLIVER_TRIANGLE: &[u8] = &[
    0x55, 0x2f, 0x40, 0xe9, 0x21, 0xfc, 0x15, 0x57, 0x15, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x57, 0x57, 0x57,
    0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x4d, 0x57, 0x63, 0x63, 0x5c, 0x63, 0x63,
    0xff, 0xff, 0x13, 0x3d, 0x22, 0x85, 0x59, 0x08, 0x14, 0x80, 0x24, 0x9b, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x80, 0x00, 0x00,
];

fn write_corpus(dir: &Path, cases: &[GoldenCase]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for case in cases {
        std::fs::write(dir.join(case.name), &case.bytes)?;
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let root = PathBuf::from(std::env::args_os().nth(1).unwrap_or_else(|| "corpus".into()));
    write_corpus(&root.join("read_tile"), &cases::tiles())?;
    write_corpus(&root.join("read_mesh"), &cases::meshes())?;
    write_corpus(&root.join("snapshot_restore"), &cases::snapshots())?;
    write_corpus(&root.join("nav_mesh_load"), &cases::nav_meshes())?;
    write_corpus(&root.join("nav_world_load"), &cases::nav_worlds())?;
    write_corpus(&root.join("tile_create"), &[])?;
    write_corpus(&root.join("mesh_edits"), &[])?;
    let sliver = GoldenCase { name: "sliver_triangle", bytes: SLIVER_TRIANGLE.to_vec() };
    write_corpus(&root.join("build_3d"), &[sliver])?;
    write_detour_seeds(&root.join("import_detour"))?;
    write_corpus(&root.join("query_local"), &[])?;
    write_corpus(&root.join("crowd_requests"), &[])?;
    println!("seed corpora written under {}", root.display());
    Ok(())
}

/// The `import_detour` seeds: synthetic sets and blobs, then the Recast-built
/// sets and every blob in them (32-bit records: an 8-byte tile record, the
/// blob's length its second int).
fn write_detour_seeds(dir: &Path) -> std::io::Result<()> {
    use detour_blob::{BlobOffMesh, Grid, Refs};
    std::fs::create_dir_all(dir)?;
    let grid = Grid::recast_default([16_000.0, 0.0, -64_000.0]);
    let mut tiles = grid.tiles();
    tiles[0].off_mesh = vec![BlobOffMesh {
        start: [16_002.0, 1.5, -63_998.0],
        end: [16_020.0, 1.5, -63_997.0],
        radius: 0.5,
        bidirectional: true,
        area: 3,
        flags: 1,
        user_id: 7,
    }];
    for (refs, bits) in [(Refs::Bits32, 32), (Refs::Bits64, 64)] {
        std::fs::write(dir.join(format!("grid_{bits}.mset")), grid.mset(&tiles, refs))?;
        std::fs::write(dir.join(format!("tile_{bits}.dnav")), Grid::recast_default([0.0; 3]).tile(0, 0).bytes(refs))?;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/detour");
    for name in ["nav_test", "dungeon"] {
        let set = std::fs::read(fixtures.join(format!("{name}.mset")))?;
        std::fs::write(dir.join(format!("{name}.mset")), &set)?;
        let mut at = 40;
        let mut index = 0;
        while at + 8 <= set.len() {
            let size = u32::from_le_bytes([set[at + 4], set[at + 5], set[at + 6], set[at + 7]]) as usize;
            let blob = &set[at + 8..(at + 8 + size).min(set.len())];
            std::fs::write(dir.join(format!("{name}_tile_{index}.dnav")), blob)?;
            at += 8 + size;
            index += 1;
        }
    }
    Ok(())
}
