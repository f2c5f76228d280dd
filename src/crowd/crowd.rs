//! `Crowd`: agents walking one version of a mesh, stepped by a fixed dt.
//!
//! Slots hold the agents; a handle names a slot and its generation, so a
//! handle of a removed agent is refused rather than reaching the agent that
//! took the slot. Requests (targets, velocities, teleports) are recorded at
//! once and acted on by the next [`Crowd::step`], which runs in phases:
//!
//! 1. a snapshot of every agent (position, velocity, size) in slot order
//!    and the proximity grid over it;
//! 2. per agent, in parallel: revalidation after a mesh change, path
//!    search, corridor optimisation, corners, off-mesh link trigger,
//!    neighbours and walls, steering, separation, ORCA, acceleration limit
//!    and the integrated position (each agent reads only the snapshot and
//!    writes only itself);
//! 3. a few rounds of collision resolution: each agent's push out of its
//!    overlapping neighbours, computed in parallel from the positions of
//!    the round before and applied in slot order;
//! 4. per agent, in parallel: the move clamped to the surface (or the
//!    off-mesh traversal) and the arrival test.
//!
//! No phase depends on which thread ran which agent, so any number of
//! threads gives the same bits (`tests/crowd_determinism.rs`).
//!
//! The step and its parts (here and in `agent_update.rs`,
//! `path_corridor.rs`, `local_boundary.rs`) are kept out of line
//! (`#[inline(never)]`), so `scripts/crowd_instructions.sh` can count each
//! by name under callgrind; each runs once a tick or once per agent a
//! tick, so the call costs nothing measurable.

use std::collections::BTreeSet;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::crowd::agent_update::{move_and_arrive, sense_and_steer, wall_gather_range, StepContext};
use crate::crowd::collision_resolution::{collision_push, push_stays_zero};
use crate::crowd::crowd_agent::{AgentHandle, AgentParams, AgentState, CrowdAgent, MoveTarget};
use crate::crowd::filter_table::FilterTable;
use crate::crowd::group_arrival::{walk_end, WalkEnd};
use crate::crowd::obstacle_avoidance::OrcaSolver;
use crate::crowd::proximity_grid::ProximityGrid;
use crate::crowd::step_threads::StepThreads;
use crate::crowd::vector_xz::VectorXz;
use crate::crowd::whole_ticks::whole_ticks;
use crate::error::{NavMeshError, Result};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::{check_position, NavMeshQuery};
use crate::query::query_filter::QueryFilter;

/// The proximity grid's cell width over the widest collision query range:
/// a neighbour query's box (± the range) then covers at most 5 × 5 cells,
/// whose area hugs the range's circle closer than 3 × 3 cells of the
/// range's width, so fewer agents are measured for nothing.
const GRID_CELL_TO_RANGE: f64 = 0.5;

/// Rounds of collision resolution per step.
const COLLISION_ROUNDS: usize = 4;

/// Crowd-wide settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrowdSettings {
    /// Seconds per tick (finite, > 0), fixed for the crowd's life.
    pub dt: f64,
    /// Node budget of each path search (≥ 1).
    pub max_nodes: usize,
    /// The box around a position in which its polygon is looked for (when
    /// adding an agent, teleporting it or placing a target).
    pub placement_half_extents: [f64; 3],
    /// Seconds between two topology optimisations of a corridor.
    pub topology_interval: f64,
}

impl Default for CrowdSettings {
    fn default() -> CrowdSettings {
        CrowdSettings {
            dt: 1.0 / 30.0,
            max_nodes: 4096,
            placement_half_extents: [2.0, 4.0, 2.0],
            topology_interval: 0.5,
        }
    }
}

