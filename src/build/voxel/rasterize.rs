//! Rasterization (Recast's `rcRasterizeTriangles`) of a tile's triangles
//! into its heightfield. Coordinates are tile-local before anything is
//! rounded: world f64 minus the tile origin, divided by the cell size, so a
//! level moved by whole tiles rasterizes into the same cells. Triangles are
//! clipped against the cell lines; each cell's piece becomes a span from the
//! floor of its lowest to the ceiling of its highest point.

use crate::error::{NavMeshError, Result};

use super::cell_settings::CellSettings;
use super::geometry::TriangleGeometry;
use super::heightfield::Heightfield;
use super::raw_spans::{RawSpan, RawSpans};
use super::walkable_slope::AreaCode;
use super::whole_cells::{ceil_cell, floor_cell};

/// Where a tile's heightfield lies: the world position of the tile origin
/// and the mesh's OriginY.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TileFrame {
    pub origin_x: f64,
    pub origin_z: f64,
    pub origin_y: f64,
}

/// Room for a piece: a triangle cut by four lines has at most 7 points; a
/// piece that rounding made slightly non-convex may gain a few more.
const PIECE_CAPACITY: usize = 16;

/// Cell lines run across x (axis 0) and z (axis 2).
const X: usize = 0;
const Z: usize = 2;

/// A convex polygon being clipped: a triangle cut by at most four lines.
#[derive(Clone, Copy)]
struct Piece {
    points: [[f64; 3]; PIECE_CAPACITY],
    len: usize,
}

impl Piece {
    const EMPTY: Piece = Piece { points: [[0.0; 3]; PIECE_CAPACITY], len: 0 };

    /// Adds a point; past the capacity (never reached by a convex piece) the
    /// point is dropped rather than written out of bounds.
    fn push(&mut self, point: [f64; 3]) {
        if self.len < PIECE_CAPACITY {
            self.points[self.len] = point;
            self.len += 1;
        }
    }

    fn points(&self) -> &[[f64; 3]] {
        &self.points[..self.len]
    }

    /// Writes the part at or below `line` on `AXIS` into `below` and the
    /// part at or above it into `above` (both overwritten: the caller's
    /// buffers are reused from cell to cell, never copied).
    fn split<const AXIS: usize>(&self, line: f64, below: &mut Piece, above: &mut Piece) {
        below.len = 0;
        above.len = 0;
        let points = self.points();
        let Some(&last) = points.last() else { return };
        let mut previous = last;
        for &point in points {
            let (d_previous, d_point) = (line - previous[AXIS], line - point[AXIS]);
            if (d_previous >= 0.0) != (d_point >= 0.0) {
                let s = d_previous / (d_previous - d_point);
                let mut crossing = previous;
                for &k in interpolated::<AXIS>() {
                    crossing[k] = previous[k] + (point[k] - previous[k]) * s;
                }
                crossing[AXIS] = line;
                below.push(crossing);
                above.push(crossing);
                // A point on the line is the crossing itself, already added.
                if d_point > 0.0 {
                    below.push(point);
                } else if d_point < 0.0 {
                    above.push(point);
                }
            } else if d_point > 0.0 {
                below.push(point);
            } else if d_point < 0.0 {
                above.push(point);
            } else {
                below.push(point);
                above.push(point);
            }
            previous = point;
        }
    }

    /// The lowest and highest coordinate on `axis`.
    fn range(&self, axis: usize) -> (f64, f64) {
        coordinate_range(self.points(), axis)
    }
}

/// The coordinates a crossing of a line across `AXIS` needs computed: both
/// others when cutting rows (across z: the row is cut across x next, and
/// its heights give spans), only y when cutting cells (across x: a cell
/// piece is read for its heights alone, so z would never be read again).
const fn interpolated<const AXIS: usize>() -> &'static [usize] {
    if AXIS == Z {
        &[X, 1]
    } else {
        &[1]
    }
}

