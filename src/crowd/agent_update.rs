//! One agent's part of a crowd step: what it decides from the snapshot of
//! the others (`sense_and_steer`) and how it then moves
//! (`move_and_arrive`). Both read only the snapshot, the mesh and the agent
//! itself, and write only the agent, so agents run in parallel in any
//! order. A query that fails (a reference gone stale under the agent)
//! leaves the agent standing with no path rather than failing the step.
//!
//! `#[inline(never)]` marks the parts of a crowd tick that
//! `scripts/crowd_instructions.sh` counts by name (see `crowd.rs`).

use crate::crowd::crowd::AgentSnapshot;
use crate::crowd::crowd_agent::{
    AgentParams, AgentState, CrowdAgent, MoveTarget, Neighbour, OffMeshMode, OffMeshTraversal, UpdateFlags,
};
use crate::crowd::group_arrival::{arrive_in_group, WalkEnd};
use crate::crowd::lane_bias::keep_right;
use crate::crowd::obstacle_avoidance::{Body, OrcaSolver};
use crate::crowd::proximity_grid::{covering_half, ProximityGrid};
use crate::crowd::separation::separate;
use crate::crowd::stall_replan::replan_when_stalled;
use crate::crowd::steering::Steering;
use crate::crowd::vector_xz::VectorXz;
use crate::crowd::walk_back::walk_back_when_pushed_off;
use crate::error::Result;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_status::PathStatus;
use crate::query::straight_path::{StraightPathVertex, VertexFlags};

/// Corners of the straight path an agent looks ahead.
const MAX_CORNERS: usize = 4;

/// An agent this close to a link's departure (in radii) steps onto it.
const LINK_TRIGGER_RADII: f64 = 2.25;

/// The walls are gathered again once the agent moved this part of its
/// collision query range from where they were gathered.
const BOUNDARY_REFRESH: f64 = 0.25;

/// Relative margin on the wall reach in [`wall_gather_range`].
const WALL_GATHER_MARGIN: f64 = 1e-3;

/// Neighbours closer than this many radii push the agent away
/// (separation); further ones are left to ORCA, so a crowd at rest does not
/// hold an agent off its target.
const SEPARATION_RADII: f64 = 4.0;

/// Oncoming neighbours within this many radii make the agent keep right.
const LANE_RADII: f64 = 8.0;

/// ... when they are less than this many radii to either side of its line.
const LANE_WIDTH_RADII: f64 = 3.0;

/// What every agent's update reads.
pub(crate) struct StepContext<'a> {
    pub snapshot: &'a [Option<AgentSnapshot>],
    /// Where each slot's agent's walk ended (`group_arrival.rs`).
    pub walk_ends: &'a [Option<WalkEnd>],
    /// The largest radius of those agents (0 when none has ended).
    pub widest_ended_radius: f64,
    pub grid: &'a ProximityGrid,
    pub dt: f64,
    pub max_nodes: usize,
    pub placement_half_extents: [f64; 3],
    /// The mesh changed since the last step: check the corridors.
    pub revalidate: bool,
    pub topology_due: bool,
}

/// Phase 2 of the step for one agent: from its target and surroundings to
/// its new velocity and the position it integrates to.
pub(crate) fn sense_and_steer(
    agent: &mut CrowdAgent,
    index: u32,
    query: &mut NavMeshQuery,
    solver: &mut OrcaSolver,
    context: &StepContext<'_>,
) {
    agent.next_position = VectorXz::of(agent.position);
    if agent.state == AgentState::OffMeshLink {
        agent.neighbours.clear();
        return;
    }
    if context.revalidate {
        revalidate(agent, query, context.placement_half_extents);
    }
    if agent.corridor.first().is_null() {
        agent.velocity = VectorXz::ZERO;
        agent.desired_velocity = VectorXz::ZERO;
        agent.neighbours.clear();
        return;
    }
    walk_back_when_pushed_off(agent);
    if let Err(_stale) = follow_path(agent, query, context) {
        stop_without_path(agent);
    }
    if agent.state == AgentState::OffMeshLink {
        return;
    }
    find_neighbours(agent, index, context);
    if arrive_in_group(agent, query, context) {
        return;
    }
    let desired = desired_velocity(agent, context);
    agent.desired_velocity = desired;
    let avoided = if agent.params.update_flags.contains(UpdateFlags::OBSTACLE_AVOIDANCE) {
        avoid(agent, query, solver, desired, context).unwrap_or(desired)
    } else {
        desired
    };
    let change = (avoided - agent.velocity).clamped(agent.params.max_acceleration * context.dt);
    agent.velocity = (agent.velocity + change).without_negative_zero();
    agent.next_position = VectorXz::of(agent.position) + agent.velocity * context.dt;
    replan_when_stalled(agent, desired, avoided, context.dt);
}

