//! Reciprocal collision avoidance (ORCA: van den Berg, Guy, Lin and
//! Manocha, "Reciprocal n-body collision avoidance", ISRR 2009).
//!
//! Every neighbour and every nearby wall becomes a half-plane of allowed
//! velocities. For a neighbour, the half-plane is bounded by the line
//! through the agent's velocity moved by its share of the smallest change
//! `u` that leaves the velocity obstacle (the velocities that collide
//! within the time horizon): half of `u` when the neighbour avoids too
//! (each takes half the responsibility), all of it when it does not. A wall
//! segment (the navmesh edge, already eroded by the agent radius) bounds the
//! speed toward it so the agent reaches it no sooner than the wall time
//! horizon: the half-plane normal to the direction from the segment's
//! nearest point. The new velocity is the allowed one nearest the preferred
//! velocity within the max speed, found by a 2D incremental linear program
//! (expected linear time in the number of half-planes). When the
//! half-planes leave nothing, walls stay hard and the velocity that least
//! violates the neighbours' half-planes is taken (a 3D linear program over
//! the projected lines, as the paper describes).
//!
//! A half-plane is a [`Line`]: the allowed velocities lie on its left
//! (`direction.det(v − point) ≥ 0`).

use crate::crowd::vector_xz::VectorXz;

/// Parallel lines, and lengths too short to divide by.
const EPSILON: f64 = 1e-9;

/// An agent closer than this to a wall segment's end gets no half-plane
/// from that segment.
const ON_WALL_END: f64 = 1e-3;

/// Relative margin beyond the speed circle past which a wall's half-plane
/// is dropped as out of reach.
const WALL_REACH_MARGIN: f64 = 1e-6;

/// Relative margin of the squared distance past which a wall is dropped
/// before its half-plane is built ([`far_squared`]): far above the
/// rounding (under 20 units in the last place) it has to cover.
const WALL_FAR_MARGIN: f64 = 1e-12;

/// The range of squared reaches and of wall time horizons within which
/// [`far_squared`]'s rounding argument holds (no product under- or
/// overflows): [1/bound, bound].
const FAR_REACH_SQUARED_BOUND: f64 = 1e200;
const FAR_HORIZON_BOUND: f64 = 1e50;

/// A half-plane of allowed velocities: left of `direction` through `point`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    pub point: VectorXz,
    pub direction: VectorXz,
}

impl Line {
    /// How far `v` lies on the forbidden (right) side; ≤ 0 when allowed.
    fn violation(&self, v: VectorXz) -> f64 {
        self.direction.det(self.point - v)
    }
}

/// The agent whose velocity is chosen, or one of its neighbours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Body {
    pub position: VectorXz,
    pub velocity: VectorXz,
    pub radius: f64,
}

/// Builds the half-planes and solves for one agent; holds the lines and
/// the fallback's scratch so a warm solver does not allocate. Each agent's
/// round starts with [`OrcaSolver::clear`].
#[derive(Debug, Clone, Default)]
pub struct OrcaSolver {
    lines: Vec<Line>,
    wall_lines: usize,
    projected: Vec<Line>,
    limits: Limits,
}

/// One agent's max speed and wall time horizon, and the squared bounds on
/// walls that follow from them.
#[derive(Debug, Clone, Copy)]
struct Limits {
    max_speed: f64,
    wall_time_horizon: f64,
    /// A wall's half-plane whose point lies further than this (squared)
    /// from the origin is out of reach.
    wall_reach_squared: f64,
    /// A wall whose nearest point lies further than this (squared) from
    /// the agent is out of reach ([`far_squared`]).
    wall_far_squared: f64,
}

impl Limits {
    fn new(max_speed: f64, wall_time_horizon: f64) -> Limits {
        let reach = max_speed * (1.0 + WALL_REACH_MARGIN);
        let wall_reach_squared = reach * reach;
        let wall_far_squared = far_squared(wall_reach_squared, wall_time_horizon);
        Limits { max_speed, wall_time_horizon, wall_reach_squared, wall_far_squared }
    }
}

/// A solver not yet cleared allows no speed.
impl Default for Limits {
    fn default() -> Limits {
        Limits::new(0.0, 1.0)
    }
}

