//! `onav_query_find_nearest_poly`: the polygon nearest a position within a
//! box, as `OnavNearestPoly`.

use crate::query::nearest_poly::NearestPoly;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};

/// The answer of onav_query_find_nearest_poly.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavNearestPoly {
    /// PolyRef of the polygon found; 0 (the null reference) when the box
    /// holds no polygon passing the filter.
    pub poly_ref: u64,
    /// The polygon's point nearest the position, on its surface.
    pub position: OnavDVec3,
    /// 1 when the position lies over (or under) the polygon in X/Z, else 0.
    pub over_polygon: u8,
}

impl From<NearestPoly> for OnavNearestPoly {
    fn from(found: NearestPoly) -> Self {
        OnavNearestPoly {
            poly_ref: found.poly_ref.0,
            position: found.position.into(),
            over_polygon: u8::from(found.over_polygon),
        }
    }
}

/// Writes to `*out` the polygon passing `filter` nearest `center` among
/// those whose bounds overlap the box `center` ± `half_extents`: a polygon
/// the position lies over (or under) in X/Z scores the square of how far
/// its surface lies beyond WalkableClimb above or below it, any other the
/// squared 3D distance to its closest point; ties go to the vertically
/// nearest surface, then to the first in onav_query_polygons order. No
/// polygon in the box is no error: `out->poly_ref` is 0. A center outside
/// ±2^21 (or NaN) and a negative or non-finite half extent are
/// ONAV_E_OUT_OF_RANGE naming the axis.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_nearest_poly(
    query: *mut OnavQuery,
    center: OnavDVec3,
    half_extents: OnavDVec3,
    filter: *const OnavQueryFilter,
    out: *mut OnavNearestPoly,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let found = query.query.find_nearest_poly(center.into(), half_extents.into(), &filter)?;
            out.write(found.map(OnavNearestPoly::from).unwrap_or_default());
            Ok(())
        })
    }
}