/// After a mesh change: re-place an agent whose polygon is gone, drop a
/// target whose polygon is gone (no path until the host asks again), and
/// search again for a corridor cut short.
fn revalidate(agent: &mut CrowdAgent, query: &mut NavMeshQuery, extents: [f64; 3]) {
    agent.boundary.clear();
    let filter = &agent.params.filter;
    if !query.is_valid_poly_ref(agent.corridor.first(), filter) {
        match query.find_nearest_poly(agent.position, extents, filter) {
            Ok(Some(nearest)) => {
                agent.position = nearest.position;
                agent.corridor.reset(nearest.poly_ref, nearest.position);
                if let MoveTarget::Position { position, .. } = agent.target {
                    agent.target = MoveTarget::Requested(position);
                }
            }
            _ => {
                agent.corridor.reset(crate::PolyRef::NULL, agent.position);
                stop_without_path(agent);
                return;
            }
        }
    }
    if let MoveTarget::Position { poly, position } = agent.target {
        if !query.is_valid_poly_ref(poly, &agent.params.filter) {
            agent.target = MoveTarget::None;
            let (first, at) = (agent.corridor.first(), agent.position);
            agent.corridor.reset(first, at);
            stop_without_path(agent);
        } else if !agent.corridor.trim_invalid(query, &agent.params.filter) {
            agent.target = MoveTarget::Requested(position);
        }
    }
}

fn stop_without_path(agent: &mut CrowdAgent) {
    agent.state = AgentState::NoPath;
    agent.velocity = VectorXz::ZERO;
    agent.desired_velocity = VectorXz::ZERO;
    agent.corners.clear();
}

/// Searches a requested target's path, optimises the corridor, finds the
/// corners and starts an off-mesh link the agent has reached.
fn follow_path(agent: &mut CrowdAgent, query: &mut NavMeshQuery, context: &StepContext<'_>) -> Result<()> {
    if let MoveTarget::Requested(position) = agent.target {
        plan(agent, query, position, context)?;
    }
    agent.corners.clear();
    let MoveTarget::Position { .. } = agent.target else {
        return Ok(());
    };
    if agent.state != AgentState::Walking {
        return Ok(());
    }
    let flags = agent.params.update_flags;
    let filter = &agent.params.filter;
    if flags.contains(UpdateFlags::OPTIMIZE_TOPOLOGY) && context.topology_due {
        agent.corridor.optimize_topology(query, filter)?;
    }
    agent.corridor.find_corners(query, MAX_CORNERS, &mut agent.corners)?;
    if flags.contains(UpdateFlags::OPTIMIZE_VISIBILITY) {
        if let Some(ahead) = shortcut_target(&agent.corners) {
            let range = agent.params.path_optimization_range;
            if agent.corridor.optimize_visibility(query, ahead, range, filter)? {
                agent.corridor.find_corners(query, MAX_CORNERS, &mut agent.corners)?;
            }
        }
    }
    start_off_mesh_link_in_reach(agent);
    Ok(())
}

/// The corner the visibility shortcut casts its ray toward: the one after
/// the next (the next when it is the last). None when the only corner
/// left is the end: the straight path then runs from the agent to its
/// target in one segment that passes every crossing of the corridor in
/// order, so a ray along it walks the corridor's own polygons, in order,
/// and shortens nothing. (The exception is a segment through a polygon
/// corner exactly, where the ray may leave by another polygon's edge than
/// the corridor did; the shortcut skipped there would only swap polygons
/// touching at that corner.)
fn shortcut_target(corners: &[StraightPathVertex]) -> Option<[f64; 3]> {
    match corners {
        [] => None,
        [only] if only.flags.contains(VertexFlags::END) => None,
        [only] => Some(only.position),
        [_, next, ..] => Some(next.position),
    }
}

