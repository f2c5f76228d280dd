//! `ProximityGrid`: which agents stand near a point, for the neighbour
//! search. Agents are binned by the grid cell of their position over the
//! box of cells they occupy: [`ProximityGrid::finish`] counts the entries
//! (agent index and position, so a caller measures distances without
//! looking the agent up) into their cells and lays them out cell after
//! cell, row by row, with where each cell starts beside them (a counting
//! sort: linear in agents and cells, where sorting the agents was not, and
//! stable, so a cell keeps its agents in the order they were inserted). A
//! box query then reads each of its rows as one run of entries, with no
//! search. Cells and agent indices are full-width integers (no 16-bit wrap
//! past 65 535 agents) and answers come in (row, column, insertion) order,
//! independent of any hashing.

use crate::crowd::vector_xz::VectorXz;

/// The box of cells holds at most this many cells per agent (plus
/// [`MIN_CELLS`]); agents spread further apart get wider cells instead, so
/// a few distant agents cannot make the grid vast. A wider cell only gives
/// a query more agents to measure, never fewer. [`ProximityGrid::finish`]
/// walks every cell of the box each step, so the floor stays small: a
/// few agents over a wide level get a few wide cells, not thousands of
/// empty ones.
const CELLS_PER_AGENT: usize = 16;
const MIN_CELLS: usize = 64;

/// [`covering_half`]'s factor over the limit's root: far above the
/// rounding of a sum and a square (a few parts in 1e16), far below a
/// cell.
const COVER_MARGIN: f64 = 1.0 + 1e-9;

#[derive(Debug, Clone, Copy, PartialEq)]
struct GridEntry {
    index: u32,
    position: VectorXz,
}

/// The box of occupied cells: its first column and row and its size.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct CellBox {
    column_min: i64,
    row_min: i64,
    columns: usize,
    rows: usize,
}

#[derive(Debug, Clone, Default)]
pub struct ProximityGrid {
    /// One over the cell width: a cell index is a product and a floor.
    /// Any cell function that never decreases along an axis keeps a box's
    /// agents inside the box's cells, so the rounding of the product moves
    /// no agent out of a query that reaches it.
    inverse_cell_size: f64,
    /// The entries as inserted, then (after [`Self::finish`]) by cell.
    inserted: Vec<GridEntry>,
    entries: Vec<GridEntry>,
    /// The smallest and largest X and Z inserted.
    low: VectorXz,
    high: VectorXz,
    cells: CellBox,
    /// Where each cell's entries start in `entries`, row by row over the
    /// box, then the end (set by [`Self::finish`]).
    starts: Vec<usize>,
}

impl ProximityGrid {
    /// An empty grid of square cells `cell_size` wide (> 0).
    pub fn new(cell_size: f64) -> ProximityGrid {
        let mut grid = ProximityGrid::default();
        grid.reset(cell_size);
        grid
    }

    /// Empties the grid and sets its cell size (> 0), keeping the memory.
    /// The inverse stays finite (a subnormal cell size has none), so a
    /// position's scaled value is never NaN and the cells' fit can widen
    /// the cells by halving it.
    pub fn reset(&mut self, cell_size: f64) {
        self.inverse_cell_size = (1.0 / cell_size).min(f64::MAX);
        self.inserted.clear();
        self.entries.clear();
        self.starts.clear();
        self.cells = CellBox::default();
    }

    /// The floor of `v` over the cell width, by a truncating cast stepped
    /// down below zero (cheaper than a floor call, and exact: the cast
    /// drops only the fraction). Beyond `i64`'s range the cast saturates
    /// and so does the step, so the cell never decreases as `v` grows: a
    /// query box wider than any grid (an agent's huge query range) still
    /// covers every cell.
    fn cell(&self, v: f64) -> i64 {
        let scaled = v * self.inverse_cell_size;
        let truncated = scaled as i64;
        truncated.saturating_sub(i64::from((truncated as f64) > scaled))
    }

    /// Adds agent `index` at `position`; call [`Self::finish`] before
    /// querying.
    pub fn insert(&mut self, index: u32, position: VectorXz) {
        if self.inserted.is_empty() {
            (self.low, self.high) = (position, position);
        }
        self.low = VectorXz::new(self.low.x.min(position.x), self.low.z.min(position.z));
        self.high = VectorXz::new(self.high.x.max(position.x), self.high.z.max(position.z));
        self.inserted.push(GridEntry { index, position });
    }

    /// Lays the entries out by cell for the queries.
    pub fn finish(&mut self) {
        if self.inserted.is_empty() {
            return;
        }
        self.cells = self.fit_cells();
        let count = self.cells.columns * self.cells.rows;
        self.starts.clear();
        self.starts.resize(count + 1, 0);
        for entry in &self.inserted {
            let cell = self.cell_of(entry.position);
            self.starts[cell + 1] += 1;
        }
        for k in 1..=count {
            self.starts[k] += self.starts[k - 1];
        }
        // Each cell's start serves as its cursor, ending at the next
        // cell's start; shifted back by one cell afterwards.
        self.entries.clear();
        self.entries.resize(self.inserted.len(), GridEntry { index: 0, position: VectorXz::ZERO });
        for entry in &self.inserted {
            let cell = self.cell_of(entry.position);
            self.entries[self.starts[cell]] = *entry;
            self.starts[cell] += 1;
        }
        self.starts.copy_within(0..count, 1);
        self.starts[0] = 0;
    }

