//! `onav_query_polygons`: the polygons whose bounds overlap a box.

use crate::ffi::args::arg_mut;
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};

/// The PolyRefs of the polygons passing `filter` whose world bounds
/// overlap the box `center` ± `half_extents`, by tile in (tile z, tile x,
/// layer) order and by polygon index within a tile, copied into `buf` of
/// `cap` entries, their number written to `*len_out`. A NULL or too small
/// buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed number in
/// `*len_out`. A center outside ±2^21 (or NaN) and a negative or
/// non-finite half extent are ONAV_E_OUT_OF_RANGE naming the axis.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_polygons(
    query: *mut OnavQuery,
    center: OnavDVec3,
    half_extents: OnavDVec3,
    filter: *const OnavQueryFilter,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let OnavQuery { query, corridor, .. } = query;
            query.query_polygons(center.into(), half_extents.into(), &filter, corridor)?;
            output.fill_mapped(corridor, |poly_ref| poly_ref.0)
        })
    }
}
