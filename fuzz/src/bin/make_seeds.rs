//! Writes the seed corpora: `make_seeds DIR` fills `DIR/<target>` of each
//! byte-reading target with the golden cases of its layout (tiles, meshes,
//! snapshots and envelopes covering every feature, built from the test
//! fixtures) and creates empty corpora for the structured targets
//! (`tile_create`, `mesh_edits`, `query_local`), whose inputs libFuzzer grows itself.

use std::path::{Path, PathBuf};

use onav_fuzz::cases::{self, GoldenCase};

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
    write_corpus(&root.join("query_local"), &[])?;
    println!("seed corpora written under {}", root.display());
    Ok(())
}