    /// The box of cells over the inserted positions, the cells widened
    /// (doubled, which is exact) until the box is small enough.
    fn fit_cells(&mut self) -> CellBox {
        let limit = self.inserted.len().saturating_mul(CELLS_PER_AGENT).saturating_add(MIN_CELLS);
        loop {
            let (column_min, row_min) = (self.cell(self.low.x), self.cell(self.low.z));
            let columns = i128::from(self.cell(self.high.x)) - i128::from(column_min) + 1;
            let rows = i128::from(self.cell(self.high.z)) - i128::from(row_min) + 1;
            if columns.saturating_mul(rows) <= limit as i128 {
                return CellBox { column_min, row_min, columns: columns as usize, rows: rows as usize };
            }
            self.inverse_cell_size *= 0.5;
        }
    }

    /// The cell of a position inside the box, numbered row by row.
    fn cell_of(&self, position: VectorXz) -> usize {
        let column = (self.cell(position.x) - self.cells.column_min) as usize;
        let row = (self.cell(position.z) - self.cells.row_min) as usize;
        row * self.cells.columns + column
    }

    /// The cells from `cell(low)` to `cell(high)` along an axis whose box
    /// starts at `min` and holds `size` cells, as offsets into the box;
    /// `None` when they miss it.
    fn span(&self, (low, high): (f64, f64), min: i64, size: usize) -> Option<(usize, usize)> {
        let first = i128::from(self.cell(low)) - i128::from(min);
        let last = i128::from(self.cell(high)) - i128::from(min);
        let last = last.min(size as i128 - 1);
        (last >= 0 && first <= last).then(|| (first.max(0) as usize, last as usize))
    }

    /// Calls `visit` with every agent whose cell the box `center ± half`
    /// touches, and its position (agents in those cells may lie outside
    /// the box; the caller measures).
    pub fn query(&self, center: VectorXz, half: f64, mut visit: impl FnMut(u32, VectorXz)) {
        let CellBox { column_min, row_min, columns, rows } = self.cells;
        let Some((first_column, last_column)) = self.span((center.x - half, center.x + half), column_min, columns)
        else {
            return;
        };
        let Some((first_row, last_row)) = self.span((center.z - half, center.z + half), row_min, rows) else {
            return;
        };
        for row in first_row..=last_row {
            let base = row * columns;
            let run = self.starts[base + first_column]..self.starts[base + last_column + 1];
            for entry in &self.entries[run] {
                visit(entry.index, entry.position);
            }
        }
    }
}