/// The path search for a requested target.
#[inline(never)]
fn plan(agent: &mut CrowdAgent, query: &mut NavMeshQuery, wanted: [f64; 3], context: &StepContext<'_>) -> Result<()> {
    let filter = &agent.params.filter;
    let Some(goal) = query.find_nearest_poly(wanted, context.placement_half_extents, filter)? else {
        agent.target = MoveTarget::None;
        stop_without_path(agent);
        return Ok(());
    };
    let status = agent.corridor.find_path_to(query, (goal.poly_ref, goal.position), filter, context.max_nodes)?;
    agent.partial = status != PathStatus::Complete && agent.corridor.last() != goal.poly_ref;
    agent.target = MoveTarget::Position { poly: goal.poly_ref, position: goal.position };
    agent.state = AgentState::Walking;
    Ok(())
}

/// When the first corner is an off-mesh departure within reach, the agent
/// steps onto the link: the corridor moves past it and the agent crosses.
fn start_off_mesh_link_in_reach(agent: &mut CrowdAgent) {
    let (Some(departure), Some(arrival)) = (agent.corners.first(), agent.corners.get(1)) else {
        return;
    };
    if !departure.flags.contains(VertexFlags::OFF_MESH) {
        return;
    }
    let reach = agent.params.radius * LINK_TRIGGER_RADII;
    if (VectorXz::of(departure.position) - VectorXz::of(agent.position)).length_squared() > reach * reach {
        return;
    }
    let traversal = OffMeshTraversal {
        from: agent.position,
        departure: departure.position,
        arrival: arrival.position,
        landing_poly: departure.poly,
        elapsed: 0.0,
    };
    if agent.corridor.cross_off_mesh_link(traversal.landing_poly, traversal.arrival) {
        agent.off_mesh = Some(Box::new(traversal));
        agent.state = AgentState::OffMeshLink;
        agent.velocity = VectorXz::ZERO;
        agent.desired_velocity = VectorXz::ZERO;
        agent.neighbours.clear();
    }
}

/// The agents within the collision query range whose heights overlap,
/// nearest first (slot order on ties), at most `max_neighbours`.
#[inline(never)]
fn find_neighbours(agent: &mut CrowdAgent, index: u32, context: &StepContext<'_>) {
    let keep = agent.params.max_neighbours;
    let range = agent.params.collision_query_range;
    let (Some(Some(own)), true) = (context.snapshot.get(index as usize), keep > 0) else {
        agent.neighbours.clear();
        return;
    };
    let rule = NeighbourRule { index, own, range_squared: range * range, snapshot: context.snapshot };
    // No agent further than each of `keep` agents that qualify can be
    // among the `keep` nearest, so the last step's list, measured again,
    // bounds this one: the box that covers the bound (inside the range's
    // box, so it holds the bounding agents and no agent the range's box
    // does not) and the bound itself give the same answer.
    let bounded = remeasure_kept(&mut agent.neighbours, keep, &rule)
        .and_then(|bound| Some((covering_half(own.position, bound).filter(|&half| half <= range)?, bound)));
    match bounded {
        Some(box_and_bound) => nearest_within_bound(&mut agent.neighbours, keep, box_and_bound, &rule, context.grid),
        None => nearest_in_range(&mut agent.neighbours, keep, range, &rule, context.grid),
    }
}

/// The search without a bound, over the box `range` covers: the list
/// stays sorted and at most `keep` long as agents are found (an insertion
/// from its end): the order is total (indices differ), so this keeps
/// exactly the nearest `keep` a sort of every agent found would, and an
/// agent no nearer than a full list's last is dropped before its height
/// is read.
fn nearest_in_range(
    neighbours: &mut Vec<Neighbour>,
    keep: usize,
    range: f64,
    rule: &NeighbourRule<'_>,
    grid: &ProximityGrid,
) {
    neighbours.clear();
    let center = rule.own.position;
    grid.query(center, range, |other_index, other_position| {
        let found = Neighbour { index: other_index, distance_squared: (other_position - center).length_squared() };
        if neighbours.len() == keep && neighbours.last().is_some_and(|last| nearness(last) <= nearness(&found)) {
            return;
        }
        if rule.qualifies(other_index, found.distance_squared) {
            insert_nearest(neighbours, found, keep);
        }
    });
}

