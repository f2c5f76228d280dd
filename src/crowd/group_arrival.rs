//! Arriving in groups ([`UpdateFlags::ARRIVE_IN_GROUPS`]): an agent whose
//! target is in sight arrives when it touches an agent that already
//! arrived at the same target, where it stands.
//!
//! Why: only one agent can stand on a point. Sent there together, the
//! others pressed toward it for good, each pushing the ones in front (and
//! the one on the point off it, which then walked back), so a group sent
//! to one point never came to rest; DetourCrowd's agents do the same.
//! Arriving against the group instead, they stand round the point, each
//! touching one that stood there before it.
//!
//! "The same target": within the agent's arrival distance of its own.
//! "Touching": centres no further apart than the two radii plus
//! [`CONTACT_MARGIN_RADII`] of the agent's radius. Read from the step's
//! snapshot, so every agent decides from the same state on any number of
//! threads.

use crate::crowd::agent_update::StepContext;
use crate::crowd::crowd_agent::{AgentState, CrowdAgent, MoveTarget, UpdateFlags};
use crate::crowd::vector_xz::VectorXz;
use crate::query::straight_path::VertexFlags;

/// How far apart, beyond the two radii and in radii of the arriving agent,
/// two agents still touch: avoidance keeps a gap between agents that walk
/// into one another, so exact contact is seldom reached.
pub const CONTACT_MARGIN_RADII: f64 = 0.5;

/// The target an arrived agent stands at, as the step's snapshot keeps
/// it for its neighbours; `None` for an agent that is not arrived.
pub(crate) fn arrived_target(agent: &CrowdAgent) -> Option<VectorXz> {
    match (agent.state, agent.target) {
        (AgentState::Arrived, MoveTarget::Position { position, .. }) => Some(VectorXz::of(position)),
        _ => None,
    }
}

/// Arrives where the agent stands, when the module text's rule says so;
/// returns whether it did.
pub(crate) fn arrive_in_group(agent: &mut CrowdAgent, context: &StepContext<'_>) -> bool {
    let Some(target) = target_in_sight(agent) else {
        return false;
    };
    if context.widest_arrived_radius == 0.0 {
        return false;
    }
    let params = &agent.params;
    let position = VectorXz::of(agent.position);
    // The neighbours, nearest first, near enough to touch an arrived agent
    // of any radius there is.
    let reach = params.radius * (1.0 + CONTACT_MARGIN_RADII) + context.widest_arrived_radius;
    let mut near = agent.neighbours.iter().take_while(|neighbour| neighbour.distance_squared <= reach * reach);
    let touches_the_group = near.any(|neighbour| {
        let index = neighbour.index as usize;
        let (Some(Some(other)), Some(Some(other_target))) =
            (context.snapshot.get(index), context.arrived_targets.get(index))
        else {
            return false;
        };
        let contact = params.radius * (1.0 + CONTACT_MARGIN_RADII) + other.radius;
        (*other_target - target).length() <= params.arrival_distance
            && (other.position - position).length_squared() <= contact * contact
    });
    if touches_the_group {
        agent.state = AgentState::Arrived;
        agent.velocity = VectorXz::ZERO;
        agent.desired_velocity = VectorXz::ZERO;
        agent.arrived_off_target = (target - position).length();
    }
    touches_the_group
}

/// The target of a walking agent with the flag, when the only corner left
/// is the end of a complete corridor (so the target itself is in sight).
fn target_in_sight(agent: &CrowdAgent) -> Option<VectorXz> {
    let walking = agent.state == AgentState::Walking && !agent.partial;
    if !walking || !agent.params.update_flags.contains(UpdateFlags::ARRIVE_IN_GROUPS) {
        return None;
    }
    let MoveTarget::Position { position, .. } = agent.target else {
        return None;
    };
    match agent.corners.as_slice() {
        [end] if end.flags.contains(VertexFlags::END) => Some(VectorXz::of(position)),
        _ => None,
    }
}