/// The two buffers that take turns holding the part of a piece not yet cut
/// into strips, and the buffer of the strip just cut off.
struct StripBuffers {
    rest: [Piece; 2],
    strip: Piece,
}

impl StripBuffers {
    const EMPTY: StripBuffers = StripBuffers { rest: [Piece::EMPTY; 2], strip: Piece::EMPTY };

    /// Cuts `piece` at the cell lines across `AXIS` and hands each strip
    /// inside the heightfield's `width` cells with at least three points to
    /// `visit`, with its cell index along `AXIS`, in ascending order.
    fn for_each_strip<const AXIS: usize>(&mut self, piece: &Piece, width: usize, mut visit: impl FnMut(usize, &Piece)) {
        let (min, max) = piece.range(AXIS);
        let (first_cell, last_cell) = (floor_cell(min), floor_cell(max));
        let last = width as i64 - 1;
        // `None`: the remainder is still `piece` itself; `Some(i)`: `rest[i]`.
        let mut remainder: Option<usize> = None;
        for cell in first_cell.clamp(-1, last)..=last_cell.clamp(0, last) {
            let [rest0, rest1] = &mut self.rest;
            let (source, target, next) = match remainder {
                None => (piece, rest0, 0),
                Some(0) => (&*rest0, rest1, 1),
                Some(_) => (&*rest1, rest0, 0),
            };
            if cell == last_cell {
                // No point reaches the next line: the remainder is the strip
                // as it is, so cutting it would only copy it.
                if source.len >= 3 && cell >= 0 {
                    visit(cell as usize, source);
                }
                return;
            }
            source.split::<AXIS>((cell + 1) as f64, &mut self.strip, target);
            remainder = Some(next);
            if self.strip.len >= 3 && cell >= 0 {
                visit(cell as usize, &self.strip);
            }
            if target.len < 3 {
                return;
            }
        }
    }
}

/// Rasterizes the `candidates` (ascending triangle indices) into the tile's
/// heightfield, through `raw` (the calling thread's buffer, whatever it
/// held before). Heights whose range does not fit u32 cells are out of
/// range naming CellHeight.
pub(crate) fn rasterize_tile(
    geometry: &TriangleGeometry,
    area_codes: &[AreaCode],
    candidates: &[u32],
    frame: &TileFrame,
    settings: &CellSettings,
    raw: &mut RawSpans,
) -> Result<Heightfield> {
    let width = settings.heightfield_cells();
    raw.start_tile(width * width);
    let (mut rows, mut cells) = (StripBuffers::EMPTY, StripBuffers::EMPTY);
    let mut triangle = Piece::EMPTY;
    for &t in candidates {
        let corners = geometry.corners(t as usize);
        if !overlaps_heightfield(&corners, frame, settings) {
            continue;
        }
        cell_space_triangle(corners, frame, settings, &mut triangle);
        let area = area_codes[t as usize];
        rows.for_each_strip::<Z>(&triangle, width, |z, row| {
            cells.for_each_strip::<X>(row, width, |x, cell| {
                let (low, high) = cell.range(1);
                let bottom = floor_cell(low);
                let top = ceil_cell(high).max(bottom + 1);
                raw.push(RawSpan { column: (z * width + x) as u32, bottom, top, area });
            });
        });
    }
    merge_spans(raw, width, settings)
}

/// World x or z in heightfield cells from the heightfield's corner.
fn horizontal_cells(world: f64, origin: f64, settings: &CellSettings) -> f64 {
    (world - origin) / settings.cell_size + settings.border as f64
}

/// The triangle in heightfield cells, written over `piece` (one buffer
/// for every triangle of the tile): x and z from the heightfield's corner,
/// y in CellHeights above the mesh's OriginY.
fn cell_space_triangle(corners: [[f64; 3]; 3], frame: &TileFrame, settings: &CellSettings, piece: &mut Piece) {
    piece.len = 0;
    for c in corners {
        piece.push([
            horizontal_cells(c[0], frame.origin_x, settings),
            (c[1] - frame.origin_y) / settings.cell_height,
            horizontal_cells(c[2], frame.origin_z, settings),
        ]);
    }
}

