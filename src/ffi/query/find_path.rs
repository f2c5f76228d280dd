//! `onav_query_find_path`: the A* corridor from a start polygon to an end
//! polygon, into a caller buffer, with its outcome as data.

use crate::mesh::poly_ref::PolyRef;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::query_status::OnavPathOutcome;

/// The cheapest corridor (PolyRefs, the first `start_ref`) from `start_ref`
/// (holding `start`) to `end_ref` (holding `end`) under `filter`, creating
/// at most `budget` search nodes, copied into `buf` of `cap` entries, their
/// number written to `*len_out`, and how the search ended to
/// `*outcome_out` (ONAV_PATH_COMPLETE, ONAV_PATH_PARTIAL: the end cannot be
/// reached and the corridor leads to the reached polygon nearest it,
/// ONAV_PATH_OUT_OF_NODES: the budget ran out). The cost model is
/// docs/QUERIES.md's. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out` (the
/// search is deterministic: the same call with a larger buffer gives that
/// corridor). Errors: ONAV_E_INVALID_REFERENCE for a null or stale
/// `start_ref` or `end_ref`; ONAV_E_OUT_OF_RANGE for a coordinate outside
/// ±2^21 (or NaN), a budget of 0 or above the query's max_nodes, a start
/// polygon the filter does not pass, or a bad area cost. A sliced search in
/// progress is dropped.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_path(
    query: *mut OnavQuery,
    start_ref: u64,
    end_ref: u64,
    start: OnavDVec3,
    end: OnavDVec3,
    filter: *const OnavQueryFilter,
    budget: u32,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    outcome_out: *mut OnavPathOutcome,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let outcome_out = out_arg(outcome_out, "outcome_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            query.pending = None;
            let OnavQuery { query, corridor, .. } = query;
            let (start_ref, end_ref) = (PolyRef(start_ref), PolyRef(end_ref));
            let outcome =
                query.find_path(start_ref, end_ref, start.into(), end.into(), &filter, budget as usize, corridor)?;
            output.fill_mapped(corridor, |poly_ref| poly_ref.0)?;
            outcome_out.write(outcome.into());
            Ok(())
        })
    }
}
