//! C functions for [`crate::crowd`]: the `OnavCrowd` handle over one
//! version of a mesh ([`crowd`]) and its agent requests
//! ([`crowd_agents`]); the `OnavWorldCrowd` handle, one crowd per class of
//! an `OnavNavWorld` ([`world_crowd`]), and its agent requests
//! ([`world_crowd_agents`]); the plain structs `OnavCrowdSettings`
//! ([`crowd_settings`]), `OnavAgentParams` ([`agent_params`]), the agent
//! handles ([`agent_handle`]), `OnavAgentState` read for every agent in one
//! call ([`agent_states`]), one agent's corners and corridor
//! ([`agent_paths`]) and the state hash ([`state_hash`]); `crowd_call`
//! is the body every function changing a crowd shares.
//!
//! Thread safety (both handles): one thread at a time per crowd; separate
//! crowds step on separate threads at once. A step runs on rayon's global
//! thread pool inside the call (or, in the `_on_calling_thread` forms, on
//! the calling thread alone), and gives the same bits with any number of
//! threads.

pub mod agent_handle;
pub mod agent_params;
pub mod agent_paths;
pub mod agent_states;
#[allow(clippy::module_inception)]
pub mod crowd;
pub mod crowd_agents;
mod crowd_call;
pub mod crowd_settings;
pub mod state_hash;
pub mod world_crowd;
pub mod world_crowd_agents;
