//! The agent radius kept, checked after the tile cut. Every engine pass
//! rounds crossing points to the lattice, which the clearance's margin
//! absorbs; but a pass that needs more than one round of re-splitting
//! also snaps points to segment ends within a radius that grows with each
//! round (`i_overlay`'s precision), so a few inputs have free space moved
//! several spacings. One of about 480 000 random builds had an obstacle
//! corner 7 spacings from another region's edge: the free-space pass cut
//! the corner off, and the offset kept 1 019 spacings from it where the
//! radius is 1 024. So the cut pieces are checked against the obstacles,
//! exactly where a float comparison cannot decide, and the builder cuts
//! again with a wider margin when a piece comes closer than the radius.

use std::collections::BTreeMap;

use crate::build::planar::boolean_ops::Shape;
use crate::build::planar::free_space::RegionClass;
use crate::build::planar::lattice_geometry::{segments_touch, LatticePoint};
use crate::build::planar::tile_cut::TilePieces;

/// A segment between two lattice points.
type Segment = [LatticePoint; 2];

/// Relative slack of [`within_radius`]'s float comparison: far above its
/// rounding (a few units of 2^-53), so a distance the floats read as at
/// least the radius times (1 + this) is at least the radius.
const FLOAT_SLACK: f64 = 1.0 / (1u64 << 40) as f64;

/// True when no piece of `cut` comes closer than `radius` spacings to an
/// obstacle edge (nor touches one). Each obstacle edge is compared with
/// the pieces of the tiles its box, widened by the radius, overlaps.
pub fn keeps_radius(
    cut: &[(RegionClass, TilePieces)],
    obstacles: &[Vec<LatticePoint>],
    radius: i64,
    tile: i64,
) -> bool {
    let near = obstacle_edges_by_tile(cut, obstacles, radius, tile);
    cut.iter().all(|(_, pieces)| {
        pieces.iter().all(|(key, shapes)| near.get(key).is_none_or(|edges| shapes_keep_radius(shapes, edges, radius)))
    })
}

/// Per tile (z, x) holding pieces, the obstacle edges whose box widened by
/// `radius` overlaps it. Only tiles with pieces are visited, so an
/// obstacle as wide as the world costs its rows, not its tiles.
fn obstacle_edges_by_tile(
    cut: &[(RegionClass, TilePieces)],
    obstacles: &[Vec<LatticePoint>],
    radius: i64,
    tile: i64,
) -> BTreeMap<(i32, i32), Vec<Segment>> {
    let mut near: BTreeMap<(i32, i32), Vec<Segment>> =
        cut.iter().flat_map(|(_, pieces)| pieces.keys().map(|&key| (key, Vec::new()))).collect();
    let (Some(&(first_row, _)), Some(&(last_row, _))) = (near.keys().next(), near.keys().next_back()) else {
        return near;
    };
    let tile_of = |v: i64| v.div_euclid(tile).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    for edge in obstacles.iter().flat_map(|ring| ring_edges(ring)) {
        let span = |axis: usize| {
            let (lo, hi) = (edge[0][axis].min(edge[1][axis]), edge[0][axis].max(edge[1][axis]));
            (tile_of(lo - radius), tile_of(hi + radius))
        };
        let ((x0, x1), (z0, z1)) = (span(0), span(1));
        for z in z0.max(first_row)..=z1.min(last_row) {
            for (_, edges) in near.range_mut((z, x0)..=(z, x1)) {
                edges.push(edge);
            }
        }
    }
    near
}

/// The ring's edges, each from a point to the next, the last back to the
/// first.
fn ring_edges(ring: &[LatticePoint]) -> impl Iterator<Item = Segment> + '_ {
    ring.iter().zip(ring.iter().cycle().skip(1)).map(|(&a, &b)| [a, b])
}

