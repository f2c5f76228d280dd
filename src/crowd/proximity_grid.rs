//! `ProximityGrid`: which agents stand near a point, for the neighbour
//! search. Agents are binned by the grid cell of their position; the bins
//! are one sorted list of (cell row, cell column, agent index) with the
//! position beside it (so a caller measures distances without looking the
//! agent up), and beside it where each occupied row starts (at most one
//! per agent), so a box query finds its first row among the rows, then
//! each row's first column within that row alone. Cells and agent
//! indices are full-width integers (no 16-bit wrap past 65 535 agents) and
//! answers come in (row, column, index) order, independent of any hashing.

use crate::crowd::vector_xz::VectorXz;

#[derive(Debug, Clone, Copy, PartialEq)]
struct GridEntry {
    row: i64,
    column: i64,
    index: u32,
    position: VectorXz,
}

/// Where the entries of an occupied row of cells start.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RowStart {
    row: i64,
    first: usize,
}

#[derive(Debug, Clone, Default)]
pub struct ProximityGrid {
    /// One over the cell width: a cell index is a product and a floor.
    /// Any cell function that never decreases along an axis keeps a box's
    /// agents inside the box's cells, so the rounding of the product moves
    /// no agent out of a query that reaches it.
    inverse_cell_size: f64,
    entries: Vec<GridEntry>,
    /// One per occupied row, in row order (set by [`Self::finish`]).
    rows: Vec<RowStart>,
}

impl ProximityGrid {
    /// An empty grid of square cells `cell_size` wide (> 0).
    pub fn new(cell_size: f64) -> ProximityGrid {
        ProximityGrid { inverse_cell_size: 1.0 / cell_size, entries: Vec::new(), rows: Vec::new() }
    }

    /// Empties the grid and sets its cell size (> 0), keeping the memory.
    pub fn reset(&mut self, cell_size: f64) {
        self.inverse_cell_size = 1.0 / cell_size;
        self.entries.clear();
        self.rows.clear();
    }

    /// The floor of `v` over the cell width, by a truncating cast stepped
    /// down below zero (cheaper than a floor call, and exact: the cast
    /// drops only the fraction).
    fn cell(&self, v: f64) -> i64 {
        let scaled = v * self.inverse_cell_size;
        let truncated = scaled as i64;
        truncated - i64::from((truncated as f64) > scaled)
    }

    /// Adds agent `index` at `position`; call [`Self::finish`] before
    /// querying.
    pub fn insert(&mut self, index: u32, position: VectorXz) {
        let (column, row) = (self.cell(position.x), self.cell(position.z));
        self.entries.push(GridEntry { row, column, index, position });
    }

    /// Sorts the entries for the queries and notes where each row starts.
    pub fn finish(&mut self) {
        self.entries.sort_unstable_by_key(|e| (e.row, e.column, e.index));
        self.rows.clear();
        for (first, entry) in self.entries.iter().enumerate() {
            if self.rows.last().is_none_or(|r| r.row != entry.row) {
                self.rows.push(RowStart { row: entry.row, first });
            }
        }
    }

    /// The entries of the occupied row at `rows[k]`.
    fn row_entries(&self, k: usize) -> &[GridEntry] {
        let end = self.rows.get(k + 1).map_or(self.entries.len(), |next| next.first);
        &self.entries[self.rows[k].first..end]
    }

    /// Calls `visit` with every agent whose cell the box `center ± half`
    /// touches, and its position (agents in those cells may lie outside
    /// the box; the caller measures).
    pub fn query(&self, center: VectorXz, half: f64, mut visit: impl FnMut(u32, VectorXz)) {
        let (column_min, column_max) = (self.cell(center.x - half), self.cell(center.x + half));
        let (row_min, row_max) = (self.cell(center.z - half), self.cell(center.z + half));
        let first_row = self.rows.partition_point(|r| r.row < row_min);
        for k in (first_row..self.rows.len()).take_while(|&k| self.rows[k].row <= row_max) {
            let row = self.row_entries(k);
            let from = row.partition_point(|e| e.column < column_min);
            for entry in row[from..].iter().take_while(|e| e.column <= column_max) {
                visit(entry.index, entry.position);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_query_finds_the_agents_of_its_cells_in_order() {
        let mut grid = ProximityGrid::new(1.0);
        let points = [(0.5, 0.5), (3.5, 0.5), (0.2, 1.5), (-0.5, -0.5), (100_000.0, 2.0)];
        for (i, &(x, z)) in points.iter().enumerate() {
            grid.insert(i as u32, VectorXz::new(x, z));
        }
        grid.insert(70_000, VectorXz::new(0.9, 0.1));
        grid.finish();
        let mut found = Vec::new();
        grid.query(VectorXz::new(0.5, 0.5), 0.4, |i, _| found.push(i));
        assert_eq!(found, vec![0, 70_000]);
        found.clear();
        grid.query(VectorXz::new(0.5, 0.5), 1.0, |i, _| found.push(i));
        assert_eq!(found, vec![3, 0, 70_000, 2]);
    }

    #[test]
    fn a_box_query_skips_empty_rows_and_ends_past_the_last() {
        let mut grid = ProximityGrid::new(1.0);
        for (i, &(x, z)) in [(0.5, 0.5), (5.5, 9.5), (0.5, 4.5), (9.5, 4.5), (0.7, 4.2)].iter().enumerate() {
            grid.insert(i as u32, VectorXz::new(x, z));
        }
        grid.finish();
        let mut found = Vec::new();
        grid.query(VectorXz::new(1.0, 3.0), 2.0, |i, _| found.push(i));
        assert_eq!(found, vec![2, 4], "rows 1 to 5, columns -1 to 3: only row 4 is occupied there");
        found.clear();
        grid.query(VectorXz::new(5.0, 20.0), 5.0, |i, _| found.push(i));
        assert!(found.is_empty(), "rows 15 to 25 lie past every agent: {found:?}");
        found.clear();
        grid.query(VectorXz::new(5.0, 5.0), 5.0, |i, _| found.push(i));
        assert_eq!(found, vec![0, 2, 4, 3, 1]);
    }
}
