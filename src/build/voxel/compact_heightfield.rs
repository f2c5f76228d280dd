//! The compact heightfield (Recast's `rcBuildCompactHeightfield`): only the
//! walkable spans, each as a floor with the open space above it, linked to
//! the floor it reaches in each of the four neighbouring columns.

use std::ops::Range;

use super::cell_settings::CellSettings;
use super::heightfield::{Heightfield, SKY};
use super::span_filters::DIRECTIONS;
use super::walkable_slope::{AreaCode, NULL_AREA};

/// No walkable neighbour in that direction.
pub(crate) const NOT_CONNECTED: u32 = u32::MAX;

/// Walkable floors of one tile's heightfield, column after column.
#[derive(Debug, Clone, Default)]
pub(crate) struct CompactHeightfield {
    pub width: usize,
    pub border: usize,
    /// Column c holds floors `column_starts[c]..column_starts[c + 1]`.
    pub column_starts: Vec<usize>,
    /// Floor height in cells above the heightfield's base.
    pub floor: Vec<u32>,
    /// Height of the open space above the floor, up to [`SKY`].
    pub clearance: Vec<i64>,
    pub area: Vec<AreaCode>,
    /// Per floor and direction, the neighbour floor's index or NOT_CONNECTED.
    pub neighbours: Vec<[u32; 4]>,
}

impl CompactHeightfield {
    /// Keeps the walkable spans of `field` and connects each to the first
    /// floor of each neighbouring column that leaves AgentHeight of common
    /// space and lies within WalkableClimb.
    pub fn build(field: &Heightfield, settings: &CellSettings) -> CompactHeightfield {
        let width = field.width;
        let mut compact = CompactHeightfield { width, border: settings.border, ..Default::default() };
        compact.column_starts.push(0);
        for column in 0..width * width {
            for s in field.spans(column).filter(|&s| field.area[s] != NULL_AREA) {
                let (floor, ceiling) = field.gap_above(column, s);
                compact.floor.push(floor as u32);
                compact.clearance.push(ceiling - floor);
                compact.area.push(field.area[s]);
            }
            compact.column_starts.push(compact.floor.len());
        }
        compact.neighbours = vec![[NOT_CONNECTED; 4]; compact.floor.len()];
        for z in 0..width {
            for x in 0..width {
                for s in compact.spans(z * width + x) {
                    for dir in 0..4 {
                        compact.neighbours[s][dir] = compact.find_neighbour(x, z, s, dir, settings);
                    }
                }
            }
        }
        compact
    }

    fn find_neighbour(&self, x: usize, z: usize, s: usize, dir: usize, settings: &CellSettings) -> u32 {
        let Some(column) = self.column_towards(x, z, dir) else {
            return NOT_CONNECTED;
        };
        let floor = i64::from(self.floor[s]);
        let ceiling = (floor + self.clearance[s]).min(SKY);
        self.spans(column)
            .find(|&n| {
                let n_floor = i64::from(self.floor[n]);
                let n_ceiling = (n_floor + self.clearance[n]).min(SKY);
                ceiling.min(n_ceiling) - floor.max(n_floor) >= settings.walkable_height
                    && (n_floor - floor).abs() <= settings.walkable_climb
            })
            .map_or(NOT_CONNECTED, |n| n as u32)
    }

    pub fn spans(&self, column: usize) -> Range<usize> {
        // One bounds check for both ends.
        let ends = &self.column_starts[column..column + 2];
        ends[0]..ends[1]
    }

    pub fn span_count(&self) -> usize {
        self.floor.len()
    }

    /// The column next to (x, z) in direction `dir`, if inside.
    pub fn column_towards(&self, x: usize, z: usize, dir: usize) -> Option<usize> {
        let (dx, dz) = DIRECTIONS[dir];
        let (nx, nz) = (x.checked_add_signed(dx)?, z.checked_add_signed(dz)?);
        (nx < self.width && nz < self.width).then_some(nz * self.width + nx)
    }

    /// The floor connected to `s` in direction `dir`.
    pub fn neighbour(&self, s: usize, dir: usize) -> Option<usize> {
        let n = self.neighbours[s][dir];
        (n != NOT_CONNECTED).then_some(n as usize)
    }
}
