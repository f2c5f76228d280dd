//! `onav_import_detour_*`: Detour's `DNAV` tile blobs and RecastDemo's
//! `MSET` tile sets as onav tiles and meshes (`crate::import::detour`).

use crate::import::detour::{read_tile, read_tile_set, ImportOptions};
use crate::TiledNavMesh;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::format::params::OnavParams;
use crate::ffi::guard::guard;
use crate::ffi::handle::read_into_handle;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::tile::nav_tile::OnavTile;

/// What a Detour import needs beyond the data: the values Detour does not
/// record, and how far a portal vertex may be moved onto its tile boundary.
/// Plain data; onav_import_detour_options_default fills the documented
/// defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnavDetourImportOptions {
    /// The parameters' agent_max_slope, degrees 0..90 (Detour does not
    /// record it). Default 45.
    pub max_slope_degrees: f32,
    /// How far, in cells, a vertex of an edge Detour flags as a portal may
    /// lie from the tile boundary it names; it is placed exactly on it, and
    /// a farther one is ONAV_E_FORMAT naming the tile, polygon and edge.
    /// Finite, >= 0. Default 0.25.
    pub boundary_tolerance_cells: f64,
}

impl From<&OnavDetourImportOptions> for ImportOptions {
    fn from(o: &OnavDetourImportOptions) -> Self {
        ImportOptions { max_slope_degrees: o.max_slope_degrees, boundary_tolerance_cells: o.boundary_tolerance_cells }
    }
}

impl From<ImportOptions> for OnavDetourImportOptions {
    fn from(o: ImportOptions) -> Self {
        OnavDetourImportOptions {
            max_slope_degrees: o.max_slope_degrees,
            boundary_tolerance_cells: o.boundary_tolerance_cells,
        }
    }
}

/// Writes the default options (max slope 45 degrees, boundary tolerance a
/// quarter cell) to `*out`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_import_detour_options_default(
    out: *mut OnavDetourImportOptions,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            out.write(ImportOptions::default().into());
            Ok(())
        })
    }
}

/// Reads a RecastDemo tile set (MSET, 32-bit or 64-bit tile references)
/// into a new, stitched mesh stored in `*out`: parameters from the set's
/// dtNavMeshParams, its tiles' walkable height, radius and climb and cell
/// size (1 / bvQuantFactor), and `options`; tiles added in file order.
/// Options out of range give ONAV_E_OUT_OF_RANGE naming the field; a tile
/// that does not convert gives ONAV_E_FORMAT naming the set's tile index,
/// the Detour tile, polygon and rule; a set or blob version other than
/// MSET 1 / DNAV 7 gives ONAV_E_VERSION with found and expected in `err`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_import_detour_tile_set(
    data: *const u8,
    len: usize,
    options: *const OnavDetourImportOptions,
    out: *mut *mut OnavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let options = ImportOptions::from(arg_ref(options, "options")?);
            read_into_handle(data, len, out, |bytes| {
                let set = read_tile_set(bytes, &options)?;
                let mut mesh = TiledNavMesh::new(set.params)?;
                for tile in set.tiles {
                    mesh.add_tile(tile)?;
                }
                Ok::<_, Failure>(OnavMesh { mesh })
            })
        })
    }
}

/// Reads one Detour tile blob (DNAV version 7; its length decides the
/// reference width) against `params` and stores the tile in `*out`.
/// Invalid `params` or options give ONAV_E_OUT_OF_RANGE naming the field;
/// bad bytes ONAV_E_FORMAT naming the Detour tile, polygon and rule; a
/// version other than 7 ONAV_E_VERSION with found and expected in `err`.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_import_detour_tile(
    params: *const OnavParams,
    data: *const u8,
    len: usize,
    options: *const OnavDetourImportOptions,
    out: *mut *mut OnavTile,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = arg_ref(params, "params")?;
            let options = ImportOptions::from(arg_ref(options, "options")?);
            read_into_handle(data, len, out, |bytes| {
                Ok(OnavTile { tile: read_tile(&params.into(), bytes, &options)?.into() })
            })
        })
    }
}
