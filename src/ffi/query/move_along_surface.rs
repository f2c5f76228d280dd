//! `onav_query_move_along_surface`: moves from a start position toward an
//! end over the surface, stopping at walls.

use crate::mesh::poly_ref::PolyRef;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::search_status::search_status_code;

/// The answer of onav_query_move_along_surface.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavSurfaceMove {
    /// Where the move ends, on the surface of the last visited polygon.
    pub position: OnavDVec3,
    /// ONAV_SEARCH_COMPLETE or ONAV_SEARCH_OUT_OF_NODES.
    pub status: i32,
}

/// Moves from `start` (on `start_ref`) toward `end` over the surface in
/// X/Z: the move ends at `end` when a polygon reached holds it, else at the
/// wall point nearest `end` among the polygons reached. Writes the end to
/// `*move_out` and the polygons visited (from `start_ref`, each entered from
/// the one before, the last holding the end) into `buf` of `cap` entries,
/// their number to `*len_out`. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`. Errors as
/// onav_query_raycast.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_move_along_surface(
    query: *mut OnavQuery,
    start_ref: u64,
    start: OnavDVec3,
    end: OnavDVec3,
    filter: *const OnavQueryFilter,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    move_out: *mut OnavSurfaceMove,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let move_out = out_arg(move_out, "move_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let OnavQuery { query, corridor, .. } = query;
            let moved = query.move_along_surface(PolyRef(start_ref), start.into(), end.into(), &filter, corridor)?;
            output.fill_mapped(corridor, |poly_ref| poly_ref.0)?;
            move_out
                .write(OnavSurfaceMove { position: moved.position.into(), status: search_status_code(moved.status) });
            Ok(())
        })
    }
}
