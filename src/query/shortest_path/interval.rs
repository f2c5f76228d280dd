//! What a node's root sees: a point or a part of an edge of the node's
//! polygon is *seen* (inside the cone from the root through the interval),
//! or lies beyond the cone's right or left side, where the path must turn
//! at that end of the interval to reach it (Polyanya's observable and
//! non-observable successors). The polygon is convex and both ends of the
//! interval lie on its boundary, so everything beyond a side is seen from
//! that end. Sides are decided with the exact orientation predicate; the
//! point where a side crosses an edge is placed in f64 from the two
//! orientation values, so the parts of an edge meet at one point. A cone's
//! side is kept as the line it runs along ([`SideLine`]), not as that
//! placed point: a point rounded off the line would put points exactly on
//! it (a goal, a corner the path turns at) on the wrong side.

use crate::query::polygon_geometry::{lerp, orient_around, orient_xz};
use crate::query::shortest_path::search_node::{ConeEnd, IntervalEnd};

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

/// The line a side of a cone runs along, from the cone's root: through
/// `guide`, or (`reversed`) through the root away from `guide`, which lies
/// behind it. Every side line passes through its root, so a point and a
/// sign describe it exactly, from points the search holds exactly (mesh
/// vertices and roots), however often it is handed on:
/// - at an interval end that is a vertex: the ray through that vertex;
/// - at an end cut by a side of the parent's cone, seen from the same
///   root: the parent's line;
/// - at an end cut by a side of the parent's cone, seen from the root
///   turned at that side's end `v`: the parent's ray from its root `r`
///   through `v`, continued beyond `v`, whose orientation
///   `cross(v − r, p − v)` is exactly `−orient(v, r, p)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SideLine {
    pub guide: [f64; 3],
    pub reversed: bool,
}

impl SideLine {
    /// The ray from the root through `point`.
    #[inline(always)]
    pub fn through(point: [f64; 3]) -> SideLine {
        SideLine { guide: point, reversed: false }
    }

    /// For a root turned from root `previous`: the ray from `previous`
    /// through the root, continued beyond it.
    #[inline(always)]
    pub fn beyond(previous: [f64; 3]) -> SideLine {
        SideLine { guide: previous, reversed: true }
    }

    /// `p`'s orientation against the line from `root` (positive on its
    /// left), exactly signed.
    #[inline(always)]
    fn orient(&self, root: [f64; 3], p: [f64; 3]) -> f64 {
        let value = orient(root, self.guide, p);
        if self.reversed {
            -value
        } else {
            value
        }
    }
}

/// The root's view into one polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Cone {
    /// Between the side lines `right` and `left` (through an interval).
    Through { root: [f64; 3], right: SideLine, left: SideLine },
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

impl Sides {
    /// Beyond the right side, beyond the left, or seen.
    #[inline(always)]
    pub fn sight(&self) -> Sight {
        if self.right < 0.0 {
            Sight::Right
        } else if self.left < 0.0 {
            Sight::Left
        } else {
            Sight::Seen
        }
    }

    /// On both side lines: on the line of an edge-on cone.
    #[inline(always)]
    pub fn on_both(&self) -> bool {
        self.right == 0.0 && self.left == 0.0
    }
}

/// A segment's parts by [`Sight`]: seen, right of the cone, left of it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct SegmentParts {
    pub seen: Option<Range>,
    pub right: Option<Range>,
    pub left: Option<Range>,
}

impl Cone {
    /// Where `p` lies against the cone's sides (a whole cone has none:
    /// zeros, on neither side's far side, so everything is seen).
    #[inline(always)]
    pub fn sides(&self, p: [f64; 3]) -> Sides {
        match *self {
            Cone::Whole => Sides { right: 0.0, left: 0.0 },
            Cone::Through { root, right, left } => Sides { right: right.orient(root, p), left: -left.orient(root, p) },
        }
    }