/// The search within `bound`, over the box `half` that covers it, when
/// `neighbours` holds the last step's `keep` agents measured again, each
/// qualifying and no further than `bound`: the qualifying agents within
/// the bound are gathered after them in any order, and the nearest `keep`
/// of them sorted once. They include the `keep` kept ones (the box holds
/// them), so when there are no more, they are those agents: the kept
/// list, whose order changed little since the last step, is sorted
/// instead of the gathered copy.
fn nearest_within_bound(
    neighbours: &mut Vec<Neighbour>,
    keep: usize,
    (half, bound): (f64, f64),
    rule: &NeighbourRule<'_>,
    grid: &ProximityGrid,
) {
    let center = rule.own.position;
    grid.query(center, half, |other_index, other_position| {
        let distance_squared = (other_position - center).length_squared();
        if distance_squared <= bound && rule.qualifies(other_index, distance_squared) {
            neighbours.push(Neighbour { index: other_index, distance_squared });
        }
    });
    if neighbours.len() == 2 * keep {
        neighbours.truncate(keep);
    } else {
        neighbours.drain(..keep);
    }
    neighbours.sort_unstable_by_key(nearness);
    neighbours.truncate(keep);
}

/// Which agents count as neighbours of agent `index` (`own`).
struct NeighbourRule<'a> {
    index: u32,
    own: &'a AgentSnapshot,
    range_squared: f64,
    snapshot: &'a [Option<AgentSnapshot>],
}

impl NeighbourRule<'_> {
    /// True when agent `other_index`, `distance_squared` away, is another
    /// agent within the range whose height overlaps.
    fn qualifies(&self, other_index: u32, distance_squared: f64) -> bool {
        if other_index == self.index || distance_squared >= self.range_squared {
            return false;
        }
        let Some(Some(other)) = self.snapshot.get(other_index as usize) else {
            return false;
        };
        (other.y - self.own.y).abs() < (self.own.height + other.height) / 2.0
    }
}

/// Keeps the first `keep` of `neighbours` (the last step's), each with its
/// squared distance at this step's positions, and returns the largest,
/// when there are that many and each still qualifies; `None` otherwise
/// (the search then starts the list afresh).
fn remeasure_kept(neighbours: &mut Vec<Neighbour>, keep: usize, rule: &NeighbourRule<'_>) -> Option<f64> {
    if neighbours.len() < keep {
        return None;
    }
    neighbours.truncate(keep);
    neighbours.iter_mut().try_fold(0.0_f64, |bound, neighbour| {
        let other = rule.snapshot.get(neighbour.index as usize)?.as_ref()?;
        neighbour.distance_squared = (other.position - rule.own.position).length_squared();
        rule.qualifies(neighbour.index, neighbour.distance_squared).then(|| bound.max(neighbour.distance_squared))
    })
}

/// Inserts `found` into `neighbours` (sorted by [`nearness`], at most
/// `keep` ≥ 1 long), dropping the furthest when the list was full: an
/// insertion from the end, as short lists do best.
fn insert_nearest(neighbours: &mut Vec<Neighbour>, found: Neighbour, keep: usize) {
    neighbours.truncate(keep - 1);
    neighbours.push(found);
    let mut at = neighbours.len() - 1;
    while at > 0 && nearness(&neighbours[at - 1]) > nearness(&found) {
        neighbours[at] = neighbours[at - 1];
        at -= 1;
    }
    neighbours[at] = found;
}

/// Orders neighbours nearest first, then by slot. A squared distance is
/// a sum of squares of finite numbers, never negative (not even −0.0), and
/// the bits of non-negative doubles order them as `f64::total_cmp` does:
/// one integer compare instead of its sign fix-ups.
fn nearness(neighbour: &Neighbour) -> (u64, u32) {
    (neighbour.distance_squared.to_bits(), neighbour.index)
}