impl CrowdSettings {
    fn validate(&self) -> Result<()> {
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return Err(NavMeshError::out_of_range(format!("CrowdSettings.dt = {:?} must be finite and > 0", self.dt)));
        }
        if self.max_nodes == 0 {
            return Err(NavMeshError::out_of_range("CrowdSettings.max_nodes = 0: a search needs at least one node"));
        }
        if self.placement_half_extents.iter().any(|e| !(e.is_finite() && *e >= 0.0)) {
            return Err(NavMeshError::out_of_range(format!(
                "CrowdSettings.placement_half_extents = {:?} must be finite and ≥ 0",
                self.placement_half_extents
            )));
        }
        if !(self.topology_interval.is_finite() && self.topology_interval >= 0.0) {
            return Err(NavMeshError::out_of_range(format!(
                "CrowdSettings.topology_interval = {:?} must be finite and ≥ 0",
                self.topology_interval
            )));
        }
        Ok(())
    }
}

/// One slot: its generation and the agent in it, if any.
#[derive(Debug, Clone)]
struct AgentSlot {
    generation: u32,
    agent: Option<CrowdAgent>,
}

/// What the other agents see of an agent during a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct AgentSnapshot {
    pub position: VectorXz,
    pub y: f64,
    pub velocity: VectorXz,
    pub radius: f64,
    pub height: f64,
    /// True when it avoids too (ORCA shares the avoidance with it).
    pub avoids: bool,
    /// False while it crosses an off-mesh link: collisions do not move it.
    pub on_surface: bool,
}

impl AgentSnapshot {
    fn of(agent: &CrowdAgent) -> AgentSnapshot {
        let on_surface = agent.state != AgentState::OffMeshLink;
        AgentSnapshot {
            position: VectorXz::of(agent.position),
            y: agent.position[1],
            velocity: agent.velocity,
            radius: agent.params.radius,
            height: agent.params.height,
            avoids: on_surface && agent.params.update_flags.contains(super::UpdateFlags::OBSTACLE_AVOIDANCE),
            on_surface,
        }
    }
}

/// Agents over one version of a mesh.
#[derive(Debug, Clone)]
pub struct Crowd {
    settings: CrowdSettings,
    query: NavMeshQuery,
    tick: u64,
    slots: Vec<AgentSlot>,
    free: BTreeSet<u32>,
    /// The agents' filters, each held once.
    filters: FilterTable,
    /// Set by [`Crowd::set_mesh`]: the next step checks every corridor.
    mesh_changed: bool,
    snapshot: Vec<Option<AgentSnapshot>>,
    /// Beside the snapshot, one per slot: where the agent's walk ended
    /// (`group_arrival.rs`), kept apart so the snapshot every neighbour
    /// reads stays small.
    walk_ends: Vec<Option<WalkEnd>>,
    grid: ProximityGrid,
    /// Scratch of the collision rounds, one per slot: this round's push,
    /// and whether the round before pushed the agent (a non-zero push).
    pushes: Vec<VectorXz>,
    pushed: Vec<bool>,
    /// Scratch of the parallel phases, one per chunk of slots: a query
    /// over the mesh and an ORCA solver. Which worker serves an agent
    /// changes no result (each query call starts from its own inputs).
    workers: Vec<(NavMeshQuery, OrcaSolver)>,
}

impl Crowd {
    /// An empty crowd over `mesh` as it is now.
    pub fn new(mesh: &TiledNavMesh, settings: CrowdSettings) -> Result<Crowd> {
        settings.validate()?;
        Ok(Crowd {
            settings,
            query: NavMeshQuery::new(mesh, settings.max_nodes)?,
            tick: 0,
            slots: Vec::new(),
            free: BTreeSet::new(),
            filters: FilterTable::default(),
            mesh_changed: false,
            snapshot: Vec::new(),
            walk_ends: Vec::new(),
            grid: ProximityGrid::default(),
            pushes: Vec::new(),
            pushed: Vec::new(),
            workers: Vec::new(),
        })
    }

    pub fn settings(&self) -> &CrowdSettings {
        &self.settings
    }

    /// Ticks stepped so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// The mesh version the crowd walks.
    pub fn mesh(&self) -> &TiledNavMesh {
        self.query.mesh()
    }