/// Whether the triangle's box in cells meets the heightfield's square
/// (edges count). Most candidates of a tile lie elsewhere in its strip, so
/// only the box's world ends are converted: the conversion rounds
/// monotonically, so the cells of the largest world x are the largest
/// cell x of the corners, and the answer is the one of the corners' cells.
fn overlaps_heightfield(corners: &[[f64; 3]; 3], frame: &TileFrame, settings: &CellSettings) -> bool {
    let size = settings.heightfield_cells() as f64;
    let meets = |axis: usize, origin: f64| {
        let (low, high) = coordinate_range(corners, axis);
        horizontal_cells(high, origin, settings) >= 0.0 && horizontal_cells(low, origin, settings) <= size
    };
    meets(Z, frame.origin_z) && meets(X, frame.origin_x)
}

/// The lowest and highest coordinate on `axis` of `points` (infinities
/// when empty), by plain comparisons as Recast finds them: `f64::min` and
/// `max` spend extra instructions per point on NaN, which a comparison
/// skips as well. Only signed zeros may come out differently, and every
/// use rounds them to the same whole cell.
fn coordinate_range(points: &[[f64; 3]], axis: usize) -> (f64, f64) {
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in points {
        if p[axis] < low {
            low = p[axis];
        }
        if p[axis] > high {
            high = p[axis];
        }
    }
    (low, high)
}

/// Merges touching or overlapping spans of a column into one (the union of
/// their heights). The merged span walks with the largest area among the
/// pieces whose top lies within WalkableClimb of its top; the rule depends
/// only on the set of pieces, so triangle order cannot change it. The spans
/// are bucketed by column first, so only each column's few are sorted, and
/// by bottom alone: pieces of equal bottom join the same merged span in any
/// order, so nothing else needs comparing.
fn merge_spans(raw: &mut RawSpans, width: usize, settings: &CellSettings) -> Result<Heightfield> {
    let (base_cell, top_cell) = raw.count();
    if top_cell - base_cell >= i64::from(u32::MAX) {
        return Err(NavMeshError::out_of_range(format!(
            "NavSettings.CellHeight = {}: a tile's heights span {} cells, more than u32 holds",
            settings.cell_height,
            top_cell - base_cell
        )));
    }
    let columns = width * width;
    let mut order = raw.column_order();
    let raw = &*raw;
    // Merged spans are at most the raw ones: reserved once, never regrown.
    let mut field = Heightfield {
        width,
        base_cell,
        column_starts: vec![0; columns + 1],
        span_min: Vec::with_capacity(raw.len()),
        span_max: Vec::with_capacity(raw.len()),
        area: Vec::with_capacity(raw.len()),
    };
    let mut start = 0;
    for (column, &end) in raw.column_ends().iter().enumerate() {
        // The column's spans, sorted through their indices (no copies);
        // most columns hold one span and skip the sort.
        let end = end as usize;
        let pieces = &mut order[start..end];
        if pieces.len() > 1 {
            sort_by_bottom(pieces, raw);
        }
        let span = |k: usize| raw.get(pieces[k] as usize);
        let mut i = 0;
        while i < pieces.len() {
            let bottom = span(i).bottom;
            let mut top = span(i).top;
            let mut j = i + 1;
            while j < pieces.len() && span(j).bottom <= top {
                top = top.max(span(j).top);
                j += 1;
            }
            let area = (i..j).map(span).filter(|s| s.top >= top - settings.walkable_climb).map(|s| s.area).max();
            field.span_min.push((bottom - base_cell) as u32);
            field.span_max.push((top - base_cell) as u32);
            field.area.push(area.unwrap_or(0));
            i = j;
        }
        field.column_starts[column + 1] = field.span_min.len();
        start = end;
    }
    Ok(field)
}

