//! Which tiles a build covers and which triangles each tile rasterizes:
//! every tile the geometry's box touches, and per tile the triangles whose
//! box reaches the tile's heightfield (the tile and its border).

use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::mesh::poly_ref::MAX_SLOTS;
use crate::world::nav_settings::NavSettings;

use super::geometry::{GeometryBounds, TriangleGeometry};

/// The inclusive range of tile columns and rows a build covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TileGrid {
    pub min_x: i32,
    pub min_z: i32,
    pub max_x: i32,
    pub max_z: i32,
}

impl TileGrid {
    /// The tiles under `bounds`; more tiles than a mesh has slots is out of
    /// range, naming the box and the count.
    pub fn covering(params: &NavMeshParams, bounds: &GeometryBounds) -> Result<TileGrid> {
        let (min_x, min_z) = params.world_to_tile(bounds.min[0], bounds.min[2])?;
        let (max_x, max_z) = params.world_to_tile(bounds.max[0], bounds.max[2])?;
        let count = (i64::from(max_x) - i64::from(min_x) + 1) * (i64::from(max_z) - i64::from(min_z) + 1);
        if count > i64::from(MAX_SLOTS) {
            return Err(NavMeshError::out_of_range(format!(
                "the geometry's box {:?}..{:?} covers {count} tiles, more than the {MAX_SLOTS} tile slots of a mesh",
                bounds.min, bounds.max
            )));
        }
        Ok(TileGrid { min_x, min_z, max_x, max_z })
    }

    /// Every (tile x, tile z), row after row: the order tiles are built and
    /// added in.
    pub fn positions(&self) -> Vec<(i32, i32)> {
        (self.min_z..=self.max_z).flat_map(|z| (self.min_x..=self.max_x).map(move |x| (x, z))).collect()
    }
}

/// Every (tile x, tile z) a voxel build with `settings` covers for
/// `geometry`, row after row: the tiles under the geometry's box, whether
/// or not anything walkable lands in them. Lets a batch bake hand out one
/// tile per job (`onav tiles`). Errors as the build's: settings that give
/// no parameters, bad geometry, a box wider than a mesh's slots.
pub fn covered_tiles(settings: &NavSettings, geometry: &TriangleGeometry) -> Result<Vec<(i32, i32)>> {
    let params = settings.to_params()?;
    geometry.validate()?;
    Ok(TileGrid::covering(&params, &geometry.bounds())?.positions())
}

/// Triangles bucketed by tile strip along the grid's shorter axis, so a
/// triangle covering many tiles costs at most that axis's length in entries.
pub(crate) struct TriangleStrips {
    /// True when strips are columns (one per tile x), false for rows.
    by_column: bool,
    first: i32,
    /// Strip s holds `triangles[starts[s]..starts[s + 1]]`, ascending.
    starts: Vec<usize>,
    triangles: Vec<u32>,
}

impl TriangleStrips {
    /// Buckets every triangle whose box, grown by `margin` world units,
    /// reaches a strip of `grid`.
    pub fn new(params: &NavMeshParams, grid: &TileGrid, geometry: &TriangleGeometry, margin: f64) -> TriangleStrips {
        let by_column = grid.max_x - grid.min_x <= grid.max_z - grid.min_z;
        let (first, last) = if by_column { (grid.min_x, grid.max_x) } else { (grid.min_z, grid.max_z) };
        let (axis, origin) = if by_column { (0, params.origin_x) } else { (2, params.origin_z) };
        let strip_of = |value: f64| -> i64 {
            let index = ((value - origin) / params.tile_size).floor() as i64;
            index.clamp(i64::from(first), i64::from(last)) - i64::from(first)
        };
        let ranges: Vec<(usize, usize)> = (0..geometry.triangles.len())
            .map(|t| {
                let corners = geometry.corners(t);
                let low = corners.iter().map(|c| c[axis]).fold(f64::INFINITY, f64::min) - margin;
                let high = corners.iter().map(|c| c[axis]).fold(f64::NEG_INFINITY, f64::max) + margin;
                (strip_of(low) as usize, strip_of(high) as usize)
            })
            .collect();
        let strip_count = (last - first) as usize + 1;
        let mut starts = vec![0usize; strip_count + 1];
        for &(low, high) in &ranges {
            for strip in low..=high {
                starts[strip + 1] += 1;
            }
        }
        for s in 0..strip_count {
            starts[s + 1] += starts[s];
        }
        let mut fill = starts.clone();
        let mut triangles = vec![0u32; starts[strip_count]];
        for (t, &(low, high)) in ranges.iter().enumerate() {
            for strip in low..=high {
                triangles[fill[strip]] = t as u32;
                fill[strip] += 1;
            }
        }
        TriangleStrips { by_column, first, starts, triangles }
    }

    /// The triangles of the strip holding tile (x, z), ascending; the caller
    /// tests each against its own heightfield box.
    pub fn candidates(&self, tile_x: i32, tile_z: i32) -> &[u32] {
        let strip = (if self.by_column { tile_x } else { tile_z } - self.first) as usize;
        &self.triangles[self.starts[strip]..self.starts[strip + 1]]
    }
}
