//! The input file of `onav build-planar` (docs/BUILD_PLANAR.md): walkable
//! regions and obstacles as JSON rings of [x, y] pairs in the builder's
//! plane (y is world Z). An unknown field or a value of the wrong type is a
//! usage error naming it; bad rings are the builder's typed errors.

use std::path::Path;

use onav::{PlanarOutlines, PlanarRegion, PlanarRing};
use serde::Deserialize;

use crate::document::read_file;
use crate::failure::Failure;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InputFile {
    regions: Vec<RegionEntry>,
    #[serde(default)]
    obstacles: Vec<PlanarRing>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionEntry {
    outline: PlanarRing,
    #[serde(default)]
    holes: Vec<PlanarRing>,
    area: Option<u8>,
    flags: Option<u16>,
}

/// The outlines of the JSON file at `path`.
pub fn read_planar_input(path: &Path) -> Result<PlanarOutlines, Failure> {
    let file: InputFile = serde_json::from_slice(&read_file(path)?)
        .map_err(|e| Failure::usage(format!("{}: not a planar input file: {e}", path.display())))?;
    Ok(PlanarOutlines {
        regions: file
            .regions
            .into_iter()
            .map(|r| PlanarRegion { outline: r.outline, holes: r.holes, area: r.area, flags: r.flags })
            .collect(),
        obstacles: file.obstacles,
    })
}
