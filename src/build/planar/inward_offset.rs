//! Taking the agent radius off free space, in integers: what is left is
//! every point whose lattice octagon (containing the disk of the
//! clearance radius) fits in free space. The octagon is the join rule: it
//! needs no trigonometry (its corners come from one exact integer test),
//! and since it contains the disk, every point left is at least the
//! clearance away from every boundary, so from every obstacle.
//!
//! The region is read off one raw offset curve per ring (the ring
//! convolved with the octagon): each edge moved inward by the octagon
//! corner farthest along its inward normal, consecutive moved edges joined
//! along the octagon's corners around the ring's vertex, turning the way
//! the ring turns. The points left are those the curves wind around a
//! positive number of times (Chen & McMains, "Polygon offsetting by
//! computing winding numbers", 2005, for any convex join shape); loops
//! the curve makes where the offset vanishes wind zero or negative times.
//! The one exception is a piece small enough to fit inside the octagon:
//! its curve winds once around the centres whose octagon covers it, so
//! such pieces, which keep nothing (an octagon of width 2r fits only in a
//! piece at least 2r wide and high), are dropped before the curves are
//! drawn.
//! Every curve vertex is a ring vertex plus an octagon corner, so a lattice
//! point; one boolean pass resolves the crossings. This is the same region
//! as cutting away each boundary edge swept by the octagon, with a few
//! segments per edge instead of ten overlapping shapes.
//!
//! The clearance is the agent radius in spacings, rounded up, plus a
//! margin of two spacings: the boolean engine rounds each crossing point
//! to the nearest lattice point and may merge points one spacing apart,
//! which moves an edge by less than two spacings; the margin keeps the
//! radius whole. Where the engine snaps further (`clearance_check.rs`),
//! the builder offsets again with the next of [`rounding_margins`].

use crate::build::planar::boolean_ops::{positive_region, Shape};
use crate::build::planar::lattice::Lattice;
use crate::build::planar::lattice_geometry::{cross, LatticePoint};

/// The largest margin the builder tries ([`rounding_margins`]).
pub const LARGEST_MARGIN: i64 = 1 << 16;

/// Spacings added to the agent radius against the engine's rounding, in
/// the order the builder tries them: 2 for every input whose passes round
/// only, then doubling up to [`LARGEST_MARGIN`] where a pass snapped
/// points further.
pub fn rounding_margins() -> impl Iterator<Item = i64> {
    std::iter::successors(Some(2), |&margin| (margin < LARGEST_MARGIN).then_some(margin * 2))
}

/// The agent radius in spacings, rounded up: ceil(radius·2^k).
pub fn radius_units(agent_radius: f32, lattice: &Lattice) -> i64 {
    (f64::from(agent_radius) * (1u64 << lattice.bits()) as f64).ceil() as i64
}

/// The clearance in spacings for an agent radius in spacings and a
/// rounding margin: 0 for radius 0 (free space is kept as it is), else the
/// radius plus the margin.
pub fn clearance_units(radius: i64, margin: i64) -> i64 {
    if radius == 0 {
        0
    } else {
        radius + margin
    }
}

/// Free space minus every point closer than `clearance` (in the octagon's
/// measure, which is never less than the Euclidean one) to its boundary.
/// Rings run with free space on their left (outlines counter-clockwise,
/// holes clockwise), as the boolean engine gives them.
pub fn offset_inward(free: &[Shape], clearance: i64) -> Vec<Shape> {
    if clearance == 0 {
        return free.to_vec();
    }
    let octagon = octagon(clearance);
    let curves: Vec<Vec<LatticePoint>> = free
        .iter()
        .filter(|shape| fits_octagon_width(shape, clearance))
        .flatten()
        .map(|ring| raw_offset_curve(&octagon, ring))
        .collect();
    positive_region(&curves)
}

/// The counter-clockwise octagon with corners (±r, ±s), (±s, ±r), s the
/// smallest integer with (r + s)² >= 2r²: its straight sides lie r from
/// the centre and its diagonal sides (r + s)/√2 >= r, so it contains the
/// disk of radius r.
fn octagon(r: i64) -> [LatticePoint; 8] {
    let wide = i128::from(r);
    let mut s = (r as f64 * 0.414_213_56) as i64 - 1;
    while (wide + i128::from(s)).pow(2) < 2 * wide * wide {
        s += 1;
    }
    [[r, -s], [r, s], [s, r], [-s, r], [-r, s], [-r, -s], [-s, -r], [s, -r]]
}

