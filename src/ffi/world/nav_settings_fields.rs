//! Getter and validating setter of each scalar `OnavSettings` field.
//!
//! cbindgen reads declarations as written and does not expand macros, so
//! each entry point is spelled out for the header; all of them share the
//! two bodies `read_field` and `write_field`, and a setter's range check
//! and message come from the `NavSettings` setter it forwards to.

use crate::error::Result;
use crate::world::nav_settings::NavSettings;

use crate::ffi::args::arg_mut;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::write_handle_value;
use crate::ffi::world::nav_settings::OnavSettings;

/// Writes `get(settings)` to `*out`.
///
/// # Safety
/// Pointers are NULL or valid.
unsafe fn read_field<T: Copy>(
    settings: *const OnavSettings,
    out: *mut T,
    err: *mut OnavError,
    get: impl FnOnce(&NavSettings) -> T,
) -> i32 {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_handle_value(settings, "settings", out, err, |settings| Ok(get(&settings.settings))) }
}

/// Runs the validating setter `set`; its out-of-range error leaves the
/// settings unchanged.
///
/// # Safety
/// `settings` is NULL or valid for exclusive use; `err` is NULL or valid.
unsafe fn write_field<T>(
    settings: *mut OnavSettings,
    value: T,
    err: *mut OnavError,
    set: impl FnOnce(&mut NavSettings, T) -> Result<&mut NavSettings>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            set(&mut arg_mut(settings, "settings")?.settings, value)?;
            Ok(())
        })
    }
}

/// OriginX: the world X of the grid origin.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_origin_x(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::origin_x) }
}

/// Sets OriginX, which must be finite and strictly within ±2^21: any other
/// value is ONAV_E_OUT_OF_RANGE naming OriginX and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_origin_x(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_origin_x) }
}

/// OriginY: the world Y of the grid origin.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_origin_y(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::origin_y) }
}

/// Sets OriginY, which must be finite and strictly within ±2^21: any other
/// value is ONAV_E_OUT_OF_RANGE naming OriginY and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_origin_y(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_origin_y) }
}

/// OriginZ: the world Z of the grid origin.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_origin_z(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::origin_z) }
}

/// Sets OriginZ, which must be finite and strictly within ±2^21: any other
/// value is ONAV_E_OUT_OF_RANGE naming OriginZ and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_origin_z(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_origin_z) }
}

/// TileSize: the tile edge length, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_tile_size(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::tile_size) }
}

/// Sets TileSize, which must be finite, > 0 and exactly representable as
/// float: any other value is ONAV_E_OUT_OF_RANGE naming TileSize and leaves
/// the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_tile_size(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_tile_size) }
}

/// CellSize: the cell edge length, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_cell_size(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::cell_size) }
}

/// Sets CellSize, which must be finite and > 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming CellSize and leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_cell_size(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_cell_size) }
}

/// AgentRadius: the agent radius, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_agent_radius(
    settings: *const OnavSettings,
    out: *mut f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::agent_radius) }
}

/// Sets AgentRadius, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming AgentRadius and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_agent_radius(
    settings: *mut OnavSettings,
    value: f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_agent_radius) }
}

/// AgentHeight: the agent height, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_agent_height(
    settings: *const OnavSettings,
    out: *mut f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::agent_height) }
}

/// Sets AgentHeight, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming AgentHeight and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_agent_height(
    settings: *mut OnavSettings,
    value: f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_agent_height) }
}

/// WalkableClimb: the highest step the agent climbs, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_walkable_climb(
    settings: *const OnavSettings,
    out: *mut f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::walkable_climb) }
}

/// Sets WalkableClimb, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming WalkableClimb and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_walkable_climb(
    settings: *mut OnavSettings,
    value: f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_walkable_climb) }
}

/// AgentMaxSlope: the steepest walkable slope in degrees.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_agent_max_slope(
    settings: *const OnavSettings,
    out: *mut f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::agent_max_slope) }
}

/// Sets AgentMaxSlope, which must be in 0..90: any other value is
/// ONAV_E_OUT_OF_RANGE naming AgentMaxSlope and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_agent_max_slope(
    settings: *mut OnavSettings,
    value: f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_agent_max_slope) }
}

