//! The span heightfield of one tile: per column, the solid spans the
//! rasterizer found, bottom to top, in flat arrays (no per-span allocation).

use std::ops::Range;

use super::walkable_slope::AreaCode;

/// The span ranges of consecutive columns given their starts (one more
/// start than columns): one bounds check for the whole run instead of one
/// per column, for the loops that visit every column in order.
pub(crate) fn column_ranges(starts: &[usize]) -> impl Iterator<Item = Range<usize>> + '_ {
    starts.windows(2).map(|ends| ends[0]..ends[1])
}

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
    /// ceiling (the next span's bottom, or [`SKY`] for the top span of its
    /// column, whose spans end at `column_end`). Callers pass the end they
    /// already hold, so it is not read again per span.
    pub fn gap_above(&self, s: usize, column_end: usize) -> (i64, i64) {
        let ceiling = if s + 1 < column_end { i64::from(self.span_min[s + 1]) } else { SKY };
        (i64::from(self.span_max[s]), ceiling)
    }
}
