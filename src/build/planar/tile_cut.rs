//! Cutting shapes at tile borders. The borders are lattice lines (the
//! lattice is aligned with the grid), and the whole region is sliced by
//! all of them in one operation, so each crossing point is computed once
//! and both tiles along a border get exactly the same boundary points.

use std::collections::{BTreeMap, BTreeSet};

use i_overlay::core::fill_rule::FillRule;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::string::slice::IntSlice;

use crate::build::planar::boolean_ops::Shape;
use crate::build::planar::lattice::Lattice;
use crate::build::planar::lattice_geometry::twice_area;
use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::MAX_SLOTS;

/// Tile (z, x) → the pieces of shapes inside it, in slicing order; the key
/// orders tiles as they are added.
pub type TilePieces = BTreeMap<(i32, i32), Vec<Shape>>;

/// Slices `shapes` along every tile border crossing them and files each
/// piece under its tile. Shapes no border crosses are filed as they are:
/// slicing them by no line would only copy them, at the cost of a
/// boolean pass.
pub fn cut_into_tiles(shapes: &[Shape], lattice: &Lattice) -> Result<TilePieces> {
    let Some(bounds) = bounds(shapes.iter().flatten().flatten()) else {
        return Ok(TilePieces::new());
    };
    let lines = border_lines(shapes, bounds, lattice.tile_units())?;
    if lines.is_empty() {
        return file_pieces(shapes.to_vec(), lattice);
    }
    file_pieces(slice(shapes, &lines), lattice)
        .or_else(|_| file_pieces(slice(&split_at_lines(shapes, &lines), &lines), lattice))
}

/// Out of range when `shapes` (disjoint, as every class's part of the free
/// space is) have more area than a mesh's tiles can hold: a tile holds at
/// most its own square of them, so more than [`MAX_SLOTS`] squares of
/// `tile` spacings need more tiles than a mesh has slots. Checked before
/// any slicing, which would make a piece per tile: a square outline
/// 2 000 km wide is 3.9·10^9 pieces. Never refuses a plan that fits.
pub fn check_area_fits(shapes: &[&Shape], tile: i64) -> Result<()> {
    let twice: i128 = shapes.iter().flat_map(|shape| shape.iter()).map(|ring| twice_area(ring)).sum();
    let twice_tile = 2 * i128::from(tile) * i128::from(tile);
    if twice > i128::from(MAX_SLOTS) * twice_tile {
        return Err(NavMeshError::out_of_range(format!(
            "the free space has more area than the {MAX_SLOTS} tiles of a mesh (that of {} tiles)",
            twice / twice_tile
        )));
    }
    Ok(())
}

/// Files each piece under the tile holding it; fails on a piece across a
/// border.
fn file_pieces(pieces: Vec<Shape>, lattice: &Lattice) -> Result<TilePieces> {
    let mut tiles = TilePieces::new();
    for piece in pieces {
        let Some(piece_bounds) = bounds_of_piece(&piece) else { continue };
        let tile = tile_holding(piece_bounds, lattice)?;
        tiles.entry((tile.1, tile.0)).or_default().push(piece);
    }
    Ok(tiles)
}

/// `shapes` with every edge split where it crosses a line, at the lattice
/// point on the line nearest the crossing. The engine snaps a crossing
/// close to an edge's end onto that end, which bends the line through a
/// vertex off it and leaves a piece across the border (a vertex one unit
/// beside a border with no offset, issue 22); with the crossings given as
/// vertices on the lines there is nothing left to snap. Only used when
/// the plain slice fails, so every other input keeps its bytes.
fn split_at_lines(shapes: &[Shape], lines: &[[IntPoint<i64>; 2]]) -> Vec<Shape> {
    shapes.iter().map(|shape| shape.iter().map(|ring| split_ring(ring, lines)).collect()).collect()
}

fn split_ring(ring: &[[i64; 2]], lines: &[[IntPoint<i64>; 2]]) -> Vec<[i64; 2]> {
    let mut out = Vec::with_capacity(ring.len());
    for (i, &a) in ring.iter().enumerate() {
        let b = ring[(i + 1) % ring.len()];
        out.push(a);
        let mut crossings: Vec<[i64; 2]> = lines.iter().filter_map(|line| crossing(a, b, line)).collect();
        let along = |p: &[i64; 2]| {
            i128::from(p[0] - a[0]) * i128::from(b[0] - a[0]) + i128::from(p[1] - a[1]) * i128::from(b[1] - a[1])
        };
        crossings.sort_by_key(|p| (along(p), *p));
        crossings.dedup();
        out.extend(crossings.into_iter().filter(|p| *p != a && *p != b));
    }
    out
}

