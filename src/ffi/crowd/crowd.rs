//! The `OnavCrowd` handle: agents over one version of a mesh, created over
//! an `OnavMesh` or an `OnavNavMesh`, moved to another version by
//! onav_crowd_set_mesh / onav_crowd_set_nav_mesh, stepped by a fixed dt;
//! its tick, agent count and state hash.

use crate::crowd::Crowd;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::crowd::crowd_call::change_crowd;
use crate::ffi::crowd::crowd_settings::{settings_arg, OnavCrowdSettings};
use crate::ffi::crowd::state_hash::OnavCrowdHash;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle, write_handle_value};
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::world::nav_mesh::OnavNavMesh;

/// Agents walking one version of a mesh: a cheap clone taken when the
/// crowd is created (or moved by onav_crowd_set_mesh), so the host may
/// edit, stream or free its mesh meanwhile. Requests (add, remove,
/// teleport, targets, velocities) are recorded at once and acted on by the
/// next onav_crowd_step, which advances every agent by the crowd's fixed
/// dt; the results are the same bits on every machine and with any number
/// of threads (onav_crowd_state_hash). Agents are named by
/// OnavAgentHandle. Opaque: created by onav_crowd_new or
/// onav_crowd_new_for_nav_mesh, released by onav_crowd_free.
///
/// Thread safety: one thread at a time per OnavCrowd for the functions
/// taking it non-const; the const ones (reading agents, tick, count, hash)
/// may run concurrently with each other. Separate crowds may be used on
/// separate threads at once. onav_crowd_step runs the agents on rayon's
/// global thread pool inside the call; onav_crowd_step_on_calling_thread
/// runs them on the calling thread.
pub struct OnavCrowd {
    pub(crate) crowd: Crowd,
}

/// The whole body of a function creating a crowd over the mesh `mesh_arg`
/// yields: checks (and clears) `out`, then the mesh and the settings.
///
/// # Safety
/// `out`, `settings` and `err` are NULL or valid.
unsafe fn new_crowd<'m>(
    mesh_arg: impl FnOnce() -> Result<&'m TiledNavMesh, Failure>,
    settings: *const OnavCrowdSettings,
    out: *mut *mut OnavCrowd,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let mesh = mesh_arg()?;
            let settings = settings_arg(settings)?;
            store_new_handle(out, || Ok(OnavCrowd { crowd: Crowd::new(mesh, settings)? }))
        })
    }
}

/// Stores in `*out` an empty crowd over the mesh as it is now (a cheap
/// clone: later edits of `mesh` are not seen until onav_crowd_set_mesh).
/// Settings out of range give ONAV_E_OUT_OF_RANGE naming the field.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_new(
    mesh: *const OnavMesh,
    settings: *const OnavCrowdSettings,
    out: *mut *mut OnavCrowd,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { new_crowd(|| Ok(&arg_ref(mesh, "mesh")?.mesh), settings, out, err) }
}

/// As onav_crowd_new, over the tiled mesh of a tier-1 mesh.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_new_for_nav_mesh(
    nav_mesh: *const OnavNavMesh,
    settings: *const OnavCrowdSettings,
    out: *mut *mut OnavCrowd,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { new_crowd(|| Ok(arg_ref(nav_mesh, "nav_mesh")?.nav_mesh.mesh()), settings, out, err) }
}

/// Moves the crowd to the mesh as it is now, a later version of its mesh
/// (after an edit or a streaming update). The next step cuts every
/// corridor before its first polygon that is gone: an agent whose target
/// polygon is gone has no path (ONAV_AGENT_NO_PATH) until the host
/// requests the target again; one whose own polygon is gone is placed on
/// the polygon nearest it, or has no path when there is none.
///
/// Thread safety: exclusive on the crowd; may run concurrently with other
/// readers of the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_set_mesh(crowd: *mut OnavCrowd, mesh: *const OnavMesh, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.set_mesh(&arg_ref(mesh, "mesh")?.mesh);
            Ok(())
        })
    }
}

/// As onav_crowd_set_mesh, with the tiled mesh of a tier-1 mesh.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_set_nav_mesh(
    crowd: *mut OnavCrowd,
    nav_mesh: *const OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.set_mesh(arg_ref(nav_mesh, "nav_mesh")?.nav_mesh.mesh());
            Ok(())
        })
    }
}

/// Advances the crowd by one tick of its fixed dt: path searches, steering,
/// avoidance, collisions, moves and arrivals of every agent. The same
/// requests give the same bits on every machine and with any number of
/// rayon threads.
///
/// Thread safety: exclusive on the crowd; uses rayon's global thread pool
/// inside the call (the call hands the step to the pool once and waits).
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_step(crowd: *mut OnavCrowd, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.step();
            Ok(())
        })
    }
}

/// Advances the crowd by one tick as onav_crowd_step does, with all of the
/// work on the calling thread: no thread pool is used or started, and the
/// results are the same bits. For a host that steps on its own simulation
/// thread (no hand-off to a pool and back, which costs about 0.1 ms a
/// tick) or runs several crowds on its own worker threads.
///
/// Thread safety: exclusive on the crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_step_on_calling_thread(crowd: *mut OnavCrowd, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        change_crowd(crowd, err, |crowd| {
            crowd.crowd.step_on_calling_thread();
            Ok(())
        })
    }
}

/// Writes the number of ticks stepped so far to `*out`.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_tick(crowd: *const OnavCrowd, out: *mut u64, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(crowd, "crowd", out, err, |crowd| Ok(crowd.crowd.tick())) }
}

/// Writes the number of agents in the crowd to `*out`.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_agent_count(crowd: *const OnavCrowd, out: *mut usize, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(crowd, "crowd", out, err, |crowd| Ok(crowd.crowd.agent_count())) }
}

/// Writes the crowd's state hash to `*out`: SHA-256 over the tick (uint64
/// LE), then per agent in slot order its index and generation (uint32 LE
/// each), state value (one byte), position (3 doubles), velocity X, Z and
/// desired velocity X, Z (doubles LE, -0.0 written as +0.0). Equal hashes
/// mean equal crowds to the bit.
///
/// Thread safety: may be called concurrently on the same crowd.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_state_hash(
    crowd: *const OnavCrowd,
    out: *mut OnavCrowdHash,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(crowd, "crowd", out, err, |crowd| Ok(OnavCrowdHash { bytes: crowd.crowd.state_hash() }))
    }
}

/// Releases a crowd and its agents; the host's meshes are unaffected. NULL
/// is a no-op; freeing the same crowd twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the crowd meanwhile or
/// afterwards.
///
/// # Safety
/// `crowd` is NULL or a crowd from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_free(crowd: *mut OnavCrowd) {
    // SAFETY: `crowd` is NULL or a handle from this library not yet freed
    // and not used again, as required above.
    unsafe { free_handle(crowd) }
}
