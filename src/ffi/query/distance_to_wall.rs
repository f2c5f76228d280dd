//! `onav_query_find_distance_to_wall`: the nearest wall within a circle.

use crate::mesh::poly_ref::PolyRef;
use crate::query::distance_to_wall::WallDistance;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::query::search_status::search_status_code;

/// The answer of onav_query_find_distance_to_wall.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavWallDistance {
    /// 1 when a wall lies within the radius, else 0 (and the rest zero).
    pub hit: u8,
    /// The wall point's X/Z distance from the centre.
    pub distance: f64,
    /// The wall point (at its edge's height).
    pub position: OnavDVec3,
    /// Unit X/Z vector from the wall point toward the centre (the wall's
    /// normal into its polygon when the centre lies on the wall).
    pub normal: OnavDVec3,
    /// ONAV_SEARCH_COMPLETE or ONAV_SEARCH_OUT_OF_NODES.
    pub status: i32,
}

impl From<WallDistance> for OnavWallDistance {
    fn from(answer: WallDistance) -> Self {
        let status = search_status_code(answer.status);
        match answer.hit {
            Some(hit) => OnavWallDistance {
                hit: 1,
                distance: hit.distance,
                position: hit.position.into(),
                normal: hit.normal.into(),
                status,
            },
            None => OnavWallDistance { status, ..OnavWallDistance::default() },
        }
    }
}

/// Writes to `*out` the wall nearest `center` within `radius` (in X/Z) that
/// a circle search from `start_ref` reaches (walls: edge parts no opening
/// covers). Errors as onav_query_find_polys_around_circle.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_distance_to_wall(
    query: *mut OnavQuery,
    start_ref: u64,
    center: OnavDVec3,
    radius: f64,
    filter: *const OnavQueryFilter,
    out: *mut OnavWallDistance,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let answer = query.query.find_distance_to_wall(PolyRef(start_ref), center.into(), radius, &filter)?;
            out.write(answer.into());
            Ok(())
        })
    }
}
