//! Writes the seed corpora: `make_seeds DIR` fills `DIR/read_tile` and
//! `DIR/read_mesh` with the golden cases' bytes (tiles and meshes covering
//! every feature, built from the test fixture) and creates an empty
//! `DIR/tile_create`, whose structured inputs libFuzzer grows itself.

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
    write_corpus(&root.join("tile_create"), &[])?;
    println!("seed corpora written under {}", root.display());
    Ok(())
}
