//! `onav_query_find_shortest_path`: the exact shortest path (issue #20) as
//! `OnavStraightPathVertex` records, with its outcome as data.

use crate::mesh::poly_ref::PolyRef;
use crate::query::shortest_path::shortest_path_search::{ShortestPathOutcome, ShortestPathStatus};

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::straight_path::OnavStraightPathVertex;

/// Shortest-path status: the path reaches the end and is the shortest.
pub const ONAV_SHORTEST_PATH_COMPLETE: i32 = 0;
/// Shortest-path status: no path joins the positions under the filter;
/// the path is empty.
pub const ONAV_SHORTEST_PATH_UNREACHABLE: i32 = 1;
/// Shortest-path status: the query's max_nodes ran out before the search
/// finished; the path is empty.
pub const ONAV_SHORTEST_PATH_OUT_OF_NODES: i32 = 2;

/// How an exact search ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavShortestPathOutcome {
    /// ONAV_SHORTEST_PATH_COMPLETE, _UNREACHABLE or _OUT_OF_NODES.
    pub status: i32,
    /// The path's length (docs/QUERIES.md, "Exact shortest paths"); 0
    /// without a path.
    pub length: f64,
    /// Search nodes made.
    pub nodes: u32,
}

impl From<ShortestPathOutcome> for OnavShortestPathOutcome {
    fn from(outcome: ShortestPathOutcome) -> Self {
        let status = match outcome.status {
            ShortestPathStatus::Complete => ONAV_SHORTEST_PATH_COMPLETE,
            ShortestPathStatus::Unreachable => ONAV_SHORTEST_PATH_UNREACHABLE,
            ShortestPathStatus::OutOfNodes => ONAV_SHORTEST_PATH_OUT_OF_NODES,
        };
        // At most the query's max_nodes, a uint32_t in the C ABI.
        OnavShortestPathOutcome { status, length: outcome.length, nodes: outcome.nodes as u32 }
    }
}

/// The shortest path from `start` (in `start_ref`) to `end` (in `end_ref`)
/// under `filter`, copied into `buf` of `cap` vertices with the flags and
/// polygons of onav_query_find_straight_path (start, turns, off-mesh
/// departures and arrivals, end), their number written to `*len_out`, and
/// the status, length and search nodes to `*outcome_out`. The positions
/// are first moved onto their polygons (their closest points). A NULL or
/// too small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed number
/// in `*len_out` (the search is deterministic: the same call with a larger
/// buffer gives that path). Errors: ONAV_E_INVALID_OPERATION for a filter
/// whose included areas do not all cost the same; ONAV_E_INVALID_REFERENCE
/// for a null or stale `start_ref` or `end_ref`; ONAV_E_OUT_OF_RANGE for a
/// coordinate outside ±2^21 (or NaN), a start polygon the filter does not
/// pass, or a bad area cost. A sliced search in progress is kept.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable vertices.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_shortest_path(
    query: *mut OnavQuery,
    start_ref: u64,
    end_ref: u64,
    start: OnavDVec3,
    end: OnavDVec3,
    filter: *const OnavQueryFilter,
    buf: *mut OnavStraightPathVertex,
    cap: usize,
    len_out: *mut usize,
    outcome_out: *mut OnavShortestPathOutcome,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` vertices.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let outcome_out = out_arg(outcome_out, "outcome_out")?;
            let handle = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let OnavQuery { query, vertices, .. } = handle;
            let (start_ref, end_ref) = (PolyRef(start_ref), PolyRef(end_ref));
            let outcome = query.find_shortest_path(start_ref, end_ref, start.into(), end.into(), &filter, vertices)?;
            output.fill_mapped(vertices, |vertex| vertex.into())?;
            outcome_out.write(outcome.into());
            Ok(())
        })
    }
}
