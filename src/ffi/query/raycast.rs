//! `onav_query_raycast`: walks a segment over the surface in X/Z from a
//! start polygon until it reaches the end or hits a wall.

use crate::error::NavMeshError;
use crate::mesh::poly_ref::PolyRef;
use crate::query::raycast::{RaycastHit, RaycastOptions};

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};

/// Raycast option bit: also sum the cost of the walk under the filter's
/// cost model (OnavRaycastHit::path_cost).
pub const ONAV_RAYCAST_PATH_COST: u32 = 1;

/// The answer of onav_query_raycast.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavRaycastHit {
    /// 1 when the end is reached, else the fraction of the segment before
    /// the wall (the hit point is start + (end - start) * t in X/Z).
    pub t: f64,
    /// 1 when a wall stops the ray, 0 when it reaches the end.
    pub hit: u8,
    /// The polygon whose wall was hit; 0 when the end is reached.
    pub wall_poly_ref: u64,
    /// The edge of that polygon (0 when the end is reached).
    pub wall_edge: u32,
    /// The wall's unit normal in X/Z (y = 0), pointing into its polygon;
    /// zero when the end is reached.
    pub normal: OnavDVec3,
    /// 1 when `path_cost` holds the walk's cost (ONAV_RAYCAST_PATH_COST).
    pub has_path_cost: u8,
    /// The 3D length of the walk in each polygon times its area cost, from
    /// the start to the end or to the wall.
    pub path_cost: f64,
}

impl From<RaycastHit> for OnavRaycastHit {
    fn from(hit: RaycastHit) -> Self {
        OnavRaycastHit {
            t: hit.t,
            hit: u8::from(hit.wall.is_some()),
            wall_poly_ref: hit.wall.map_or(0, |w| w.poly_ref.0),
            // An edge index is below the polygon's vertex count (at most 16).
            wall_edge: hit.wall.map_or(0, |w| w.edge as u32),
            normal: hit.wall.map_or_else(OnavDVec3::default, |w| w.normal.into()),
            has_path_cost: u8::from(hit.path_cost.is_some()),
            path_cost: hit.path_cost.unwrap_or(0.0),
        }
    }
}

/// Casts the segment `start` → `end` in X/Z (the end's Y is ignored) over
/// the surface from `start_ref`, writes the answer to `*hit_out` and the
/// polygons crossed, in order from `start_ref`, into `buf` of `cap`
/// entries, their number to `*len_out`. `options`: 0 or
/// ONAV_RAYCAST_PATH_COST. Off-mesh links are never taken. A NULL or too
/// small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed number in
/// `*len_out`. Errors: ONAV_E_INVALID_REFERENCE for a null or stale
/// `start_ref`; ONAV_E_OUT_OF_RANGE for a coordinate outside ±2^21 (or
/// NaN), a start polygon the filter does not pass, a bad area cost or an
/// unknown option bit.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_query_raycast(
    query: *mut OnavQuery,
    start_ref: u64,
    start: OnavDVec3,
    end: OnavDVec3,
    filter: *const OnavQueryFilter,
    options: u32,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    hit_out: *mut OnavRaycastHit,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let hit_out = out_arg(hit_out, "hit_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            if options & !ONAV_RAYCAST_PATH_COST != 0 {
                return Err(NavMeshError::out_of_range(format!(
                    "options = {options:#x} has bits other than ONAV_RAYCAST_PATH_COST"
                ))
                .into());
            }
            let options = RaycastOptions { path_cost: options & ONAV_RAYCAST_PATH_COST != 0 };
            let OnavQuery { query, corridor, .. } = query;
            let hit = query.raycast(PolyRef(start_ref), start.into(), end.into(), &filter, options, corridor)?;
            output.fill_mapped(corridor, |poly_ref| poly_ref.0)?;
            hit_out.write(hit.into());
            Ok(())
        })
    }
}
