//! Writing what `build` and `assemble` make: the ONNM envelope (settings
//! and mesh), then one line saying what it holds.

use std::path::Path;

use onav::NavMesh;

use crate::failure::Failure;

/// Writes `bytes` to `path`, or an I/O failure naming it.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
}

/// Saves `nav_mesh` as ONNM to `output` and prints
/// `OUT: N tiles, P polygons, L links`.
pub fn save_nav_mesh(nav_mesh: &NavMesh, output: &Path) -> Result<(), Failure> {
    write_file(output, &nav_mesh.save())?;
    let mesh = nav_mesh.mesh();
    let polygons: usize = mesh.tiles().map(|(_, tile)| tile.polygon_count()).sum();
    println!("{}: {} tiles, {polygons} polygons, {} links", output.display(), mesh.tile_count(), mesh.link_count());
    Ok(())
}
