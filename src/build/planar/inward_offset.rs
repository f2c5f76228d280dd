//! Taking the agent radius off free space, in integers: every boundary
//! edge of free space, swept by a lattice octagon that contains the disk
//! of the clearance radius, is cut away. The octagon is the join rule: it
//! needs no trigonometry (its corners come from one exact integer test),
//! and since it contains the disk, every point left is at least the
//! clearance away from every boundary, so from every obstacle.
//!
//! The clearance is the agent radius in spacings, rounded up, plus two
//! spacings: the boolean engine rounds each crossing point to the nearest
//! lattice point and may merge points one spacing apart, which moves an
//! edge by less than two spacings; the margin keeps the radius whole.

use crate::build::planar::boolean_ops::{boolean, rings_of, BooleanOp, Shape};
use crate::build::planar::lattice::Lattice;
use crate::build::planar::lattice_geometry::{cross, LatticePoint};

/// Spacings added to the agent radius against the engine's rounding.
const ROUNDING_MARGIN: i64 = 2;

/// The clearance in spacings for an agent radius: 0 for radius 0 (free
/// space is kept as it is), else ceil(radius·2^k) + 2.
pub fn clearance_units(agent_radius: f32, lattice: &Lattice) -> i64 {
    let radius = f64::from(agent_radius) * (1u64 << lattice.bits()) as f64;
    if radius <= 0.0 {
        0
    } else {
        radius.ceil() as i64 + ROUNDING_MARGIN
    }
}

/// Free space minus every point closer than `clearance` (in the octagon's
/// measure, which is never less than the Euclidean one) to its boundary.
pub fn offset_inward(free: &[Shape], clearance: i64) -> Vec<Shape> {
    if clearance == 0 {
        return free.to_vec();
    }
    let octagon = octagon(clearance);
    let swept: Vec<Vec<LatticePoint>> = free
        .iter()
        .flatten()
        .flat_map(|ring| (0..ring.len()).map(move |i| (ring[i], ring[(i + 1) % ring.len()])))
        .map(|(a, b)| swept_edge(&octagon, a, b))
        .collect();
    boolean(&rings_of(free), &swept, BooleanOp::Difference)
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

/// The octagon swept along a→b: the convex hull of its copies at a and b,
/// counter-clockwise.
fn swept_edge(octagon: &[LatticePoint; 8], a: LatticePoint, b: LatticePoint) -> Vec<LatticePoint> {
    let mut points: Vec<LatticePoint> =
        octagon.iter().flat_map(|o| [[a[0] + o[0], a[1] + o[1]], [b[0] + o[0], b[1] + o[1]]]).collect();
    points.sort_unstable();
    points.dedup();
    convex_hull(&points)
}

/// Andrew's monotone chain over points sorted lexicographically and
/// distinct: the hull counter-clockwise without collinear points.
fn convex_hull(sorted: &[LatticePoint]) -> Vec<LatticePoint> {
    let mut hull: Vec<LatticePoint> = Vec::with_capacity(sorted.len() + 1);
    for pass in [sorted.to_vec(), sorted.iter().rev().copied().collect()] {
        let floor = hull.len();
        for p in pass {
            while hull.len() >= floor + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0 {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}
