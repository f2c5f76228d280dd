//! Walking back when pushed off ([`UpdateFlags::WALK_BACK_WHEN_PUSHED`]):
//! an agent that arrived and was then pushed further from its target
//! than its arrival distance (or, when it arrived against a group short
//! of the target, `group_arrival.rs`, than where it stopped) plus
//! [`PUSHED_OFF_RADII`] radii walks back to it, its path searched again
//! from where it stands.
//!
//! Why: an arrived agent still takes collision pushes and avoids others,
//! so a stream can carry it metres away from its target, where it stood
//! for good, reported as arrived. Standing there it can hold another
//! agent off that one's target for good too (two agents at rest never move
//! each other through ORCA): on the peer's doorway (`onav-peer doorway`)
//! agents stood "arrived" 3 to 5 m from their targets, and one walking
//! agent stood at rest 0.8 m short of its target for the run's last two
//! minutes (docs/CROWD_PEER.md, "Arrived agents walk back (walkback)").

use crate::crowd::crowd_agent::{AgentState, CrowdAgent, MoveTarget, UpdateFlags};
use crate::crowd::vector_xz::VectorXz;

/// How far beyond its arrival distance, in radii, an arrived agent may be
/// pushed before it walks back: with the default arrival distance (half
/// a radius), two radii from its target. The margin keeps an agent that
/// has just arrived from walking again at once.
pub const PUSHED_OFF_RADII: f64 = 1.5;

/// Sends an arrived agent pushed off its target back to it: the next step
/// searches its path from where it stands, as for a newly requested
/// target.
pub(crate) fn walk_back_when_pushed_off(agent: &mut CrowdAgent) {
    let (AgentState::Arrived, MoveTarget::Position { position, .. }) = (agent.state, agent.target) else {
        return;
    };
    let params = &agent.params;
    if !params.update_flags.contains(UpdateFlags::WALK_BACK_WHEN_PUSHED) {
        return;
    }
    let reach = params.arrival_distance.max(agent.arrived_off_target) + params.radius * PUSHED_OFF_RADII;
    if (VectorXz::of(position) - VectorXz::of(agent.position)).length_squared() > reach * reach {
        agent.target = MoveTarget::Requested(position);
        agent.state = AgentState::Walking;
    }
}
