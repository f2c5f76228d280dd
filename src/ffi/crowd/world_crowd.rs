//! The `OnavWorldCrowd` handle: one crowd per agent class of an
//! `OnavNavWorld`, stepped in class order, moved to another world version
//! by onav_world_crowd_set_world; its classes, tick, agent count and state
//! hash.

use crate::crowd::{Crowd, WorldCrowd};

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::crowd::crowd_call::change_crowd;
use crate::ffi::crowd::crowd_settings::{settings_arg, OnavCrowdSettings};
use crate::ffi::crowd::state_hash::OnavCrowdHash;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle, write_handle_value};
use crate::ffi::world::nav_world::OnavNavWorld;

/// The crowds of every class of one world version (format text "Agent
/// classes (NavWorld)": "WorldCrowd holds one crowd per class and steps
/// them in class order; agents of different classes walk different meshes
/// and do not see each other"). Each class's crowd behaves as an
/// OnavCrowd over that class's mesh, all with the same settings. Agents
/// are named by OnavWorldAgentHandle. Opaque: created by
/// onav_world_crowd_new, released by onav_world_crowd_free.
///
/// Thread safety: one thread at a time per OnavWorldCrowd for the
/// functions taking it non-const; the const ones may run concurrently with
/// each other. Separate crowds may be used on separate threads at once.
/// onav_world_crowd_step runs the agents on rayon's global thread pool
/// inside the call; onav_world_crowd_step_on_calling_thread runs them on
/// the calling thread.
pub struct OnavWorldCrowd {
    pub(crate) crowd: WorldCrowd,
}

/// Stores in `*out` an empty crowd per class of `world` as it is now (a
/// cheap clone of each class's mesh), all with `settings`. Settings out of
/// range give ONAV_E_OUT_OF_RANGE naming the field.
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_new(
    world: *const OnavNavWorld,
    settings: *const OnavCrowdSettings,
    out: *mut *mut OnavWorldCrowd,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let world = arg_ref(world, "world")?;
            let settings = settings_arg(settings)?;
            store_new_handle(out, || Ok(OnavWorldCrowd { crowd: WorldCrowd::new(&world.world, settings)? }))
        })
    }
}

/// Moves every class to its mesh in `world`, a later version of the same
/// world (after an edit or a streaming update), as onav_crowd_set_mesh
/// does for one crowd. ONAV_E_INVALID_OPERATION, changing nothing, when
/// `world` has another number of classes.
///
/// Thread safety: exclusive on the crowd; may run concurrently with other
/// readers of the world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_set_world(
    crowd: *mut OnavWorldCrowd,
    world: *const OnavNavWorld,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { change_crowd(crowd, err, |crowd| Ok(crowd.crowd.set_world(&arg_ref(world, "world")?.world)?)) }
}

/// Steps every class's crowd by one tick, in class order, as
/// onav_crowd_step.
///
/// Thread safety: exclusive on the crowd; uses rayon's global thread pool
/// inside the call.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_step(crowd: *mut OnavWorldCrowd, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.step();
            Ok(())
        })
    }
}

/// Steps every class's crowd by one tick, in class order, as
/// onav_crowd_step_on_calling_thread: all of the work on the calling
/// thread, the same bits as onav_world_crowd_step.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_step_on_calling_thread(
    crowd: *mut OnavWorldCrowd,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.step_on_calling_thread();
            Ok(())
        })
    }
}

/// Writes the number of classes (one crowd each) to `*out`.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_class_count(
    crowd: *const OnavWorldCrowd,
    out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| {
            // One class per class of an OnavNavWorld, whose count fits u32.
            Ok(crowd.crowd.class_count() as u32)
        })
    }
}

/// ClassFor(radius) of the world version the crowd walks: writes to
/// `*out` the class onav_world_crowd_add_agent puts an agent of `radius`
/// in (the smallest AgentRadius >= `radius`, else the largest).
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_class_for(
    crowd: *const OnavWorldCrowd,
    radius: f64,
    out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| {
            // A class index, below the class count.
            Ok(crowd.crowd.class_for(radius) as u32)
        })
    }
}

/// Writes the number of ticks stepped so far (the same for every class)
/// to `*out`.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_tick(
    crowd: *const OnavWorldCrowd,
    out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(crowd, "crowd", out, err, |crowd| Ok(crowd.crowd.tick())) }
}

/// Writes the number of agents of every class to `*out`.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_agent_count(
    crowd: *const OnavWorldCrowd,
    out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| {
            Ok(crowd.crowd.crowds().iter().map(Crowd::agent_count).sum())
        })
    }
}

/// Writes the crowd's state hash to `*out`: SHA-256 over the class count
/// (uint32 LE) and each class's onav_crowd_state_hash, in class order.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_state_hash(
    crowd: *const OnavWorldCrowd,
    out: *mut OnavCrowdHash,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| Ok(OnavCrowdHash { bytes: crowd.crowd.state_hash() }))
    }
}

/// Releases a world crowd and its agents; the host's world is unaffected.
/// NULL is a no-op; freeing the same crowd twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the crowd meanwhile or
/// afterwards.
///
/// # Safety
/// `crowd` is NULL or a world crowd from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_free(crowd: *mut OnavWorldCrowd) {
    // SAFETY: `crowd` is NULL or a handle from this library not yet freed
    // and not used again, as required above.
    unsafe { free_handle(crowd) }
}
