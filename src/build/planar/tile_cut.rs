//! Cutting shapes at tile borders. The borders are lattice lines (the
//! lattice is aligned with the grid), and the whole region is sliced by
//! all of them in one operation, so each crossing point is computed once
//! and both tiles along a border get exactly the same boundary points.

use std::collections::BTreeMap;

use i_overlay::core::fill_rule::FillRule;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::string::slice::IntSlice;

use crate::build::planar::boolean_ops::Shape;
use crate::build::planar::lattice::Lattice;
use crate::error::{NavMeshError, Result};

/// Tile (z, x) → the pieces of shapes inside it, in slicing order; the key
/// orders tiles as they are added.
pub type TilePieces = BTreeMap<(i32, i32), Vec<Shape>>;

/// Slices `shapes` along every tile border crossing them and files each
/// piece under its tile.
pub fn cut_into_tiles(shapes: &[Shape], lattice: &Lattice) -> Result<TilePieces> {
    let mut tiles = TilePieces::new();
    let Some(bounds) = bounds(shapes.iter().flatten().flatten()) else {
        return Ok(tiles);
    };
    let engine: Vec<Vec<Vec<IntPoint<i64>>>> =
        shapes.iter().map(|s| s.iter().map(|r| r.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect()).collect();
    let pieces = engine.slice_by_lines(&border_lines(bounds, lattice.tile_units()), FillRule::NonZero);
    for piece in pieces {
        let piece: Shape = piece.into_iter().map(|r| r.into_iter().map(|p| [p.x, p.y]).collect()).collect();
        let Some(piece_bounds) = bounds_of_piece(&piece) else { continue };
        let tile = tile_holding(piece_bounds, lattice)?;
        tiles.entry((tile.1, tile.0)).or_default().push(piece);
    }
    Ok(tiles)
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

/// Every tile border strictly inside the bounds, as a line reaching one
/// spacing past them.
fn border_lines(b: Bounds, tile: i64) -> Vec<[IntPoint<i64>; 2]> {
    let inner = |lo: i64, hi: i64| (lo.div_euclid(tile) + 1..).map(move |k| k * tile).take_while(move |&v| v < hi);
    let vertical = inner(b[0], b[2]).map(|x| [IntPoint::new(x, b[1] - 1), IntPoint::new(x, b[3] + 1)]);
    let horizontal = inner(b[1], b[3]).map(|y| [IntPoint::new(b[0] - 1, y), IntPoint::new(b[2] + 1, y)]);
    vertical.chain(horizontal).collect()
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
