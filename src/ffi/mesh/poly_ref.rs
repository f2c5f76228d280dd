//! Polygon and tile references as `uint64_t`: salt (24 bits) | slot (20
//! bits) | polygon (20 bits), from the top; 0 is the null reference. Encode
//! and decode need no mesh; validity asks a mesh whether a reference names
//! something it holds now.

use crate::mesh::poly_ref::{PolyRef, TileRef, MAX_POLYGON_INDEX, MAX_SALT, MAX_SLOTS};

use crate::ffi::args::out_arg;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::write_handle_value;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::status::OnavStatus;

/// `ONAV_E_OUT_OF_RANGE` for parts that no mesh could issue.
fn parts_out_of_range(salt: u32, slot: u32, polygon: u32) -> Failure {
    Failure::new(
        OnavStatus::ONAV_E_OUT_OF_RANGE,
        format!(
            "salt {salt}, slot {slot}, polygon {polygon} do not form a reference: \
             salt must be 1..={MAX_SALT}, slot 0..={}, polygon 0..={MAX_POLYGON_INDEX}",
            MAX_SLOTS - 1
        ),
    )
}

/// Encodes a PolyRef into `*out`: salt (24 bits) | slot (20 bits) |
/// polygon (20 bits), from the top. ONAV_E_OUT_OF_RANGE for salt 0 or above
/// 0xFFFFFF, slot 0xFFFFF or above, or polygon above 0xFFFFF.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_poly_ref_encode(
    salt: u32,
    slot: u32,
    polygon: u32,
    out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let poly_ref =
                PolyRef::encode(salt, slot, polygon).ok_or_else(|| parts_out_of_range(salt, slot, polygon))?;
            out.write(poly_ref.0);
            Ok(())
        })
    }
}

/// Splits any 64-bit value into its salt, slot and polygon bits (no check:
/// validity depends on a mesh, see onav_mesh_is_valid_poly_ref).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_poly_ref_decode(
    poly_ref: u64,
    salt_out: *mut u32,
    slot_out: *mut u32,
    polygon_out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let salt_out = out_arg(salt_out, "salt_out")?;
            let slot_out = out_arg(slot_out, "slot_out")?;
            let polygon_out = out_arg(polygon_out, "polygon_out")?;
            let (salt, slot, polygon) = PolyRef(poly_ref).decode();
            salt_out.write(salt);
            slot_out.write(slot);
            polygon_out.write(polygon);
            Ok(())
        })
    }
}

/// Encodes a TileRef (a PolyRef with polygon bits 0) into `*out`.
/// ONAV_E_OUT_OF_RANGE for salt 0 or above 0xFFFFFF, or slot 0xFFFFF or
/// above.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_ref_encode(salt: u32, slot: u32, out: *mut u64, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let tile_ref = TileRef::encode(salt, slot).ok_or_else(|| parts_out_of_range(salt, slot, 0))?;
            out.write(tile_ref.0);
            Ok(())
        })
    }
}

/// Splits a TileRef into its salt and slot. A value with polygon bits set
/// is a PolyRef, not a TileRef: ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_ref_decode(
    tile_ref: u64,
    salt_out: *mut u32,
    slot_out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let salt_out = out_arg(salt_out, "salt_out")?;
            let slot_out = out_arg(slot_out, "slot_out")?;
            if PolyRef(tile_ref).polygon() != 0 {
                return Err(Failure::new(
                    OnavStatus::ONAV_E_OUT_OF_RANGE,
                    format!("{tile_ref:#018x} has polygon bits set: a PolyRef, not a TileRef"),
                ));
            }
            let (salt, slot) = TileRef(tile_ref).decode();
            salt_out.write(salt);
            slot_out.write(slot);
            Ok(())
        })
    }
}

/// Writes 1 to `*out` when `poly_ref` names a polygon of the mesh now (its
/// slot's current salt matches and the slot's tile has that polygon), else
/// 0. Null and stale references are simply not valid, not errors.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_is_valid_poly_ref(
    mesh: *const OnavMesh,
    poly_ref: u64,
    out: *mut u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(u8::from(mesh.mesh.is_valid(PolyRef(poly_ref))))) }
}

/// Writes 1 to `*out` when `tile_ref` names a tile of the mesh now, else 0.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_is_valid_tile_ref(
    mesh: *const OnavMesh,
    tile_ref: u64,
    out: *mut u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(mesh, "mesh", out, err, |mesh| Ok(u8::from(mesh.mesh.is_valid_tile_ref(TileRef(tile_ref)))))
    }
}