/// Steering toward the corners (or the requested velocity), then
/// separation.
#[inline(never)]
fn desired_velocity(agent: &CrowdAgent, context: &StepContext<'_>) -> VectorXz {
    let params = &agent.params;
    let position = VectorXz::of(agent.position);
    let desired = match (agent.state, agent.target) {
        (AgentState::Walking, MoveTarget::Velocity(velocity)) => velocity.clamped(params.max_speed),
        (AgentState::Walking, MoveTarget::Position { .. }) => {
            let steering = Steering {
                radius: params.radius,
                max_speed: params.max_speed,
                turns: params.update_flags.contains(UpdateFlags::ANTICIPATE_TURNS).then_some(params.turn_style),
            };
            steering.desired_velocity(position, &agent.corners)
        }
        _ => VectorXz::ZERO,
    };
    let oncoming =
        agent.neighbours.iter().filter_map(|n| context.snapshot[n.index as usize].map(|s| (s.position, s.velocity)));
    let desired =
        keep_right(position, desired, oncoming, (params.radius * LANE_RADII, params.radius * LANE_WIDTH_RADII));
    if !params.update_flags.contains(UpdateFlags::SEPARATION) {
        return desired;
    }
    let others = agent.neighbours.iter().filter_map(|n| context.snapshot[n.index as usize].map(|s| s.position));
    separate(position, desired, others, params.radius * SEPARATION_RADII, params.separation_weight)
}

/// How far an agent moves from where it gathered its walls before it
/// gathers them again.
fn boundary_refresh<F>(params: &AgentParams<F>) -> f64 {
    params.collision_query_range * BOUNDARY_REFRESH
}

/// How far from where an agent gathers its walls a wall can bound its
/// avoidance before it gathers them again: ORCA drops a wall further from
/// the agent than its max speed times its wall time horizon (out of reach
/// within that horizon, `OrcaSolver::add_wall`), and the agent gathers
/// again once it moved more than [`boundary_refresh`]; so a wall further
/// than their sum from the gathering point is never used, and is not
/// gathered (on an open floor most of the polygons within the query range
/// lie beyond it). The collision query range caps it. The margin is far
/// above the rounding of the distances compared.
pub(crate) fn wall_gather_range<F>(params: &AgentParams<F>) -> f64 {
    let reach = params.max_speed * params.wall_time_horizon * (1.0 + WALL_GATHER_MARGIN);
    (reach + boundary_refresh(params)).min(params.collision_query_range)
}

/// ORCA over the walls near the agent and its neighbours.
#[inline(never)]
fn avoid(
    agent: &mut CrowdAgent,
    query: &mut NavMeshQuery,
    solver: &mut OrcaSolver,
    desired: VectorXz,
    context: &StepContext<'_>,
) -> Result<VectorXz> {
    let params = &agent.params;
    let position = VectorXz::of(agent.position);
    let moved = (position - VectorXz::of(agent.boundary.center())).length();
    if !agent.boundary.is_gathered() || moved > boundary_refresh(params) {
        let at = (agent.corridor.first(), agent.position);
        agent.boundary.update(query, at, wall_gather_range(params), params.max_wall_segments, &params.filter)?;
    }
    solver.clear(params.max_speed, params.wall_time_horizon);
    for segment in agent.boundary.segments() {
        let wall = (VectorXz::of(segment.start), VectorXz::of(segment.end));
        solver.add_wall(position, wall);
    }
    let own = Body { position, velocity: agent.velocity, radius: params.radius };
    // Read once: for the compiler the pushes of the neighbours' lines into
    // the solver might write the agent's parameters, so it read the horizon
    // again (and spread it over a vector register) for every neighbour.
    let horizons = (params.time_horizon, context.dt);
    for neighbour in &agent.neighbours {
        let Some(other) = context.snapshot[neighbour.index as usize] else {
            continue;
        };
        let body = Body { position: other.position, velocity: other.velocity, radius: other.radius };
        let share = if other.avoids { 0.5 } else { 1.0 };
        solver.add_neighbour(&own, &body, horizons, share);
    }
    Ok(solver.solve(desired))
}

/// Phase 4 of the step for one agent: the move over the surface (or along
/// its off-mesh link) and the arrival test.
pub(crate) fn move_and_arrive(agent: &mut CrowdAgent, query: &mut NavMeshQuery, dt: f64) {
    match agent.state {
        AgentState::OffMeshLink => advance_on_link(agent, dt),
        _ if agent.corridor.first().is_null() => {}
        _ => {
            let wanted = agent.next_position.with_y(agent.position[1]);
            if agent.corridor.move_position(query, wanted, &agent.params.filter).is_err() {
                stop_without_path(agent);
                return;
            }
            agent.position = agent.corridor.position();
            arrive_when_close(agent);
        }
    }
}