/// Sorts a column's span indices by their spans' bottoms. The order of
/// equal bottoms does not matter: a merged span takes the highest top of
/// its run and the highest area near it. Most columns hold one to a few
/// spans, which an inline insertion sort orders for less than a library
/// sort call costs; longer columns take the library's.
fn sort_by_bottom(pieces: &mut [u32], raw: &RawSpans) {
    const INSERTION_MAX: usize = 8;
    if pieces.len() > INSERTION_MAX {
        pieces.sort_unstable_by_key(|&i| raw.get(i as usize).bottom);
        return;
    }
    for i in 1..pieces.len() {
        let piece = pieces[i];
        let bottom = raw.get(piece as usize).bottom;
        let mut j = i;
        while j > 0 && raw.get(pieces[j - 1] as usize).bottom > bottom {
            pieces[j] = pieces[j - 1];
            j -= 1;
        }
        pieces[j] = piece;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::voxel::walkable_slope::triangle_area_codes;
    use crate::world::nav_settings::NavSettings;

    fn cell_settings() -> CellSettings {
        let mut settings = NavSettings::default();
        settings.set_tile_size(4.0).unwrap().set_cell_size(1.0).unwrap().set_cell_height(0.5).unwrap();
        settings.set_agent_radius(0.0).unwrap();
        CellSettings::new(&settings).unwrap()
    }

    /// Two triangles: a floor over the whole tile at y = 1.2 and a smaller
    /// one at y = 1.9 over cells (1..3, 1..3).
    fn floors() -> TriangleGeometry {
        TriangleGeometry::new(
            vec![[0.0, 1.2, 0.0], [0.0, 1.2, 8.0], [8.0, 1.2, 0.0], [1.0, 1.9, 1.0], [1.0, 1.9, 5.0], [5.0, 1.9, 1.0]],
            vec![[0, 1, 2], [3, 4, 5]],
        )
    }

    fn spans_of(field: &Heightfield, x: usize, z: usize) -> Vec<(i64, i64)> {
        field
            .spans(z * field.width + x)
            .map(|s| (i64::from(field.span_min[s]) + field.base_cell, i64::from(field.span_max[s]) + field.base_cell))
            .collect()
    }

    #[test]
    fn a_floor_fills_the_cells_it_covers_from_floor_to_ceiling_of_its_height() {
        let settings = cell_settings();
        let geometry = floors();
        let codes = triangle_area_codes(&geometry, &settings);
        let frame = TileFrame { origin_x: 0.0, origin_z: 0.0, origin_y: 0.0 };
        let field = rasterize_tile(&geometry, &codes, &[0], &frame, &settings, &mut RawSpans::default()).unwrap();
        let b = settings.border;
        // y = 1.2 is 2.4 cells of 0.5: the span runs from cell 2 to 3.
        assert_eq!(spans_of(&field, b, b), vec![(2, 3)]);
        assert_eq!(spans_of(&field, b + 3, b + 3), vec![(2, 3)]);
        assert!(spans_of(&field, b + 5, b + 5).is_empty(), "beyond the hypotenuse x + z = 8");
    }

    #[test]
    fn overlapping_pieces_merge_the_same_in_any_triangle_order() {
        let settings = cell_settings();
        let geometry = floors();
        let codes = triangle_area_codes(&geometry, &settings);
        let frame = TileFrame { origin_x: 0.0, origin_z: 0.0, origin_y: 0.0 };
        // One buffer for both, as a build thread reuses it from tile to tile.
        let mut raw = RawSpans::default();
        let forward = rasterize_tile(&geometry, &codes, &[0, 1], &frame, &settings, &mut raw).unwrap();
        let backward = rasterize_tile(&geometry, &codes, &[1, 0], &frame, &settings, &mut raw).unwrap();
        let b = settings.border;
        // 1.9 is 3.8 cells: the pieces [2, 3] and [3, 4] touch and merge.
        assert_eq!(spans_of(&forward, b + 1, b + 1), vec![(2, 4)]);
        assert_eq!(
            (forward.span_min, forward.span_max, forward.area, forward.column_starts),
            (backward.span_min, backward.span_max, backward.area, backward.column_starts)
        );
    }
}
