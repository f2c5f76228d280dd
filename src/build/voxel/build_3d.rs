//! The voxel build of a whole mesh: the geometry checked once, slopes
//! marked once, then every tile the geometry's box covers built in
//! parallel (rayon) and collected in tile order (row, then column), so the
//! bytes do not depend on the thread count. Authored links are baked into
//! the built tiles as `build_2d` does.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::error::Result;
use crate::format::params::NavMeshParams;
use crate::tile::nav_tile::NavTile;
use crate::world::authored_links::bake_links;
use crate::world::nav_settings::NavSettings;

use super::cell_settings::CellSettings;
use super::geometry::TriangleGeometry;
use super::tile_bounds::{TileGrid, TriangleStrips};
use super::tile_build::{build_tile, BuildInput};
use super::walkable_slope::triangle_area_codes;

/// Every non-empty tile of `geometry` with its baked links, in (tile z,
/// tile x, layer) order. The first failing tile in that order names the
/// error.
pub(crate) fn build_tiles_3d(
    settings: &NavSettings,
    params: &NavMeshParams,
    geometry: &TriangleGeometry,
) -> Result<Vec<NavTile>> {
    geometry.validate()?;
    let cells = CellSettings::new(settings)?;
    let area_codes = triangle_area_codes(geometry, &cells);
    let grid = TileGrid::covering(params, &geometry.bounds())?;
    let margin = (cells.border + 1) as f64 * cells.cell_size;
    let strips = TriangleStrips::new(params, &grid, geometry, margin);
    let input = BuildInput {
        params,
        settings: &cells,
        geometry,
        area_codes: &area_codes,
        strips: &strips,
    };
    let results: Vec<Result<Option<NavTile>>> = grid
        .positions()
        .into_par_iter()
        .map(|(x, z)| build_tile(&input, x, z))
        .collect();
    let mut built = BTreeMap::new();
    for result in results {
        if let Some(tile) = result? {
            built.insert((tile.tile_z(), tile.tile_x(), tile.layer()), tile);
        }
    }
    bake_links(params, settings.off_mesh_links(), built)
}
