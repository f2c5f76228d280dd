//! The `OnavMeshDebug` handle: a mesh's debug geometry collected once
//! (every polygon's world-space outline, area and flags, and every link as
//! a world-space segment, in slot / polygon / link order), read back by
//! index through plain-data accessors.

use crate::mesh::nav_mesh_debug::{DebugLink, DebugPolygon, NavMeshDebug};

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, into_handle, write_handle_value};
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::stitch::links::link_kind_code;
use crate::ffi::tile::tile_info::{count, element};

/// A mesh's debug geometry, a snapshot independent of the mesh: later edits
/// or freeing the mesh do not change it. Opaque: created by
/// onav_mesh_debug_collect, released by onav_mesh_debug_free. Every
/// function takes it as const.
pub struct OnavMeshDebug {
    debug: NavMeshDebug,
}

/// One polygon of the debug geometry.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavDebugPolygon {
    /// The polygon's PolyRef.
    pub poly_ref: u64,
    /// Slot of its tile.
    pub slot: u32,
    /// Tile column.
    pub tile_x: i32,
    /// Tile row.
    pub tile_z: i32,
    /// Tile layer.
    pub layer: u16,
    /// 0..63.
    pub area: u8,
    /// Any bits.
    pub flags: u16,
    /// Vertices of its outline (onav_mesh_debug_polygon_outline).
    pub vertex_count: u32,
}

/// One stitched link as a world-space segment: for a portal the covered
/// part of the shared edge, for an off-mesh link departure to arrival.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavDebugLink {
    /// ONAV_LINK_PORTAL, ONAV_LINK_OFF_MESH or ONAV_LINK_OFF_MESH_REVERSE.
    pub kind: i32,
    /// PolyRef of the polygon the link leaves.
    pub from: u64,
    /// PolyRef of the polygon the link arrives at.
    pub to: u64,
    /// Segment start, world space.
    pub start: OnavDVec3,
    /// Segment end, world space.
    pub end: OnavDVec3,
}

impl From<&DebugPolygon> for OnavDebugPolygon {
    fn from(p: &DebugPolygon) -> Self {
        OnavDebugPolygon {
            poly_ref: p.poly_ref.0,
            slot: p.slot,
            tile_x: p.tile_x,
            tile_z: p.tile_z,
            layer: p.layer,
            area: p.area,
            flags: p.flags,
            vertex_count: p.vertex_count,
        }
    }
}

impl From<&DebugLink> for OnavDebugLink {
    fn from(l: &DebugLink) -> Self {
        OnavDebugLink {
            kind: link_kind_code(l.kind),
            from: l.from.0,
            to: l.to.0,
            start: l.start.into(),
            end: l.end.into(),
        }
    }
}

/// Collects the mesh's debug geometry into a new handle in `*out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_collect(
    mesh: *const OnavMesh,
    out: *mut *mut OnavMeshDebug,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", out, err, |mesh| {
            let debug = NavMeshDebug::collect(&mesh.mesh);
            Ok(into_handle(OnavMeshDebug { debug }))
        })
    }
}

/// Releases debug geometry. NULL is a no-op; freeing the same handle twice
/// is not allowed.
///
/// Thread safety: exclusive: no other call may use the handle meanwhile or
/// afterwards.
///
/// # Safety
/// `debug` is NULL or a handle from onav_mesh_debug_collect not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_free(debug: *mut OnavMeshDebug) {
    // SAFETY: `debug` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(debug) }
}

/// The number of polygons and of links in the collection.
///
/// Thread safety: may be called concurrently on the same handle.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_counts(
    debug: *const OnavMeshDebug,
    polygon_count_out: *mut u32,
    link_count_out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let polygon_count_out = out_arg(polygon_count_out, "polygon_count_out")?;
            let link_count_out = out_arg(link_count_out, "link_count_out")?;
            let debug = &arg_ref(debug, "debug")?.debug;
            polygon_count_out.write(count(debug.polygons.len()));
            link_count_out.write(count(debug.links.len()));
            Ok(())
        })
    }
}

/// Polygon `index` of the collection; ONAV_E_NOT_FOUND at or past the
/// polygon count.
///
/// Thread safety: may be called concurrently on the same handle.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_polygon(
    debug: *const OnavMeshDebug,
    index: u32,
    out: *mut OnavDebugPolygon,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(debug, "debug", out, err, |debug| {
            Ok(element(&debug.debug.polygons, index, "debug polygon")?.into())
        })
    }
}

/// The world-space outline of polygon `index`, its vertex_count entries
/// copied into `buf` of `cap` entries, their number written to `*len_out`.
/// A NULL or too small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed
/// number in `*len_out`; ONAV_E_NOT_FOUND at or past the polygon count.
///
/// Thread safety: may be called concurrently on the same handle.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_polygon_outline(
    debug: *const OnavMeshDebug,
    index: u32,
    buf: *mut OnavDVec3,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let debug = &arg_ref(debug, "debug")?.debug;
            element(&debug.polygons, index, "debug polygon")?;
            let outline: Vec<OnavDVec3> = debug.outline(index as usize).iter().map(|&v| v.into()).collect();
            output.fill(&outline)
        })
    }
}

/// Link `index` of the collection; ONAV_E_NOT_FOUND at or past the link
/// count.
///
/// Thread safety: may be called concurrently on the same handle.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_debug_link(
    debug: *const OnavMeshDebug,
    index: u32,
    out: *mut OnavDebugLink,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(debug, "debug", out, err, |debug| {
            Ok(element(&debug.debug.links, index, "debug link")?.into())
        })
    }
}