/// Arrived (or, at the end of a partial corridor, no path) when the only
/// corner left is the end and the agent is within the arrival distance.
fn arrive_when_close(agent: &mut CrowdAgent) {
    if agent.state != AgentState::Walking || agent.corners.len() != 1 {
        return;
    }
    let end = agent.corners[0];
    if !end.flags.contains(VertexFlags::END) {
        return;
    }
    let distance = (VectorXz::of(end.position) - VectorXz::of(agent.position)).length();
    if distance <= agent.params.arrival_distance {
        agent.end_walk(0.0);
    }
}

/// The straight traversal: from where the agent stepped on, to the
/// departure, to the arrival, at max speed. A host-driven agent waits.
fn advance_on_link(agent: &mut CrowdAgent, dt: f64) {
    if agent.params.off_mesh_mode == OffMeshMode::HostDriven {
        agent.velocity = VectorXz::ZERO;
        return;
    }
    let Some(link) = agent.off_mesh.as_mut() else {
        agent.state = AgentState::Walking;
        return;
    };
    link.elapsed += dt;
    let travelled = link.elapsed * agent.params.max_speed;
    let before = agent.position;
    match point_along(link.from, link.departure, link.arrival, travelled) {
        Some(point) => agent.position = point,
        None => agent.finish_off_mesh_link(),
    }
    agent.velocity = ((VectorXz::of(agent.position) - VectorXz::of(before)) / dt).without_negative_zero();
    agent.next_position = VectorXz::of(agent.position);
}

/// The point `travelled` along the polyline `a`–`b`–`c` (3D lengths), or
/// `None` past its end.
fn point_along(a: [f64; 3], b: [f64; 3], c: [f64; 3], travelled: f64) -> Option<[f64; 3]> {
    let first = length(a, b);
    if travelled < first {
        return Some(lerp(a, b, travelled / first));
    }
    let second = length(b, c);
    let rest = travelled - first;
    (rest < second).then(|| lerp(b, c, rest / second))
}

fn length(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dy, dz) = (b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    (dx * dx + dy * dy + dz * dz).sqrt()
}

