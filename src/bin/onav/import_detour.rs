//! `onav import-detour FILE -o OUT.onpm [--max-slope DEG]
//! [--boundary-tolerance CELLS]`: a RecastDemo tile set (MSET) of Detour
//! tiles as an onav mesh (ONPM), through `onav::import::detour`.

use std::path::Path;

use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{write_mesh, TiledNavMesh};

use crate::document::read_file;
use crate::failure::Failure;

/// `DNAV` as Detour stores its magic (a little-endian int).
const DNAV_MAGIC_BYTES: [u8; 4] = *b"VAND";

/// Imports `path`, writes the stitched mesh to `output` and prints what it
/// holds. Options out of range and a lone tile blob are usage failures; the
/// file's own faults keep their kind (format, version).
pub fn run(path: &Path, output: &Path, options: ImportOptions) -> Result<(), Failure> {
    options.validate().map_err(|e| Failure::usage(Failure::from(e).message()))?;
    let bytes = read_file(path)?;
    if bytes.starts_with(&DNAV_MAGIC_BYTES) {
        return Err(Failure::usage(format!(
            "{} is a lone Detour tile (DNAV); import-detour reads RecastDemo tile sets (MSET), which also carry \
             the grid origin and tile size",
            path.display()
        )));
    }
    let set = read_tile_set(&bytes, &options)?;
    let mut mesh = TiledNavMesh::new(set.params)?;
    let polygons: usize = set.tiles.iter().map(|t| t.polygon_count()).sum();
    for tile in set.tiles {
        mesh.add_tile(tile)?;
    }
    std::fs::write(output, write_mesh(&mesh))
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", output.display())))?;
    println!("{}: {} tiles, {polygons} polygons, {} links", output.display(), mesh.tile_count(), mesh.link_count());
    Ok(())
}
