//! What one agent steers by, read for a host's debug view or its own
//! animation: its corners (onav_crowd_agent_corners: the next turns of its
//! straight path, the last its target or an off-mesh departure) and its
//! corridor (onav_crowd_agent_corridor: the polygons from its own toward
//! its target), as of the last step, with the needed-size convention; and
//! the same for an `OnavWorldCrowd`'s agent.

use crate::crowd::CrowdAgent;
use crate::ffi::args::arg_ref;
use crate::ffi::buffer::array_buffer;
use crate::ffi::crowd::agent_handle::{OnavAgentHandle, OnavWorldAgentHandle};
use crate::ffi::crowd::crowd::OnavCrowd;
use crate::ffi::crowd::crowd_call::AgentsOf;
use crate::ffi::crowd::world_crowd::OnavWorldCrowd;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::query::straight_path::OnavStraightPathVertex;
use crate::mesh::poly_ref::PolyRef;
use crate::query::straight_path::StraightPathVertex;

/// Copies `items` of the agent `agent` names in `crowd` into `buf` of
/// `cap` entries, converted by `convert`, and their number to `*len_out`.
///
/// # Safety
/// `crowd` is NULL or valid; `buf` holds `cap` writable entries (or is
/// NULL); `len_out` and `err` are NULL or valid.
unsafe fn read_agent_items<C: AgentsOf, S, T: Copy>(
    (crowd, agent): (*const C, C::Handle),
    (buf, cap, len_out): (*mut T, usize, *mut usize),
    err: *mut OnavError,
    items: fn(&CrowdAgent) -> &[S],
    convert: fn(&S) -> T,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let buffer = array_buffer(buf, cap, len_out)?;
            let agent = arg_ref(crowd, "crowd")?.agent_of(agent)?;
            buffer.fill_mapped(items(agent), convert)
        })
    }
}

/// A corner as the C struct.
fn corner(vertex: &StraightPathVertex) -> OnavStraightPathVertex {
    OnavStraightPathVertex::from(vertex)
}

/// A corridor polygon as the C integer.
fn poly_bits(poly: &PolyRef) -> u64 {
    poly.0
}

/// Copies the agent's corners as of the last step (the next turns of its
/// straight path toward its target, at most a handful; none when it has no
/// target or has arrived) into `buf` of `cap` entries, and their number to
/// `*len_out`; ONAV_E_BUFFER_TOO_SMALL with the needed number when they do
/// not fit.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_agent_corners(
    crowd: *const OnavCrowd,
    agent: OnavAgentHandle,
    buf: *mut OnavStraightPathVertex,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_agent_items((crowd, agent), (buf, cap, len_out), err, CrowdAgent::corners, corner) }
}

/// Copies the agent's corridor as of the last step (PolyRefs from the
/// polygon it stands on toward its target's) into `buf` of `cap` entries,
/// and their number to `*len_out`; ONAV_E_BUFFER_TOO_SMALL with the needed
/// number when they do not fit.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_agent_corridor(
    crowd: *const OnavCrowd,
    agent: OnavAgentHandle,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_agent_items((crowd, agent), (buf, cap, len_out), err, CrowdAgent::corridor, poly_bits) }
}

/// As onav_crowd_agent_corners.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_agent_corners(
    crowd: *const OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    buf: *mut OnavStraightPathVertex,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_agent_items((crowd, agent), (buf, cap, len_out), err, CrowdAgent::corners, corner) }
}

/// As onav_crowd_agent_corridor.
///
/// Thread safety: may be called concurrently on the same crowd, while no
/// thread changes or steps it.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_world_crowd_agent_corridor(
    crowd: *const OnavWorldCrowd,
    agent: OnavWorldAgentHandle,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_agent_items((crowd, agent), (buf, cap, len_out), err, CrowdAgent::corridor, poly_bits) }
}