/// Where the edge a–b crosses the axis-parallel `line` strictly between
/// its ends, rounded along the line to the nearest lattice point. The
/// ends are put in a fixed order first so an edge shared by two rings in
/// opposite directions gets the same point from both.
fn crossing(a: [i64; 2], b: [i64; 2], line: &[IntPoint<i64>; 2]) -> Option<[i64; 2]> {
    let (p, q) = if a <= b { (a, b) } else { (b, a) };
    let (axis, at) = if line[0].x == line[1].x { (0, line[0].x) } else { (1, line[0].y) };
    let other = 1 - axis;
    if (p[axis] - at).signum() * (q[axis] - at).signum() >= 0 {
        return None;
    }
    let num = i128::from(q[other] - p[other]) * i128::from(at - p[axis]);
    let den = i128::from(q[axis] - p[axis]);
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let offset = (2 * num + den).div_euclid(2 * den);
    let mut point = [0; 2];
    point[axis] = at;
    point[other] = p[other] + offset as i64;
    Some(point)
}

/// The pieces of `shapes` cut by `lines`, in the engine's order.
fn slice(shapes: &[Shape], lines: &[[IntPoint<i64>; 2]]) -> Vec<Shape> {
    let engine: Vec<Vec<Vec<IntPoint<i64>>>> = shapes
        .iter()
        .map(|s| s.iter().map(|r| r.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect())
        .collect();
    engine
        .slice_by_lines(lines, FillRule::NonZero)
        .into_iter()
        .map(|piece| piece.into_iter().map(|r| r.into_iter().map(|p| [p.x, p.y]).collect()).collect())
        .collect()
}

/// (min x, min y, max x, max y) of lattice points, or `None` for none.
type Bounds = [i64; 4];

fn bounds<'a>(points: impl Iterator<Item = &'a [i64; 2]>) -> Option<Bounds> {
    points.fold(None, |acc, p| {
        let [x0, y0, x1, y1] = acc.unwrap_or([p[0], p[1], p[0], p[1]]);
        Some([x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1])])
    })
}

fn bounds_of_piece(piece: &Shape) -> Option<Bounds> {
    bounds(piece.iter().flatten())
}

/// Every tile border crossing the inside of some shape's bounds, as a line
/// reaching one spacing past the bounds of all. Lines are made only where
/// a shape is, and more crossings in total than twice a mesh's tile slots
/// are refused first (a connected shape crossing k borders covers more
/// than k/2 tiles), so far-apart outlines never make a line per empty
/// tile.
fn border_lines(shapes: &[Shape], all: Bounds, tile: i64) -> Result<Vec<[IntPoint<i64>; 2]>> {
    let mut vertical = BTreeSet::new();
    let mut horizontal = BTreeSet::new();
    let mut crossings = 0i64;
    for b in shapes.iter().filter_map(bounds_of_piece) {
        let (columns, rows) = (borders_between(b[0], b[2], tile), borders_between(b[1], b[3], tile));
        crossings += columns.end - columns.start + rows.end - rows.start;
        if crossings > 2 * i64::from(MAX_SLOTS) {
            return Err(NavMeshError::out_of_range(format!(
                "the outlines' pieces cross more than {} tile borders in total; a mesh holds at most {MAX_SLOTS} tiles",
                2 * i64::from(MAX_SLOTS)
            )));
        }
        vertical.extend(columns);
        horizontal.extend(rows);
    }
    let line = |k: i64, along_x: bool| {
        let v = k * tile;
        if along_x {
            [IntPoint::new(all[0] - 1, v), IntPoint::new(all[2] + 1, v)]
        } else {
            [IntPoint::new(v, all[1] - 1), IntPoint::new(v, all[3] + 1)]
        }
    };
    Ok(vertical.into_iter().map(|k| line(k, false)).chain(horizontal.into_iter().map(|k| line(k, true))).collect())
}

/// The indices k of the borders k·tile strictly between lo and hi.
fn borders_between(lo: i64, hi: i64, tile: i64) -> std::ops::Range<i64> {
    let first = lo.div_euclid(tile) + 1;
    let last = (hi - 1).div_euclid(tile);
    first..(last + 1).max(first)
}

/// The tile whose closed square holds the piece's bounds; a piece across a
/// border would be a slicing fault, reported rather than built.
fn tile_holding(b: Bounds, lattice: &Lattice) -> Result<(i32, i32)> {
    let (tx, tz) = lattice.tile_of([b[0], b[1]]);
    let t = lattice.tile_units();
    if b[2] > (i64::from(tx) + 1) * t || b[3] > (i64::from(tz) + 1) * t {
        return Err(NavMeshError::InvalidOperation(format!(
            "planar tile cut left a piece across a tile border (tile ({tx}, {tz}))"
        )));
    }
    Ok((tx, tz))
}