    /// Moves the crowd to another version of the mesh (after an edit or a
    /// streaming update). The next step cuts every corridor before its
    /// first polygon that is gone: an agent whose target polygon is gone
    /// has no path ([`AgentState::NoPath`]) until the host requests the
    /// target again; one whose own polygon is gone is placed on the
    /// polygon nearest it, or has no path when there is none.
    pub fn set_mesh(&mut self, mesh: &TiledNavMesh) {
        self.query.set_mesh(mesh);
        self.workers.clear();
        self.mesh_changed = true;
        for agent in self.slots.iter_mut().filter_map(|s| s.agent.as_mut()) {
            agent.corridor.forget_crossings();
        }
    }

    /// Adds an agent at the polygon point nearest `position` (within the
    /// placement box); it stands there ([`AgentState::Arrived`]) until
    /// asked to move. Errors: out of range for a position outside the
    /// coordinate rule or bad parameters; invalid operation when no
    /// polygon its filter passes lies in the placement box.
    pub fn add_agent(&mut self, position: [f64; 3], params: AgentParams) -> Result<AgentHandle> {
        params.validate()?;
        let nearest = self.place(position, &params.filter)?;
        let agent = CrowdAgent::new(params.with_filter(self.filters.share(&params.filter)), nearest.0, nearest.1);
        let index = match self.free.pop_first() {
            Some(index) => index,
            None => {
                let index = u32::try_from(self.slots.len())
                    .map_err(|_| NavMeshError::InvalidOperation("the crowd holds 2^32 agents already".into()))?;
                self.slots.push(AgentSlot { generation: 0, agent: None });
                index
            }
        };
        let slot = &mut self.slots[index as usize];
        slot.agent = Some(agent);
        Ok(AgentHandle { index, generation: slot.generation })
    }

    /// Removes the agent; its handle (and every copy) is stale from now on.
    pub fn remove_agent(&mut self, handle: AgentHandle) -> Result<()> {
        self.agent_mut(handle)?;
        let slot = &mut self.slots[handle.index as usize];
        slot.agent = None;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.insert(handle.index);
        self.filters.forget_unheld();
        Ok(())
    }

    /// The agent `handle` names, if it is still in the crowd.
    pub fn agent(&self, handle: AgentHandle) -> Option<&CrowdAgent> {
        let slot = self.slots.get(handle.index as usize)?;
        (slot.generation == handle.generation).then_some(slot.agent.as_ref()).flatten()
    }

