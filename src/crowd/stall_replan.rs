//! Replanning a stalled agent ([`UpdateFlags::REPLAN_WHEN_STALLED`]): a
//! walking agent that wants to move but whose avoidance has held it nearly
//! at rest for [`STALL_SECONDS`] searches its path again from where it
//! stands.
//!
//! Why: an agent pushed sideways by its neighbours drags its corridor
//! through the polygons it was pushed over, and the corridor then detours
//! round whoever pushed it; when that one stands still (an arrived agent),
//! the corridor's first corner stays behind it, the agent heads straight
//! into it, and ORCA holds it at rest for good. A fresh search from where
//! the agent stands drops the detour. The doorway rounds measured it
//! (docs/CROWD_PEER.md, "Replanning stalled agents").
//!
//! Deterministic: the stall is counted in whole ticks, never in seconds
//! added up.

use crate::crowd::crowd_agent::{AgentState, CrowdAgent, MoveTarget, UpdateFlags};
use crate::crowd::vector_xz::VectorXz;
use crate::crowd::whole_ticks::whole_ticks;

/// How long an agent stands before it searches again, in seconds.
pub const STALL_SECONDS: f64 = 3.0;

/// An agent wants to move when it asks for more than this part of its max
/// speed: slowing down at the target is not a stall.
const WANTED_SPEED_PART: f64 = 0.25;

/// ... and stands when avoidance leaves it less than this part of what it
/// asked for.
const AVOIDED_SPEED_PART: f64 = 0.05;

/// After the agent's update chose `desired` (steering) and `avoided`
/// (ORCA's answer to it): counts one more tick of a stall, or restarts the
/// count; once the count reaches [`STALL_SECONDS`] at step `dt`, asks the
/// next step to search the path again (the target as newly requested) and
/// restarts the count.
pub(crate) fn replan_when_stalled(agent: &mut CrowdAgent, desired: VectorXz, avoided: VectorXz, dt: f64) {
    if !is_stalled(agent, desired, avoided) {
        agent.stalled_ticks = 0;
        return;
    }
    agent.stalled_ticks += 1;
    if u64::from(agent.stalled_ticks) < whole_ticks(STALL_SECONDS, dt) {
        return;
    }
    agent.stalled_ticks = 0;
    if let MoveTarget::Position { position, .. } = agent.target {
        agent.target = MoveTarget::Requested(position);
    }
}

/// True when the agent walks toward a target with the rule on, wants to
/// move and its avoidance leaves it nearly at rest.
fn is_stalled(agent: &CrowdAgent, desired: VectorXz, avoided: VectorXz) -> bool {
    let params = &agent.params;
    let walking_to_target = agent.state == AgentState::Walking && matches!(agent.target, MoveTarget::Position { .. });
    if !walking_to_target || !params.update_flags.contains(UpdateFlags::REPLAN_WHEN_STALLED) {
        return false;
    }
    let wanted = desired.length_squared();
    let wants_to_move = wanted > square(params.max_speed * WANTED_SPEED_PART);
    wants_to_move && avoided.length_squared() < wanted * square(AVOIDED_SPEED_PART)
}

fn square(value: f64) -> f64 {
    value * value
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::crowd::crowd_agent::AgentParams;
    use crate::mesh::poly_ref::PolyRef;

    const DT: f64 = 1.0 / 30.0;
    /// [`STALL_SECONDS`] at [`DT`].
    const STALL_TICKS: u32 = 90;

    fn walking_agent(flags: UpdateFlags) -> CrowdAgent {
        let mut params = AgentParams::new(0.3, 1.8);
        params.update_flags = flags;
        let mut agent = CrowdAgent::new(params.with_filter(Arc::default()), PolyRef::NULL, [0.0; 3]);
        agent.state = AgentState::Walking;
        agent.target = MoveTarget::Position { poly: PolyRef::NULL, position: [5.0, 0.0, 0.0] };
        agent
    }

    fn step(agent: &mut CrowdAgent, avoided: VectorXz) {
        replan_when_stalled(agent, VectorXz::new(2.0, 0.0), avoided, DT);
    }

    #[test]
    fn an_agent_held_at_rest_for_the_stall_time_searches_again_once() {
        let mut agent = walking_agent(UpdateFlags::ALL);
        for _ in 1..STALL_TICKS {
            step(&mut agent, VectorXz::new(0.09, 0.0));
            assert!(matches!(agent.target, MoveTarget::Position { .. }));
        }
        step(&mut agent, VectorXz::ZERO);
        assert_eq!(agent.target, MoveTarget::Requested([5.0, 0.0, 0.0]));
        assert_eq!(agent.stalled_ticks, 0);
    }

    #[test]
    fn moving_a_little_restarts_the_count() {
        let mut agent = walking_agent(UpdateFlags::ALL);
        for _ in 1..STALL_TICKS {
            step(&mut agent, VectorXz::ZERO);
        }
        step(&mut agent, VectorXz::new(0.11, 0.0));
        assert_eq!(agent.stalled_ticks, 0);
        assert!(matches!(agent.target, MoveTarget::Position { .. }));
    }

    #[test]
    fn slowing_down_near_the_target_is_no_stall() {
        let mut agent = walking_agent(UpdateFlags::ALL);
        let slow = agent.params.max_speed * WANTED_SPEED_PART;
        replan_when_stalled(&mut agent, VectorXz::new(slow, 0.0), VectorXz::ZERO, DT);
        assert_eq!(agent.stalled_ticks, 0);
    }

    #[test]
    fn without_the_flag_nothing_is_counted() {
        let mut agent = walking_agent(UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::REPLAN_WHEN_STALLED.0));
        for _ in 0..2 * STALL_TICKS {
            step(&mut agent, VectorXz::ZERO);
        }
        assert_eq!(agent.stalled_ticks, 0);
        assert!(matches!(agent.target, MoveTarget::Position { .. }));
    }
}
