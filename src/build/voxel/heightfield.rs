//! The span heightfield of one tile: per column, the solid spans the
//! rasterizer found, bottom to top, in flat arrays (no per-span allocation).

use std::ops::Range;

use super::walkable_slope::AreaCode;

/// Open space above the top span of a column, in cells.
pub(crate) const SKY: i64 = 1 << 40;

/// Columns `width` x `width`, x fastest; heights in cells above `base_cell`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Heightfield {
    pub width: usize,
    /// World cell (of CellHeight above the mesh's OriginY) of height 0.
    pub base_cell: i64,
    /// Column c holds spans `column_starts[c]..column_starts[c + 1]`.
    pub column_starts: Vec<usize>,
    pub span_min: Vec<u32>,
    pub span_max: Vec<u32>,
    pub area: Vec<AreaCode>,
}

impl Heightfield {
    pub fn spans(&self, column: usize) -> Range<usize> {
        // One bounds check for both ends.
        let ends = &self.column_starts[column..column + 2];
        ends[0]..ends[1]
    }

    /// The floor of the space above span `s` (its top) and that space's
    /// ceiling (the next span's bottom in column `column`, or [`SKY`]).
    pub fn gap_above(&self, column: usize, s: usize) -> (i64, i64) {
        let ceiling = if s + 1 < self.column_starts[column + 1] { i64::from(self.span_min[s + 1]) } else { SKY };
        (i64::from(self.span_max[s]), ceiling)
    }
}
