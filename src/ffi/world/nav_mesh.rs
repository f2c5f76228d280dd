//! The tier-1 `OnavNavMesh` handle: a mesh with the settings it is built
//! with. New, 2D build and rebuild, ONNM save and load (and bare ONPM with
//! caller settings), its settings and parameters, and the bridge to the
//! plain `OnavMesh` functions.

use crate::format::mesh_format::write_mesh;
use crate::world::nav_mesh::NavMesh;

use crate::ffi::args::{arg_mut, out_arg};
use crate::ffi::buffer::write_handle_bytes;
use crate::ffi::build::build_2d::{copy_inputs, copy_one_input, OnavTileInput2d};
use crate::ffi::error_out::OnavError;
use crate::ffi::format::params::OnavParams;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, into_handle, read_into_handle, store_new_handle, write_handle_value};
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::world::nav_settings::{settings_arg, OnavSettings};

/// A tier-1 navigation mesh: a tiled mesh together with the settings it was
/// built with, so tiles built through it match its parameters and its ONNM
/// envelope carries the settings. Opaque: created by onav_nav_mesh_new,
/// onav_nav_mesh_build_2d, onav_nav_mesh_load, onav_nav_mesh_load_with or
/// onav_nav_world_class, released by onav_nav_mesh_free. Functions taking
/// it as const may run concurrently; a rebuild needs exclusive use.
pub struct OnavNavMesh {
    pub(crate) nav_mesh: NavMesh,
}

/// Stores a new, empty mesh over the settings' grid and agent class in
/// `*out` (the settings are copied). A rule between fields that fails
/// (TileSize above 8192 * CellSize) is ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_new(
    settings: *const OnavSettings,
    out: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let settings = settings_arg(settings, "settings")?;
            store_new_handle(out, || Ok(OnavNavMesh { nav_mesh: NavMesh::new(settings.clone())? }))
        })
    }
}

/// Builds a mesh from 2D input (NavMesh.Build for the 2D path) and stores
/// it in `*out`: each of the `count` tiles of `tiles` goes through the
/// hand-over (as onav_tile_assemble, at the settings' Height, with the
/// settings' Area and Flags for NULL areas and flags), gets the authored
/// links baked, and is added in (tile z, tile x, layer) order, so equal
/// input gives equal bytes. Errors: ONAV_E_FORMAT naming the array or
/// polygon, ONAV_E_OUT_OF_RANGE naming `OffMeshLinks[i]` for an authored
/// link that cannot be baked, ONAV_E_INVALID_OPERATION for a tile position
/// given twice.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `tiles` holds `count` records whose arrays
/// hold their counts of records.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_build_2d(
    settings: *const OnavSettings,
    tiles: *const OnavTileInput2d,
    count: usize,
    out: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let settings = settings_arg(settings, "settings")?;
            let inputs = copy_inputs(tiles, count)?;
            store_new_handle(out, || Ok(OnavNavMesh { nav_mesh: NavMesh::build_2d(settings.clone(), &inputs)? }))
        })
    }
}

/// Rebuilds one tile from 2D input and adds it, or replaces the tile at its
/// position; authored links are baked against the tiles its column holds
/// now. Writes the tile's TileRef to `*tile_ref_out`. On failure (errors
/// as onav_nav_mesh_build_2d) the mesh is unchanged.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid; the arrays of `input` hold their counts of
/// records.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_rebuild_tile_2d(
    nav_mesh: *mut OnavNavMesh,
    input: *const OnavTileInput2d,
    tile_ref_out: *mut u64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let tile_ref_out = out_arg(tile_ref_out, "tile_ref_out")?;
            let nav_mesh = arg_mut(nav_mesh, "nav_mesh")?;
            let input = copy_one_input(input)?;
            tile_ref_out.write(nav_mesh.nav_mesh.rebuild_tile_2d(&input)?.0);
            Ok(())
        })
    }
}

