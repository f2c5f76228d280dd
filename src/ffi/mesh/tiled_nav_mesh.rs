//! The `OnavMesh` handle: create, read and write ONPM bytes, clone, free,
//! and the mesh-wide values (parameters, fingerprint, world-to-tile).

use crate::format::mesh_format::{read_mesh, write_mesh};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::buffer::write_handle_bytes;
use crate::ffi::error_out::OnavError;
use crate::ffi::format::ids::OnavFingerprint;
use crate::ffi::format::params::{valid_params, OnavParams};
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, into_handle, read_into_handle, store_new_handle, write_handle_value};

/// A tiled navigation mesh: tiles in numbered, salted slots with their
/// stitched links. Opaque: created by onav_mesh_new, onav_mesh_read or
/// onav_mesh_clone, released by onav_mesh_free. Functions taking it as
/// const may run concurrently; edits (non-const) need exclusive use. To
/// query while editing, hand a clone (onav_mesh_clone) to the query threads.
pub struct OnavMesh {
    pub(crate) mesh: TiledNavMesh,
}

/// Validates `params` (ONAV_E_OUT_OF_RANGE naming the field) and stores a
/// new, empty mesh in `*out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_new(params: *const OnavParams, out: *mut *mut OnavMesh, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = valid_params(params)?;
            store_new_handle(out, || Ok(OnavMesh { mesh: TiledNavMesh::new(params)? }))
        })
    }
}

/// Reads ONPM bytes into a new, stitched mesh stored in `*out`: slots, free
/// slots and salts come back exactly as written. Bad bytes give
/// ONAV_E_FORMAT naming the field or tile record; a mesh or embedded tile
/// version other than 2 gives ONAV_E_VERSION with found and expected in
/// `err`; an embedded tile built with other parameters gives
/// ONAV_E_FINGERPRINT.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_read(
    data: *const u8,
    len: usize,
    out: *mut *mut OnavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            read_into_handle(data, len, out, |bytes| Ok(OnavMesh { mesh: read_mesh(bytes)? }))
        })
    }
}

/// Writes the mesh's ONPM bytes (canonical: ascending slots, so the same
/// mesh state always gives the same bytes) into `buf` of `cap` bytes and
/// their length to `*len_out`. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed length in `*len_out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_write(
    mesh: *const OnavMesh,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe { write_handle_bytes(mesh, "mesh", buf, cap, len_out, err, |mesh| write_mesh(&mesh.mesh)) }
}

/// A new mesh handle in `*out` with the same tiles, slots, salts and links.
/// Cheap: tiles and link tables are shared, not copied. The two handles are
/// independent afterwards: editing one never changes the other, so a clone
/// may be read on other threads while the original is edited. Free each
/// with onav_mesh_free.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_clone(mesh: *const OnavMesh, out: *mut *mut OnavMesh, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(into_handle(OnavMesh { mesh: mesh.mesh.clone() }))) }
}

/// Releases a mesh. Tiles it shares with OnavTile handles or other meshes
/// stay alive in those. NULL is a no-op; freeing the same mesh twice is not
/// allowed.
///
/// Thread safety: exclusive: no other call may use the mesh meanwhile or
/// afterwards.
///
/// # Safety
/// `mesh` is NULL or a mesh from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_free(mesh: *mut OnavMesh) {
    // SAFETY: `mesh` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(mesh) }
}

/// The parameters the mesh was created or read with.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_params(mesh: *const OnavMesh, out: *mut OnavParams, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.params().into())) }
}

/// The build fingerprint every tile of the mesh must carry.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_fingerprint(
    mesh: *const OnavMesh,
    out: *mut OnavFingerprint,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(mesh, "mesh", out, err, |mesh| Ok(mesh.mesh.fingerprint().into())) }
}

/// The tile column and row under world position (x, z) (WorldToTile with
/// the mesh's parameters). A coordinate outside ±2^21 (or NaN) is
/// ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_world_to_tile(
    mesh: *const OnavMesh,
    x: f64,
    z: f64,
    tile_x_out: *mut i32,
    tile_z_out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let tile_x_out = out_arg(tile_x_out, "tile_x_out")?;
            let tile_z_out = out_arg(tile_z_out, "tile_z_out")?;
            let mesh = arg_ref(mesh, "mesh")?;
            let (tile_x, tile_z) = mesh.mesh.column_at_world(x, z)?;
            tile_x_out.write(tile_x);
            tile_z_out.write(tile_z);
            Ok(())
        })
    }
}
