//! `ProximityGrid`: which agents stand near a point, for the neighbour
//! search. Agents are binned by the grid cell of their position; the bins
//! are one sorted list of (cell row, cell column, agent index) with the
//! position beside it (so a caller measures distances without looking the
//! agent up), and a box query is one binary search per row of cells it
//! covers. Cells and agent
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

#[derive(Debug, Clone, Default)]
pub struct ProximityGrid {
    cell_size: f64,
    entries: Vec<GridEntry>,
}

impl ProximityGrid {
    /// An empty grid of square cells `cell_size` wide (> 0).
    pub fn new(cell_size: f64) -> ProximityGrid {
        ProximityGrid { cell_size, entries: Vec::new() }
    }

    /// Empties the grid and sets its cell size (> 0), keeping the memory.
    pub fn reset(&mut self, cell_size: f64) {
        self.cell_size = cell_size;
        self.entries.clear();
    }

    fn cell(&self, v: f64) -> i64 {
        libm::floor(v / self.cell_size) as i64
    }

    /// Adds agent `index` at `position`; call [`Self::finish`] before
    /// querying.
    pub fn insert(&mut self, index: u32, position: VectorXz) {
        let (column, row) = (self.cell(position.x), self.cell(position.z));
        self.entries.push(GridEntry { row, column, index, position });
    }

    /// Sorts the entries for the queries.
    pub fn finish(&mut self) {
        self.entries.sort_unstable_by_key(|e| (e.row, e.column, e.index));
    }

    /// Calls `visit` with every agent whose cell the box `center ± half`
    /// touches, and its position (agents in those cells may lie outside
    /// the box; the caller measures).
    pub fn query(&self, center: VectorXz, half: f64, mut visit: impl FnMut(u32, VectorXz)) {
        let (column_min, column_max) = (self.cell(center.x - half), self.cell(center.x + half));
        for row in self.cell(center.z - half)..=self.cell(center.z + half) {
            let from = self.entries.partition_point(|e| (e.row, e.column) < (row, column_min));
            for entry in &self.entries[from..] {
                if entry.row != row || entry.column > column_max {
                    break;
                }
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
}
