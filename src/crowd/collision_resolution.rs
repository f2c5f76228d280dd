//! Collision resolution: what ORCA and the acceleration limit leave
//! overlapping is pushed apart after the velocity step. Each agent moves
//! out of every neighbour it overlaps by its share of the overlap (half,
//! or all of it when the neighbour is crossing a link and cannot move),
//! the pushes summed (a few rounds settle agents pressed from several
//! sides); two agents on the same spot part along X, the
//! lower slot toward −X, so the answer never depends on thread timing.
//!
//! The rounds read only what they need of each agent (its position, its
//! radius, how much of a push it takes, its neighbours' slots), copied
//! once a step into a few compact arrays by slot: the agents themselves
//! are large and far apart in memory, and reading them again every round
//! cost a cache miss or more per agent and neighbour (with 5 000 agents
//! the rounds' data no longer stayed in the caches between rounds).

use crate::crowd::crowd::AgentSnapshot;
use crate::crowd::crowd_agent::{AgentState, CrowdAgent};
use crate::crowd::step_threads::StepThreads;
use crate::crowd::vector_xz::VectorXz;

/// Closer than this, two agents have no direction between them.
const SAME_SPOT: f64 = 1e-6;

/// Rounds of collision resolution per step.
const COLLISION_ROUNDS: usize = 4;

/// An agent as the rounds see it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Body {
    /// Where the velocity step put it, plus the pushes so far.
    position: VectorXz,
    radius: f64,
    /// The part of an overlap with it that the agent it overlaps takes:
    /// half, or all of it when it is crossing a link and cannot move.
    share: f64,
}

/// The scratch of collision resolution, kept by the crowd so a warm step
/// does not allocate: the agents' bodies and neighbour lists by slot and
/// the pushes of this round and of the round before.
#[derive(Debug, Clone, Default)]
pub(crate) struct CollisionResolution {
    bodies: Vec<Body>,
    /// Agent `i`'s neighbours are `neighbours[spans[i].0..spans[i].1]`;
    /// an agent collisions do not move (or an empty slot) has none.
    spans: Vec<(usize, usize)>,
    neighbours: Vec<u32>,
    pushes: Vec<VectorXz>,
    previous_pushes: Vec<VectorXz>,
}

impl CollisionResolution {
    /// Copies what the rounds read of the agents (each with its slot, in
    /// any order) at their integrated positions and of the step's
    /// snapshot (by slot).
    pub(crate) fn gather<'a>(
        &mut self,
        agents: impl Iterator<Item = (u32, &'a CrowdAgent)>,
        snapshot: &[Option<AgentSnapshot>],
    ) {
        self.bodies.clear();
        self.bodies.resize(snapshot.len(), Body::default());
        self.spans.clear();
        self.spans.resize(snapshot.len(), (0, 0));
        self.neighbours.clear();
        for (index, agent) in agents {
            let Some(Some(own)) = snapshot.get(index as usize) else {
                continue;
            };
            let share = if own.on_surface { 0.5 } else { 1.0 };
            self.bodies[index as usize] = Body { position: agent.next_position, radius: own.radius, share };
            let start = self.neighbours.len();
            // The neighbours are this step's, found in the grid of the
            // snapshot's agents: each has a body.
            if agent.state != AgentState::OffMeshLink && !agent.corridor.first().is_null() {
                self.neighbours.extend(agent.neighbours.iter().map(|n| n.index));
            }
            self.spans[index as usize] = (start, self.neighbours.len());
        }
    }

    /// Pushes overlapping agents apart: each round computes every agent's
    /// push from the positions after the round before, in parallel, then
    /// applies them. A round that pushes nobody ends the resolution: the
    /// rounds after it would see the same distances and push nobody
    /// either. (A push sums from +0.0, so a zero push is +0.0: the round
    /// applied it already, and adding it again changes no bit.) After the
    /// first round, an agent nobody near it moved keeps its zero push
    /// without measuring again ([`Self::push_stays_zero`]).
    pub(crate) fn resolve(&mut self, threads: StepThreads) {
        for round in 0..COLLISION_ROUNDS {
            std::mem::swap(&mut self.pushes, &mut self.previous_pushes);
            let Self { bodies, spans, neighbours, pushes, previous_pushes } = self;
            let lists = NeighbourLists { spans, neighbours };
            let previous = (round > 0).then_some(&previous_pushes[..]);
            let push = |index: usize| match previous {
                Some(previous) if lists.push_stays_zero(index, previous) => VectorXz::ZERO,
                _ => lists.collision_push(index, bodies),
            };
            threads.map_into(bodies, |index, _| push(index), pushes);
            for (body, push) in bodies.iter_mut().zip(pushes.iter()) {
                body.position = body.position + *push;
            }
            if pushes.iter().all(|push| *push == VectorXz::ZERO) {
                return;
            }
        }
    }

    /// Agent `index`'s position after the rounds.
    pub(crate) fn position(&self, index: u32) -> VectorXz {
        self.bodies[index as usize].position
    }
}

/// The neighbour lists of [`CollisionResolution`], read by the rounds.
struct NeighbourLists<'a> {
    spans: &'a [(usize, usize)],
    neighbours: &'a [u32],
}

impl NeighbourLists<'_> {
    fn of(&self, index: usize) -> &[u32] {
        let (start, end) = self.spans[index];
        &self.neighbours[start..end]
    }

    /// The push that moves agent `index` out of the neighbours it
    /// overlaps, at the positions of `bodies`.
    fn collision_push(&self, index: usize, bodies: &[Body]) -> VectorXz {
        let own = bodies[index];
        let mut push = VectorXz::ZERO;
        for &other_index in self.of(index) {
            let other = bodies[other_index as usize];
            let away = own.position - other.position;
            let reach = own.radius + other.radius;
            let distance_squared = away.length_squared();
            if distance_squared >= reach * reach {
                continue;
            }
            let distance = distance_squared.sqrt();
            let direction = match away.unit(SAME_SPOT) {
                Some(direction) => direction,
                None if (index as u32) < other_index => VectorXz::new(-1.0, 0.0),
                None => VectorXz::new(1.0, 0.0),
            };
            push = push + direction * ((reach - distance) * other.share);
        }
        push
    }

    /// True when agent `index`'s push is zero again without measuring:
    /// its push the round before (`previous`, by slot) was zero, so it did
    /// not move, and so was every neighbour's, so every distance and side
    /// it measures is the one it measured then. (A zero push sums from
    /// +0.0 and is +0.0, the bits of [`VectorXz::ZERO`].)
    fn push_stays_zero(&self, index: usize, previous: &[VectorXz]) -> bool {
        let still = |slot: usize| previous[slot] == VectorXz::ZERO;
        still(index) && self.of(index).iter().all(|&neighbour| still(neighbour as usize))
    }
}