impl OrcaSolver {
    /// Starts a new agent's set of half-planes: velocities of at most
    /// `max_speed`, walls reached no sooner than `wall_time_horizon`.
    pub fn clear(&mut self, max_speed: f64, wall_time_horizon: f64) {
        self.lines.clear();
        self.wall_lines = 0;
        self.limits = Limits::new(max_speed, wall_time_horizon);
    }

    /// Adds the half-plane of the wall segment `a`–`b` (whose walkable side
    /// is its left, as polygon edges run) for an agent at `position`;
    /// walls the agent stands behind are skipped, and so are walls too far
    /// to reach within the wall time horizon at the max speed: such a line
    /// passes outside the speed circle (its point is its nearest to the
    /// origin, `distance / time_horizon` away), so no velocity the solver
    /// considers violates it, and where it meets another line lies beyond
    /// that line's chord of the circle, on the allowed side, narrowing
    /// nothing. A wall 7 m off among 16 gathered then costs no place in
    /// every step of the linear programs. The reach's margin keeps rounding
    /// on the circle's rim from mattering. Add every wall before the first
    /// neighbour.
    pub fn add_wall(&mut self, position: VectorXz, (a, b): (VectorXz, VectorXz)) {
        debug_assert_eq!(self.wall_lines, self.lines.len(), "walls come before neighbours");
        let away = position - nearest_on_segment(position, a, b);
        let distance_squared = away.length_squared();
        // Most walls gathered lie out of reach: they are dropped on the
        // squared distance the line would be built from, before the rest
        // of it (see `far_squared` for why the drop below agrees).
        if distance_squared > self.limits.wall_far_squared {
            return;
        }
        let Some(line) = wall_line(position, (a, b), away, self.limits.wall_time_horizon) else {
            return;
        };
        if line.point.length_squared() <= self.limits.wall_reach_squared {
            self.lines.push(line);
            self.wall_lines += 1;
        }
    }

    /// Adds the half-plane that keeps `agent` from colliding with `other`
    /// within `time_horizon` (or within `dt` when they already overlap);
    /// `share` is the agent's part of the avoidance (0.5 reciprocal, 1 when
    /// the other does not avoid).
    pub fn add_neighbour(&mut self, agent: &Body, other: &Body, (time_horizon, dt): (f64, f64), share: f64) {
        let relative_position = other.position - agent.position;
        let relative_velocity = agent.velocity - other.velocity;
        let distance_squared = relative_position.length_squared();
        let combined_radius = agent.radius + other.radius;
        let combined_squared = combined_radius * combined_radius;
        let change = if distance_squared > combined_squared {
            apart_change(relative_position, relative_velocity, combined_radius, time_horizon)
        } else {
            overlap_change(relative_position, relative_velocity, combined_radius, dt)
        };
        if let Some((direction, u)) = change {
            self.lines.push(Line { point: agent.velocity + u * share, direction });
        }
    }

    /// The allowed velocity nearest `preferred` within the max speed, or the
    /// least violating one when none is allowed.
    pub fn solve(&mut self, preferred: VectorXz) -> VectorXz {
        let max_speed = self.limits.max_speed;
        let mut result = VectorXz::ZERO;
        let failed = solve_2d(&self.lines, max_speed, preferred, false, &mut result);
        if failed < self.lines.len() {
            self.least_violating(failed, max_speed, &mut result);
        }
        result
    }

    /// The fallback: from line `begin` on, lowers the largest violation of
    /// the neighbours' half-planes step by step, walls kept hard.
    fn least_violating(&mut self, begin: usize, max_speed: f64, result: &mut VectorXz) {
        let OrcaSolver { lines, wall_lines, projected, .. } = self;
        let mut distance = 0.0;
        for i in begin..lines.len() {
            if lines[i].violation(*result) <= distance {
                continue;
            }
            projected.clear();
            projected.extend_from_slice(&lines[..*wall_lines]);
            for j in *wall_lines..i {
                if let Some(line) = bisector(&lines[i], &lines[j]) {
                    projected.push(line);
                }
            }
            let before = *result;
            let optimum = lines[i].direction.left();
            if solve_2d(projected, max_speed, optimum, true, result) < projected.len() {
                *result = before;
            }
            distance = lines[i].violation(*result);
        }
    }
}