/// Writes the mesh's ONNM envelope (NavMesh.Save: the settings, then the
/// ONPM mesh bytes unchanged) into `buf` of `cap` bytes and its length to
/// `*len_out`. A NULL or too small buffer gives ONAV_E_BUFFER_TOO_SMALL
/// with the needed length in `*len_out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_save(
    nav_mesh: *const OnavNavMesh,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe { write_handle_bytes(nav_mesh, "nav_mesh", buf, cap, len_out, err, |nav_mesh| nav_mesh.nav_mesh.save()) }
}

/// Reads an ONNM envelope (NavMesh.Load) into a new mesh with the settings
/// it carries, stored in `*out`. Errors: ONAV_E_FORMAT for bad bytes
/// (trailing bytes, a settings value out of range naming the field);
/// ONAV_E_VERSION with found and expected in `err` for an envelope or
/// embedded mesh version this library does not read; ONAV_E_FINGERPRINT
/// when the settings do not give the mesh's parameters.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_load(
    data: *const u8,
    len: usize,
    out: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            read_into_handle(data, len, out, |bytes| Ok(OnavNavMesh { nav_mesh: NavMesh::load(bytes)? }))
        })
    }
}

/// Reads bare ONPM bytes or an ONNM envelope with caller-supplied settings
/// (copied) into a new mesh stored in `*out`. The settings must give the
/// mesh's parameter block (grid, agent class and settings digest), else
/// ONAV_E_FINGERPRINT; other errors as onav_nav_mesh_load and
/// onav_mesh_read.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_load_with(
    settings: *const OnavSettings,
    data: *const u8,
    len: usize,
    out: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let settings = settings_arg(settings, "settings")?;
            read_into_handle(data, len, out, |bytes| {
                Ok(OnavNavMesh { nav_mesh: NavMesh::load_with(settings.clone(), bytes)? })
            })
        })
    }
}

/// Stores a copy of the mesh's settings in `*out`, a new OnavSettings to
/// release with onav_settings_free; changing it does not change the mesh.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_settings(
    nav_mesh: *const OnavNavMesh,
    out: *mut *mut OnavSettings,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(nav_mesh, "nav_mesh", out, err, |nav_mesh| {
            Ok(into_handle(OnavSettings { settings: nav_mesh.nav_mesh.settings().clone() }))
        })
    }
}

/// The mesh's parameters, settings digest included.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_params(
    nav_mesh: *const OnavNavMesh,
    out: *mut OnavParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(nav_mesh, "nav_mesh", out, err, |nav_mesh| Ok(nav_mesh.nav_mesh.params().into())) }
}

/// Writes the bare ONPM bytes of the mesh (without the settings; what
/// onav_mesh_write gives for its tiled mesh) into `buf` of `cap` bytes and
/// their length to `*len_out`. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed length in `*len_out`.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_write_mesh(
    nav_mesh: *const OnavNavMesh,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe {
        write_handle_bytes(nav_mesh, "nav_mesh", buf, cap, len_out, err, |nav_mesh| {
            write_mesh(nav_mesh.nav_mesh.mesh())
        })
    }
}

/// Stores a clone of the mesh's tiled mesh in `*out` as an OnavMesh, so
/// every onav_mesh_* lookup works on it. Cheap: tiles and link tables are
/// shared. The clone is independent: rebuilding this mesh does not change
/// it. Release it with onav_mesh_free.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_mesh_clone(
    nav_mesh: *const OnavNavMesh,
    out: *mut *mut OnavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(nav_mesh, "nav_mesh", out, err, |nav_mesh| {
            Ok(into_handle(OnavMesh { mesh: nav_mesh.nav_mesh.mesh().clone() }))
        })
    }
}

/// Releases a mesh. Settings copies and OnavMesh clones taken from it stay
/// valid. NULL is a no-op; freeing the same mesh twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the mesh meanwhile or
/// afterwards.
///
/// # Safety
/// `nav_mesh` is NULL or a mesh from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_free(nav_mesh: *mut OnavNavMesh) {
    // SAFETY: `nav_mesh` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(nav_mesh) }
}
