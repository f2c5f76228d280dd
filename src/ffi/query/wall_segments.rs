//! `onav_query_poly_wall_segments`: the walls (and portal segments) of one
//! polygon.

use crate::mesh::poly_ref::PolyRef;
use crate::query::wall_segments::WallSegment;

use crate::ffi::args::arg_mut;
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};

/// A part of a polygon's boundary, running counter-clockwise around the
/// polygon (the polygon lies to its left, X right and Z up).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavWallSegment {
    /// First point.
    pub start: OnavDVec3,
    /// Second point.
    pub end: OnavDVec3,
    /// The polygon a portal segment leads to; 0 for a wall.
    pub neighbour: u64,
}

impl From<&WallSegment> for OnavWallSegment {
    fn from(segment: &WallSegment) -> Self {
        OnavWallSegment { start: segment.start.into(), end: segment.end.into(), neighbour: segment.neighbour.0 }
    }
}

/// The walls of polygon `poly_ref` and, when `include_portals` is 1, its
/// portal segments with the polygon each leads to, edge after edge and
/// along each edge from its first corner, into `buf` of `cap` segments,
/// their number to `*len_out`. A portal edge covered in part splits into
/// its openings and the walls between them; an edge opening into a polygon
/// the filter refuses is a wall. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`;
/// ONAV_E_INVALID_REFERENCE for a null or stale reference.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable segments.
#[no_mangle]
pub unsafe extern "C" fn onav_query_poly_wall_segments(
    query: *mut OnavQuery,
    poly_ref: u64,
    filter: *const OnavQueryFilter,
    include_portals: u8,
    buf: *mut OnavWallSegment,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` segments.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            let OnavQuery { query, walls, .. } = query;
            query.poly_wall_segments(PolyRef(poly_ref), &filter, include_portals != 0, walls)?;
            output.fill_mapped(walls, |segment| segment.into())
        })
    }
}