fn lerp(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

impl CrowdAgent {
    /// Ends the walk where the agent stands, `off_target` from its target:
    /// arrived, or with no path at the end of a partial corridor; at rest.
    pub(crate) fn end_walk(&mut self, off_target: f64) {
        self.state = if self.partial { AgentState::NoPath } else { AgentState::Arrived };
        self.arrived_off_target = off_target;
        self.velocity = VectorXz::ZERO;
        self.desired_velocity = VectorXz::ZERO;
    }

    /// Puts the agent at its link's arrival and lets it walk on.
    pub(crate) fn finish_off_mesh_link(&mut self) {
        if let Some(link) = self.off_mesh.take() {
            self.position = link.arrival;
        }
        self.next_position = VectorXz::of(self.position);
        self.state = match self.target {
            MoveTarget::None => AgentState::Arrived,
            _ => AgentState::Walking,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crowd::local_boundary::{keep_nearest, push_within};

    #[test]
    fn the_shortcut_looks_past_the_next_corner_unless_only_the_end_is_left() {
        let vertex = |x: f64, flags: VertexFlags| StraightPathVertex {
            position: [x, 0.0, 0.0],
            flags,
            poly: crate::PolyRef::NULL,
        };
        let (corner, end) = (vertex(1.0, VertexFlags::default()), vertex(2.0, VertexFlags::END));
        assert_eq!(shortcut_target(&[corner, end]), Some(end.position));
        assert_eq!(shortcut_target(&[corner, corner, end]), Some(corner.position));
        assert_eq!(shortcut_target(&[corner]), Some(corner.position), "a path cut after one corner");
        assert_eq!(shortcut_target(&[end]), None, "the target in sight: no ray");
        assert_eq!(shortcut_target(&[]), None);
    }

    #[test]
    fn inserting_keeps_the_nearest_a_sort_of_every_agent_would() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for keep in 1..6 {
            let found: Vec<Neighbour> = (0..40u32)
                .map(|index| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    // Few distinct distances, so ties fall to the slot.
                    Neighbour { index: index * 7 % 40, distance_squared: (seed % 9) as f64 * 0.5 }
                })
                .collect();
            let mut kept = Vec::new();
            for &neighbour in &found {
                if kept.len() < keep || nearness(&neighbour) < nearness(kept.last().unwrap()) {
                    insert_nearest(&mut kept, neighbour, keep);
                }
            }
            let mut sorted = found.clone();
            sorted
                .sort_unstable_by(|a, b| a.distance_squared.total_cmp(&b.distance_squared).then(a.index.cmp(&b.index)));
            sorted.truncate(keep);
            assert_eq!(kept, sorted, "keep {keep}");
        }
    }

    /// The nearest `max` of `walls` within `range` of the origin, nearest
    /// first, kept as `LocalBoundary::update` keeps them.
    fn kept_walls(walls: &[(VectorXz, VectorXz)], range: f64, max: usize) -> Vec<(VectorXz, VectorXz)> {
        let mut kept = Vec::new();
        for &(a, b) in walls {
            push_within(&mut kept, ([0.0; 3], range), (a.with_y(0.0), b.with_y(0.0)));
        }
        keep_nearest(&mut kept, max);
        kept.iter().map(|s| (VectorXz::of(s.start), VectorXz::of(s.end))).collect()
    }

    #[test]
    fn walls_beyond_the_gather_range_never_bound_the_avoidance() {
        // Walls gathered round the origin within the query range, or within
        // the gather range only, bound the avoidance of an agent anywhere
        // within the refresh distance of the origin to the same bits.
        let params = AgentParams::new(0.6, 2.0);
        let (gather, refresh) = (wall_gather_range(&params), boundary_refresh(&params));
        assert!(gather < params.collision_query_range, "the gather range {gather} cuts the query range");
        let mut rng = crate::test_rng::TestRng(0x9E37_79B9_7F4A_7C15);
        let coordinate = |rng: &mut crate::test_rng::TestRng, half: f64| (rng.unit() * 2.0 - 1.0) * half;
        let (mut fewer, mut bounded) = (0, 0);
        for _ in 0..3000 {
            let walls: Vec<_> = (0..40)
                .map(|_| {
                    let a = VectorXz::new(coordinate(&mut rng, 8.0), coordinate(&mut rng, 8.0));
                    (a, a + VectorXz::new(coordinate(&mut rng, 3.0), coordinate(&mut rng, 3.0)))
                })
                .collect();
            let all = kept_walls(&walls, params.collision_query_range, params.max_wall_segments);
            let gathered = kept_walls(&walls, gather, params.max_wall_segments);
            fewer += usize::from(gathered.len() < all.len());
            let position = loop {
                let p = VectorXz::new(coordinate(&mut rng, refresh), coordinate(&mut rng, refresh));
                if p.length() <= refresh {
                    break p;
                }
            };
            let preferred = VectorXz::new(coordinate(&mut rng, 3.5), coordinate(&mut rng, 3.5));
            let solve = |walls: &[(VectorXz, VectorXz)]| {
                let mut solver = OrcaSolver::default();
                solver.clear(params.max_speed, params.wall_time_horizon);
                for &wall in walls {
                    solver.add_wall(position, wall);
                }
                solver.solve(preferred)
            };
            let (from_all, from_gathered) = (solve(&all), solve(&gathered));
            bounded += usize::from(from_all != preferred.clamped(params.max_speed));
            let bits = |v: VectorXz| (v.x.to_bits(), v.z.to_bits());
            assert_eq!(bits(from_all), bits(from_gathered));
        }
        assert!(fewer > 2000 && bounded > 300, "{fewer} rounds with fewer walls gathered, {bounded} bounded by a wall");
    }

    #[test]
    fn the_traversal_follows_both_legs_then_ends() {
        let (a, b, c) = ([0.0, 0.0, 0.0], [3.0, 0.0, 4.0], [3.0, 0.0, 10.0]);
        assert_eq!(point_along(a, b, c, 2.5), Some([1.5, 0.0, 2.0]));
        assert_eq!(point_along(a, b, c, 8.0), Some([3.0, 0.0, 7.0]));
        assert_eq!(point_along(a, b, c, 11.0), None);
        assert_eq!(point_along(b, b, c, 0.0), Some(b), "standing on the departure");
    }
}
