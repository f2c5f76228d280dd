//! Run-time switches of an `OnavMesh` (docs/RUNTIME_SWITCHES.md): polygon
//! flags and area by PolyRef, off-mesh links enabled or disabled by tile
//! and index or by user id. They belong to the mesh handle they are set
//! on: a clone made before does not see them, one made after copies them,
//! queries made from the handle afterwards read them, and onav_mesh_write
//! never writes them.

use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::write_handle_value;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::status::OnavStatus;

/// `enabled` as a bool: 0 or 1, anything else out of range.
fn enabled_arg(enabled: u8) -> Result<bool, Failure> {
    match enabled {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(Failure::new(OnavStatus::ONAV_E_OUT_OF_RANGE, format!("enabled {other} must be 0 or 1"))),
    }
}

/// Runs the switch `edit` on the mesh (checked for NULL first).
///
/// # Safety
/// `mesh` is NULL or valid for exclusive use; `err` is NULL or valid.
unsafe fn switch(
    mesh: *mut OnavMesh,
    err: *mut OnavError,
    edit: impl FnOnce(&mut TiledNavMesh) -> Result<(), Failure>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe { guard(err, || edit(&mut arg_mut(mesh, "mesh")?.mesh)) }
}

/// Writes the flags queries read for the polygon `poly_ref` names (the
/// tile's, or what onav_mesh_set_poly_flags gave it) to `*out`.
/// ONAV_E_INVALID_REFERENCE for a null, stale or out-of-range reference.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_poly_flags(
    mesh: *const OnavMesh,
    poly_ref: u64,
    out: *mut u16,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.poly_flags(PolyRef(poly_ref))?)) }
}

/// Writes the area queries read for the polygon `poly_ref` names to
/// `*out`; errors as onav_mesh_poly_flags.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_poly_area(
    mesh: *const OnavMesh,
    poly_ref: u64,
    out: *mut u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.poly_area(PolyRef(poly_ref))?)) }
}

/// Gives the polygon `poly_ref` names these flags in this mesh (a door
/// closed by clearing the flag a filter includes); O(1) after the first
/// switch in its tile, never re-stitches. ONAV_E_INVALID_REFERENCE, changing
/// nothing, for a null, stale or out-of-range reference.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_set_poly_flags(
    mesh: *mut OnavMesh,
    poly_ref: u64,
    flags: u16,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { switch(mesh, err, |mesh| Ok(mesh.set_poly_flags(PolyRef(poly_ref), flags)?)) }
}

/// Gives the polygon `poly_ref` names this area (0..=63) in this mesh, so
/// filters cost it as that area. Errors, changing nothing:
/// ONAV_E_OUT_OF_RANGE for an area above 63, ONAV_E_INVALID_REFERENCE as in
/// onav_mesh_set_poly_flags.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_set_poly_area(
    mesh: *mut OnavMesh,
    poly_ref: u64,
    area: u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { switch(mesh, err, |mesh| Ok(mesh.set_poly_area(PolyRef(poly_ref), area)?)) }
}

/// Writes 1 to `*enabled_out` unless off-mesh link `index` of the tile
/// `tile_ref` names is disabled (then 0). Errors: ONAV_E_INVALID_REFERENCE
/// for a stale tile reference, ONAV_E_OUT_OF_RANGE for an index past the
/// tile's off-mesh links.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_off_mesh_link_enabled(
    mesh: *const OnavMesh,
    tile_ref: u64,
    index: u32,
    enabled_out: *mut u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", enabled_out, err, |mesh| {
            Ok(u8::from(mesh.mesh.is_off_mesh_link_enabled(TileRef(tile_ref), index)?))
        })
    }
}

/// Enables (`enabled` 1) or disables (0) off-mesh link `index` of the tile
/// `tile_ref` names in this mesh: no query crosses a disabled link, in
/// either direction. Errors, changing nothing: ONAV_E_OUT_OF_RANGE for
/// `enabled` other than 0 or 1 or an index past the tile's links,
/// ONAV_E_INVALID_REFERENCE for a stale tile reference.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_set_off_mesh_link_enabled(
    mesh: *mut OnavMesh,
    tile_ref: u64,
    index: u32,
    enabled: u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        switch(mesh, err, |mesh| {
            let enabled = enabled_arg(enabled)?;
            Ok(mesh.set_off_mesh_link_enabled(TileRef(tile_ref), index, enabled)?)
        })
    }
}

/// Enables (1) or disables (0) every off-mesh link with `user_id` in the
/// tiles now in the mesh and writes how many carry it to `*count_out`:
/// how a host re-applies a link's state after its tile streamed back in.
/// ONAV_E_OUT_OF_RANGE for `enabled` other than 0 or 1.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_set_off_mesh_links_enabled_by_user_id(
    mesh: *mut OnavMesh,
    user_id: u32,
    enabled: u8,
    count_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let count_out = out_arg(count_out, "count_out")?;
            let mesh = arg_mut(mesh, "mesh")?;
            let enabled = enabled_arg(enabled)?;
            count_out.write(mesh.mesh.set_off_mesh_links_enabled_by_user_id(user_id, enabled));
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enabled_is_a_zero_or_one_byte() {
        assert_eq!(enabled_arg(0).ok(), Some(false));
        assert_eq!(enabled_arg(1).ok(), Some(true));
        assert!(enabled_arg(2).is_err());
    }
}
