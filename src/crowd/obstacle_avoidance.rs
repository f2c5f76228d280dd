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
/// the fallback's scratch so a warm solver does not allocate.
#[derive(Debug, Clone, Default)]
pub struct OrcaSolver {
    lines: Vec<Line>,
    wall_lines: usize,
    projected: Vec<Line>,
}

impl OrcaSolver {
    /// Starts a new agent's set of half-planes.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.wall_lines = 0;
    }

    /// Adds the half-plane of the wall segment `a`–`b` (whose walkable side
    /// is its left, as polygon edges run) for an agent at `position`;
    /// walls the agent stands behind are skipped. Add every wall before the
    /// first neighbour.
    pub fn add_wall(&mut self, position: VectorXz, (a, b): (VectorXz, VectorXz), time_horizon: f64) {
        debug_assert_eq!(self.wall_lines, self.lines.len(), "walls come before neighbours");
        let Some(inward) = (b - a).left().unit(EPSILON) else {
            return;
        };
        if (position - a).dot(inward) < -EPSILON {
            return;
        }
        // On a wall's end (a pillar's corner, say) the wall leaves every
        // way but into it open, which no half-plane says; the surface
        // clamp of the move keeps the agent out of the wall there.
        let near_end = ON_WALL_END * ON_WALL_END;
        if (position - a).length_squared() < near_end || (position - b).length_squared() < near_end {
            return;
        }
        let nearest = nearest_on_segment(position, a, b);
        let away = position - nearest;
        let distance = away.length();
        let normal = away.unit(EPSILON).unwrap_or(inward);
        // Allowed: v · normal ≥ −distance / time_horizon.
        let point = normal * (-distance / time_horizon);
        self.lines.push(Line { point, direction: -normal.left() });
        self.wall_lines += 1;
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

    /// The allowed velocity nearest `preferred` within `max_speed`, or the
    /// least violating one when none is allowed.
    pub fn solve(&mut self, preferred: VectorXz, max_speed: f64) -> VectorXz {
        self.drop_walls_out_of_reach(max_speed);
        let mut result = VectorXz::ZERO;
        let failed = solve_2d(&self.lines, max_speed, preferred, false, &mut result);
        if failed < self.lines.len() {
            self.least_violating(failed, max_speed, &mut result);
        }
        result
    }

    /// Drops the half-planes of walls too far to reach within their time
    /// horizon at `max_speed`: such a line passes outside the speed circle
    /// (its point is its nearest to the origin, `distance / time_horizon`
    /// away), so no velocity the solver considers violates it, and where
    /// it meets another line lies beyond that line's chord of the circle,
    /// on the allowed side, narrowing nothing. A wall 7 m off among 16
    /// gathered then costs no place in every step of the linear programs.
    /// The margin keeps rounding on the circle's rim from mattering.
    fn drop_walls_out_of_reach(&mut self, max_speed: f64) {
        let reach = max_speed * (1.0 + WALL_REACH_MARGIN);
        let mut kept = 0;
        for i in 0..self.wall_lines {
            if self.lines[i].point.length_squared() <= reach * reach {
                self.lines.swap(kept, i);
                kept += 1;
            }
        }
        self.lines.drain(kept..self.wall_lines);
        self.wall_lines = kept;
    }

    /// The fallback: from line `begin` on, lowers the largest violation of
    /// the neighbours' half-planes step by step, walls kept hard.
    fn least_violating(&mut self, begin: usize, max_speed: f64, result: &mut VectorXz) {
        let OrcaSolver { lines, wall_lines, projected } = self;
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
    if discriminant < 0.0 {
        return false;
    }
    let root = discriminant.sqrt();
    let (mut t_left, mut t_right) = (-along - root, -along + root);
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
        let agent = body(0.0, 0.0, 1.0, 0.0);
        solver.add_neighbour(&agent, &body(0.0, 10.0, 1.0, 0.0), (2.0, 0.1), 0.5);
        assert_eq!(solver.solve(VectorXz::new(1.0, 0.0), 2.0), VectorXz::new(1.0, 0.0));
    }

    #[test]
    fn head_on_agents_turn_to_opposite_sides() {
        let (a, b) = (body(0.0, 0.0, 1.0, 0.0), body(3.0, 0.0, -1.0, 0.0));
        let mut solver = OrcaSolver::default();
        solver.add_neighbour(&a, &b, (2.0, 0.1), 0.5);
        let va = solver.solve(VectorXz::new(1.0, 0.0), 1.5);
        solver.clear();
        solver.add_neighbour(&b, &a, (2.0, 0.1), 0.5);
        let vb = solver.solve(VectorXz::new(-1.0, 0.0), 1.5);
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
        solver.add_wall(VectorXz::ZERO, wall, 0.5);
        let v = solver.solve(VectorXz::new(1.0, 3.0), 4.0);
        assert!(v.z <= 1.0 / 0.5 + 1e-9, "{v:?}");
        assert!((v.x - 1.0).abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn walls_out_of_reach_within_their_horizon_take_no_place() {
        let mut solver = OrcaSolver::default();
        // Both walls run along X ahead of the agent (walkable side toward
        // it); at 0.5 s the wall 1 m off bounds the speed toward it at 2,
        // the one 5 m off only at 10, beyond the max speed of 4.
        solver.add_wall(VectorXz::ZERO, (VectorXz::new(5.0, 5.0), VectorXz::new(-5.0, 5.0)), 0.5);
        solver.add_wall(VectorXz::ZERO, (VectorXz::new(5.0, 1.0), VectorXz::new(-5.0, 1.0)), 0.5);
        solver.add_neighbour(&body(0.0, 0.0, 0.0, 1.0), &body(0.0, -10.0, 0.0, 1.0), (2.0, 0.1), 0.5);
        let v = solver.solve(VectorXz::new(0.0, 3.0), 4.0);
        assert_eq!((solver.wall_lines, solver.lines.len()), (1, 2), "the far wall's line is gone, the rest kept");
        assert!((v.z - 2.0).abs() < 1e-9 && v.x.abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn walls_stay_hard_when_neighbours_leave_no_room() {
        let mut solver = OrcaSolver::default();
        let agent = body(0.0, 0.0, 0.0, 0.0);
        solver.add_wall(agent.position, (VectorXz::new(5.0, 0.1), VectorXz::new(-5.0, 0.1)), 0.5);
        for (x, z) in [(0.0, -0.9), (0.9, 0.0), (-0.9, 0.0)] {
            solver.add_neighbour(&agent, &body(x, z, 0.0, 0.0), (2.0, 0.1), 0.5);
        }
        let v = solver.solve(VectorXz::new(0.0, 2.0), 2.0);
        assert!(v.z <= 0.1 / 0.5 + 1e-9, "{v:?}");
    }
}
