//! `onav_query_find_straight_path`: the string-pulled path through a
//! corridor as `OnavStraightPathVertex` records with `ONAV_STRAIGHT_PATH_*`
//! flags, and `onav_straight_path_length`, the length metric of
//! docs/QUERIES.md.

use crate::error::NavMeshError;
use crate::mesh::poly_ref::PolyRef;
use crate::query::straight_path::{
    straight_path_length, PathCrossings, StraightPathOptions, StraightPathVertex, VertexFlags,
};

use crate::ffi::args::{arg_mut, arg_slice, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::query::nav_mesh_query::OnavQuery;
use crate::ffi::query::query_status::straight_path_status_code;

/// Straight-path vertex flag: the first vertex, the start position on the
/// first polygon.
pub const ONAV_STRAIGHT_PATH_START: u8 = 1;
/// Straight-path vertex flag: the last vertex, the end position on the
/// last polygon.
pub const ONAV_STRAIGHT_PATH_END: u8 = 2;
/// Straight-path vertex flag: the departure of an off-mesh link; the next
/// vertex is its arrival.
pub const ONAV_STRAIGHT_PATH_OFF_MESH: u8 = 4;
// cbindgen needs literals above; these keep them equal to the library's.
const _: () = assert!(ONAV_STRAIGHT_PATH_START == VertexFlags::START.0);
const _: () = assert!(ONAV_STRAIGHT_PATH_END == VertexFlags::END.0);
const _: () = assert!(ONAV_STRAIGHT_PATH_OFF_MESH == VertexFlags::OFF_MESH.0);

/// Straight-path option: vertices only at turns, off-mesh links, start
/// and end.
pub const ONAV_STRAIGHT_PATH_CROSSINGS_NONE: i32 = 0;
/// Straight-path option: also a vertex where the path crosses an edge
/// between polygons of different areas.
pub const ONAV_STRAIGHT_PATH_CROSSINGS_AREA_CHANGES: i32 = 1;
/// Straight-path option: also a vertex at every crossed edge.
pub const ONAV_STRAIGHT_PATH_CROSSINGS_ALL_EDGES: i32 = 2;

/// One vertex of a straight path.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavStraightPathVertex {
    /// World position.
    pub position: OnavDVec3,
    /// ONAV_STRAIGHT_PATH_* bits.
    pub flags: u8,
    /// PolyRef of the polygon the path runs in from this vertex on: the
    /// polygon entered at a turn or crossing, the link's landing polygon at
    /// an off-mesh departure, the last polygon at the end.
    pub poly_ref: u64,
}

impl From<&StraightPathVertex> for OnavStraightPathVertex {
    fn from(vertex: &StraightPathVertex) -> Self {
        OnavStraightPathVertex { position: vertex.position.into(), flags: vertex.flags.0, poly_ref: vertex.poly.0 }
    }
}

impl From<&OnavStraightPathVertex> for StraightPathVertex {
    fn from(vertex: &OnavStraightPathVertex) -> Self {
        StraightPathVertex {
            position: vertex.position.into(),
            flags: VertexFlags(vertex.flags),
            poly: PolyRef(vertex.poly_ref),
        }
    }
}

/// The options an `ONAV_STRAIGHT_PATH_CROSSINGS_*` value names.
fn straight_path_options(crossings: i32) -> Result<StraightPathOptions, Failure> {
    let crossings = match crossings {
        ONAV_STRAIGHT_PATH_CROSSINGS_NONE => PathCrossings::None,
        ONAV_STRAIGHT_PATH_CROSSINGS_AREA_CHANGES => PathCrossings::AreaChanges,
        ONAV_STRAIGHT_PATH_CROSSINGS_ALL_EDGES => PathCrossings::AllEdges,
        other => {
            return Err(NavMeshError::out_of_range(format!(
                "crossings = {other} is not an ONAV_STRAIGHT_PATH_CROSSINGS_* value (0, 1 or 2)"
            ))
            .into())
        }
    };
    Ok(StraightPathOptions { crossings, max_vertices: None })
}

/// The straight path from `start` to `end` through `corridor` (of
/// `corridor_len` PolyRefs, as onav_query_find_path gives it), copied into
/// `buf` of `cap` vertices, their number written to `*len_out`, and
/// ONAV_PATH_COMPLETE or ONAV_PATH_PARTIAL to `*status_out`. `start` and
/// `end` are first moved onto the first and last polygons (their closest
/// points), then the path is pulled tight through the crossings in X/Z;
/// `crossings` (ONAV_STRAIGHT_PATH_CROSSINGS_*) adds vertices where it
/// crosses edges. When two neighbours of the corridor are not joined (or
/// one is stale) the path ends at the point of the last joined polygon
/// nearest `end`, as ONAV_PATH_PARTIAL. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`. Errors:
/// ONAV_E_OUT_OF_RANGE for an empty corridor, a coordinate outside ±2^21
/// (or NaN) or an unknown `crossings`; ONAV_E_INVALID_REFERENCE for a null
/// or stale first polygon.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid; `corridor` holds `corridor_len` PolyRefs
/// (may be NULL when `corridor_len` is 0); `buf` holds `cap` writable
/// vertices.
#[no_mangle]
pub unsafe extern "C" fn onav_query_find_straight_path(
    query: *mut OnavQuery,
    corridor: *const u64,
    corridor_len: usize,
    start: OnavDVec3,
    end: OnavDVec3,
    crossings: i32,
    buf: *mut OnavStraightPathVertex,
    cap: usize,
    len_out: *mut usize,
    status_out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers, an
    // array of `corridor_len` PolyRefs and a buffer of `cap` vertices.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let status_out = out_arg(status_out, "status_out")?;
            let handle = arg_mut(query, "query")?;
            let refs = arg_slice(corridor, corridor_len, "corridor")?;
            let options = straight_path_options(crossings)?;
            let OnavQuery { query, corridor, vertices, .. } = handle;
            corridor.clear();
            corridor.extend(refs.iter().map(|&r| PolyRef(r)));
            let status = query.find_straight_path(corridor, start.into(), end.into(), options, vertices)?;
            output.fill_mapped(vertices, |vertex| vertex.into())?;
            status_out.write(straight_path_status_code(status));
            Ok(())
        })
    }
}

/// Writes to `*out` the length of the straight path `vertices` (of `count`
/// vertices) by the metric of docs/QUERIES.md: the X/Z length of every
/// segment on the surface plus the 3D length of every off-mesh link (the
/// segment leaving a vertex flagged ONAV_STRAIGHT_PATH_OFF_MESH).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `vertices` holds `count` vertices (may be
/// NULL when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn onav_straight_path_length(
    vertices: *const OnavStraightPathVertex,
    count: usize,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and an
    // array of `count` vertices.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let path: Vec<StraightPathVertex> =
                arg_slice(vertices, count, "vertices")?.iter().map(StraightPathVertex::from).collect();
            out.write(straight_path_length(&path));
            Ok(())
        })
    }
}
