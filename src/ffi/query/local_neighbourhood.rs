//! `onav_query_find_local_neighbourhood`: the non-overlapping polygons
//! around a position, with parents.

use crate::mesh::poly_ref::PolyRef;
use crate::query::local_neighbourhood::NeighbourPoly;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::search_status::search_status_code;

/// One polygon onav_query_find_local_neighbourhood kept.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavNeighbourPoly {
    /// The polygon.
    pub poly_ref: u64,
    /// The polygon it was reached from; 0 for the start polygon.
    pub parent: u64,
}

impl From<&NeighbourPoly> for OnavNeighbourPoly {
    fn from(kept: &NeighbourPoly) -> Self {
        OnavNeighbourPoly { poly_ref: kept.poly_ref.0, parent: kept.parent.0 }
    }
}

/// The polygons reached breadth-first from `start_ref` through edge
/// openings the circle (`center`, `radius`, in X/Z) touches, keeping each
/// whose interior overlaps no polygon kept before (stacked floors keep the
/// one reached first), the start first, into `buf` of `cap` records, their
/// number to `*len_out`, and ONAV_SEARCH_COMPLETE or
/// ONAV_SEARCH_OUT_OF_NODES to `*status_out`. Buffer and errors as
/// onav_query_find_polys_around_circle.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable records.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_local_neighbourhood(
    query: *mut OnavQuery,
    start_ref: u64,
    center: OnavDVec3,
    radius: f64,
    filter: *const OnavQueryFilter,
    buf: *mut OnavNeighbourPoly,
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
            let OnavQuery { query, neighbours, .. } = query;
            let status =
                query.find_local_neighbourhood(PolyRef(start_ref), center.into(), radius, &filter, neighbours)?;
            output.fill_mapped(neighbours, |kept| kept.into())?;
            status_out.write(search_status_code(status));
            Ok(())
        })
    }
}