/// MaxVertsPerPoly: the largest polygon vertex count.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_max_verts_per_poly(
    settings: *const OnavSettings,
    out: *mut u16,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::max_verts_per_poly) }
}

/// Sets MaxVertsPerPoly, which must be in 3..16: any other value is
/// ONAV_E_OUT_OF_RANGE naming MaxVertsPerPoly and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_max_verts_per_poly(
    settings: *mut OnavSettings,
    value: u16,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_max_verts_per_poly) }
}

/// CellHeight: the cell height, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_cell_height(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::cell_height) }
}

/// Sets CellHeight, which must be finite and > 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming CellHeight and leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_cell_height(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_cell_height) }
}

/// SnapBits: the vertex snapping bits.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_snap_bits(
    settings: *const OnavSettings,
    out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::snap_bits) }
}

/// Sets SnapBits, which must be -1 (automatic) or 0..24: any other value is
/// ONAV_E_OUT_OF_RANGE naming SnapBits and leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_snap_bits(
    settings: *mut OnavSettings,
    value: i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_snap_bits) }
}

/// MinRegionArea: the smallest region kept, in cells (RecastDemo's region
/// size 8 is 64 cells).
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_min_region_area(
    settings: *const OnavSettings,
    out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::min_region_area) }
}

/// Sets MinRegionArea, which must be >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming MinRegionArea and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_min_region_area(
    settings: *mut OnavSettings,
    value: i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_min_region_area) }
}

/// MergeRegionArea: the region size below which regions merge, in cells
/// (RecastDemo's 20 is 400 cells).
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_merge_region_area(
    settings: *const OnavSettings,
    out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::merge_region_area) }
}

/// Sets MergeRegionArea, which must be >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming MergeRegionArea and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_merge_region_area(
    settings: *mut OnavSettings,
    value: i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_merge_region_area) }
}

/// ContourMaxError: the largest contour simplification error, in world
/// units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_contour_max_error(
    settings: *const OnavSettings,
    out: *mut f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::contour_max_error) }
}

/// Sets ContourMaxError, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming ContourMaxError and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_contour_max_error(
    settings: *mut OnavSettings,
    value: f32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_contour_max_error) }
}

/// MaxEdgeLength: the longest contour edge, in world units (0: edges stay
/// whole).
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_max_edge_length(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::max_edge_length) }
}

/// Sets MaxEdgeLength, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming MaxEdgeLength and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_max_edge_length(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_max_edge_length) }
}

/// DetailSampleDistance: the detail mesh sample spacing, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_detail_sample_distance(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::detail_sample_distance) }
}

/// Sets DetailSampleDistance, which must be finite and >= 0: any other
/// value is ONAV_E_OUT_OF_RANGE naming DetailSampleDistance and leaves the
/// settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_detail_sample_distance(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_detail_sample_distance) }
}

/// DetailMaxError: the largest detail mesh height error, in world units.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_detail_max_error(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::detail_max_error) }
}

/// Sets DetailMaxError, which must be finite and >= 0: any other value is
/// ONAV_E_OUT_OF_RANGE naming DetailMaxError and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_detail_max_error(
    settings: *mut OnavSettings,
    value: f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_detail_max_error) }
}

/// Height: the world height of the 2D build plane.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_height(
    settings: *const OnavSettings,
    out: *mut f64,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::height) }
}

/// Sets Height, which must be finite and strictly within ±2^21: any other
/// value is ONAV_E_OUT_OF_RANGE naming Height and leaves the settings
/// unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_height(settings: *mut OnavSettings, value: f64, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_height) }
}

/// Area: the default polygon area of 2D builds.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_area(settings: *const OnavSettings, out: *mut u8, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::area) }
}

/// Sets Area, which must be in 0..63: any other value is
/// ONAV_E_OUT_OF_RANGE naming Area and leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_area(settings: *mut OnavSettings, value: u8, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_area) }
}

/// Flags: the default polygon flags of 2D builds.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_flags(settings: *const OnavSettings, out: *mut u16, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { read_field(settings, out, err, NavSettings::flags) }
}

/// Sets Flags (every value is in range).
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_flags(settings: *mut OnavSettings, value: u16, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_field(settings, value, err, NavSettings::set_flags) }
}