    /// The line that cuts a seen part short of a segment's end `end`,
    /// whose orientations are `at`: the side `end` lies beyond. A point of
    /// the polygon lies beyond one side at most (beyond both is behind the
    /// root, and the polygon lies ahead of the interval). An end beyond
    /// neither is the part's own end, whose line is the ray through it.
    #[inline(always)]
    pub fn cut_line(&self, end: [f64; 3], at: Sides) -> SideLine {
        match *self {
            Cone::Through { right, .. } if at.right < 0.0 => right,
            Cone::Through { left, .. } if at.left < 0.0 => left,
            _ => SideLine::through(end),
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

/// The end of a part at edge parameter `t` of segment `a`–`b`: where it
/// lies, and as a node keeps it: the segment's own end (a vertex, with its
/// key) at 0 or 1, else a point of no vertex placed on `cut`, the line
/// that cuts the segment there.
pub(crate) fn end_at(a: IntervalEnd, b: IntervalEnd, t: f64, cut: SideLine) -> ([f64; 3], ConeEnd) {
    if t <= 0.0 {
        (a.point, ConeEnd::vertex(a))
    } else if t >= 1.0 {
        (b.point, ConeEnd::vertex(b))
    } else {
        (lerp(a.point, b.point, t), ConeEnd::cut(cut))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::shortest_path::mesh_components::NO_KEY;

    fn p(x: f64, z: f64) -> [f64; 3] {
        [x, 0.0, z]
    }

    fn split(cone: &Cone, a: [f64; 3], b: [f64; 3]) -> SegmentParts {
        SegmentParts::between(cone.sides(a), cone.sides(b))
    }

    fn through(root: [f64; 3], right: [f64; 3], left: [f64; 3]) -> Cone {
        Cone::Through { root, right: SideLine::through(right), left: SideLine::through(left) }
    }

    #[test]
    fn a_cone_splits_an_edge_into_right_seen_and_left() {
        // Root below the interval 1..2 on z = 0; the edge z = 2 from x 0 to 6.
        let cone = through(p(0.0, -2.0), p(2.0, 0.0), p(1.0, 0.0));
        let parts = split(&cone, p(6.0, 2.0), p(0.0, 2.0));
        // Rays reach z = 2 at x = 4 (right) and x = 2 (left).
        assert_eq!(parts.right, Some((0.0, 1.0 / 3.0)));
        assert_eq!(parts.seen, Some((1.0 / 3.0, 2.0 / 3.0)));
        assert_eq!(parts.left, Some((2.0 / 3.0, 1.0)));
        assert_eq!(cone.sides(p(3.0, 2.0)).sight(), Sight::Seen);
        assert_eq!(cone.sides(p(5.0, 2.0)).sight(), Sight::Right);
        assert_eq!(cone.sides(p(0.5, 2.0)).sight(), Sight::Left);
    }

    #[test]
    fn a_side_cut_inside_an_edge_keeps_its_line_exactly() {
        // The right side from (0, 0) through the vertex (1, 6) cuts the
        // edge z = 1 at x = 1/6, which no f64 holds: the point placed
        // there lies left of the true side, so that (7, 42), on the side,
        // lies beyond the ray through the placed point.
        let root = p(0.0, 0.0);
        let cone = through(root, p(1.0, 6.0), p(-1.0, 3.0));
        let (a, b) = (IntervalEnd { point: p(1.0, 1.0), key: 7 }, IntervalEnd { point: p(0.0, 1.0), key: 8 });
        let at_a = cone.sides(a.point);
        let parts = SegmentParts::between(at_a, cone.sides(b.point));
        assert_eq!((parts.right, parts.seen), (Some((0.0, 5.0 / 6.0)), Some((5.0 / 6.0, 1.0))));
        assert_eq!(cone.cut_line(a.point, at_a), SideLine::through(p(1.0, 6.0)), "cut by the right side");
        let (placed, end) = end_at(a, b, 5.0 / 6.0, cone.cut_line(a.point, at_a));
        assert_eq!(end.key(), NO_KEY, "no vertex to turn at");
        // Seen on through that end, a point exactly on the side is on it,
        // not beyond it, and one just off it is beyond.
        let next = Cone::Through { root, right: end.line(), left: SideLine::through(b.point) };
        assert_eq!(next.sides(p(7.0, 42.0)).sight(), Sight::Seen);
        assert_eq!(next.sides(p(7.0 + 1e-12, 42.0)).sight(), Sight::Right);
        assert_eq!(
            through(root, placed, b.point).sides(p(7.0, 42.0)).sight(),
            Sight::Right,
            "the rounding this guards against"
        );
    }

    #[test]
    fn a_side_beyond_a_turn_continues_the_parents_ray() {
        // Turned at (1, 3) from the root (0, 0).
        let (line, turn) = (SideLine::beyond(p(0.0, 0.0)), p(1.0, 3.0));
        assert_eq!(line.orient(turn, p(3.0, 9.0)), 0.0);
        assert!(line.orient(turn, p(3.0, 10.0)) > 0.0, "left of the ray");
        assert!(line.orient(turn, p(3.0, 8.0)) < 0.0, "right of the ray");
    }

    #[test]
    fn a_root_on_the_interval_sees_everything_and_one_beyond_it_nothing() {
        let on = through(p(1.0, 0.0), p(1.0, 0.0), p(0.0, 0.0));
        assert_eq!(split(&on, p(4.0, 3.0), p(-4.0, 3.0)).seen, Some((0.0, 1.0)));
        // Collinear beyond the right end: everything is right of the cone.
        let beyond = through(p(3.0, 0.0), p(2.0, 0.0), p(1.0, 0.0));
        let parts = split(&beyond, p(4.0, 3.0), p(-4.0, 3.0));
        let whole = split(&Cone::Whole, p(4.0, 3.0), p(-4.0, 3.0));
        assert_eq!(whole, SegmentParts { seen: Some((0.0, 1.0)), right: None, left: None });
        assert_eq!((parts.seen, parts.right, parts.left), (None, Some((0.0, 1.0)), None));
    }
}
