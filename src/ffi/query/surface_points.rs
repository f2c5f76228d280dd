//! Points on one polygon: the closest point to a position, the closest
//! point on its boundary, and the surface height under a position.

use crate::mesh::poly_ref::PolyRef;
use crate::query::surface_points::ClosestPoint;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;

/// The answer of onav_query_closest_point_on_poly.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavClosestPoint {
    /// The point of the polygon's surface nearest the position in X/Z.
    pub position: OnavDVec3,
    /// 1 when the position lies over (or under) the polygon in X/Z, else 0.
    pub over_polygon: u8,
}

impl From<ClosestPoint> for OnavClosestPoint {
    fn from(closest: ClosestPoint) -> Self {
        OnavClosestPoint { position: closest.position.into(), over_polygon: u8::from(closest.over_polygon) }
    }
}

/// Writes to `*out` the point of polygon `poly_ref` nearest `position`:
/// straight above or below it on the surface (from the detail mesh when
/// the polygon has one) when it lies over the polygon in X/Z, else the
/// nearest boundary point at the surface height there. A null, stale or
/// out-of-range reference is ONAV_E_INVALID_REFERENCE; a coordinate
/// outside ±2^21 (or NaN) ONAV_E_OUT_OF_RANGE naming it.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_closest_point_on_poly(
    query: *mut OnavQuery,
    poly_ref: u64,
    position: OnavDVec3,
    out: *mut OnavClosestPoint,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let query = arg_mut(query, "query")?;
            out.write(query.query.closest_point_on_poly(PolyRef(poly_ref), position.into())?.into());
            Ok(())
        })
    }
}

/// Writes to `*out` the point of the polygon's boundary nearest `position`
/// in X/Z (at its height along the edge), or `position` itself when it
/// lies over the polygon. Errors as onav_query_closest_point_on_poly.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_closest_point_on_poly_boundary(
    query: *mut OnavQuery,
    poly_ref: u64,
    position: OnavDVec3,
    out: *mut OnavDVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let query = arg_mut(query, "query")?;
            out.write(query.query.closest_point_on_poly_boundary(PolyRef(poly_ref), position.into())?.into());
            Ok(())
        })
    }
}

/// The surface height of polygon `poly_ref` under or over `position`
/// (from the detail mesh when the polygon has one): writes 1 to
/// `*over_out` and the height to `*height_out` when `position` lies over
/// the polygon in X/Z, else 0 and 0.0. Errors as
/// onav_query_closest_point_on_poly.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_poly_height(
    query: *mut OnavQuery,
    poly_ref: u64,
    position: OnavDVec3,
    over_out: *mut u8,
    height_out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let over_out = out_arg(over_out, "over_out")?;
            let height_out = out_arg(height_out, "height_out")?;
            let query = arg_mut(query, "query")?;
            let height = query.query.poly_height(PolyRef(poly_ref), position.into())?;
            over_out.write(u8::from(height.is_some()));
            height_out.write(height.unwrap_or(0.0));
            Ok(())
        })
    }
}
