//! `onav tiles LEVEL.obj [--settings FILE.json]`: the tiles a build of the
//! level covers, one `X,Z` per line, row after row: the job list of a
//! tile-by-tile bake (`onav build-tile` per line).

use std::path::Path;

use onav::covered_tiles;

use crate::failure::Failure;
use crate::level_obj::read_level;
use crate::settings_file::level_settings;

pub fn run(level: &Path, settings: Option<&Path>) -> Result<(), Failure> {
    let geometry = read_level(level)?;
    for (x, z) in covered_tiles(&level_settings(settings, &geometry)?, &geometry)? {
        println!("{x},{z}");
    }
    Ok(())
}
