//! Looking up the tiles of an `OnavMesh`: counts and salts of the slots, the
//! tile at a position, the tiles of a column or of the whole mesh (as
//! TileRefs), and a tile by TileRef (its info, or a handle sharing it).

use std::sync::Arc;

use crate::mesh::poly_ref::TileRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::NavTile;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::{into_handle, write_handle_value};
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::status::OnavStatus;
use crate::ffi::tile::nav_tile::OnavTile;
use crate::ffi::tile::tile_info::{tile_info, OnavTileInfo};

/// No tile at a position: `ONAV_E_NOT_FOUND`.
pub(crate) fn no_tile_at(tile_x: i32, tile_z: i32, layer: u16) -> Failure {
    Failure::new(OnavStatus::ONAV_E_NOT_FOUND, format!("no tile at ({tile_x}, {tile_z}, layer {layer})"))
}

/// The tile `tile_ref` names, or `ONAV_E_NOT_FOUND` for a null, stale or
/// malformed reference.
fn current_tile(mesh: &TiledNavMesh, tile_ref: u64) -> Result<&Arc<NavTile>, Failure> {
    mesh.tile(TileRef(tile_ref)).ok_or_else(|| {
        Failure::new(OnavStatus::ONAV_E_NOT_FOUND, format!("tile reference {tile_ref:#018x} names no tile of the mesh"))
    })
}

/// Number of tiles in the mesh.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_tile_count(mesh: *const OnavMesh, out: *mut u32, err: *mut OnavError) -> i32 {
    // Slots are limited to 2^20 - 1, so the count always fits.
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.tile_count() as u32)) }
}

/// Number of slots ever created, free ones included; slots run from 0 to
/// this count - 1.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_slot_count(mesh: *const OnavMesh, out: *mut u32, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.slot_count())) }
}

/// The current salt of `slot`, free or occupied; ONAV_E_NOT_FOUND at or
/// past the slot count.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_slot_salt(
    mesh: *const OnavMesh,
    slot: u32,
    out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", out, err, |mesh| {
            let mesh = &mesh.mesh;
            mesh.slot_salt(slot).ok_or_else(|| Failure::not_found("slot", slot, mesh.slot_count() as usize))
        })
    }
}

/// The TileRef of the tile at (tile_x, tile_z, layer); ONAV_E_NOT_FOUND
/// when there is none.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_tile_at(
    mesh: *const OnavMesh,
    tile_x: i32,
    tile_z: i32,
    layer: u16,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let tile_ref_out = out_arg(tile_ref_out, "tile_ref_out")?;
            let mesh = arg_ref(mesh, "mesh")?;
            let (tile_ref, _) =
                mesh.mesh.tile_at(tile_x, tile_z, layer).ok_or_else(|| no_tile_at(tile_x, tile_z, layer))?;
            tile_ref_out.write(tile_ref.0);
            Ok(())
        })
    }
}

/// The TileRefs of column (tile_x, tile_z), lowest layer first, copied into
/// `buf` of `cap` entries, their number written to `*len_out` (0 for an
/// empty column). A NULL or too small buffer gives ONAV_E_BUFFER_TOO_SMALL
/// with the needed number in `*len_out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_column_tiles(
    mesh: *const OnavMesh,
    tile_x: i32,
    tile_z: i32,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let buffer = array_buffer(buf, cap, len_out)?;
            let mesh = arg_ref(mesh, "mesh")?;
            let refs: Vec<u64> = mesh.mesh.column_tiles(tile_x, tile_z).map(|(r, _)| r.0).collect();
            buffer.fill(&refs)
        })
    }
}

/// The TileRefs of every tile of the mesh in slot order, copied into `buf`
/// of `cap` entries, their number written to `*len_out`. A NULL or too
/// small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed number in
/// `*len_out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_tiles(
    mesh: *const OnavMesh,
    buf: *mut u64,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let buffer = array_buffer(buf, cap, len_out)?;
            let mesh = arg_ref(mesh, "mesh")?;
            let refs: Vec<u64> = mesh.mesh.tiles().map(|(r, _)| r.0).collect();
            buffer.fill(&refs)
        })
    }
}

/// The position and array counts of the tile `tile_ref` names;
/// ONAV_E_NOT_FOUND for a null, stale or malformed reference.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_tile_info(
    mesh: *const OnavMesh,
    tile_ref: u64,
    out: *mut OnavTileInfo,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(tile_info(current_tile(&mesh.mesh, tile_ref)?))) }
}

/// A new OnavTile handle in `*out` sharing (not copying) the tile
/// `tile_ref` names; ONAV_E_NOT_FOUND for a null, stale or malformed
/// reference. The handle stays valid after the tile leaves the mesh or the
/// mesh is freed; release it with onav_tile_free.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_tile(
    mesh: *const OnavMesh,
    tile_ref: u64,
    out: *mut *mut OnavTile,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", out, err, |mesh| {
            Ok(into_handle(OnavTile { tile: Arc::clone(current_tile(&mesh.mesh, tile_ref)?) }))
        })
    }
}
