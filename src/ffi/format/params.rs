//! `OnavParams` and the parameter functions: validation, the 68-byte
//! parameter block, the fingerprint and the grid arithmetic. Every function
//! but `onav_params_validate` and `onav_params_decode` validates the
//! parameters first (`ONAV_E_OUT_OF_RANGE` naming the field).

use crate::format::fingerprint::BuildFingerprint;
use crate::format::param_block::{decode_param_block, encode_param_block, PARAM_BLOCK_LEN};
use crate::format::params::NavMeshParams;

use crate::ffi::args::{arg_ref, arg_slice, out_arg};
use crate::ffi::buffer::byte_buffer;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::format::ids::OnavFingerprint;
use crate::ffi::guard::guard;

/// Size of an encoded parameter block in bytes.
pub const ONAV_PARAM_BLOCK_LEN: usize = 68;
// cbindgen needs a literal above; this keeps it equal to the layout's.
const _: () = assert!(ONAV_PARAM_BLOCK_LEN == PARAM_BLOCK_LEN);

/// Mesh parameters: the fields of the 68-byte parameter block (LAYOUT
/// section 1) in block order, without the reserved field. Plain data; the
/// functions taking it validate it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnavParams {
    /// World X of the grid origin, strictly within ±2^21.
    pub origin_x: f64,
    /// World Y of the grid origin, strictly within ±2^21.
    pub origin_y: f64,
    /// World Z of the grid origin, strictly within ±2^21.
    pub origin_z: f64,
    /// Tile edge length: finite, > 0, exactly representable as float, at
    /// most 8192 * cell_size.
    pub tile_size: f64,
    /// Cell edge length: finite, > 0.
    pub cell_size: f64,
    /// Largest polygon vertex count, 3..16.
    pub max_verts_per_poly: u16,
    /// Finite, >= 0.
    pub walkable_climb: f32,
    /// Finite, >= 0.
    pub agent_radius: f32,
    /// Finite, >= 0.
    pub agent_height: f32,
    /// Degrees, 0..90.
    pub agent_max_slope: f32,
    /// First 8 bytes of the settings digest; 0 for hand-built parameters.
    pub settings_digest: u64,
}

impl From<&OnavParams> for NavMeshParams {
    fn from(p: &OnavParams) -> Self {
        NavMeshParams {
            origin_x: p.origin_x,
            origin_y: p.origin_y,
            origin_z: p.origin_z,
            tile_size: p.tile_size,
            cell_size: p.cell_size,
            max_verts_per_poly: p.max_verts_per_poly,
            walkable_climb: p.walkable_climb,
            agent_radius: p.agent_radius,
            agent_height: p.agent_height,
            agent_max_slope: p.agent_max_slope,
            settings_digest: p.settings_digest,
        }
    }
}

impl From<&NavMeshParams> for OnavParams {
    fn from(p: &NavMeshParams) -> Self {
        OnavParams {
            origin_x: p.origin_x,
            origin_y: p.origin_y,
            origin_z: p.origin_z,
            tile_size: p.tile_size,
            cell_size: p.cell_size,
            max_verts_per_poly: p.max_verts_per_poly,
            walkable_climb: p.walkable_climb,
            agent_radius: p.agent_radius,
            agent_height: p.agent_height,
            agent_max_slope: p.agent_max_slope,
            settings_digest: p.settings_digest,
        }
    }
}

/// The parameters behind `params`, validated.
///
/// # Safety
/// `params` is NULL or points to a valid `OnavParams`.
pub(crate) unsafe fn valid_params(params: *const OnavParams) -> Result<NavMeshParams, Failure> {
    // SAFETY: forwarded from this function's contract.
    let params = NavMeshParams::from(unsafe { arg_ref(params, "params") }?);
    params.validate()?;
    Ok(params)
}

/// Checks every parameter rule; `ONAV_E_OUT_OF_RANGE` names the first
/// broken field.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_validate(params: *const OnavParams, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe { guard(err, || valid_params(params).map(drop)) }
}

/// Encodes the parameters as the 68-byte parameter block
/// (ONAV_PARAM_BLOCK_LEN) into `buf` of `cap` bytes, writing the length to
/// `*len_out`. A NULL or smaller buffer gives ONAV_E_BUFFER_TOO_SMALL with
/// the needed length in `*len_out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_params_encode(
    params: *const OnavParams,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` bytes.
    unsafe {
        guard(err, || {
            let buffer = byte_buffer(buf, cap, len_out)?;
            let params = valid_params(params)?;
            buffer.fill(&encode_param_block(&params))
        })
    }
}

/// Decodes a 68-byte parameter block. A short, long or invalid block is
/// ONAV_E_FORMAT naming the field.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_decode(
    data: *const u8,
    len: usize,
    out: *mut OnavParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let bytes = arg_slice(data, len, "data")?;
            out.write(OnavParams::from(&decode_param_block(bytes)?));
            Ok(())
        })
    }
}

/// The build fingerprint of the parameters.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_fingerprint(
    params: *const OnavParams,
    out: *mut OnavFingerprint,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = valid_params(params)?;
            out.write(BuildFingerprint::of(&params).into());
            Ok(())
        })
    }
}

/// MaxLocalExtent = 16384 * cell_size: the largest |local Y| of a vertex
/// and coordinate of an off-mesh link end.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_max_local_extent(
    params: *const OnavParams,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = valid_params(params)?;
            out.write(params.max_local_extent());
            Ok(())
        })
    }
}

/// World X and Z of the origin of tile (tile_x, tile_z):
/// origin + tile * tile_size, product first.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_tile_origin(
    params: *const OnavParams,
    tile_x: i32,
    tile_z: i32,
    x_out: *mut f64,
    z_out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let x_out = out_arg(x_out, "x_out")?;
            let z_out = out_arg(z_out, "z_out")?;
            let params = valid_params(params)?;
            let (x, z) = params.tile_origin(tile_x, tile_z);
            x_out.write(x);
            z_out.write(z);
            Ok(())
        })
    }
}

/// The tile column and row holding world position (x, z):
/// floor((x - origin_x) / tile_size), likewise z. A coordinate outside
/// ±2^21 (or NaN) is ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_params_world_to_tile(
    params: *const OnavParams,
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
            let params = valid_params(params)?;
            let (tile_x, tile_z) = params.world_to_tile(x, z)?;
            tile_x_out.write(tile_x);
            tile_z_out.write(tile_z);
            Ok(())
        })
    }
}
