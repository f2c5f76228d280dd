//! `onav build-tile LEVEL.obj --tile X,Z [--settings FILE.json] --out-dir
//! DIR`: one tile column of a level, as `onav build` would build it, one
//! ONPT file per layer (`DIR/tile_X_Z_L.onpt`), for bakes split into one
//! job per tile and joined by `onav assemble`.

use std::path::Path;

use onav::{write_tile, NavMesh};

use crate::failure::Failure;
use crate::level_obj::read_level;
use crate::mesh_output::write_file;
use crate::settings_file::level_settings;

/// Parses `X,Z` (two whole numbers) for clap.
pub fn parse_tile(text: &str) -> Result<(i32, i32), String> {
    let parse = |part: &str| part.trim().parse::<i32>().map_err(|_| format!("{part:?} is not a tile coordinate"));
    match text.split(',').collect::<Vec<_>>()[..] {
        [x, z] => Ok((parse(x)?, parse(z)?)),
        _ => Err(format!("expected X,Z (two whole numbers separated by a comma), got {text:?}")),
    }
}

/// Builds the column, writes its layers and prints each file's path; an
/// empty column writes nothing and says so on standard error.
pub fn run(level: &Path, (tile_x, tile_z): (i32, i32), settings: Option<&Path>, out_dir: &Path) -> Result<(), Failure> {
    let geometry = read_level(level)?;
    let mut nav_mesh = NavMesh::new(level_settings(settings, &geometry)?)?;
    nav_mesh.rebuild_tile_3d(&geometry, tile_x, tile_z)?;
    let column: Vec<_> = nav_mesh.mesh().column_tiles(tile_x, tile_z).map(|(_, tile)| tile).collect();
    if column.is_empty() {
        eprintln!("tile {tile_x},{tile_z}: nothing walkable, no file written");
        return Ok(());
    }
    std::fs::create_dir_all(out_dir).map_err(|e| Failure::Io(format!("cannot create {}: {e}", out_dir.display())))?;
    for tile in column {
        let path = out_dir.join(format!("tile_{tile_x}_{tile_z}_{}.onpt", tile.layer()));
        write_file(&path, &write_tile(tile))?;
        println!("{}", path.display());
    }
    Ok(())
}
