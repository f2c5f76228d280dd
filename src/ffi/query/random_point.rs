//! Seeded random points: anywhere on the mesh, or among the polygons a
//! circle search reaches. The same seed on the same mesh (the same tiles
//! in the same slots) gives the same point on every platform.

use crate::mesh::poly_ref::PolyRef;
use crate::query::random_point::RandomPoint;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::search_status::search_status_code;

/// A random point and its polygon.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavRandomPoint {
    /// The polygon; 0 when the filter passes no polygon.
    pub poly_ref: u64,
    /// The point, on the polygon's surface.
    pub position: OnavDVec3,
}

impl From<RandomPoint> for OnavRandomPoint {
    fn from(point: RandomPoint) -> Self {
        OnavRandomPoint { poly_ref: point.poly_ref.0, position: point.position.into() }
    }
}

/// Writes to `*out` a point drawn with `seed` (SplitMix64): a polygon the
/// filter passes picked with probability proportional to its X/Z area,
/// then a point uniform over it. When the filter passes no polygon,
/// `out->poly_ref` is 0 (no error).
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_random_point(
    query: *mut OnavQuery,
    filter: *const OnavQueryFilter,
    seed: u64,
    out: *mut OnavRandomPoint,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            out.write(query.query.find_random_point(&filter, seed).map(OnavRandomPoint::from).unwrap_or_default());
            Ok(())
        })
    }
}

/// Writes to `*out` a point drawn with `seed` among the polygons
/// onav_query_find_polys_around_circle finds from `start_ref` (picked by
/// area; the point may lie outside the circle, as in Detour) and
/// ONAV_SEARCH_COMPLETE or ONAV_SEARCH_OUT_OF_NODES to `*status_out`.
/// Errors as onav_query_find_polys_around_circle.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_random_point_around_circle(
    query: *mut OnavQuery,
    start_ref: u64,
    center: OnavDVec3,
    radius: f64,
    filter: *const OnavQueryFilter,
    seed: u64,
    out: *mut OnavRandomPoint,
    status_out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let status_out = out_arg(status_out, "status_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let around = query.query.find_random_point_around_circle(
                PolyRef(start_ref),
                center.into(),
                radius,
                &filter,
                seed,
            )?;
            out.write(around.point.into());
            status_out.write(search_status_code(around.status));
            Ok(())
        })
    }
}
