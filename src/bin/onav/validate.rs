//! `onav validate FILE [--params FILE]`: `ok`, or one `error:` line and the
//! exit status of the error's kind.

use std::path::Path;

use onav::read_tile;

use crate::document::{read_file, Document};
use crate::failure::Failure;

/// Reading a mesh, envelope or snapshot checks every rule; a bare tile is
/// read in full against the parameters of the `--params` file.
pub fn run(path: &Path, params_path: Option<&Path>, class: usize) -> Result<(), Failure> {
    let bytes = read_file(path)?;
    if let Document::Tile(_) = Document::read(&bytes)? {
        let params_path = params_path.ok_or_else(|| {
            Failure::usage(format!(
                "{} is an ONPT tile, which carries no parameters: give --params with a mesh (ONPM), \
                 envelope (ONNM, ONNW) or snapshot (ONPS) to check it against",
                path.display()
            ))
        })?;
        let params = params_of(params_path, class)?;
        read_tile(&params, &bytes)?;
    }
    println!("ok");
    Ok(())
}

/// The parameters of the `--params` file. Its own errors are usage
/// failures: the file under test was not at fault.
fn params_of(path: &Path, class: usize) -> Result<onav::NavMeshParams, Failure> {
    let document =
        Document::open(path).map_err(|e| Failure::usage(format!("--params {}: {}", path.display(), e.message())))?;
    document.params(class)
}
