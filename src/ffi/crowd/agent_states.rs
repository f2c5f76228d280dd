//! `OnavAgentState`: what a host reads of every agent after a step, in one
//! call per crowd (onav_crowd_read_agents, onav_world_crowd_read_agents),
//! with the agent state values and the off-mesh link being crossed.

use crate::crowd::{AgentState, CrowdAgent, OffMeshTraversal};

use crate::ffi::args::arg_ref;
use crate::ffi::buffer::array_buffer;
use crate::ffi::crowd::agent_handle::{OnavAgentHandle, OnavWorldAgentHandle};
use crate::ffi::crowd::crowd::OnavCrowd;
use crate::ffi::crowd::world_crowd::OnavWorldCrowd;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;

/// Agent state: following a corridor toward its target, or a requested
/// velocity.
pub const ONAV_AGENT_WALKING: i32 = 0;
/// Agent state: crossing an off-mesh link (OnavAgentState::off_mesh_link).
pub const ONAV_AGENT_OFF_MESH_LINK: i32 = 1;
/// Agent state: no route: the target lies on no polygon, its polygon
/// streamed out, the agent stands on no polygon, or (after walking as far
/// as it could) the target cannot be reached. The host requests the target
/// again (after the tile returns).
pub const ONAV_AGENT_NO_PATH: i32 = 2;
/// Agent state: at its target (within its arrival distance when it
/// arrived; with ONAV_AGENT_WALK_BACK_WHEN_PUSHED, walking again once
/// pushed further off than that distance plus 1.5 radii), or never given
/// one.
pub const ONAV_AGENT_ARRIVED: i32 = 3;

/// The state value of `state`; the same numbers the state hash uses.
fn state_code(state: AgentState) -> i32 {
    i32::from(state.code())
}

/// The off-mesh link an agent is crossing.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavOffMeshTraversal {
    /// Where the agent was when it reached the link.
    pub from: OnavDVec3,
    /// The link's departure.
    pub departure: OnavDVec3,
    /// The link's arrival.
    pub arrival: OnavDVec3,
    /// PolyRef of the polygon the link lands on.
    pub landing_poly: u64,
    /// Seconds spent on the link so far (straight traversal).
    pub elapsed: f64,
}

impl From<&OffMeshTraversal> for OnavOffMeshTraversal {
    fn from(link: &OffMeshTraversal) -> Self {
        OnavOffMeshTraversal {
            from: link.from.into(),
            departure: link.departure.into(),
            arrival: link.arrival.into(),
            landing_poly: link.landing_poly.0,
            elapsed: link.elapsed,
        }
    }
}

/// One agent as a step left it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavAgentState {
    /// The agent's class: 0 in an OnavCrowd; with `agent`, the
    /// OnavWorldAgentHandle of an OnavWorldCrowd agent.
    pub class_index: u32,
    /// The agent's handle in its crowd.
    pub agent: OnavAgentHandle,
    /// ONAV_AGENT_WALKING, ONAV_AGENT_OFF_MESH_LINK, ONAV_AGENT_NO_PATH or
    /// ONAV_AGENT_ARRIVED.
    pub state: i32,
    /// Position on the surface (or on the link being crossed).
    pub position: OnavDVec3,
    /// Velocity of the last step (Y 0: agents steer in X/Z).
    pub velocity: OnavDVec3,
    /// Velocity the agent wanted before avoidance (Y 0).
    pub desired_velocity: OnavDVec3,
    /// PolyRef of the polygon it stands on (the corridor's first).
    pub poly: u64,
    /// 1 when the agent has a target position (then in `target`), else 0.
    pub has_target: u8,
    /// The target position; zero when `has_target` is 0.
    pub target: OnavDVec3,
    /// The link being crossed in state ONAV_AGENT_OFF_MESH_LINK; zero
    /// otherwise.
    pub off_mesh_link: OnavOffMeshTraversal,
}

impl OnavAgentState {
    fn of(class_index: u32, agent: OnavAgentHandle, state: &CrowdAgent) -> OnavAgentState {
        let target = state.target_position();
        OnavAgentState {
            class_index,
            agent,
            state: state_code(state.state()),
            position: state.position().into(),
            velocity: state.velocity().into(),
            desired_velocity: state.desired_velocity().into(),
            poly: state.poly().0,
            has_target: u8::from(target.is_some()),
            target: target.map(OnavDVec3::from).unwrap_or_default(),
            off_mesh_link: state.off_mesh_link().map(OnavOffMeshTraversal::from).unwrap_or_default(),
        }
    }
}

/// The whole body of a read_agents function: checks (and clears)
/// `len_out`, then `crowd`, then copies `states(crowd)` into the buffer
/// with the size query.
///
/// # Safety
/// As onav_crowd_read_agents, for a crowd of type `C`.
unsafe fn read_agents<C>(
    crowd: *const C,
    out: *mut OnavAgentState,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
    states: impl FnOnce(&C) -> Vec<OnavAgentState>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let buffer = array_buffer(out, cap, len_out)?;
            let crowd: &C = arg_ref(crowd, "crowd")?;
            buffer.fill(&states(crowd))
        })
    }
}

/// Copies the state of every agent of the crowd, in slot order, into `out`
/// of `cap` entries, and their number to `*len_out` (onav_crowd_agent_count).
/// A NULL or too small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed
/// number in `*len_out`. One call per step reads the whole crowd.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `out` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_read_agents(
    crowd: *const OnavCrowd,
    out: *mut OnavAgentState,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        read_agents(crowd, out, cap, len_out, err, |crowd: &OnavCrowd| {
            crowd.crowd.agents().map(|(handle, agent)| OnavAgentState::of(0, handle.into(), agent)).collect()
        })
    }
}

/// As onav_crowd_read_agents, for every agent of every class, class after
/// class, each in slot order; `class_index` and `agent` of an entry make
/// its OnavWorldAgentHandle.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `out` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_read_agents(
    crowd: *const OnavWorldCrowd,
    out: *mut OnavAgentState,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        read_agents(crowd, out, cap, len_out, err, |crowd: &OnavWorldCrowd| {
            crowd
                .crowd
                .agents()
                .map(|(handle, agent)| {
                    let handle = OnavWorldAgentHandle::from(handle);
                    OnavAgentState::of(handle.class_index, handle.agent, agent)
                })
                .collect()
        })
    }
}
