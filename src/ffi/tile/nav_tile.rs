//! The `OnavTile` handle: create from `OnavTileData`, read and write ONPT
//! bytes, free, and the tile's two identities.

use std::sync::Arc;

use crate::format::tile_format::read_tile;
use crate::tile::nav_tile::NavTile;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::buffer::write_handle_bytes;
use crate::ffi::error_out::OnavError;
use crate::ffi::format::ids::{OnavContentId, OnavFingerprint};
use crate::ffi::format::params::OnavParams;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, read_into_handle, store_new_handle, write_handle_value};
use crate::ffi::tile::tile_data::{copy_tile_data, OnavTileData};

/// A validated, immutable tile. Opaque: created by onav_tile_create or
/// onav_tile_read, released by onav_tile_free. Every function takes it as
/// const, so one tile may be used from several threads at once.
pub struct OnavTile {
    /// Shared with every mesh the tile was added to (tiles are immutable).
    pub(crate) tile: Arc<NavTile>,
}

/// Validates `params` (ONAV_E_OUT_OF_RANGE naming the field) and every tile
/// rule (ONAV_E_FORMAT naming the polygon, edge or array; an off-mesh link's
/// `bidirectional` must be 0 or 1), then stores a new tile in `*out`. The
/// arrays of `data` are copied; the caller keeps ownership of them.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; each array of `data` holds its count of
/// records.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_create(
    params: *const OnavParams,
    data: *const OnavTileData,
    out: *mut *mut OnavTile,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = arg_ref(params, "params")?;
            let data = arg_ref(data, "data")?;
            store_new_handle(out, || {
                let tile = NavTile::create(&params.into(), copy_tile_data(data)?)?;
                Ok(OnavTile { tile: tile.into() })
            })
        })
    }
}

/// Reads ONPT bytes built with `params`. Checks, in order: the parameters
/// (ONAV_E_OUT_OF_RANGE), magic (ONAV_E_FORMAT), version (ONAV_E_VERSION
/// with found and expected in `err`), flags, the build fingerprint
/// (ONAV_E_FINGERPRINT), then the header, length and content rules
/// (ONAV_E_FORMAT). Stores a new tile in `*out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_read(
    params: *const OnavParams,
    data: *const u8,
    len: usize,
    out: *mut *mut OnavTile,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = arg_ref(params, "params")?;
            read_into_handle(data, len, out, |bytes| Ok(OnavTile { tile: read_tile(&params.into(), bytes)?.into() }))
        })
    }
}

/// Writes the tile's ONPT bytes into `buf` of `cap` bytes and their length
/// to `*len_out`. A NULL or too small buffer gives ONAV_E_BUFFER_TOO_SMALL
/// with the needed length in `*len_out`. Equal tiles give equal bytes.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_write(
    tile: *const OnavTile,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe { write_handle_bytes(tile, "tile", buf, cap, len_out, err, |tile| tile.tile.to_bytes()) }
}

/// Releases a tile. NULL is a no-op; freeing the same tile twice is not
/// allowed.
///
/// Thread safety: exclusive: no other call may use the tile meanwhile or
/// afterwards.
///
/// # Safety
/// `tile` is NULL or a tile from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_free(tile: *mut OnavTile) {
    // SAFETY: `tile` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(tile) }
}

/// The build fingerprint the tile was built or read with.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_fingerprint(
    tile: *const OnavTile,
    out: *mut OnavFingerprint,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(tile, "tile", out, err, |tile| Ok(tile.tile.fingerprint().into())) }
}

/// The tile's content id: the first 16 bytes of SHA-256 over its ONPT
/// bytes.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_content_id(
    tile: *const OnavTile,
    out: *mut OnavContentId,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(tile, "tile", out, err, |tile| Ok(tile.tile.content_id().into())) }
}
