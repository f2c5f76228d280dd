//! The agent requests of an `OnavWorldCrowd`: add (to the class ClassFor
//! picks, or to a named one), remove, teleport, new parameters, move target
//! or velocity, reset, and the end of a host-driven off-mesh link; and
//! reading an agent's parameters back. Each goes to the
//! handle's class's crowd and behaves as its onav_crowd_* counterpart; a
//! handle naming no class, or a stale agent, gives
//! ONAV_E_INVALID_REFERENCE.

use crate::ffi::args::out_arg;
use crate::ffi::crowd::agent_handle::OnavWorldAgentHandle;
use crate::ffi::crowd::agent_params::{params_arg, OnavAgentParams};
use crate::ffi::crowd::crowd_call::{change_crowd, AgentsOf};
use crate::ffi::crowd::world_crowd::OnavWorldCrowd;
use crate::ffi::error_out::OnavError;
use crate::ffi::handle::write_handle_value;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;

/// Adds an agent to the class onav_world_crowd_class_for(params->radius)
/// picks, as onav_crowd_add_agent, and stores its handle in `*out`.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_add_agent(
    crowd: *mut OnavWorldCrowd,
    position: OnavDVec3,
    params: *const OnavAgentParams,
    out: *mut OnavWorldAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        let out = out_arg(out, "out");
        change_crowd(crowd, err, |crowd| {
            let out = out?;
            out.write(crowd.crowd.add_agent(position.into(), params_arg(params)?)?.into());
            Ok(())
        })
    }
}

/// As onav_world_crowd_add_agent, into class `class_index`;
/// ONAV_E_OUT_OF_RANGE when the world has no such class.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_add_agent_to_class(
    crowd: *mut OnavWorldCrowd,
    class_index: u32,
    position: OnavDVec3,
    params: *const OnavAgentParams,
    out: *mut OnavWorldAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        let out = out_arg(out, "out");
        change_crowd(crowd, err, |crowd| {
            let out = out?;
            let handle = crowd.crowd.add_agent_to_class(class_index as usize, position.into(), params_arg(params)?)?;
            out.write(handle.into());
            Ok(())
        })
    }
}

/// As onav_crowd_remove_agent.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_remove_agent(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.remove_agent(agent.into())?)) }
}

/// As onav_crowd_set_position.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_set_position(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    position: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.set_position(agent.into(), position.into())?)) }
}

/// As onav_crowd_set_agent_params. The agent stays in its class, whatever
/// class onav_world_crowd_class_for would pick for the new radius (to move
/// it to another, remove it and add it again).
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_set_agent_params(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    params: *const OnavAgentParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.set_agent_params(agent.into(), params_arg(params)?)?)) }
}

/// As onav_crowd_agent_params.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_agent_params(
    crowd: *const OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
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

/// As onav_crowd_request_move_target.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_request_move_target(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    target: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.request_move_target(agent.into(), target.into())?)) }
}

/// As onav_crowd_request_move_velocity.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_request_move_velocity(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    velocity: OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.request_move_velocity(agent.into(), velocity.into())?)) }
}

/// As onav_crowd_reset_move_target.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_reset_move_target(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.reset_move_target(agent.into())?)) }
}

/// As onav_crowd_complete_off_mesh_link.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_complete_off_mesh_link(
    crowd: *mut OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.complete_off_mesh_link(agent.into())?)) }
}
