//! The settings in the voxel builder's units: Recast users give lengths in
//! world units, the stages work in cells. Derived once per build, with the
//! same roundings Recast documents (height up, climb down, radius up).

use crate::error::{NavMeshError, Result};
use crate::world::nav_settings::{NavSettings, Partition};

/// A height or length in cells larger than any heightfield can hold; values
/// beyond it act the same, so the conversions saturate there.
const CELL_LIMIT: f64 = (1u64 << 40) as f64;

/// Build settings converted to cells.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellSettings {
    /// TileSize / tile_cells: CellSize adjusted so whole cells fill a tile,
    /// which puts the cell lines of neighbouring tiles on the same world
    /// lines (with (float)14.4 / 0.3 = 47.9999987 cells they would drift
    /// apart by 4e-7 per tile and voxelize a wall into different cells).
    pub cell_size: f64,
    pub cell_height: f64,
    pub tile_size: f64,
    /// Cells across a tile: TileSize / CellSize rounded to the nearest
    /// whole number (at least 1, at most 8192).
    pub tile_cells: usize,
    /// Cells of heightfield around the tile: erosion radius + 3, so erosion
    /// and the filters see every cell that changes the tile.
    pub border: usize,
    /// ceil(AgentHeight / CellHeight).
    pub walkable_height: i64,
    /// floor(WalkableClimb / CellHeight).
    pub walkable_climb: i64,
    /// ceil(AgentRadius / CellSize).
    pub erosion_radius: u32,
    /// ContourMaxError / CellSize.
    pub max_error: f64,
    /// floor(MaxEdgeLength / CellSize); 0 keeps edges whole.
    pub max_edge_length: i64,
    pub min_region_area: u64,
    pub merge_region_area: u64,
    pub max_verts_per_poly: usize,
    /// DetailSampleDistance in world units; 0 (sampling off) when below
    /// 0.9 CellSize, as Recast treats it.
    pub detail_sample_distance: f64,
    /// DetailMaxError in world units.
    pub detail_max_error: f64,
    /// cos(AgentMaxSlope), computed once through libm.
    pub walkable_cos: f64,
    pub area: u8,
    pub flags: u16,
    pub partition: Partition,
}

fn cells(value: f64) -> i64 {
    value.min(CELL_LIMIT) as i64
}

/// The sample distance the detail stage uses: below 0.9 of a cell, samples
/// would land in the same cells again, so Recast turns sampling off there.
fn detail_sample_distance(distance: f64, cell_size: f64) -> f64 {
    if distance < 0.9 * cell_size {
        0.0
    } else {
        distance
    }
}

impl CellSettings {
    /// The settings in cells; an erosion radius wider than a tile is out of
    /// range naming AgentRadius (it would make every heightfield grow with
    /// the radius rather than the tile).
    pub fn new(settings: &NavSettings) -> Result<CellSettings> {
        let tile_cells = (settings.tile_size() / settings.cell_size()).round().max(1.0) as usize;
        let cell_size = settings.tile_size() / tile_cells as f64;
        let cell_height = settings.cell_height();
        let erosion_radius = cells((settings.agent_radius() as f64 / cell_size).ceil());
        if erosion_radius > tile_cells as i64 {
            return Err(NavMeshError::out_of_range(format!(
                "NavSettings.AgentRadius = {} erodes {erosion_radius} cells, more than the {tile_cells} cells of a tile",
                settings.agent_radius()
            )));
        }
        let slope = settings.agent_max_slope() as f64 * std::f64::consts::PI / 180.0;
        Ok(CellSettings {
            cell_size,
            cell_height,
            tile_size: settings.tile_size(),
            tile_cells,
            border: erosion_radius as usize + 3,
            walkable_height: cells((settings.agent_height() as f64 / cell_height).ceil()),
            walkable_climb: cells((settings.walkable_climb() as f64 / cell_height).floor()),
            erosion_radius: erosion_radius as u32,
            max_error: settings.contour_max_error() as f64 / cell_size,
            max_edge_length: cells((settings.max_edge_length() / cell_size).floor()),
            min_region_area: settings.min_region_area() as u64,
            merge_region_area: settings.merge_region_area() as u64,
            max_verts_per_poly: settings.max_verts_per_poly() as usize,
            detail_sample_distance: detail_sample_distance(settings.detail_sample_distance(), cell_size),
            detail_max_error: settings.detail_max_error(),
            walkable_cos: libm::cos(slope),
            area: settings.area(),
            flags: settings.flags(),
            partition: settings.partition(),
        })
    }

    /// Heightfield columns along one axis: the tile and its border twice.
    pub fn heightfield_cells(&self) -> usize {
        self.tile_cells + 2 * self.border
    }
}
