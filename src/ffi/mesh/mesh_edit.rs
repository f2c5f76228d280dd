//! Editing an `OnavMesh`: add and replace a tile (by handle or ONPT bytes),
//! remove a tile or a whole column. Every failed edit leaves the mesh
//! exactly as it was (slots, salts, links).

use std::sync::Arc;

use crate::error::NavMeshError;
use crate::mesh::poly_ref::TileRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::NavTile;

use crate::ffi::args::{arg_mut, arg_ref, arg_slice, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_tiles::no_tile_at;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::tile::nav_tile::OnavTile;

/// Runs `edit` on the mesh and writes the tile reference it yields.
/// `tile_ref_out` (cleared) and the mesh are checked for NULL before the
/// edit runs.
///
/// # Safety
/// `mesh` is NULL or valid for exclusive use; `tile_ref_out` and `err` are
/// NULL or valid.
unsafe fn edit_yielding_ref(
    mesh: *mut OnavMesh,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
    edit: impl FnOnce(&mut TiledNavMesh) -> Result<TileRef, Failure>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let tile_ref_out = out_arg(tile_ref_out, "tile_ref_out")?;
            let mesh = arg_mut(mesh, "mesh")?;
            tile_ref_out.write(edit(&mut mesh.mesh)?.0);
            Ok(())
        })
    }
}

/// An edit taking the tile behind the `tile` handle (shared, not copied);
/// `tile` is checked after the mesh and `tile_ref_out`.
///
/// # Safety
/// As [`edit_yielding_ref`]; `tile` is NULL or valid.
unsafe fn edit_with_tile(
    mesh: *mut OnavMesh,
    tile: *const OnavTile,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
    edit: impl FnOnce(&mut TiledNavMesh, Arc<NavTile>) -> Result<TileRef, NavMeshError>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        edit_yielding_ref(mesh, tile_ref_out, err, |mesh| {
            let tile = arg_ref(tile, "tile")?;
            Ok(edit(mesh, Arc::clone(&tile.tile))?)
        })
    }
}

/// An edit taking the caller's ONPT bytes `(data, len)`; `data` is checked
/// after the mesh and `tile_ref_out`.
///
/// # Safety
/// As [`edit_yielding_ref`]; `data` holds `len` readable bytes (may be
/// NULL when `len` is 0).
unsafe fn edit_with_bytes(
    mesh: *mut OnavMesh,
    data: *const u8,
    len: usize,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
    edit: impl FnOnce(&mut TiledNavMesh, &[u8]) -> Result<TileRef, NavMeshError>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        edit_yielding_ref(mesh, tile_ref_out, err, |mesh| {
            let bytes = arg_slice(data, len, "data")?;
            Ok(edit(mesh, bytes)?)
        })
    }
}

/// Adds the tile at its position, in the lowest free slot, stitches it and
/// writes its TileRef to `*tile_ref_out`. The tile is not consumed: the
/// mesh keeps a share of the immutable tile, and the caller still frees its
/// handle with onav_tile_free, before or after the mesh. Errors, each
/// leaving the mesh unchanged: ONAV_E_FINGERPRINT for a tile built with
/// other parameters (checked first), ONAV_E_INVALID_OPERATION for an
/// occupied position or every slot in use.
///
/// Thread safety: exclusive on the mesh; the tile may be used concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_add_tile(
    mesh: *mut OnavMesh,
    tile: *const OnavTile,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { edit_with_tile(mesh, tile, tile_ref_out, err, |mesh, tile| mesh.add_tile(tile)) }
}

/// Reads ONPT bytes against the mesh's parameters (errors as
/// onav_tile_read: ONAV_E_FORMAT, ONAV_E_VERSION, ONAV_E_FINGERPRINT),
/// then adds the tile as onav_mesh_add_tile does.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_add_tile_bytes(
    mesh: *mut OnavMesh,
    data: *const u8,
    len: usize,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe { edit_with_bytes(mesh, data, len, tile_ref_out, err, TiledNavMesh::add_tile_bytes) }
}

/// Replaces the tile at the new tile's position, keeping the slot and
/// advancing its salt (every reference to the old tile becomes stale, even
/// for identical bytes), and writes the new TileRef to `*tile_ref_out`. The
/// tile is shared, not consumed, as in onav_mesh_add_tile. Errors, each
/// leaving the mesh unchanged: ONAV_E_FINGERPRINT (checked first),
/// ONAV_E_INVALID_OPERATION when no tile is at that position.
///
/// Thread safety: exclusive on the mesh; the tile may be used concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_replace_tile(
    mesh: *mut OnavMesh,
    tile: *const OnavTile,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { edit_with_tile(mesh, tile, tile_ref_out, err, |mesh, tile| mesh.replace_tile(tile)) }
}

/// Reads ONPT bytes against the mesh's parameters (errors as
/// onav_tile_read), then replaces as onav_mesh_replace_tile does.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_replace_tile_bytes(
    mesh: *mut OnavMesh,
    data: *const u8,
    len: usize,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe { edit_with_bytes(mesh, data, len, tile_ref_out, err, TiledNavMesh::replace_tile_bytes) }
}

/// Removes the tile at (tile_x, tile_z, layer) and writes the TileRef it
/// had to `*tile_ref_out`; the slot's salt advances and the slot becomes
/// free. No tile there is ONAV_E_NOT_FOUND (the mesh is unchanged).
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_remove_tile(
    mesh: *mut OnavMesh,
    tile_x: i32,
    tile_z: i32,
    layer: u16,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        edit_yielding_ref(mesh, tile_ref_out, err, |mesh| {
            // Absence is a missing key to C callers, so it is checked here
            // rather than surfacing the Rust side's invalid-operation error.
            if mesh.tile_at(tile_x, tile_z, layer).is_none() {
                return Err(no_tile_at(tile_x, tile_z, layer));
            }
            Ok(mesh.remove_tile(tile_x, tile_z, layer)?)
        })
    }
}

/// Removes every layer of column (tile_x, tile_z), lowest first, each as
/// one removal, and writes how many tiles were removed to `*count_out` (0
/// for an empty column, which is not an error).
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_remove_column(
    mesh: *mut OnavMesh,
    tile_x: i32,
    tile_z: i32,
    count_out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let count_out = out_arg(count_out, "count_out")?;
            let mesh = arg_mut(mesh, "mesh")?;
            let removed = mesh.mesh.remove_column(tile_x, tile_z);
            // At most 1024 layers, so the count always fits.
            count_out.write(removed.len() as u32);
            Ok(())
        })
    }
}
