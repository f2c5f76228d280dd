//! The `OnavStreamer` handle: a queue of tile additions, replacements and
//! column removals applied to an `OnavMesh` a few at a time, as a host's
//! frame loop wants (format text "Streaming (TileStreamer)").

use crate::mesh::tile_streamer::TileStreamer;

use crate::ffi::args::{arg_mut, arg_slice, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle, write_handle_value};
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;

/// A streaming queue. Opaque: created by onav_streamer_new, released by
/// onav_streamer_free. It holds only the queue, never a mesh: each
/// onav_streamer_update applies it to the mesh passed in, so the host keeps
/// owning its mesh (and may clone it for query threads between updates).
pub struct OnavStreamer {
    pub(crate) streamer: TileStreamer,
}

/// Stores a new, empty streamer in `*out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_new(out: *mut *mut OnavStreamer, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            store_new_handle(out, || Ok(OnavStreamer { streamer: TileStreamer::new() }))
        })
    }
}

/// Releases a streamer and its queue. NULL is a no-op; freeing the same
/// streamer twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the streamer meanwhile
/// or afterwards.
///
/// # Safety
/// `streamer` is NULL or a streamer from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_free(streamer: *mut OnavStreamer) {
    // SAFETY: `streamer` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(streamer) }
}

/// Queues ONPT bytes (copied; the caller keeps its buffer). When applied
/// they are read against the mesh's parameters, then added at their
/// position, or replace the tile there. The bytes are not checked now: a
/// bad tile fails the update that reaches it.
///
/// Thread safety: exclusive on the streamer.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_queue_tile(
    streamer: *mut OnavStreamer,
    data: *const u8,
    len: usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let streamer = arg_mut(streamer, "streamer")?;
            let bytes = arg_slice(data, len, "data")?;
            streamer.streamer.queue_tile(bytes);
            Ok(())
        })
    }
}

/// Queues the removal of every layer of column (tile_x, tile_z), lowest
/// first, as one operation. An empty column is a no-op when applied.
///
/// Thread safety: exclusive on the streamer.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_queue_remove_column(
    streamer: *mut OnavStreamer,
    tile_x: i32,
    tile_z: i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            arg_mut(streamer, "streamer")?.streamer.queue_remove_column(tile_x, tile_z);
            Ok(())
        })
    }
}

/// Applies at most `max_operations` queued operations to `mesh` in queue
/// order, stitching links after each, and writes how many were applied to
/// `*applied_out`. A failing operation (ONAV_E_FORMAT, ONAV_E_VERSION or
/// ONAV_E_FINGERPRINT for its bytes; ONAV_E_INVALID_OPERATION when every
/// slot is in use) leaves the queue before the error is returned and
/// leaves the mesh as it was before that operation; the operations before
/// it stay applied and those after it stay queued. `*applied_out` holds the
/// number applied either way: on failure, those applied before the failing
/// one.
///
/// Thread safety: exclusive on the streamer and on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_update(
    streamer: *mut OnavStreamer,
    mesh: *mut OnavMesh,
    max_operations: usize,
    applied_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let applied_out = out_arg(applied_out, "applied_out")?;
            let streamer = arg_mut(streamer, "streamer")?;
            let mesh = arg_mut(mesh, "mesh")?;
            let mut applied = 0;
            let result = streamer.streamer.update_counting(&mut mesh.mesh, max_operations, &mut applied);
            applied_out.write(applied);
            Ok(result?)
        })
    }
}

/// Writes the number of operations not yet applied to `*out`.
///
/// Thread safety: may be called concurrently on the same streamer.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_pending(
    streamer: *const OnavStreamer,
    out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(streamer, "streamer", out, err, |streamer| Ok(streamer.streamer.pending())) }
}

/// Drops every queued operation; the mesh is not touched.
///
/// Thread safety: exclusive on the streamer.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_streamer_clear(streamer: *mut OnavStreamer, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            arg_mut(streamer, "streamer")?.streamer.clear();
            Ok(())
        })
    }
}
