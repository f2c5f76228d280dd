//! The `OnavTileLibrary` handle: the ONPT tiles a snapshot's content ids
//! resolve against (LAYOUT section 5; section 8 on the library).

use crate::mesh::tile_library::TileLibrary;

use crate::ffi::args::{arg_mut, arg_slice, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::format::ids::OnavContentId;
use crate::ffi::format::params::{valid_params, OnavParams};
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle, write_handle_value};

/// A set of validated tiles keyed by content id, all built with one set of
/// parameters. Opaque: created by onav_tile_library_new, released by
/// onav_tile_library_free.
pub struct OnavTileLibrary {
    pub(crate) library: TileLibrary,
}

/// Validates `params` (ONAV_E_OUT_OF_RANGE naming the field) and stores a
/// new, empty library for tiles built with them in `*out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_library_new(
    params: *const OnavParams,
    out: *mut *mut OnavTileLibrary,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = valid_params(params)?;
            store_new_handle(out, || {
                let library = TileLibrary::new(params)?;
                Ok(OnavTileLibrary { library })
            })
        })
    }
}

/// Releases a library. Meshes restored from it keep their tiles. NULL is a
/// no-op; freeing the same library twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the library meanwhile
/// or afterwards.
///
/// # Safety
/// `library` is NULL or a library from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_library_free(library: *mut OnavTileLibrary) {
    // SAFETY: `library` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(library) }
}

/// Reads ONPT bytes against the library's parameters (errors as
/// onav_tile_read: ONAV_E_FORMAT, ONAV_E_VERSION, ONAV_E_FINGERPRINT for a
/// tile built with other parameters) and keeps the tile; writes its content
/// id to `*id_out`. Adding equal bytes again keeps one entry.
///
/// Thread safety: exclusive on the library.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_library_add(
    library: *mut OnavTileLibrary,
    data: *const u8,
    len: usize,
    id_out: *mut OnavContentId,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let id_out = out_arg(id_out, "id_out")?;
            let library = arg_mut(library, "library")?;
            let bytes = arg_slice(data, len, "data")?;
            id_out.write(library.library.add_bytes(bytes)?.into());
            Ok(())
        })
    }
}

/// Writes the number of distinct tiles in the library to `*out`.
///
/// Thread safety: may be called concurrently on the same library.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_library_count(
    library: *const OnavTileLibrary,
    out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(library, "library", out, err, |library| Ok(library.library.len())) }
}
