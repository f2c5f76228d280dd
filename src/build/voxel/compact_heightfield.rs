//! The compact heightfield (Recast's `rcBuildCompactHeightfield`): only the
//! walkable spans, each as a floor with the open space above it, linked to
//! the floor it reaches in each of the four neighbouring columns.

use std::ops::Range;

use super::cell_settings::CellSettings;
use super::heightfield::{column_ranges, Heightfield};
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
    /// Height of the open space above the floor, up to [`SKY`](super::heightfield::SKY).
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
        // Sized once from the walkable count, so no push regrows an array.
        let walkable = field.area.iter().filter(|&&area| area != NULL_AREA).count();
        let mut compact = CompactHeightfield {
            width,
            border: settings.border,
            column_starts: Vec::with_capacity(width * width + 1),
            floor: Vec::with_capacity(walkable),
            clearance: Vec::with_capacity(walkable),
            area: Vec::with_capacity(walkable),
            neighbours: Vec::new(),
        };
        compact.column_starts.push(0);
        for spans in column_ranges(&field.column_starts) {
            let end = spans.end;
            for s in spans.filter(|&s| field.area[s] != NULL_AREA) {
                let (floor, ceiling) = field.gap_above(s, end);
                compact.floor.push(floor as u32);
                compact.clearance.push(ceiling - floor);
                compact.area.push(field.area[s]);
            }
            compact.column_starts.push(compact.floor.len());
        }
        compact.neighbours = compact.link_neighbours(settings);
        compact
    }

    /// Every floor's neighbour in each direction. One direction at a time,
    /// over the columns whose neighbour that way lies inside, each column
    /// paired with its neighbour by walking two rows side by side: no
    /// per-floor bounds tests on the column, and the heightfield's edge
    /// columns keep NOT_CONNECTED on their outer side.
    fn link_neighbours(&self, settings: &CellSettings) -> Vec<[u32; 4]> {
        let width = self.width;
        let mut neighbours = vec![[NOT_CONNECTED; 4]; self.span_count()];
        // The coordinates c whose neighbour c + d lies inside too.
        let inside = |d: isize| match d {
            -1 => 1..width,
            1 => 0..width.saturating_sub(1),
            _ => 0..width,
        };
        let shifted = |r: &Range<usize>, d: isize| r.start.wrapping_add_signed(d)..r.end.wrapping_add_signed(d);
        for (dir, &(dx, dz)) in DIRECTIONS.iter().enumerate() {
            let (xs, zs) = (inside(dx), inside(dz));
            let neighbour_xs = shifted(&xs, dx);
            for z in zs {
                let nz = z.wrapping_add_signed(dz);
                let pairs = self.row_spans(z, xs.clone()).zip(self.row_spans(nz, neighbour_xs.clone()));
                for (spans, there) in pairs {
                    for s in spans {
                        neighbours[s][dir] = self.first_reachable(s, there.clone(), settings);
                    }
                }
            }
        }
        neighbours
    }

    /// The first floor of `candidates` (a neighbouring column's) that
    /// leaves AgentHeight of common space with floor `s` and lies within
    /// WalkableClimb of it.
    fn first_reachable(&self, s: usize, mut candidates: Range<usize>, settings: &CellSettings) -> u32 {
        // Floor plus clearance is the ceiling, at most SKY by construction.
        let floor = i64::from(self.floor[s]);
        let ceiling = floor + self.clearance[s];
        candidates
            .find(|&n| {
                let n_floor = i64::from(self.floor[n]);
                let n_ceiling = n_floor + self.clearance[n];
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

    /// The floors of the columns (x, z) for x in `xs`, x ascending (one
    /// bounds check for the run instead of one per column).
    pub fn row_spans(&self, z: usize, xs: Range<usize>) -> impl Iterator<Item = Range<usize>> + '_ {
        let row = z * self.width;
        column_ranges(&self.column_starts[row + xs.start..=row + xs.end])
    }

    pub fn span_count(&self) -> usize {
        self.floor.len()
    }

    /// The floor connected to `s` in direction `dir`.
    pub fn neighbour(&self, s: usize, dir: usize) -> Option<usize> {
        let n = self.neighbours[s][dir];
        (n != NOT_CONNECTED).then_some(n as usize)
    }
}