/// The half-plane of the wall `a`–`b` for an agent at `position`, `away`
/// from the wall's nearest point (`position − nearest_on_segment`); `None`
/// for a wall of no length, one the agent stands behind, or one whose end
/// it stands on.
fn wall_line(position: VectorXz, (a, b): (VectorXz, VectorXz), away: VectorXz, time_horizon: f64) -> Option<Line> {
    let inward = (b - a).left().unit(EPSILON)?;
    if (position - a).dot(inward) < -EPSILON {
        return None;
    }
    // On a wall's end (a pillar's corner, say) the wall leaves every
    // way but into it open, which no half-plane says; the surface
    // clamp of the move keeps the agent out of the wall there.
    let near_end = ON_WALL_END * ON_WALL_END;
    if (position - a).length_squared() < near_end || (position - b).length_squared() < near_end {
        return None;
    }
    let distance = away.length();
    let normal = away.unit(EPSILON).unwrap_or(inward);
    // Allowed: v · normal ≥ −distance / time_horizon.
    let point = normal * (-distance / time_horizon);
    Some(Line { point, direction: -normal.left() })
}

/// The squared distance `s` (`away.length_squared()` in `add_wall`) past
/// which a wall's half-plane, once built, would be out of reach (its
/// point's computed squared length above `reach_squared`), so it need not
/// be built: `f64::INFINITY` (no such shortcut) outside the ranges where
/// the argument below holds.
///
/// Why the shortcut drops only lines the reach test drops (u = 2⁻⁵³, each
/// operation rounding by a factor 1 + δ, |δ| ≤ u). `wall_line` takes
/// `d = fl(√s)`, `normal = (fl(ax/d), fl(az/d))` and `q = fl(−d/T)`, and the
/// point's components `fl(nx·q)` are `−(ax/T)(1+δ₁)(1+δ₂)(1+δ₃)`: `d`
/// cancels. Squared and summed, the point's computed squared length is at
/// least `(ax² + az²)/T² · (1−u)⁸`, and `s ≤ (ax² + az²)(1+u)²`, so it is at
/// least `s/T² · (1 − 10u)`. When `d` is too short to divide by, the normal
/// is the wall's unit inward (length within 1 ± 4u) and the bound is
/// `s/T² · (1 − 16u)`. This function's value is
/// `fl(fl(reach_squared · fl(T·T)) · fl(1 + 10⁻¹²))`, at least
/// `reach_squared · T² · (1 − 3u)(1 + 10⁻¹² − u)`; so a wall with `s` above
/// it has a point of squared length above
/// `reach_squared · (1 − 3u)(1 + 10⁻¹² − u)(1 − 16u) > reach_squared`, and
/// the reach test would have dropped it. The early returns of `wall_line`
/// build no line either way. Within the ranges (squared reach and `T`
/// within [1/bound, bound], positions within the world bound ±2²¹) no
/// product under- or overflows but a component of the point too small to
/// count against a squared length above `reach_squared ≥ 10⁻²⁰⁰`.
fn far_squared(reach_squared: f64, time_horizon: f64) -> f64 {
    let within = |value: f64, bound: f64| value >= 1.0 / bound && value <= bound;
    if within(reach_squared, FAR_REACH_SQUARED_BOUND) && within(time_horizon, FAR_HORIZON_BOUND) {
        reach_squared * (time_horizon * time_horizon) * (1.0 + WALL_FAR_MARGIN)
    } else {
        f64::INFINITY
    }
}

/// The point of segment `a`–`b` nearest `p`.
fn nearest_on_segment(p: VectorXz, a: VectorXz, b: VectorXz) -> VectorXz {
    let edge = b - a;
    let length_squared = edge.length_squared();
    if length_squared <= 0.0 {
        return a;
    }
    a + edge * ((p - a).dot(edge) / length_squared).clamp(0.0, 1.0)
}

