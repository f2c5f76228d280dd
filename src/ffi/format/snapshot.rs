//! ONPS snapshots of an `OnavMesh` (LAYOUT section 5): write one, restore
//! one against an `OnavTileLibrary`.

use crate::ffi::args::{arg_mut, arg_ref, arg_slice};
use crate::ffi::buffer::write_handle_bytes;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::tile_library::OnavTileLibrary;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;

/// Writes the mesh's slot state as ONPS bytes (slots, salts and each
/// occupied slot's tile content id; the same state always gives the same
/// bytes) into `buf` of `cap` bytes and their length to `*len_out`. A NULL
/// or too small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed length
/// in `*len_out`. No streaming queue is part of a snapshot.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_snapshot(
    mesh: *const OnavMesh,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe { write_handle_bytes(mesh, "mesh", buf, cap, len_out, err, |mesh| mesh.mesh.snapshot()) }
}

/// Replaces the mesh's whole slot state (slots, free slots, salts, tiles)
/// with the snapshot's, taking the tiles from `library`, and stitches once.
/// Errors, each leaving the mesh untouched: ONAV_E_FORMAT for bad magic,
/// set flags, a malformed slot table or record, a content id missing from
/// the library (naming the slot) or two slots at one position;
/// ONAV_E_VERSION (found and expected in `err`); ONAV_E_FINGERPRINT when
/// the snapshot's parameter block is not the mesh's or the library was made
/// for other parameters.
///
/// Thread safety: exclusive on the mesh; the library may be used
/// concurrently.
///
/// # Safety
/// `snapshot` holds `len` readable bytes (may be NULL when `len` is 0);
/// other pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_restore(
    mesh: *mut OnavMesh,
    snapshot: *const u8,
    len: usize,
    library: *const OnavTileLibrary,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let mesh = arg_mut(mesh, "mesh")?;
            let bytes = arg_slice(snapshot, len, "snapshot")?;
            let library = arg_ref(library, "library")?;
            mesh.mesh.restore_snapshot(bytes, &library.library)?;
            Ok(())
        })
    }
}
