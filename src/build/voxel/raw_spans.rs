//! The rasterizer's spans before merging, in a buffer a build thread
//! reuses from tile to tile. A tile's span count is unknown until its last
//! triangle: a fresh vector per tile either regrows (copying every span) or
//! is reserved for more than sparse tiles need, while a reused one has
//! grown to the largest tile its thread built so far and is neither
//! allocated nor regrown again. The merge reads the spans' height range
//! and per-column counts in one pass, since spans of a level's tile
//! outgrow the L1 cache and every pass over them misses it again.

use super::walkable_slope::AreaCode;

/// A span before merging: column, bottom and top in world cells, area.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawSpan {
    pub column: u32,
    pub bottom: i64,
    pub top: i64,
    pub area: AreaCode,
}

/// One tile's raw spans, in the order the rasterizer made them.
#[derive(Debug, Default)]
pub(crate) struct RawSpans {
    spans: Vec<RawSpan>,
    /// Spans per column once counted; then each column's end in the
    /// column order.
    column_counts: Vec<u32>,
}

impl RawSpans {
    /// Empties the buffer for a tile of `columns` columns, keeping its
    /// memory.
    pub fn start_tile(&mut self, columns: usize) {
        self.spans.clear();
        self.column_counts.clear();
        self.column_counts.resize(columns, 0);
    }

    #[inline]
    pub fn push(&mut self, span: RawSpan) {
        self.spans.push(span);
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Span `i` in the order pushed.
    #[inline]
    pub fn get(&self, i: usize) -> &RawSpan {
        &self.spans[i]
    }

    /// Counts the spans of each column and returns the lowest bottom and
    /// the highest top of all spans ((0, 0) when there are none), in one
    /// pass.
    pub fn count(&mut self) -> (i64, i64) {
        let (mut lowest, mut highest) = (i64::MAX, i64::MIN);
        for s in &self.spans {
            self.column_counts[s.column as usize] += 1;
            lowest = lowest.min(s.bottom);
            highest = highest.max(s.top);
        }
        if self.spans.is_empty() {
            (0, 0)
        } else {
            (lowest, highest)
        }
    }

    /// After [`count`](Self::count): the indices of the spans in column
    /// order (a counting sort: within a column they keep their order of
    /// arrival; indices, not span copies, to keep the tile's peak memory
    /// near one copy of the spans). The counts become each column's end in
    /// that order ([`column_ends`](Self::column_ends)).
    pub fn column_order(&mut self) -> Vec<u32> {
        let mut start = 0;
        for slot in self.column_counts.iter_mut() {
            let count = *slot;
            *slot = start;
            start += count;
        }
        let mut order = vec![0u32; self.spans.len()];
        for (i, s) in self.spans.iter().enumerate() {
            let slot = &mut self.column_counts[s.column as usize];
            order[*slot as usize] = i as u32;
            *slot += 1;
        }
        order
    }

    /// Per column, the end of its indices in `column_order`'s answer.
    pub fn column_ends(&self) -> &[u32] {
        &self.column_counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(column: u32, bottom: i64, top: i64) -> RawSpan {
        RawSpan { column, bottom, top, area: 1 }
    }

    #[test]
    fn column_order_groups_columns_keeping_arrival_order() {
        let mut spans = RawSpans::default();
        spans.start_tile(3);
        for (column, bottom) in [(2, 0), (0, 1), (2, 2), (0, 3), (0, 4)] {
            spans.push(span(column, bottom, bottom + 1));
        }
        assert_eq!(spans.count(), (0, 5));
        assert_eq!(spans.column_order(), vec![1, 3, 4, 0, 2]);
        assert_eq!(spans.column_ends(), &[3, 3, 5]);
    }

    #[test]
    fn a_reused_buffer_forgets_the_previous_tile() {
        let mut spans = RawSpans::default();
        spans.start_tile(2);
        spans.push(span(1, -7, 9));
        spans.count();
        spans.column_order();
        spans.start_tile(4);
        assert_eq!((spans.len(), spans.count()), (0, (0, 0)));
        spans.start_tile(4);
        spans.push(span(3, 2, 4));
        assert_eq!(spans.count(), (2, 4));
        assert_eq!(spans.column_order(), vec![0]);
        assert_eq!(spans.column_ends(), &[0, 0, 0, 1]);
    }
}
