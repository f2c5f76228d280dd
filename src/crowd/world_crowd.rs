//! `WorldCrowd`: one [`Crowd`] per agent class of a [`NavWorld`] (format
//! text "Agent classes (NavWorld)": "WorldCrowd holds one crowd per class
//! and steps them in class order; agents of different classes walk
//! different meshes and do not see each other").
//!
//! Each class's crowd walks that class's mesh and knows only its own
//! agents, so agents of different classes never avoid or push one another.
//! A handle names the class and the agent's handle in that class's crowd;
//! every per-agent call goes to that crowd unchanged.

use sha2::{Digest, Sha256};

use crate::crowd::crowd::{Crowd, CrowdSettings};
use crate::crowd::crowd_agent::{AgentHandle, AgentParams, CrowdAgent};
use crate::error::{NavMeshError, Result};
use crate::world::nav_world::{class_for_radius, NavWorld};

/// An agent of a [`WorldCrowd`]: its class and its handle in that class's
/// crowd.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorldAgentHandle {
    pub class: u32,
    pub agent: AgentHandle,
}

/// The crowds of every class of one world version, in class order.
#[derive(Debug, Clone)]
pub struct WorldCrowd {
    crowds: Vec<Crowd>,
    /// Each class's AgentRadius, for [`WorldCrowd::class_for`].
    radii: Vec<f64>,
}

impl WorldCrowd {
    /// An empty crowd per class of `world` as it is now, all with
    /// `settings` (so every class steps by the same dt).
    pub fn new(world: &NavWorld, settings: CrowdSettings) -> Result<WorldCrowd> {
        let crowds =
            world.classes().iter().map(|class| Crowd::new(class.mesh(), settings)).collect::<Result<Vec<_>>>()?;
        Ok(WorldCrowd { crowds, radii: world.agent_radii() })
    }

    pub fn class_count(&self) -> usize {
        self.crowds.len()
    }

    /// The crowds, in class order.
    pub fn crowds(&self) -> &[Crowd] {
        &self.crowds
    }

    pub fn crowd(&self, class: usize) -> Option<&Crowd> {
        self.crowds.get(class)
    }

    /// `ClassFor(radius)` of the world version the crowds walk.
    pub fn class_for(&self, radius: f64) -> usize {
        class_for_radius(&self.radii, radius)
    }

    /// Ticks stepped so far (the same for every class).
    pub fn tick(&self) -> u64 {
        self.crowds.first().map_or(0, Crowd::tick)
    }

    /// Moves every class to its mesh in `world`, a later version of the
    /// same world (after an edit or a streaming update); see
    /// [`Crowd::set_mesh`]. Invalid operation, changing nothing, when
    /// `world` has another number of classes.
    pub fn set_world(&mut self, world: &NavWorld) -> Result<()> {
        if world.classes().len() != self.crowds.len() {
            return Err(NavMeshError::InvalidOperation(format!(
                "the world has {} classes, the crowd {}: set_world takes a version of the same world",
                world.classes().len(),
                self.crowds.len()
            )));
        }
        for (crowd, class) in self.crowds.iter_mut().zip(world.classes()) {
            crowd.set_mesh(class.mesh());
        }
        self.radii = world.agent_radii();
        Ok(())
    }

    /// Adds an agent to the class `class_for(params.radius)` picks; see
    /// [`Crowd::add_agent`].
    pub fn add_agent(&mut self, position: [f64; 3], params: AgentParams) -> Result<WorldAgentHandle> {
        let class = self.class_for(params.radius);
        self.add_agent_to_class(class, position, params)
    }

    /// Adds an agent to class `class`; out of range when the world has no
    /// such class, else as [`Crowd::add_agent`].
    pub fn add_agent_to_class(
        &mut self,
        class: usize,
        position: [f64; 3],
        params: AgentParams,
    ) -> Result<WorldAgentHandle> {
        let count = self.crowds.len();
        let crowd = self.crowds.get_mut(class).ok_or_else(|| {
            NavMeshError::out_of_range(format!("class index {class} is out of range: the world has {count} classes"))
        })?;
        let agent = crowd.add_agent(position, params)?;
        let class =
            u32::try_from(class).map_err(|_| NavMeshError::out_of_range(format!("class index {class} exceeds u32")))?;
        Ok(WorldAgentHandle { class, agent })
    }