/// The ring's raw offset curve: edge i moved by the octagon corner
/// farthest along its inward (left) normal, then, around the vertex it
/// ends at, the octagon's corners from that one to the next edge's, in
/// the direction the ring turns there.
fn raw_offset_curve(octagon: &[LatticePoint; 8], ring: &[LatticePoint]) -> Vec<LatticePoint> {
    let n = ring.len();
    let next_of = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let directions: Vec<LatticePoint> = (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[next_of(i)]);
            [b[0] - a[0], b[1] - a[1]]
        })
        .collect();
    let corners: Vec<usize> = directions.iter().map(|&d| farthest_corner(left_normal(d))).collect();
    let moved = |p: LatticePoint, k: usize| [p[0] + octagon[k][0], p[1] + octagon[k][1]];
    let mut curve = Vec::with_capacity(2 * n);
    for i in 0..n {
        let j = next_of(i);
        let (start, end, next) = (ring[i], ring[j], corners[j]);
        curve.push(moved(start, corners[i]));
        let step = if cross([0, 0], directions[i], directions[j]) >= 0 { 1 } else { 7 };
        let mut k = corners[i];
        while k != next {
            curve.push(moved(end, k));
            k = (k + step) % 8;
        }
    }
    curve.dedup();
    curve
}

/// True when the shape's outline is at least the octagon's width 2r
/// across in both axes, so the octagon may fit in it.
fn fits_octagon_width(shape: &Shape, r: i64) -> bool {
    let Some(outline) = shape.first() else { return false };
    let span = |axis: usize| {
        let (lo, hi) = outline.iter().fold((i64::MAX, i64::MIN), |(lo, hi), p| (lo.min(p[axis]), hi.max(p[axis])));
        i128::from(hi) - i128::from(lo)
    };
    span(0) >= 2 * i128::from(r) && span(1) >= 2 * i128::from(r)
}

/// The direction rotated a quarter turn counter-clockwise.
fn left_normal(d: LatticePoint) -> LatticePoint {
    [-d[1], d[0]]
}

/// The octagon corner farthest along `normal`; of two tied corners (the
/// normal is a side's), the later counter-clockwise, so the corner only
/// advances counter-clockwise as the normal turns counter-clockwise and
/// consecutive edges' corners are at most four steps apart; corner 0 for
/// a zero normal.
///
/// The farthest corner k is where the reach along the normal stops
/// growing: side k−1 (corner k−1 to k) does not point against the normal
/// and side k does. On a convex polygon that happens at one corner only,
/// so only the signs of the sides' dot products with the normal are
/// needed. For the octagon of [`octagon`] (r > s > 0, as for every
/// clearance of 3 or more) side k is a positive multiple of (0, 1),
/// (−1, 1), (−1, 0), (−1, −1), (0, −1), (1, −1), (1, 0), (1, 1), which
/// gives the signs below without a product.
fn farthest_corner(normal: LatticePoint) -> usize {
    let (x, y) = (i128::from(normal[0]), i128::from(normal[1]));
    let along_side = [y, y - x, -x, -x - y, -y, x - y, x, x + y];
    (0..8).find(|&k| along_side[(k + 7) % 8] >= 0 && along_side[k] < 0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corner with the largest reach (the later of two tied), found by
    /// computing every corner's reach.
    fn farthest_by_reach(octagon: &[LatticePoint; 8], normal: LatticePoint) -> usize {
        let reach = |k: usize| {
            i128::from(octagon[k][0]) * i128::from(normal[0]) + i128::from(octagon[k][1]) * i128::from(normal[1])
        };
        let far = (0..8).map(reach).max().unwrap_or(0);
        (0..8).find(|&k| reach(k) == far && reach((k + 1) % 8) < far).unwrap_or(0)
    }

    #[test]
    fn the_side_signs_pick_the_corner_of_largest_reach() {
        for r in [3, 4, 7, 514, 1 << 20] {
            let octagon = octagon(r);
            for (x, y) in (-40..=40).flat_map(|x| (-40..=40).map(move |y| (x, y))) {
                for scale in [1, 1 << 40] {
                    let normal = [x * scale, y * scale];
                    assert_eq!(
                        farthest_corner(normal),
                        farthest_by_reach(&octagon, normal),
                        "r {r}, normal {normal:?}"
                    );
                }
            }
        }
    }
}
