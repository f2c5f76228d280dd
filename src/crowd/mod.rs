//! Crowds: agents that follow corridors over one version of a mesh, avoid
//! one another and the walls, cross off-mesh links and survive streaming.
//!
//! - [`Crowd`] (`crowd.rs`): the agents of one mesh version, their
//!   requests (`add_agent`, `remove_agent`, `set_position`,
//!   `request_move_target`, `request_move_velocity`, `reset_move_target`,
//!   `complete_off_mesh_link`) and the step; handles are slot index plus
//!   generation ([`AgentHandle`]).
//! - [`WorldCrowd`] (`world_crowd.rs`): one `Crowd` per agent class of a
//!   `NavWorld`, stepped in class order; an agent joins the class
//!   `ClassFor(radius)` picks (or one named), its [`WorldAgentHandle`]
//!   carries the class, and agents of different classes never see each
//!   other; `set_world` hands every class its mesh of a new world version.
//! - [`CrowdAgent`], [`AgentParams`], [`UpdateFlags`], [`AgentState`]
//!   (`crowd_agent.rs`): per-agent parameters, the neighbour and wall
//!   counts included, and what a host reads of an agent.
//! - `filter_table.rs`: the crowd's distinct query filters, shared by
//!   the agents that walk with them.
//! - `agent_update.rs`: one agent's part of a step.
//! - [`PathCorridor`] (`path_corridor.rs`): the polygons toward the target,
//!   moved, optimised and trimmed.
//! - [`LocalBoundary`] (`local_boundary.rs`): the wall segments near an
//!   agent.
//! - [`ProximityGrid`] (`proximity_grid.rs`): which agents are near.
//! - `steering.rs`, `lane_bias.rs`, `separation.rs`: the desired velocity.
//! - `obstacle_avoidance.rs`: ORCA (van den Berg et al. 2009), walls as
//!   static half-planes, the 2D linear program and its fallback.
//! - `collision_resolution.rs`: pushing apart what still overlaps.
//! - `stall_replan.rs`: a new path search for an agent its avoidance has
//!   held at rest.
//! - `walk_back.rs`: an arrived agent pushed off its target walks back.
//! - `group_arrival.rs`: an agent stops on touching one whose walk to the
//!   same target ended.
//! - `step_threads.rs`: a step's phases on the current rayon pool or on
//!   the calling thread alone.
//! - `vector_xz.rs`: the X/Z vectors of all of the above.
//! - `whole_ticks.rs`: durations in seconds counted as whole ticks.
//!
//! Determinism, for lockstep hosts: a crowd steps by an integer tick with
//! a dt fixed when it is created; everything is f64 with + − × ÷ and √
//! only (no fused multiply-add; `libm` for rounding); agents are visited
//! in slot order, neighbours sorted by distance with the slot breaking
//! ties, wall segments by distance with the order found breaking ties.
//! The parallel phases (rayon) compute per-agent results from a snapshot
//! and apply them in slot order, so 1, 2 or 8 threads give bit-identical
//! states ([`Crowd::state_hash`]).

pub(crate) mod agent_update;
pub(crate) mod collision_resolution;
#[allow(clippy::module_inception)]
pub mod crowd;
pub mod crowd_agent;
pub(crate) mod filter_table;
pub(crate) mod group_arrival;
pub mod lane_bias;
pub mod local_boundary;
pub mod obstacle_avoidance;
pub mod path_corridor;
pub mod proximity_grid;
pub mod separation;
pub(crate) mod stall_replan;
pub mod steering;
pub(crate) mod step_threads;
pub mod vector_xz;
pub(crate) mod walk_back;
pub(crate) mod whole_ticks;
pub mod world_crowd;

pub use crowd::{Crowd, CrowdSettings};
pub use crowd_agent::{AgentHandle, AgentParams, AgentState, CrowdAgent, OffMeshMode, OffMeshTraversal, UpdateFlags};
pub use local_boundary::LocalBoundary;
pub use path_corridor::PathCorridor;
pub use proximity_grid::ProximityGrid;
pub use steering::TurnStyle;
pub use world_crowd::{WorldAgentHandle, WorldCrowd};
