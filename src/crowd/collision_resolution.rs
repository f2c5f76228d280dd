//! Collision resolution: what ORCA and the acceleration limit leave
//! overlapping is pushed apart after the velocity step. Each agent moves
//! out of every neighbour it overlaps by its share of the overlap (half,
//! or all of it when the neighbour is crossing a link and cannot move),
//! the pushes summed (a few rounds settle agents pressed from several
//! sides); two agents on the same spot part along X, the
//! lower slot toward −X, so the answer never depends on thread timing.

use crate::crowd::crowd::AgentSnapshot;
use crate::crowd::crowd_agent::{AgentState, CrowdAgent};
use crate::crowd::vector_xz::VectorXz;

/// Closer than this, two agents have no direction between them.
const SAME_SPOT: f64 = 1e-6;

/// The push that moves agent `index` out of the neighbours it overlaps, at
/// the positions of `snapshot`.
pub(crate) fn collision_push(agent: &CrowdAgent, index: u32, snapshot: &[Option<AgentSnapshot>]) -> VectorXz {
    let Some(Some(own)) = snapshot.get(index as usize) else {
        return VectorXz::ZERO;
    };
    if agent.state == AgentState::OffMeshLink || agent.corridor.first().is_null() {
        return VectorXz::ZERO;
    }
    let mut push = VectorXz::ZERO;
    for neighbour in &agent.neighbours {
        let Some(Some(other)) = snapshot.get(neighbour.index as usize) else {
            continue;
        };
        let away = own.position - other.position;
        let reach = own.radius + other.radius;
        let distance_squared = away.length_squared();
        if distance_squared >= reach * reach {
            continue;
        }
        let distance = distance_squared.sqrt();
        let direction = match away.unit(SAME_SPOT) {
            Some(direction) => direction,
            None if index < neighbour.index => VectorXz::new(-1.0, 0.0),
            None => VectorXz::new(1.0, 0.0),
        };
        let share = if other.on_surface { 0.5 } else { 1.0 };
        push = push + direction * ((reach - distance) * share);
    }
    push
}

/// True when agent `index`'s push is zero again without measuring: the
/// round before (`pushed`, by slot) did not push it, so it did not move,
/// nor any of its neighbours, so every distance and side it measures is
/// the one it measured then, and its push was zero. (A zero push sums
/// from +0.0 and is +0.0, the bits of [`VectorXz::ZERO`].)
pub(crate) fn push_stays_zero(agent: &CrowdAgent, index: u32, pushed: &[bool]) -> bool {
    let still = |slot: u32| !pushed.get(slot as usize).is_some_and(|&moved| moved);
    still(index) && agent.neighbours.iter().all(|neighbour| still(neighbour.index))
}
