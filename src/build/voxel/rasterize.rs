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
use super::walkable_slope::AreaCode;

/// Where a tile's heightfield lies: the world position of the tile origin
/// and the mesh's OriginY.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TileFrame {
    pub origin_x: f64,
    pub origin_z: f64,
    pub origin_y: f64,
}

/// A span before merging: column, bottom and top in world cells, area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct RawSpan {
    column: u32,
    bottom: i64,
    top: i64,
    area: AreaCode,
}

/// Room for a piece: a triangle cut by four lines has at most 7 points; a
/// piece that rounding made slightly non-convex may gain a few more.
const PIECE_CAPACITY: usize = 16;

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

    /// The part at or below `line` on `axis` and the part at or above it.
    fn split(&self, line: f64, axis: usize) -> (Piece, Piece) {
        let (mut below, mut above) = (Piece::EMPTY, Piece::EMPTY);
        let points = self.points();
        for (i, &point) in points.iter().enumerate() {
            let previous = points[(i + points.len() - 1) % points.len()];
            let (d_previous, d_point) = (line - previous[axis], line - point[axis]);
            if (d_previous >= 0.0) != (d_point >= 0.0) {
                let s = d_previous / (d_previous - d_point);
                let mut crossing = [0.0; 3];
                for k in 0..3 {
                    crossing[k] = previous[k] + (point[k] - previous[k]) * s;
                }
                crossing[axis] = line;
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
        }
        (below, above)
    }

    fn range(&self, axis: usize) -> (f64, f64) {
        self.points().iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p[axis]), hi.max(p[axis])))
    }
}

/// Rasterizes the `candidates` (ascending triangle indices) into the tile's
/// heightfield. Heights whose range does not fit u32 cells are out of range
/// naming CellHeight.
pub(crate) fn rasterize_tile(
    geometry: &TriangleGeometry,
    area_codes: &[AreaCode],
    candidates: &[u32],
    frame: &TileFrame,
    settings: &CellSettings,
) -> Result<Heightfield> {
    let width = settings.heightfield_cells();
    let mut raw = Vec::new();
    for &t in candidates {
        let piece = cell_space_triangle(geometry.corners(t as usize), frame, settings);
        rasterize_triangle(&piece, area_codes[t as usize], width, &mut raw);
    }
    merge_spans(raw, width, settings)
}

/// The triangle in heightfield cells: x and z from the heightfield's
/// corner, y in CellHeights above the mesh's OriginY.
fn cell_space_triangle(corners: [[f64; 3]; 3], frame: &TileFrame, settings: &CellSettings) -> Piece {
    let border = settings.border as f64;
    let mut piece = Piece::EMPTY;
    for c in corners {
        piece.push([
            (c[0] - frame.origin_x) / settings.cell_size + border,
            (c[1] - frame.origin_y) / settings.cell_height,
            (c[2] - frame.origin_z) / settings.cell_size + border,
        ]);
    }
    piece
}

fn rasterize_triangle(triangle: &Piece, area: AreaCode, width: usize, raw: &mut Vec<RawSpan>) {
    let (min_x, max_x) = triangle.range(0);
    let (min_z, max_z) = triangle.range(2);
    let size = width as f64;
    if max_x < 0.0 || min_x > size || max_z < 0.0 || min_z > size {
        return;
    }
    let last = width as i64 - 1;
    let mut rest = *triangle;
    for z in (min_z.floor() as i64).clamp(-1, last)..=(max_z.floor() as i64).clamp(0, last) {
        let (row, above) = rest.split((z + 1) as f64, 2);
        rest = above;
        if row.len >= 3 && z >= 0 {
            rasterize_row(&row, z as usize, area, width, raw);
        }
        if rest.len < 3 {
            break;
        }
    }
}

fn rasterize_row(row: &Piece, z: usize, area: AreaCode, width: usize, raw: &mut Vec<RawSpan>) {
    let (min_x, max_x) = row.range(0);
    let last = width as i64 - 1;
    let mut rest = *row;
    for x in (min_x.floor() as i64).clamp(-1, last)..=(max_x.floor() as i64).clamp(0, last) {
        let (cell, right) = rest.split((x + 1) as f64, 0);
        rest = right;
        if cell.len >= 3 && x >= 0 {
            let (low, high) = cell.range(1);
            let bottom = low.floor() as i64;
            let top = (high.ceil() as i64).max(bottom + 1);
            raw.push(RawSpan { column: (z * width + x as usize) as u32, bottom, top, area });
        }
        if rest.len < 3 {
            break;
        }
    }
}

/// Merges touching or overlapping spans of a column into one (the union of
/// their heights). The merged span walks with the largest area among the
/// pieces whose top lies within WalkableClimb of its top; the rule depends
/// only on the set of pieces, so triangle order cannot change it.
fn merge_spans(mut raw: Vec<RawSpan>, width: usize, settings: &CellSettings) -> Result<Heightfield> {
    raw.sort_unstable();
    let base_cell = raw.iter().map(|s| s.bottom).min().unwrap_or(0);
    let top_cell = raw.iter().map(|s| s.top).max().unwrap_or(0);
    if top_cell - base_cell >= i64::from(u32::MAX) {
        return Err(NavMeshError::out_of_range(format!(
            "NavSettings.CellHeight = {}: a tile's heights span {} cells, more than u32 holds",
            settings.cell_height,
            top_cell - base_cell
        )));
    }
    let mut field = Heightfield { width, base_cell, column_starts: vec![0; width * width + 1], ..Default::default() };
    let mut i = 0;
    while i < raw.len() {
        let first = raw[i];
        let mut top = first.top;
        let mut j = i + 1;
        while j < raw.len() && raw[j].column == first.column && raw[j].bottom <= top {
            top = top.max(raw[j].top);
            j += 1;
        }
        let area = raw[i..j].iter().filter(|s| s.top >= top - settings.walkable_climb).map(|s| s.area).max();
        field.span_min.push((first.bottom - base_cell) as u32);
        field.span_max.push((top - base_cell) as u32);
        field.area.push(area.unwrap_or(0));
        field.column_starts[first.column as usize + 1] += 1;
        i = j;
    }
    for c in 0..width * width {
        field.column_starts[c + 1] += field.column_starts[c];
    }
    Ok(field)
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
        let field = rasterize_tile(&geometry, &codes, &[0], &frame, &settings).unwrap();
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
        let forward = rasterize_tile(&geometry, &codes, &[0, 1], &frame, &settings).unwrap();
        let backward = rasterize_tile(&geometry, &codes, &[1, 0], &frame, &settings).unwrap();
        let b = settings.border;
        // 1.9 is 3.8 cells: the pieces [2, 3] and [3, 4] touch and merge.
        assert_eq!(spans_of(&forward, b + 1, b + 1), vec![(2, 4)]);
        assert_eq!(
            (forward.span_min, forward.span_max, forward.area, forward.column_starts),
            (backward.span_min, backward.span_max, backward.area, backward.column_starts)
        );
    }
}