fn shapes_keep_radius(shapes: &[Shape], obstacle_edges: &[Segment], radius: i64) -> bool {
    shapes
        .iter()
        .flatten()
        .flat_map(|ring| ring_edges(ring))
        .all(|piece| obstacle_edges.iter().all(|&obstacle| !segments_within_radius(piece, obstacle, radius)))
}

/// True when segments p and q touch or come closer than `radius` (or as
/// close that the float comparison cannot tell). Boxes further apart than
/// the radius on either axis, most pairs a tile holds, are told apart by
/// four comparisons.
fn segments_within_radius([p0, p1]: Segment, [q0, q1]: Segment, radius: i64) -> bool {
    let apart = |axis: usize| {
        let (p_lo, p_hi) = (p0[axis].min(p1[axis]), p0[axis].max(p1[axis]));
        let (q_lo, q_hi) = (q0[axis].min(q1[axis]), q0[axis].max(q1[axis]));
        p_hi + radius <= q_lo || q_hi + radius <= p_lo
    };
    if apart(0) || apart(1) {
        return false;
    }
    segments_touch(p0, p1, q0, q1)
        || within_radius(p0, [q0, q1], radius)
        || within_radius(p1, [q0, q1], radius)
        || within_radius(q0, [p0, p1], radius)
        || within_radius(q1, [p0, p1], radius)
}

/// True when point `p` lies closer than `radius` to segment a–b, or, for
/// a segment so long that the exact comparison passes u128, so near the
/// radius that the float one cannot tell (a wider margin then costs
/// nothing but area). Lattice coordinates below 2^47 keep every product
/// but those squares within i128.
fn within_radius(p: LatticePoint, [a, b]: Segment, radius: i64) -> bool {
    let offset = |from: LatticePoint, to: LatticePoint| [i128::from(to[0] - from[0]), i128::from(to[1] - from[1])];
    let (ab, ap) = (offset(a, b), offset(a, p));
    let squared_radius = i128::from(radius) * i128::from(radius);
    let near_end = |end: LatticePoint| {
        let e = offset(end, p);
        e[0] * e[0] + e[1] * e[1] < squared_radius
    };
    let along = ab[0] * ap[0] + ab[1] * ap[1];
    let length_squared = ab[0] * ab[0] + ab[1] * ab[1];
    if along <= 0 || length_squared == 0 {
        return near_end(a);
    }
    if along >= length_squared {
        return near_end(b);
    }
    // |across| / |ab| is the distance from the line: compared squared in
    // integers, or, where the squares pass u128, in floats with a slack
    // that only ever answers "within".
    let across = (ab[0] * ap[1] - ab[1] * ap[0]).unsigned_abs();
    let (squared_radius, length_squared) = (squared_radius.unsigned_abs(), length_squared.unsigned_abs());
    match (across.checked_mul(across), squared_radius.checked_mul(length_squared)) {
        (Some(across_squared), Some(reach_squared)) => across_squared < reach_squared,
        _ => (across as f64) < radius as f64 * (length_squared as f64).sqrt() * (1.0 + FLOAT_SLACK),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_within_the_radius_of_a_segment_exactly_when_nearer() {
        let segment = [[0, 0], [100, 0]];
        assert!(within_radius([50, 9], segment, 10));
        assert!(!within_radius([50, 10], segment, 10));
        assert!(within_radius([-6, 7], segment, 10), "beyond an end, measured from the end: √85");
        assert!(!within_radius([-6, 8], segment, 10), "√100");
        assert!(!within_radius([107, -8], segment, 10), "√113");
    }

    #[test]
    fn crossing_and_near_segments_are_within_the_radius() {
        assert!(segments_within_radius([[0, -50], [0, 50]], [[-50, 0], [50, 0]], 1), "crossing");
        assert!(segments_within_radius([[0, 0], [100, 0]], [[50, 5], [150, 5]], 6));
        assert!(!segments_within_radius([[0, 0], [100, 0]], [[50, 6], [150, 6]], 6));
    }
}
