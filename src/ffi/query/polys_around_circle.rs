//! `onav_query_find_polys_around_circle`: the polygons a Dijkstra search
//! from a start polygon reaches within a circle, with parents and costs.

use crate::mesh::poly_ref::PolyRef;
use crate::query::polys_around_circle::PolyAround;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::search_status::search_status_code;

/// One polygon onav_query_find_polys_around_circle found.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavPolyAround {
    /// The polygon.
    pub poly_ref: u64,
    /// The polygon it was reached from; 0 for the start polygon.
    pub parent: u64,
    /// The cost of reaching it (docs/QUERIES.md).
    pub cost: f64,
}

impl From<&PolyAround> for OnavPolyAround {
    fn from(found: &PolyAround) -> Self {
        OnavPolyAround { poly_ref: found.poly_ref.0, parent: found.parent.0, cost: found.cost }
    }
}

/// The polygons reached from `start_ref` through edge openings the circle
/// (`center`, `radius`, in X/Z) touches, in cost order (equal costs in the
/// order reached), with their parents and costs, into `buf` of `cap`
/// records, their number to `*len_out`, and ONAV_SEARCH_COMPLETE or
/// ONAV_SEARCH_OUT_OF_NODES to `*status_out`. A NULL or too small buffer
/// gives ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`.
/// Errors as onav_query_raycast; a negative or non-finite radius is
/// ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable records.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_polys_around_circle(
    query: *mut OnavQuery,
    start_ref: u64,
    center: OnavDVec3,
    radius: f64,
    filter: *const OnavQueryFilter,
    buf: *mut OnavPolyAround,
    cap: usize,
    len_out: *mut usize,
    status_out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` records.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let status_out = out_arg(status_out, "status_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let OnavQuery { query, around, .. } = query;
            let status = query.find_polys_around_circle(PolyRef(start_ref), center.into(), radius, &filter, around)?;
            output.fill_mapped(around, |found| found.into())?;
            status_out.write(search_status_code(status));
            Ok(())
        })
    }
}
