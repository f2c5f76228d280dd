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

use super::build_progress::{BuildProgress, ProgressCallback};
use super::cell_settings::CellSettings;
use super::geometry::TriangleGeometry;
use super::raw_spans::RawSpans;
use super::tile_bounds::{TileGrid, TriangleStrips};
use super::tile_build::{build_tile, BuildInput};
use super::walkable_slope::{triangle_area_codes, AreaCode};

/// Every non-empty tile of `geometry` with its baked links, in (tile z,
/// tile x, layer) order. The first failing tile in that order names the
/// error; a cancelled build fails as cancelled.
pub(crate) fn build_tiles_3d(
    settings: &NavSettings,
    params: &NavMeshParams,
    geometry: &TriangleGeometry,
    callback: Option<ProgressCallback<'_>>,
) -> Result<Vec<NavTile>> {
    let prepared = Prepared::new(settings, geometry)?;
    let grid = TileGrid::covering(params, &geometry.bounds())?;
    let strips = TriangleStrips::new(params, &grid, geometry, prepared.margin());
    let input = prepared.input(params, geometry, &strips);
    let positions = grid.positions();
    let progress = BuildProgress::new(callback, positions.len());
    let results: Vec<Result<Vec<NavTile>>> = positions
        .into_par_iter()
        .map_init(RawSpans::default, |raw, (x, z)| {
            if progress.is_cancelled() {
                return Ok(Vec::new());
            }
            let column = build_tile(&input, raw, x, z);
            progress.tile_done();
            column
        })
        .collect();
    progress.check()?;
    let mut built = BTreeMap::new();
    for result in results {
        for tile in result? {
            built.insert((tile.tile_z(), tile.tile_x(), tile.layer()), tile);
        }
    }
    bake_links(params, settings.off_mesh_links(), built)
}

/// The tiles (one per layer) of column (tile_x, tile_z) exactly as
/// `build_tiles_3d` builds them, before their links are baked; empty when
/// nothing walkable is left.
pub(crate) fn build_tile_3d(
    settings: &NavSettings,
    params: &NavMeshParams,
    geometry: &TriangleGeometry,
    tile_x: i32,
    tile_z: i32,
) -> Result<Vec<NavTile>> {
    let prepared = Prepared::new(settings, geometry)?;
    let grid = TileGrid { min_x: tile_x, min_z: tile_z, max_x: tile_x, max_z: tile_z };
    let strips = TriangleStrips::new(params, &grid, geometry, prepared.margin());
    build_tile(&prepared.input(params, geometry, &strips), &mut RawSpans::default(), tile_x, tile_z)
}

/// What every tile of a build shares: the settings in cells and the area
/// of every triangle, from checked geometry.
struct Prepared {
    cells: CellSettings,
    area_codes: Vec<AreaCode>,
}

impl Prepared {
    fn new(settings: &NavSettings, geometry: &TriangleGeometry) -> Result<Prepared> {
        geometry.validate()?;
        let cells = CellSettings::new(settings)?;
        let area_codes = triangle_area_codes(geometry, &cells);
        Ok(Prepared { cells, area_codes })
    }

    /// How far beyond a tile its heightfield reaches, plus a cell.
    fn margin(&self) -> f64 {
        (self.cells.border + 1) as f64 * self.cells.cell_size
    }

    fn input<'a>(
        &'a self,
        params: &'a NavMeshParams,
        geometry: &'a TriangleGeometry,
        strips: &'a TriangleStrips,
    ) -> BuildInput<'a> {
        BuildInput { params, settings: &self.cells, geometry, area_codes: &self.area_codes, strips }
    }
}
