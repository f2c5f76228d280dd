//! A polygon of an `OnavMesh` by PolyRef: its record (area, flags, vertex
//! count) and its world-space outline.

use std::sync::Arc;

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::{NavTile, PolygonView};

use crate::ffi::args::arg_ref;
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::write_handle_value;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::status::OnavStatus;
use crate::ffi::tile::tile_data::OnavPolygon;

/// A world-space position (double precision: world coordinates reach
/// ±2^21, beyond float's exact range for fine detail).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavDVec3 {
    /// X.
    pub x: f64,
    /// Y (height).
    pub y: f64,
    /// Z.
    pub z: f64,
}

impl From<[f64; 3]> for OnavDVec3 {
    fn from([x, y, z]: [f64; 3]) -> Self {
        OnavDVec3 { x, y, z }
    }
}

/// `ONAV_E_NOT_FOUND` for a null, stale or out-of-range PolyRef.
pub(crate) fn unknown_polygon(poly_ref: u64) -> Failure {
    Failure::new(
        OnavStatus::ONAV_E_NOT_FOUND,
        format!("polygon reference {poly_ref:#018x} names no polygon of the mesh"),
    )
}

/// The polygon `poly_ref` names and its tile.
fn valid_polygon(mesh: &TiledNavMesh, poly_ref: u64) -> Result<(&Arc<NavTile>, PolygonView<'_>), Failure> {
    mesh.polygon(PolyRef(poly_ref)).ok_or_else(|| unknown_polygon(poly_ref))
}

/// The outline of polygon `index` of `tile` in world space: X and Z from
/// the tile origin, Y from the tile's OriginY (as the debug geometry).
fn world_outline(tile: &NavTile, index: u32) -> Vec<OnavDVec3> {
    let origin = tile.world_origin();
    tile.polygon_vertices(index as usize)
        .map(|[x, y, z]| OnavDVec3 {
            x: origin[0] + f64::from(x),
            y: origin[1] + f64::from(y),
            z: origin[2] + f64::from(z),
        })
        .collect()
}

/// Vertex count, area and flags of the polygon `poly_ref` names;
/// ONAV_E_NOT_FOUND for a null, stale or out-of-range reference.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_polygon(
    mesh: *const OnavMesh,
    poly_ref: u64,
    out: *mut OnavPolygon,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", out, err, |mesh| {
            let (_, view) = valid_polygon(&mesh.mesh, poly_ref)?;
            Ok(OnavPolygon { vertex_count: view.record.vertex_count, area: view.record.area, flags: view.record.flags })
        })
    }
}

/// The world-space outline of the polygon `poly_ref` names, one OnavDVec3
/// per vertex in polygon order, copied into `buf` of `cap` entries, their
/// number written to `*len_out`. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`;
/// ONAV_E_NOT_FOUND for a null, stale or out-of-range reference.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_polygon_outline(
    mesh: *const OnavMesh,
    poly_ref: u64,
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
            let mesh = arg_ref(mesh, "mesh")?;
            let (tile, _) = valid_polygon(&mesh.mesh, poly_ref)?;
            output.fill(&world_outline(tile, PolyRef(poly_ref).polygon()))
        })
    }
}
