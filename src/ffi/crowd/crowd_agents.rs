//! The agent requests of an `OnavCrowd`: add, remove, teleport, new
//! parameters, move target or velocity, reset, and the end of a
//! host-driven off-mesh link; and reading an agent's parameters back.
//! Each is recorded at once and acted on by the next onav_crowd_step; a
//! stale handle gives ONAV_E_INVALID_REFERENCE and a failed call changes
//! nothing.

use crate::ffi::args::out_arg;
use crate::ffi::crowd::agent_handle::OnavAgentHandle;
use crate::ffi::crowd::agent_params::{params_arg, OnavAgentParams};
use crate::ffi::crowd::crowd::OnavCrowd;
use crate::ffi::crowd::crowd_call::{change_crowd, AgentsOf};
use crate::ffi::error_out::OnavError;
use crate::ffi::handle::write_handle_value;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;

/// Adds an agent at the polygon point nearest `position` (within the
/// crowd's placement box) and stores its handle in `*out`; it stands there
/// (ONAV_AGENT_ARRIVED) until asked to move. ONAV_E_OUT_OF_RANGE for a
/// position outside the coordinate rule or parameters out of range;
/// ONAV_E_INVALID_OPERATION when no polygon the agent's filter passes lies
/// in the placement box.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_add_agent(
    crowd: *mut OnavCrowd,
    position: OnavDVec3,
    params: *const OnavAgentParams,
    out: *mut OnavAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        let out = out_arg(out, "out");
        change_crowd(crowd, err, |crowd| {
            let out = out?;
            let handle = crowd.crowd.add_agent(position.into(), params_arg(params)?)?;
            out.write(handle.into());
            Ok(())
        })
    }
}

/// Removes the agent; its handle (and every copy) is stale from now on.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_remove_agent(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.remove_agent(agent.into())?)) }
}

/// Teleports the agent to the polygon point nearest `position`, keeping it
/// in the crowd (its handle, parameters and target: a target position is
/// searched again from there). Errors as onav_crowd_add_agent.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_set_position(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    position: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.set_position(agent.into(), position.into())?)) }
}

/// Replaces the agent's parameters, keeping it in the crowd where it stands
/// with its handle, state and target (a switch between walking and
/// running, or a new filter, without removing and adding it); they take
/// effect at the next step. A filter that differs from the old one (in a
/// flag mask or in any area cost's bits) also has the path to a target
/// position searched again with it. ONAV_E_OUT_OF_RANGE for parameters out
/// of range, as onav_crowd_add_agent.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_set_agent_params(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    params: *const OnavAgentParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.set_agent_params(agent.into(), params_arg(params)?)?)) }
}

/// Writes the agent's parameters to `*out`: those it was added with, or
/// last given by onav_crowd_set_agent_params.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_agent_params(
    crowd: *const OnavCrowd,
    agent: OnavAgentHandle,
    out: *mut OnavAgentParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| {
            Ok(OnavAgentParams::from(&crowd.agent_of(agent)?.params()))
        })
    }
}

/// Asks the agent to walk to `target`; the next step searches the path (a
/// target on no polygon gives ONAV_AGENT_NO_PATH). ONAV_E_OUT_OF_RANGE for
/// a target outside the coordinate rule.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_request_move_target(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    target: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.request_move_target(agent.into(), target.into())?)) }
}

/// Asks the agent to walk with `velocity` (its X/Z part, capped at its max
/// speed), avoiding others and walls, until another request.
/// ONAV_E_OUT_OF_RANGE for a velocity that is not finite.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_request_move_velocity(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    velocity: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.request_move_velocity(agent.into(), velocity.into())?)) }
}

/// Drops the agent's target or velocity: it stops (ONAV_AGENT_ARRIVED)
/// unless it is crossing a link, which it finishes first.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_reset_move_target(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.reset_move_target(agent.into())?)) }
}

/// Ends the agent's off-mesh traversal now: it stands at the link's
/// arrival and walks on. A host driving traversals itself
/// (ONAV_OFF_MESH_HOST_DRIVEN) calls it when its animation ends.
/// ONAV_E_INVALID_OPERATION when the agent is not on a link.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_complete_off_mesh_link(
    crowd: *mut OnavCrowd,
    agent: OnavAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.complete_off_mesh_link(agent.into())?)) }
}