    /// Every agent with its handle, in slot order.
    pub fn agents(&self) -> impl Iterator<Item = (AgentHandle, &CrowdAgent)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, slot)| {
            let agent = slot.agent.as_ref()?;
            Some((AgentHandle { index: i as u32, generation: slot.generation }, agent))
        })
    }

    pub fn agent_count(&self) -> usize {
        self.slots.iter().filter(|s| s.agent.is_some()).count()
    }

    /// Teleports the agent to the polygon point nearest `position`, keeping
    /// it in the crowd (its slot, parameters and target: a target position
    /// is searched again from there). Errors as [`Self::add_agent`], and
    /// invalid reference for a stale handle; a failed call changes nothing.
    pub fn set_position(&mut self, handle: AgentHandle, position: [f64; 3]) -> Result<()> {
        let filter = Arc::clone(&self.agent_mut(handle)?.params.filter);
        let (poly, placed) = self.place(position, &filter)?;
        let agent = self.agent_mut(handle)?;
        agent.position = placed;
        agent.next_position = VectorXz::of(placed);
        agent.velocity = VectorXz::ZERO;
        agent.desired_velocity = VectorXz::ZERO;
        agent.off_mesh = None;
        agent.corridor.reset(poly, placed);
        agent.boundary.clear();
        match agent.target {
            MoveTarget::Position { position, .. } | MoveTarget::Requested(position) => {
                agent.target = MoveTarget::Requested(position);
                agent.state = AgentState::Walking;
            }
            MoveTarget::Velocity(_) => agent.state = AgentState::Walking,
            MoveTarget::None => agent.state = AgentState::Arrived,
        }
        Ok(())
    }

    /// Replaces the agent's parameters (DetourCrowd's
    /// `updateAgentParameters`), keeping it in the crowd where it stands,
    /// with its handle, state and target: a host switches an agent between
    /// walking and running, or its filter, without removing and adding it.
    /// They take effect at the next step (an off-mesh mode changed during
    /// a traversal included). A filter that differs from the old one (in a
    /// flag mask or in any area cost's bits) also has the path to a target
    /// position searched again with it, and the walls around the agent
    /// gathered again; so do parameters under which walls further off can
    /// bound its avoidance (a higher max speed, a longer wall time horizon
    /// or collision query range). Errors: invalid reference for a stale handle; out of
    /// range for bad parameters (as [`Self::add_agent`]); a failed call
    /// changes nothing.
    pub fn set_agent_params(&mut self, handle: AgentHandle, params: AgentParams) -> Result<()> {
        params.validate()?;
        let held = Arc::clone(&self.agent_mut(handle)?.params.filter);
        let new_filter = !held.is_identical(&params.filter);
        let filter = if new_filter { self.filters.share(&params.filter) } else { held };
        let agent = self.agent_mut(handle)?;
        let wider_walls = wall_gather_range(&params) > wall_gather_range(&agent.params);
        agent.params = params.with_filter(filter);
        if new_filter || wider_walls {
            agent.boundary.clear();
        }
        if new_filter {
            if let MoveTarget::Position { position, .. } = agent.target {
                agent.target = MoveTarget::Requested(position);
            }
            self.filters.forget_unheld();
        }
        Ok(())
    }

    /// Asks the agent to walk to `position`; the next step searches the
    /// path (a target on no polygon gives [`AgentState::NoPath`]).
    pub fn request_move_target(&mut self, handle: AgentHandle, position: [f64; 3]) -> Result<()> {
        check_position("target", position)?;
        let agent = self.agent_mut(handle)?;
        agent.target = MoveTarget::Requested(position);
        agent.partial = false;
        if agent.state != AgentState::OffMeshLink {
            agent.state = AgentState::Walking;
        }
        Ok(())
    }

    /// Asks the agent to walk with `velocity` (its X/Z part, capped at its
    /// max speed), avoiding others and walls, until another request.
    pub fn request_move_velocity(&mut self, handle: AgentHandle, velocity: [f64; 3]) -> Result<()> {
        if velocity.iter().any(|v| !v.is_finite()) {
            return Err(NavMeshError::out_of_range(format!("velocity = {velocity:?} must be finite")));
        }
        let agent = self.agent_mut(handle)?;
        agent.target = MoveTarget::Velocity(VectorXz::of(velocity));
        agent.partial = false;
        if agent.state != AgentState::OffMeshLink {
            let (poly, position) = (agent.corridor.first(), agent.position);
            agent.corridor.reset(poly, position);
            agent.state = AgentState::Walking;
        }
        Ok(())
    }

    /// Drops the agent's target or velocity; it stops ([`AgentState::Arrived`])
    /// unless it is crossing a link, which it finishes first.
    pub fn reset_move_target(&mut self, handle: AgentHandle) -> Result<()> {
        let agent = self.agent_mut(handle)?;
        agent.target = MoveTarget::None;
        agent.partial = false;
        if agent.state != AgentState::OffMeshLink {
            let (poly, position) = (agent.corridor.first(), agent.position);
            agent.corridor.reset(poly, position);
            agent.state = AgentState::Arrived;
        }
        Ok(())
    }

    /// Ends the agent's off-mesh traversal now: it stands at the link's
    /// arrival and walks on. This is how a host that drives the traversal
    /// itself ([`super::OffMeshMode::HostDriven`]) says it is done.
    /// Invalid operation when the agent is not on a link.
    pub fn complete_off_mesh_link(&mut self, handle: AgentHandle) -> Result<()> {
        let agent = self.agent_mut(handle)?;
        if agent.state != AgentState::OffMeshLink {
            return Err(NavMeshError::InvalidOperation(format!(
                "agent {} is not on an off-mesh link (state {:?})",
                handle.index, agent.state
            )));
        }
        agent.finish_off_mesh_link();
        Ok(())
    }

    /// Advances the crowd by one tick of the fixed dt, as the module text
    /// says, on the current rayon thread pool (rayon's global pool when the
    /// caller is no pool's thread). The step enters the pool once and runs
    /// every phase inside it, rather than handing each parallel phase over
    /// from outside.
    pub fn step(&mut self) {
        rayon::scope(|_| self.run_step(StepThreads::Pool));
    }

    /// Advances the crowd by one tick as [`Crowd::step`] does, with every
    /// phase on the calling thread: no thread pool is used or started. The
    /// same bits as `step` on any number of threads; for a host that steps
    /// on its own simulation thread, or runs several crowds on its own
    /// worker threads.
    pub fn step_on_calling_thread(&mut self) {
        self.run_step(StepThreads::CallingThread);
    }

    #[inline(never)]
    fn run_step(&mut self, threads: StepThreads) {
        self.tick += 1;
        self.take_snapshot();
        let chunk_len = self.prepare_workers(threads);
        let context = StepContext {
            snapshot: &self.snapshot,
            walk_ends: &self.walk_ends,
            widest_ended_radius: self.widest_ended_radius(),
            grid: &self.grid,
            dt: self.settings.dt,
            max_nodes: self.settings.max_nodes,
            placement_half_extents: self.settings.placement_half_extents,
            revalidate: std::mem::take(&mut self.mesh_changed),
            topology_due: self.topology_due(),
        };
        threads.for_each_chunk(&mut self.slots, chunk_len, &mut self.workers, |chunk_index, chunk, (query, solver)| {
            for (k, slot) in chunk.iter_mut().enumerate() {
                if let Some(agent) = slot.agent.as_mut() {
                    sense_and_steer(agent, (chunk_index * chunk_len + k) as u32, query, solver, &context);
                }
            }
        });
        self.resolve_collisions(threads);
        let dt = self.settings.dt;
        threads.for_each_chunk(&mut self.slots, chunk_len, &mut self.workers, |_, chunk, (query, _)| {
            for agent in chunk.iter_mut().filter_map(|slot| slot.agent.as_mut()) {
                move_and_arrive(agent, query, dt);
            }
        });
    }

    /// Enough workers for the phases' chunks of slots (cloning the query
    /// only when the pool grew or the mesh changed, not every step);
    /// returns the chunk length.
    fn prepare_workers(&mut self, threads: StepThreads) -> usize {
        let chunks = threads.chunks();
        while self.workers.len() < chunks {
            self.workers.push((self.query.clone(), OrcaSolver::default()));
        }
        self.slots.len().div_ceil(chunks).max(1)
    }

    /// SHA-256 over every agent's slot index and generation (u32 LE each)
    /// and [`CrowdAgent::state_bytes`], in slot order, with the tick (u64
    /// LE) first: equal hashes mean equal crowds to the bit.
    pub fn state_hash(&self) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(self.tick.to_le_bytes());
        for (handle, agent) in self.agents() {
            hasher.update(handle.index.to_le_bytes());
            hasher.update(handle.generation.to_le_bytes());
            hasher.update(agent.state_bytes());
        }
        hasher.finalize().into()
    }

    /// Pushes overlapping agents apart: each round computes every agent's
    /// push from the positions after the round before, in parallel, then
    /// applies them in slot order. A round that pushes nobody ends the
    /// resolution: the rounds after it would see the same distances and
    /// push nobody either. (A push sums from +0.0, so a zero push is +0.0:
    /// the round applied it already, and adding it again changes no bit.)
    /// After the first round, an agent nobody near it moved keeps its
    /// zero push without measuring again ([`push_stays_zero`]).
    #[inline(never)]
    fn resolve_collisions(&mut self, threads: StepThreads) {
        for round in 0..COLLISION_ROUNDS {
            for (snapshot, slot) in self.snapshot.iter_mut().zip(&self.slots) {
                if let (Some(snapshot), Some(agent)) = (snapshot.as_mut(), slot.agent.as_ref()) {
                    snapshot.position = agent.next_position;
                }
            }
            let (snapshot, pushed) = (&self.snapshot, (round > 0).then_some(&self.pushed[..]));
            let push = |index: usize, agent: &CrowdAgent| match pushed {
                Some(pushed) if push_stays_zero(agent, index as u32, pushed) => VectorXz::ZERO,
                _ => collision_push(agent, index as u32, snapshot),
            };
            threads.map_into(
                &self.slots,
                |index, slot| slot.agent.as_ref().map_or(VectorXz::ZERO, |a| push(index, a)),
                &mut self.pushes,
            );
            self.pushed.clear();
            for (slot, push) in self.slots.iter_mut().zip(&self.pushes) {
                if let Some(agent) = slot.agent.as_mut() {
                    agent.next_position = agent.next_position + *push;
                }
                self.pushed.push(*push != VectorXz::ZERO);
            }
            if !self.pushed.contains(&true) {
                return;
            }
        }
    }

    fn topology_due(&self) -> bool {
        self.tick.is_multiple_of(whole_ticks(self.settings.topology_interval, self.settings.dt))
    }

    #[inline(never)]
    fn take_snapshot(&mut self) {
        self.snapshot.clear();
        self.snapshot.extend(self.slots.iter().map(|s| s.agent.as_ref().map(AgentSnapshot::of)));
        self.walk_ends.clear();
        self.walk_ends.extend(self.slots.iter().map(|s| s.agent.as_ref().and_then(walk_end)));
        let agents = self.slots.iter().filter_map(|s| s.agent.as_ref());
        let range = agents.map(|a| a.params.collision_query_range).fold(0.0, f64::max);
        self.grid.reset(if range > 0.0 { range * GRID_CELL_TO_RANGE } else { 1.0 });
        for (index, snapshot) in self.snapshot.iter().enumerate() {
            if let Some(snapshot) = snapshot {
                self.grid.insert(index as u32, snapshot.position);
            }
        }
        self.grid.finish();
    }

    /// The largest radius of the agents whose walk [`Self::take_snapshot`]
    /// found ended; 0 when none has.
    fn widest_ended_radius(&self) -> f64 {
        let ended = self.walk_ends.iter().zip(&self.snapshot).filter(|(end, _)| end.is_some());
        ended.filter_map(|(_, snapshot)| snapshot.as_ref()).map(|s| s.radius).fold(0.0, f64::max)
    }

    /// The polygon nearest `position` that the agent's filter passes,
    /// within the placement box, and the point of it nearest `position`.
    fn place(&mut self, position: [f64; 3], filter: &QueryFilter) -> Result<(crate::PolyRef, [f64; 3])> {
        check_position("position", position)?;
        let extents = self.settings.placement_half_extents;
        match self.query.find_nearest_poly(position, extents, filter)? {
            Some(nearest) => Ok((nearest.poly_ref, nearest.position)),
            None => Err(NavMeshError::InvalidOperation(format!(
                "no polygon the agent's filter passes lies within {extents:?} of {position:?}"
            ))),
        }
    }

    fn agent_mut(&mut self, handle: AgentHandle) -> Result<&mut CrowdAgent> {
        let slot = self.slots.get_mut(handle.index as usize).ok_or_else(|| stale_handle(handle))?;
        if slot.generation != handle.generation {
            return Err(stale_handle(handle));
        }
        slot.agent.as_mut().ok_or_else(|| stale_handle(handle))
    }

    /// [`Self::agent`], a stale handle an invalid reference error.
    pub(crate) fn agent_or_stale(&self, handle: AgentHandle) -> Result<&CrowdAgent> {
        self.agent(handle).ok_or_else(|| stale_handle(handle))
    }
}

fn stale_handle(handle: AgentHandle) -> NavMeshError {
    NavMeshError::invalid_reference(format!(
        "agent handle (index {}, generation {}) names no agent of the crowd",
        handle.index, handle.generation
    ))
}