/// The boundary direction and the change `u` out of the truncated velocity
/// obstacle of two bodies that do not overlap.
fn apart_change(
    relative_position: VectorXz,
    relative_velocity: VectorXz,
    combined_radius: f64,
    time_horizon: f64,
) -> Option<(VectorXz, VectorXz)> {
    let distance_squared = relative_position.length_squared();
    let combined_squared = combined_radius * combined_radius;
    // From the centre of the truncation circle to the relative velocity.
    let w = relative_velocity - relative_position / time_horizon;
    let w_length_squared = w.length_squared();
    let dot = w.dot(relative_position);
    if dot < 0.0 && dot * dot > combined_squared * w_length_squared {
        // Nearest the truncation circle's arc.
        let w_length = w_length_squared.sqrt();
        let unit_w = w.unit(EPSILON)?;
        let direction = VectorXz::new(unit_w.z, -unit_w.x);
        return Some((direction, unit_w * (combined_radius / time_horizon - w_length)));
    }
    // Nearest one of the cone's legs.
    let leg = (distance_squared - combined_squared).sqrt();
    let (x, z, r) = (relative_position.x, relative_position.z, combined_radius);
    let direction = if relative_position.det(w) > 0.0 {
        VectorXz::new(x * leg - z * r, x * r + z * leg) / distance_squared
    } else {
        -VectorXz::new(x * leg + z * r, -x * r + z * leg) / distance_squared
    };
    Some((direction, direction * relative_velocity.dot(direction) - relative_velocity))
}

/// The same for bodies that already overlap: leave the overlap within one
/// step.
fn overlap_change(
    relative_position: VectorXz,
    relative_velocity: VectorXz,
    combined_radius: f64,
    dt: f64,
) -> Option<(VectorXz, VectorXz)> {
    let w = relative_velocity - relative_position / dt;
    let w_length = w.length();
    let unit_w = w.unit(EPSILON)?;
    let direction = VectorXz::new(unit_w.z, -unit_w.x);
    Some((direction, unit_w * (combined_radius / dt - w_length)))
}

/// The line of equal violation of `a` and `b` (for the fallback), `None`
/// when they are parallel and point the same way.
fn bisector(a: &Line, b: &Line) -> Option<Line> {
    let determinant = a.direction.det(b.direction);
    let point = if determinant.abs() <= EPSILON {
        if a.direction.dot(b.direction) > 0.0 {
            return None;
        }
        (a.point + b.point) * 0.5
    } else {
        a.point + a.direction * (b.direction.det(a.point - b.point) / determinant)
    };
    let direction = (b.direction - a.direction).unit(EPSILON)?;
    Some(Line { point, direction })
}

/// The 2D linear program: the velocity within `radius` satisfying every
/// line, nearest `optimum` (or furthest along the unit `optimum` with
/// `direction_only`). Returns the number of lines satisfied: all of them,
/// or the index of the first that could not be, `result` then holding the
/// answer for the lines before it.
fn solve_2d(lines: &[Line], radius: f64, optimum: VectorXz, direction_only: bool, result: &mut VectorXz) -> usize {
    *result = if direction_only { optimum * radius } else { optimum.clamped(radius) };
    for i in 0..lines.len() {
        if lines[i].violation(*result) > 0.0 {
            let before = *result;
            if !solve_on_line(lines, i, radius, optimum, direction_only, result) {
                *result = before;
                return i;
            }
        }
    }
    lines.len()
}