/// A half-width whose box about `center` holds in its cells every point
/// within the squared distance `limit` of `center`, computed as
/// `(x − center.x)² + (z − center.z)²`: a hair over the limit's root,
/// checked on each axis, or `None` when the check fails. A point outside
/// the box's cells lies past `center ± half` on an axis (the cell function
/// never decreases), so its computed difference from `center`, that
/// difference's square and its squared distance are at least
/// `((center ± half) − center)²` as computed (rounding never reverses an
/// order): when that square is over the limit, so is the point. A half no
/// wider than another's gives a box whose cells lie among the other's
/// (the box's ends are rounded in order too).
pub fn covering_half(center: VectorXz, limit: f64) -> Option<f64> {
    let half = limit.sqrt() * COVER_MARGIN;
    let clears = |c: f64| {
        let (below, above) = ((c - half) - c, (c + half) - c);
        below * below > limit && above * above > limit
    };
    (clears(center.x) && clears(center.z)).then_some(half)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points from xorshift: uniform in [0, 1).
    fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    #[test]
    fn a_box_wider_than_the_integers_of_cells_finds_every_agent() {
        let mut grid = ProximityGrid::new(0.25);
        let points = [(0.5, 0.5), (-3.5, 9.0), (1.0e6, -2.0e6)];
        for (i, &(x, z)) in points.iter().enumerate() {
            grid.insert(i as u32, VectorXz::new(x, z));
        }
        grid.finish();
        for half in [1.0e7, 1.0e30, 1.0e300, f64::MAX] {
            let mut found = Vec::new();
            grid.query(VectorXz::new(0.5, 0.5), half, |i, _| found.push(i));
            found.sort_unstable();
            assert_eq!(found, vec![0, 1, 2], "half {half}");
        }
    }

    #[test]
    fn cells_of_a_subnormal_size_still_hold_every_agent() {
        let mut grid = ProximityGrid::new(1.5e-315);
        let points = [(-8.0, 3.0), (0.0, 0.0), (8.0, -2.0)];
        for (i, &(x, z)) in points.iter().enumerate() {
            grid.insert(i as u32, VectorXz::new(x, z));
        }
        grid.finish();
        for (i, &(x, z)) in points.iter().enumerate() {
            let mut found = Vec::new();
            grid.query(VectorXz::new(x, z), 1.0e-315, |j, _| found.push(j));
            assert!(found.contains(&(i as u32)), "agent {i} in its own cell: {found:?}");
        }
        let mut found = Vec::new();
        grid.query(VectorXz::ZERO, 20.0, |j, _| found.push(j));
        found.sort_unstable();
        assert_eq!(found, vec![0, 1, 2]);
    }

    #[test]
    fn a_box_query_finds_the_agents_of_its_cells_in_order() {
        let mut grid = ProximityGrid::new(1.0);
        let points = [(0.5, 0.5), (3.5, 0.5), (0.2, 1.5), (-0.5, -0.5)];
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
    fn queries_give_the_cells_agents_in_row_column_insertion_order() {
        let mut next = uniform(0x9e37_79b9_7f4a_7c15);
        let mut grid = ProximityGrid::new(1.5);
        let points: Vec<VectorXz> =
            (0..300).map(|_| VectorXz::new(next() * 40.0 - 20.0, next() * 30.0 - 5.0)).collect();
        for (i, p) in points.iter().enumerate() {
            grid.insert(i as u32, *p);
        }
        grid.finish();
        let cell = |v: f64| grid.cell(v);
        for _ in 0..200 {
            let (center, half) = (VectorXz::new(next() * 60.0 - 30.0, next() * 50.0 - 15.0), next() * 6.0);
            let mut expected: Vec<(i64, i64, u32)> = (0..points.len() as u32)
                .filter(|&i| {
                    let p = points[i as usize];
                    (cell(center.x - half)..=cell(center.x + half)).contains(&cell(p.x))
                        && (cell(center.z - half)..=cell(center.z + half)).contains(&cell(p.z))
                })
                .map(|i| (cell(points[i as usize].z), cell(points[i as usize].x), i))
                .collect();
            expected.sort_unstable();
            let mut found = Vec::new();
            grid.query(center, half, |i, p| found.push((cell(p.z), cell(p.x), i)));
            assert_eq!(found, expected, "box {center:?} ± {half}");
        }
    }

    #[test]
    fn a_far_agent_widens_the_cells_and_every_agent_is_still_found() {
        let mut grid = ProximityGrid::new(1.0);
        let points = [(0.5, 0.5), (3.5, 0.5), (0.2, 1.5), (-0.5, -0.5), (100_000.0, 2.0)];
        for (i, &(x, z)) in points.iter().enumerate() {
            grid.insert(i as u32, VectorXz::new(x, z));
        }
        grid.finish();
        assert!(grid.cells.columns * grid.cells.rows <= points.len() * CELLS_PER_AGENT + MIN_CELLS, "{:?}", grid.cells);
        let mut found = Vec::new();
        grid.query(VectorXz::new(0.5, 0.5), 1.0, |i, _| found.push(i));
        for i in [0, 2, 3] {
            assert!(found.contains(&i), "agent {i} lies in the box: {found:?}");
        }
        assert!(!found.contains(&4), "{found:?}");
        found.clear();
        grid.query(VectorXz::new(100_000.0, 2.0), 0.5, |i, _| found.push(i));
        assert_eq!(found, vec![4]);
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

    #[test]
    fn the_covering_box_holds_every_point_within_the_limit() {
        let mut next = uniform(0x5851_f42d_4c95_7f2d);
        for scale in [1.0, 1e-3, 1e4, 3e6] {
            let mut grid = ProximityGrid::new(0.7 * scale);
            let mut points: Vec<VectorXz> = (0..400)
                .map(|_| VectorXz::new((next() * 20.0 - 10.0) * scale, (next() * 20.0 - 10.0) * scale))
                .collect();
            // A lattice: points exactly at the limit's distance on an axis.
            points
                .extend((0..100).map(|k| VectorXz::new((k % 10) as f64 * 0.5 * scale, (k / 10) as f64 * 0.5 * scale)));
            for (i, p) in points.iter().enumerate() {
                grid.insert(i as u32, *p);
            }
            grid.finish();
            for query in 0..points.len() - 1 {
                let center = points[query];
                let limit = (points[query + 1] - center).length_squared();
                let Some(half) = covering_half(center, limit) else {
                    assert_eq!(limit, 0.0, "only a zero limit leaves no room over its root");
                    continue;
                };
                let mut visited = Vec::new();
                grid.query(center, half, |i, _| visited.push(i));
                for (i, p) in points.iter().enumerate() {
                    if (*p - center).length_squared() <= limit {
                        assert!(
                            visited.contains(&(i as u32)),
                            "point {i} {p:?} within {limit} of {center:?}, half {half}"
                        );
                    }
                }
            }
        }
        assert_eq!(covering_half(VectorXz::new(1.0, 2.0), 0.0), None, "no box around a point clears a zero limit");
    }
}
