//! The sliced path search for frame budgets: init, update with a number of
//! node expansions per call until it reports the search finished, then
//! finalize (or finalize_partial) for the corridor. It runs the same
//! search as onav_query_find_path, so both give the same corridor.

use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_status::PathOutcome;

use crate::ffi::args::{arg_mut, arg_slice, out_arg, Out};
use crate::ffi::buffer::{array_buffer, OutBuffer};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::query_status::{OnavPathOutcome, OnavSliceProgress};

/// Starts a sliced search with the arguments and errors of
/// onav_query_find_path and expands nothing yet. A search in progress, or
/// a finalized corridor not yet collected, is dropped.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_init_sliced_find_path(
    query: *mut OnavQuery,
    start_ref: u64,
    end_ref: u64,
    start: OnavDVec3,
    end: OnavDVec3,
    filter: *const OnavQueryFilter,
    budget: u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            query.pending = None;
            let (start_ref, end_ref) = (PolyRef(start_ref), PolyRef(end_ref));
            query.query.init_sliced_find_path(
                start_ref,
                end_ref,
                start.into(),
                end.into(),
                &filter,
                budget as usize,
            )?;
            Ok(())
        })
    }
}

/// Expands at most `max_iterations` nodes of the sliced search; writes how
/// many it expanded and whether the search has finished to
/// `*progress_out`. Without a search started by
/// onav_query_init_sliced_find_path (or after it was finalized) it is
/// ONAV_E_INVALID_OPERATION.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_update_sliced_find_path(
    query: *mut OnavQuery,
    max_iterations: u32,
    progress_out: *mut OnavSliceProgress,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let progress_out = out_arg(progress_out, "progress_out")?;
            let query = arg_mut(query, "query")?;
            let progress = query.query.update_sliced_find_path(max_iterations as usize)?;
            progress_out.write(progress.into());
            Ok(())
        })
    }
}

/// Ends the sliced search: its corridor into `buf` of `cap` entries, their
/// number to `*len_out`, and its outcome to `*outcome_out`. Finalizing
/// before the search finished gives the corridor to the reached polygon
/// nearest the end, as ONAV_PATH_PARTIAL. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`; the
/// corridor is kept, and the next finalize (either form) returns it. Without
/// a search (or a kept corridor) it is ONAV_E_INVALID_OPERATION.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_finalize_sliced_find_path(
    query: *mut OnavQuery,
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
            finalize(query, output, outcome_out, |query, corridor| Ok(query.finalize_sliced_find_path(corridor)?))
        })
    }
}

/// As onav_query_finalize_sliced_find_path, but when the search did not
/// reach the end polygon the corridor leads to the polygon latest in
/// `existing` (of `existing_len` PolyRefs: a corridor being replaced) that
/// the search reached, so an agent keeps the part of its old route the new
/// one shares; when it reached none of them, to the polygon nearest the
/// end.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `existing` holds `existing_len` PolyRefs
/// (may be NULL when `existing_len` is 0); `buf` holds `cap` writable
/// entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_finalize_sliced_find_path_partial(
    query: *mut OnavQuery,
    existing: *const u64,
    existing_len: usize,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    outcome_out: *mut OnavPathOutcome,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers, an
    // array of `existing_len` PolyRefs and a buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let outcome_out = out_arg(outcome_out, "outcome_out")?;
            let query = arg_mut(query, "query")?;
            let existing: Vec<PolyRef> =
                arg_slice(existing, existing_len, "existing")?.iter().map(|&r| PolyRef(r)).collect();
            finalize(query, output, outcome_out, |query, corridor| {
                Ok(query.finalize_sliced_find_path_partial(&existing, corridor)?)
            })
        })
    }
}

/// The body both finalize forms share: the kept corridor if a finalize
/// before did not fit its buffer, else `finish`'s; into the caller's
/// buffer, or kept again when it does not fit.
fn finalize(
    handle: &mut OnavQuery,
    output: OutBuffer<'_, u64>,
    outcome_out: Out<'_, OnavPathOutcome>,
    finish: impl FnOnce(&mut NavMeshQuery, &mut Vec<PolyRef>) -> Result<PathOutcome, Failure>,
) -> Result<(), Failure> {
    let outcome = match handle.pending.take() {
        Some(kept) => kept,
        None => finish(&mut handle.query, &mut handle.corridor)?,
    };
    if let Err(too_small) = output.fill_mapped(&handle.corridor, |poly_ref| poly_ref.0) {
        handle.pending = Some(outcome);
        return Err(too_small);
    }
    outcome_out.write(outcome.into());
    Ok(())
}