/// The 1D linear program on line `index` under the lines before it and the
/// speed circle; false when they leave no point of the line.
fn solve_on_line(
    lines: &[Line],
    index: usize,
    radius: f64,
    optimum: VectorXz,
    direction_only: bool,
    result: &mut VectorXz,
) -> bool {
    let line = &lines[index];
    let along = line.point.dot(line.direction);
    let discriminant = along * along + radius * radius - line.point.length_squared();
    let root = discriminant.sqrt();
    let (mut t_left, mut t_right) = (-along - root, -along + root);
    // A negative discriminant (the line misses the speed circle) makes
    // both ends NaN, and so do lines far past f64's range (an agent's
    // radius near f64::MAX): either way the ends are not ordered and the
    // line has no point to give.
    let ordered = t_left <= t_right;
    if !ordered {
        return false;
    }
    for other in &lines[..index] {
        let denominator = line.direction.det(other.direction);
        let numerator = other.direction.det(line.point - other.point);
        if denominator.abs() <= EPSILON {
            if numerator < 0.0 {
                return false;
            }
            continue;
        }
        let t = numerator / denominator;
        if denominator >= 0.0 {
            t_right = t_right.min(t);
        } else {
            t_left = t_left.max(t);
        }
        if t_left > t_right {
            return false;
        }
    }
    let t = if direction_only {
        if optimum.dot(line.direction) > 0.0 {
            t_right
        } else {
            t_left
        }
    } else {
        line.direction.dot(optimum - line.point).clamp(t_left, t_right)
    };
    *result = line.point + line.direction * t;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(x: f64, z: f64, vx: f64, vz: f64) -> Body {
        Body { position: VectorXz::new(x, z), velocity: VectorXz::new(vx, vz), radius: 0.5 }
    }

    #[test]
    fn nothing_in_the_way_keeps_the_preferred_velocity() {
        let mut solver = OrcaSolver::default();
        solver.clear(2.0, 0.5);
        let agent = body(0.0, 0.0, 1.0, 0.0);
        solver.add_neighbour(&agent, &body(0.0, 10.0, 1.0, 0.0), (2.0, 0.1), 0.5);
        assert_eq!(solver.solve(VectorXz::new(1.0, 0.0)), VectorXz::new(1.0, 0.0));
    }

    #[test]
    fn head_on_agents_turn_to_opposite_sides() {
        let (a, b) = (body(0.0, 0.0, 1.0, 0.0), body(3.0, 0.0, -1.0, 0.0));
        let mut solver = OrcaSolver::default();
        solver.clear(1.5, 0.5);
        solver.add_neighbour(&a, &b, (2.0, 0.1), 0.5);
        let va = solver.solve(VectorXz::new(1.0, 0.0));
        solver.clear(1.5, 0.5);
        solver.add_neighbour(&b, &a, (2.0, 0.1), 0.5);
        let vb = solver.solve(VectorXz::new(-1.0, 0.0));
        assert!(va.z != 0.0 && vb.z != 0.0 && va.z.signum() == -vb.z.signum(), "{va:?} {vb:?}");
        // The relative velocity now leaves the collision cone.
        let relative = va - vb;
        let (p, r) = (VectorXz::new(3.0, 0.0), 1.0);
        let t_closest = (p.dot(relative) / relative.length_squared()).max(0.0);
        let miss = (p - relative * t_closest).length();
        assert!(miss >= r - 1e-9 || t_closest > 2.0, "miss {miss}");
    }

    #[test]
    fn a_wall_stops_the_approach_but_not_the_slide() {
        let mut solver = OrcaSolver::default();
        // A wall along z = 1 whose walkable side is z < 1 (left of +X is +Z,
        // so the segment runs toward −X).
        let wall = (VectorXz::new(5.0, 1.0), VectorXz::new(-5.0, 1.0));
        solver.clear(4.0, 0.5);
        solver.add_wall(VectorXz::ZERO, wall);
        let v = solver.solve(VectorXz::new(1.0, 3.0));
        assert!(v.z <= 1.0 / 0.5 + 1e-9, "{v:?}");
        assert!((v.x - 1.0).abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn walls_out_of_reach_within_their_horizon_take_no_place() {
        let mut solver = OrcaSolver::default();
        // Both walls run along X ahead of the agent (walkable side toward
        // it); at 0.5 s the wall 1 m off bounds the speed toward it at 2,
        // the one 5 m off only at 10, beyond the max speed of 4.
        solver.clear(4.0, 0.5);
        solver.add_wall(VectorXz::ZERO, (VectorXz::new(5.0, 5.0), VectorXz::new(-5.0, 5.0)));
        solver.add_wall(VectorXz::ZERO, (VectorXz::new(5.0, 1.0), VectorXz::new(-5.0, 1.0)));
        solver.add_neighbour(&body(0.0, 0.0, 0.0, 1.0), &body(0.0, -10.0, 0.0, 1.0), (2.0, 0.1), 0.5);
        let v = solver.solve(VectorXz::new(0.0, 3.0));
        assert_eq!((solver.wall_lines, solver.lines.len()), (1, 2), "the far wall's line is gone, the rest kept");
        assert!((v.z - 2.0).abs() < 1e-9 && v.x.abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn walls_stay_hard_when_neighbours_leave_no_room() {
        let mut solver = OrcaSolver::default();
        let agent = body(0.0, 0.0, 0.0, 0.0);
        solver.clear(2.0, 0.5);
        solver.add_wall(agent.position, (VectorXz::new(5.0, 0.1), VectorXz::new(-5.0, 0.1)));
        for (x, z) in [(0.0, -0.9), (0.9, 0.0), (-0.9, 0.0)] {
            solver.add_neighbour(&agent, &body(x, z, 0.0, 0.0), (2.0, 0.1), 0.5);
        }
        let v = solver.solve(VectorXz::new(0.0, 2.0));
        assert!(v.z <= 0.1 / 0.5 + 1e-9, "{v:?}");
    }

    /// Every wall's line built, then those out of reach dropped: the path
    /// before walls were dropped on their distance first.
    fn lines_built_then_dropped(position: VectorXz, walls: &[(VectorXz, VectorXz)], limits: (f64, f64)) -> Vec<Line> {
        let (max_speed, time_horizon) = limits;
        let reach = max_speed * (1.0 + WALL_REACH_MARGIN);
        walls
            .iter()
            .filter_map(|&(a, b)| {
                let away = position - nearest_on_segment(position, a, b);
                wall_line(position, (a, b), away, time_horizon)
            })
            .filter(|line| line.point.length_squared() <= reach * reach)
            .collect()
    }

    fn bits(lines: &[Line]) -> Vec<[u64; 4]> {
        lines.iter().map(|l| [l.point.x, l.point.z, l.direction.x, l.direction.z].map(f64::to_bits)).collect()
    }

    #[test]
    fn walls_dropped_on_their_distance_are_the_lines_out_of_reach() {
        let mut rng = crate::test_rng::TestRng(0x2545_F491_4F6C_DD1D);
        let mut uniform = move || rng.unit();
        // Usual limits, extreme ones outside the shortcut's ranges, and a
        // max speed of zero.
        let limits =
            [(3.5, 0.5), (1.0, 2.0), (0.02, 0.1), (7.0, 1e-3), (0.0, 0.5), (1e-120, 0.5), (3.5, 1e60), (1e120, 1e-60)];
        let mut solver = OrcaSolver::default();
        let (mut near_rim, mut dropped_first, mut dropped_after) = (0, 0, 0);
        for round in 0..40_000 {
            let (max_speed, time_horizon) = limits[round % limits.len()];
            let scale = [1.0, 100.0, 2e6][round / limits.len() % 3];
            let position = VectorXz::new((uniform() - 0.5) * scale, (uniform() - 0.5) * scale);
            let mut walls = Vec::new();
            for k in 0..8 {
                let toward = VectorXz::new(uniform() - 0.5, uniform() - 0.5);
                let direction = toward.unit(1e-12).unwrap_or(VectorXz::new(1.0, 0.0));
                // Half the walls run square to the direction from the
                // agent, their nearest point (a foot or an end) a few
                // rounding steps either side of the reach; the rest lie
                // anywhere within 8 m.
                let (distance, along) = if k % 2 == 0 {
                    let rim = max_speed * time_horizon * (1.0 + WALL_REACH_MARGIN);
                    (rim * (1.0 + (uniform() - 0.5) * 1e-11), direction.left() * (uniform() * 20.0))
                } else {
                    (uniform() * 8.0, VectorXz::new(uniform() - 0.5, uniform() - 0.5) * (uniform() * 20.0))
                };
                let foot = position + direction * distance;
                walls.push(if k % 4 == 2 { (foot, foot + along) } else { (foot - along, foot + along) });
            }
            solver.clear(max_speed, time_horizon);
            let Limits { wall_reach_squared: reach, wall_far_squared: far, .. } = solver.limits;
            for &(a, b) in &walls {
                solver.add_wall(position, (a, b));
                let away = position - nearest_on_segment(position, a, b);
                if let Some(line) = wall_line(position, (a, b), away, time_horizon) {
                    let (point, distance_squared) = (line.point.length_squared(), away.length_squared());
                    near_rim += usize::from(reach > 0.0 && (point / reach - 1.0).abs() < 1e-9);
                    dropped_first += usize::from(distance_squared > far);
                    dropped_after += usize::from(distance_squared <= far && point > reach);
                }
            }
            let expected = lines_built_then_dropped(position, &walls, (max_speed, time_horizon));
            assert_eq!(bits(&solver.lines), bits(&expected), "{position:?} {walls:?}");
            assert_eq!(solver.wall_lines, solver.lines.len());
        }
        // Both drops happen, and many lines end within a rounding of the rim.
        let counts = (dropped_first, dropped_after, near_rim);
        assert!(dropped_first > 10_000 && dropped_after > 1_000 && near_rim > 10_000, "{counts:?}");
    }
}
