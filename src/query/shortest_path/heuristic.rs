//! The lower bound of the exact search: the shortest X/Z length from a
//! node's root through its interval to the end position (Polyanya's
//! heuristic). Every way on from the node passes through the interval,
//! and an off-mesh link is never shorter in 3D than in X/Z, so the bound
//! never overestimates. When the end lies on the root's side of the
//! interval's line it is mirrored across the line first (a point of the
//! line is as far from the end as from its mirror image).

use crate::query::polygon_geometry::distance_xz;
use crate::query::shortest_path::interval::orient;

/// The X/Z length from `root` through the interval `right`–`left` to
/// `goal`. `root_side` is `orient(right, left, root)`, which the caller
/// has already taken to tell whether the root lies on the interval.
#[inline(always)]
pub(crate) fn lower_bound_through(
    root: [f64; 3],
    (right, left): ([f64; 3], [f64; 3]),
    root_side: f64,
    goal: [f64; 3],
) -> f64 {
    // A cone without width (the root on the interval's line) bounds
    // nothing more than the straight distance does.
    if orient(root, right, left) <= 0.0 {
        return distance_xz(root, goal);
    }
    let goal_side = orient(right, left, goal);
    let target = if root_side * goal_side > 0.0 { mirror(right, left, goal) } else { goal };
    if orient(root, right, target) < 0.0 {
        distance_xz(root, right) + distance_xz(right, target)
    } else if orient(root, left, target) > 0.0 {
        distance_xz(root, left) + distance_xz(left, target)
    } else {
        distance_xz(root, target)
    }
}

/// `p` mirrored in X/Z across the line through `a` and `b` (`a` ≠ `b`).
fn mirror(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> [f64; 3] {
    let (dx, dz) = (b[0] - a[0], b[2] - a[2]);
    let s = ((p[0] - a[0]) * dx + (p[2] - a[2]) * dz) / (dx * dx + dz * dz);
    let (foot_x, foot_z) = (a[0] + dx * s, a[2] + dz * s);
    [2.0 * foot_x - p[0], p[1], 2.0 * foot_z - p[2]]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, z: f64) -> [f64; 3] {
        [x, 0.0, z]
    }

    #[test]
    fn the_bound_runs_straight_through_or_round_an_end_and_mirrors_a_goal_behind() {
        let root = p(0.0, -1.0);
        let (right, left) = (p(1.0, 0.0), p(-1.0, 0.0));
        let bound = |goal| lower_bound_through(root, (right, left), orient(right, left, root), goal);
        assert_eq!(bound(p(0.0, 3.0)), 4.0, "straight through");
        assert_eq!(bound(p(5.0, 2.0)), 2f64.sqrt() + 20f64.sqrt(), "round the right end");
        // Behind the line on the root's side: mirrored to (0, 1).
        assert_eq!(bound(p(0.0, -1.0)), 2.0);
    }
}