    /// See [`Crowd::remove_agent`].
    pub fn remove_agent(&mut self, handle: WorldAgentHandle) -> Result<()> {
        self.crowd_of(handle)?.remove_agent(handle.agent)
    }

    /// The agent `handle` names, if it is still in its class's crowd.
    pub fn agent(&self, handle: WorldAgentHandle) -> Option<&CrowdAgent> {
        self.crowds.get(handle.class as usize)?.agent(handle.agent)
    }

    /// Every agent with its handle, class after class, in slot order.
    pub fn agents(&self) -> impl Iterator<Item = (WorldAgentHandle, &CrowdAgent)> + '_ {
        self.crowds.iter().zip(0u32..).flat_map(|(crowd, class)| {
            crowd.agents().map(move |(agent, state)| (WorldAgentHandle { class, agent }, state))
        })
    }

    /// The agent's position; `None` for a stale handle.
    pub fn agent_position(&self, handle: WorldAgentHandle) -> Option<[f64; 3]> {
        self.agent(handle).map(CrowdAgent::position)
    }

    /// See [`Crowd::set_position`].
    pub fn set_position(&mut self, handle: WorldAgentHandle, position: [f64; 3]) -> Result<()> {
        self.crowd_of(handle)?.set_position(handle.agent, position)
    }

    /// See [`Crowd::set_agent_params`]. The agent stays in its class,
    /// whatever class the new radius would pick (to move it to another,
    /// remove it and add it again).
    pub fn set_agent_params(&mut self, handle: WorldAgentHandle, params: AgentParams) -> Result<()> {
        self.crowd_of(handle)?.set_agent_params(handle.agent, params)
    }

    /// See [`Crowd::request_move_target`].
    pub fn request_move_target(&mut self, handle: WorldAgentHandle, position: [f64; 3]) -> Result<()> {
        self.crowd_of(handle)?.request_move_target(handle.agent, position)
    }

    /// See [`Crowd::request_move_velocity`].
    pub fn request_move_velocity(&mut self, handle: WorldAgentHandle, velocity: [f64; 3]) -> Result<()> {
        self.crowd_of(handle)?.request_move_velocity(handle.agent, velocity)
    }

    /// See [`Crowd::reset_move_target`].
    pub fn reset_move_target(&mut self, handle: WorldAgentHandle) -> Result<()> {
        self.crowd_of(handle)?.reset_move_target(handle.agent)
    }

    /// See [`Crowd::complete_off_mesh_link`].
    pub fn complete_off_mesh_link(&mut self, handle: WorldAgentHandle) -> Result<()> {
        self.crowd_of(handle)?.complete_off_mesh_link(handle.agent)
    }

    /// Steps every class's crowd by one tick, in class order.
    pub fn step(&mut self) {
        for crowd in &mut self.crowds {
            crowd.step();
        }
    }

    /// Steps every class's crowd as [`Crowd::step_on_calling_thread`]
    /// does, in class order: the same bits as [`WorldCrowd::step`].
    pub fn step_on_calling_thread(&mut self) {
        for crowd in &mut self.crowds {
            crowd.step_on_calling_thread();
        }
    }

    /// SHA-256 over the class count (u32 LE) and each class's
    /// [`Crowd::state_hash`], in class order.
    pub fn state_hash(&self) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update((self.crowds.len() as u32).to_le_bytes());
        for crowd in &self.crowds {
            hasher.update(crowd.state_hash());
        }
        hasher.finalize().into()
    }

    /// [`Self::agent`], a handle naming no class or a stale agent an
    /// invalid reference error.
    pub(crate) fn agent_or_stale(&self, handle: WorldAgentHandle) -> Result<&CrowdAgent> {
        let count = self.crowds.len();
        let crowd = self.crowds.get(handle.class as usize).ok_or_else(|| no_class(handle, count))?;
        crowd.agent_or_stale(handle.agent)
    }

    /// The crowd of the handle's class; invalid reference when the world
    /// has no such class (the handle is not one of this crowd's).
    fn crowd_of(&mut self, handle: WorldAgentHandle) -> Result<&mut Crowd> {
        let count = self.crowds.len();
        self.crowds.get_mut(handle.class as usize).ok_or_else(|| no_class(handle, count))
    }
}

/// The error of a handle whose class is not one of the crowd's `count`.
fn no_class(handle: WorldAgentHandle, count: usize) -> NavMeshError {
    NavMeshError::invalid_reference(format!(
        "agent handle of class {} names no class of the crowd ({count} classes)",
        handle.class
    ))
}
