//! `OnavAgentHandle` and `OnavWorldAgentHandle`: plain structs naming an
//! agent of a crowd by slot index and generation (and class).

use crate::crowd::{AgentHandle, WorldAgentHandle};

/// Names an agent of an OnavCrowd: its slot index and the slot's
/// generation. Removing the agent advances the generation, so the handle
/// (and every copy) is stale from then on: a call with it fails with
/// ONAV_E_INVALID_REFERENCE, even after another agent takes the slot.
/// Plain data: copy and compare it freely.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavAgentHandle {
    /// Slot index.
    pub index: u32,
    /// The slot's generation when the agent was added.
    pub generation: u32,
}

/// Names an agent of an OnavWorldCrowd: its class and its handle in that
/// class's crowd. A class the crowd does not have, like a stale agent, is
/// ONAV_E_INVALID_REFERENCE.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavWorldAgentHandle {
    /// The agent's class (index into the world's classes).
    pub class_index: u32,
    /// The agent in that class's crowd.
    pub agent: OnavAgentHandle,
}

impl From<AgentHandle> for OnavAgentHandle {
    fn from(handle: AgentHandle) -> Self {
        OnavAgentHandle { index: handle.index, generation: handle.generation }
    }
}

impl From<OnavAgentHandle> for AgentHandle {
    fn from(handle: OnavAgentHandle) -> Self {
        AgentHandle { index: handle.index, generation: handle.generation }
    }
}

impl From<WorldAgentHandle> for OnavWorldAgentHandle {
    fn from(handle: WorldAgentHandle) -> Self {
        OnavWorldAgentHandle { class_index: handle.class, agent: handle.agent.into() }
    }
}

impl From<OnavWorldAgentHandle> for WorldAgentHandle {
    fn from(handle: OnavWorldAgentHandle) -> Self {
        WorldAgentHandle { class: handle.class_index, agent: handle.agent.into() }
    }
}
