//! Arriving in groups ([`UpdateFlags::ARRIVE_IN_GROUPS`]): a walking agent
//! stops where it touches an agent whose walk to the same target already
//! ended there: it arrives, or, on a path that
//! ends short of an unreachable target, stops with no path, as it would
//! have at the end.
//!
//! Why: only one agent can stand on a point. Sent there together, the
//! others pressed toward it for good, each pushing the ones in front (and
//! the one on the point off it, which then walked back), so a group sent
//! to one point never came to rest; DetourCrowd's agents do the same. The
//! same held for a group sent where it cannot go: every agent walked to
//! the one nearest point its part of the mesh has. Stopping against the
//! group instead, they stand round the point, each touching one that
//! stood there before it.
//!
//! "The same target": within the agent's arrival distance of its own, with
//! the same outcome (both paths complete, or both short). "Touching":
//! centres no further apart than the two radii plus
//! [`CONTACT_MARGIN_RADII`] of the agent's radius, with a ray over the
//! surface from one to the other meeting no wall, so an agent never stops
//! against a group on the far side of a thin wall. Read from the step's
//! snapshot, so every agent decides from the same state on any number of
//! threads.

use crate::crowd::agent_update::StepContext;
use crate::crowd::crowd_agent::{AgentState, CrowdAgent, MoveTarget, UpdateFlags};
use crate::crowd::vector_xz::VectorXz;
use crate::query::nav_mesh_query::NavMeshQuery;

/// How far apart, beyond the two radii and in radii of the arriving agent,
/// two agents still touch: avoidance keeps a gap between agents that walk
/// into one another, so exact contact is seldom reached.
pub const CONTACT_MARGIN_RADII: f64 = 0.5;

/// Where an agent's walk to a target ended, as the step's snapshot keeps
/// it for its neighbours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct WalkEnd {
    target: VectorXz,
    /// The path ended short of the target (it stands with no path).
    short: bool,
}

impl WalkEnd {
    /// The end of the agent's walk to a target position (short when its
    /// path is partial), whatever its state.
    fn of(agent: &CrowdAgent) -> Option<WalkEnd> {
        match agent.target {
            MoveTarget::Position { position, .. } => {
                Some(WalkEnd { target: VectorXz::of(position), short: agent.partial })
            }
            _ => None,
        }
    }
}

/// Where the agent's walk ended: arrived at its target, or stopped with no
/// path at the end of a path short of it; `None` for any other agent.
pub(crate) fn walk_end(agent: &CrowdAgent) -> Option<WalkEnd> {
    let ended = match agent.state {
        AgentState::Arrived => !agent.partial,
        AgentState::NoPath => agent.partial,
        _ => false,
    };
    WalkEnd::of(agent).filter(|_| ended)
}

/// Stops the agent where it stands, when the module text's rule says so;
/// returns whether it did.
pub(crate) fn arrive_in_group(agent: &mut CrowdAgent, query: &mut NavMeshQuery, context: &StepContext<'_>) -> bool {
    let Some(own) = walk_under_way(agent) else {
        return false;
    };
    if context.widest_ended_radius == 0.0 {
        return false;
    }
    let position = VectorXz::of(agent.position);
    let own_reach = agent.params.radius * (1.0 + CONTACT_MARGIN_RADII);
    // The neighbours, nearest first, near enough to touch an agent of any
    // radius whose walk ended.
    let reach = own_reach + context.widest_ended_radius;
    for k in 0..agent.neighbours.len() {
        let neighbour = agent.neighbours[k];
        if neighbour.distance_squared > reach * reach {
            break;
        }
        let index = neighbour.index as usize;
        let (Some(Some(other)), Some(Some(end))) = (context.snapshot.get(index), context.walk_ends.get(index)) else {
            continue;
        };
        let contact = own_reach + other.radius;
        let touches = end.short == own.short
            && (end.target - own.target).length() <= agent.params.arrival_distance
            && (other.position - position).length_squared() <= contact * contact;
        let other_at = [other.position.x, other.y, other.position.z];
        if touches && agent.corridor.sees(query, other_at, &agent.params.filter).unwrap_or(false) {
            agent.end_walk((own.target - position).length());
            return true;
        }
    }
    false
}

/// The end a walking agent with the flag walks to.
fn walk_under_way(agent: &CrowdAgent) -> Option<WalkEnd> {
    if agent.state != AgentState::Walking || !agent.params.update_flags.contains(UpdateFlags::ARRIVE_IN_GROUPS) {
        return None;
    }
    WalkEnd::of(agent)
}
