//! What a node's root sees: a point or a part of an edge of the node's
//! polygon is *seen* (inside the cone from the root through the interval),
//! or lies beyond the cone's right or left side, where the path must turn
//! at that end of the interval to reach it (Polyanya's observable and
//! non-observable successors). The polygon is convex and both ends of the
//! interval lie on its boundary, so everything beyond a side is seen from
//! that end. Sides are decided with the exact orientation predicate; the
//! point where a side crosses an edge is placed in f64 from the two
//! orientation values, so the parts of an edge meet at one point.

use crate::query::polygon_geometry::{lerp, orient_around, orient_xz};
use crate::query::shortest_path::mesh_components::NO_KEY;
use crate::query::shortest_path::search_node::IntervalEnd;

/// [`orient_xz`] with the floating-point filter inline
/// ([`orient_around`]): the same value, the exact predicate called only
/// when the filter cannot decide. The search takes about ten orientations
/// per node it offers, so the call was a cost of its own.
#[inline(always)]
pub(crate) fn orient(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    orient_around([a[0] - p[0], a[2] - p[2]], [b[0] - p[0], b[2] - p[2]], || orient_xz(a, b, p))
}

/// Where a point lies for a root looking through an interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sight {
    Seen,
    /// Beyond the ray from the root through the interval's right end.
    Right,
    /// Beyond the ray through the left end.
    Left,
}

/// The root's view into one polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Cone {
    /// Through the interval `right`–`left`.
    Through { root: [f64; 3], right: [f64; 3], left: [f64; 3] },
    /// The root is in the polygon and sees all of it.
    Whole,
}

/// Parts of a segment as edge parameters `(t0, t1)`, `t0 < t1`.
pub(crate) type Range = (f64, f64);

/// A point's orientation against the cone's sides: against the ray through
/// the right end (negative beyond it) and, negated, the ray through the
/// left end (negative beyond it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sides {
    right: f64,
    left: f64,
}

/// A segment's parts by [`Sight`]: seen, right of the cone, left of it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct SegmentParts {
    pub seen: Option<Range>,
    pub right: Option<Range>,
    pub left: Option<Range>,
}

impl Cone {
    pub fn sight(&self, p: [f64; 3]) -> Sight {
        match *self {
            Cone::Whole => Sight::Seen,
            Cone::Through { root, right, left } => {
                if orient(root, right, p) < 0.0 {
                    Sight::Right
                } else if orient(root, left, p) > 0.0 {
                    Sight::Left
                } else {
                    Sight::Seen
                }
            }
        }
    }

    /// Where `p` lies against the cone's sides (a whole cone has none:
    /// zeros, on neither side's far side, so everything is seen).
    #[inline(always)]
    pub fn sides(&self, p: [f64; 3]) -> Sides {
        match *self {
            Cone::Whole => Sides { right: 0.0, left: 0.0 },
            Cone::Through { root, right, left } => {
                Sides { right: orient(root, right, p), left: -orient(root, left, p) }
            }
        }
    }
}

impl SegmentParts {
    /// The parts of a segment (a part of an edge of the polygon) whose
    /// ends lie at `a` and `b` against a cone's sides.
    #[inline(always)]
    pub fn between(a: Sides, b: Sides) -> SegmentParts {
        let seen = intersect(where_not_negative(a.right, b.right), where_not_negative(a.left, b.left));
        SegmentParts { seen, right: where_negative(a.right, b.right), left: where_negative(a.left, b.left) }
    }
}

/// Where the linear function with values `va` at 0 and `vb` at 1 is
/// negative.
fn where_negative(va: f64, vb: f64) -> Option<Range> {
    match (va < 0.0, vb < 0.0) {
        (true, true) => Some((0.0, 1.0)),
        (false, false) => None,
        (true, false) => Some((0.0, zero_of(va, vb))),
        (false, true) => Some((zero_of(va, vb), 1.0)),
    }
}

/// Where the same function is ≥ 0.
fn where_not_negative(va: f64, vb: f64) -> Option<Range> {
    match (va < 0.0, vb < 0.0) {
        (true, true) => None,
        (false, false) => Some((0.0, 1.0)),
        (true, false) => Some((zero_of(va, vb), 1.0)),
        (false, true) => Some((0.0, zero_of(va, vb))),
    }
}

/// Where the function crosses 0, for values of opposite signs (one may be
/// 0), within 0..=1.
fn zero_of(va: f64, vb: f64) -> f64 {
    (va / (va - vb)).clamp(0.0, 1.0)
}

/// The common part of two ranges, when it has length.
fn intersect(a: Option<Range>, b: Option<Range>) -> Option<Range> {
    let ((a0, a1), (b0, b1)) = (a?, b?);
    let (low, high) = (a0.max(b0), a1.min(b1));
    (low < high).then_some((low, high))
}

/// The end of a part at edge parameter `t` of segment `a`–`b`: the
/// segment's own end (with its key) at 0 or 1, else a point of no vertex.
pub(crate) fn end_at(a: IntervalEnd, b: IntervalEnd, t: f64) -> IntervalEnd {
    if t <= 0.0 {
        a
    } else if t >= 1.0 {
        b
    } else {
        IntervalEnd { point: lerp(a.point, b.point, t), key: NO_KEY }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, z: f64) -> [f64; 3] {
        [x, 0.0, z]
    }

    fn split(cone: &Cone, a: [f64; 3], b: [f64; 3]) -> SegmentParts {
        SegmentParts::between(cone.sides(a), cone.sides(b))
    }

    #[test]
    fn a_cone_splits_an_edge_into_right_seen_and_left() {
        // Root below the interval 1..2 on z = 0; the edge z = 2 from x 0 to 6.
        let cone = Cone::Through { root: p(0.0, -2.0), right: p(2.0, 0.0), left: p(1.0, 0.0) };
        let parts = split(&cone, p(6.0, 2.0), p(0.0, 2.0));
        // Rays reach z = 2 at x = 4 (right) and x = 2 (left).
        assert_eq!(parts.right, Some((0.0, 1.0 / 3.0)));
        assert_eq!(parts.seen, Some((1.0 / 3.0, 2.0 / 3.0)));
        assert_eq!(parts.left, Some((2.0 / 3.0, 1.0)));
        assert_eq!(cone.sight(p(3.0, 2.0)), Sight::Seen);
        assert_eq!(cone.sight(p(5.0, 2.0)), Sight::Right);
        assert_eq!(cone.sight(p(0.5, 2.0)), Sight::Left);
    }

    #[test]
    fn a_root_on_the_interval_sees_everything_and_one_beyond_it_nothing() {
        let on = Cone::Through { root: p(1.0, 0.0), right: p(1.0, 0.0), left: p(0.0, 0.0) };
        assert_eq!(split(&on, p(4.0, 3.0), p(-4.0, 3.0)).seen, Some((0.0, 1.0)));
        // Collinear beyond the right end: everything is right of the cone.
        let beyond = Cone::Through { root: p(3.0, 0.0), right: p(2.0, 0.0), left: p(1.0, 0.0) };
        let parts = split(&beyond, p(4.0, 3.0), p(-4.0, 3.0));
        assert_eq!(
            split(&Cone::Whole, p(4.0, 3.0), p(-4.0, 3.0)),
            SegmentParts { seen: Some((0.0, 1.0)), right: None, left: None }
        );
        assert_eq!((parts.seen, parts.right, parts.left), (None, Some((0.0, 1.0)), None));
    }
}
