//! The `OnavSettings` handle: new, clone, free, the partition, the authored
//! off-mesh links and the conversion to `OnavParams`. The scalar fields'
//! getters and setters are in [`crate::ffi::world::nav_settings_fields`].

use crate::world::nav_settings::{NavSettings, Partition};
use crate::world::off_mesh_link_definition::OffMeshLinkDefinition;
use crate::NavMeshError;

use crate::ffi::args::{arg_mut, arg_ref, arg_slice, out_arg};
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::format::params::OnavParams;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, into_handle, store_new_handle, write_handle_value};
use crate::ffi::mesh::mesh_polygon::OnavDVec3;

/// Partition value: watershed regions (the default).
pub const ONAV_PARTITION_WATERSHED: i32 = 0;
/// Partition value: monotone regions.
pub const ONAV_PARTITION_MONOTONE: i32 = 1;
/// Partition value: layer regions.
pub const ONAV_PARTITION_LAYERS: i32 = 2;
// cbindgen needs literals above; these keep them equal to the enum's values.
const _: () = assert!(ONAV_PARTITION_WATERSHED == Partition::Watershed as i32);
const _: () = assert!(ONAV_PARTITION_MONOTONE == Partition::Monotone as i32);
const _: () = assert!(ONAV_PARTITION_LAYERS == Partition::Layers as i32);

/// Build settings of one agent class over one tile grid: the grid, the
/// agent, every settings-digest field and the authored off-mesh links.
/// Opaque: created by onav_settings_new, onav_settings_clone or
/// onav_nav_mesh_settings, released by onav_settings_free. Every setter
/// validates its value, so the settings never hold a value out of range.
/// Getters (const) may run concurrently; setters need exclusive use.
pub struct OnavSettings {
    pub(crate) settings: NavSettings,
}

/// An authored off-mesh link in world space, as the author places it;
/// builds bake it into the slots of the tile holding its start. Plain data.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavOffMeshLinkDefinition {
    /// World start point, each coordinate strictly within ±2^21.
    pub start: OnavDVec3,
    /// World end point, each coordinate strictly within ±2^21.
    pub end: OnavDVec3,
    /// Attachment radius: finite, > 0.
    pub radius: f64,
    /// 0 (start to end only) or 1 (both ways).
    pub bidirectional: u8,
    /// 0..63.
    pub area: u8,
    /// Any bits.
    pub flags: u16,
    /// Caller's id, carried into the tile's link slot.
    pub user_id: u32,
}

impl From<OnavDVec3> for [f64; 3] {
    fn from(v: OnavDVec3) -> Self {
        [v.x, v.y, v.z]
    }
}

impl From<&OffMeshLinkDefinition> for OnavOffMeshLinkDefinition {
    fn from(link: &OffMeshLinkDefinition) -> Self {
        OnavOffMeshLinkDefinition {
            start: link.start.into(),
            end: link.end.into(),
            radius: link.radius,
            bidirectional: u8::from(link.bidirectional),
            area: link.area,
            flags: link.flags,
            user_id: link.user_id,
        }
    }
}

/// The link as an `OffMeshLinkDefinition`; `bidirectional` must be 0 or 1
/// (out of range naming `OffMeshLinks[index]` otherwise, like the other
/// checks of the link values).
fn link_definition(index: usize, link: &OnavOffMeshLinkDefinition) -> Result<OffMeshLinkDefinition, NavMeshError> {
    let bidirectional = match link.bidirectional {
        0 => false,
        1 => true,
        other => {
            return Err(NavMeshError::out_of_range(format!(
                "OffMeshLinks[{index}]: bidirectional {other} must be 0 or 1"
            )))
        }
    };
    Ok(OffMeshLinkDefinition {
        start: link.start.into(),
        end: link.end.into(),
        radius: link.radius,
        bidirectional,
        area: link.area,
        flags: link.flags,
        user_id: link.user_id,
    })
}

/// The settings behind `settings`.
///
/// # Safety
/// `settings` is NULL or points to a valid `OnavSettings` that stays
/// unchanged for `'a`; `name` is the argument's name for the NULL error.
pub(crate) unsafe fn settings_arg<'a>(settings: *const OnavSettings, name: &str) -> Result<&'a NavSettings, Failure> {
    // SAFETY: forwarded from this function's contract.
    Ok(&unsafe { arg_ref(settings, name) }?.settings)
}

/// Stores new settings with the defaults in `*out`: a 32-unit tile grid at
/// the origin, 0.25 cells, a 0.5-radius, 2-high agent, watershed
/// partition, area 63, flags 1 and no authored links.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_new(out: *mut *mut OnavSettings, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            store_new_handle(out, || Ok(OnavSettings { settings: NavSettings::default() }))
        })
    }
}

/// Stores an independent copy of the settings (links included) in `*out`.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_clone(
    settings: *const OnavSettings,
    out: *mut *mut OnavSettings,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(settings, "settings", out, err, |settings| {
            Ok(into_handle(OnavSettings { settings: settings.settings.clone() }))
        })
    }
}

/// Releases settings. Meshes built with them keep their own copy. NULL is a
/// no-op; freeing the same settings twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the settings meanwhile
/// or afterwards.
///
/// # Safety
/// `settings` is NULL or settings from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_free(settings: *mut OnavSettings) {
    // SAFETY: `settings` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(settings) }
}

/// The region partitioning (Partition): one of the ONAV_PARTITION_* values.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_partition(
    settings: *const OnavSettings,
    out: *mut i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(settings, "settings", out, err, |settings| Ok(settings.settings.partition() as i32)) }
}

/// Sets the region partitioning (Partition) to one of the ONAV_PARTITION_*
/// values; any other value is ONAV_E_OUT_OF_RANGE naming Partition and
/// leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_partition(
    settings: *mut OnavSettings,
    value: i32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let settings = arg_mut(settings, "settings")?;
            let partition = Partition::from_i32(value).ok_or_else(|| {
                NavMeshError::out_of_range(format!("NavSettings.Partition = {value} must be 0, 1 or 2"))
            })?;
            settings.settings.set_partition(partition);
            Ok(())
        })
    }
}

/// Replaces the authored off-mesh links with the `count` links of `links`
/// (copied; NULL allowed when `count` is 0). Each link is checked: a
/// coordinate outside ±2^21, a radius not > 0, an area above 63 or a
/// bidirectional other than 0 or 1 is ONAV_E_OUT_OF_RANGE naming
/// `OffMeshLinks[i]`, and leaves the settings unchanged.
///
/// Thread safety: exclusive on the settings.
///
/// # Safety
/// Pointers are NULL or valid; `links` holds `count` records.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_set_off_mesh_links(
    settings: *mut OnavSettings,
    links: *const OnavOffMeshLinkDefinition,
    count: usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `count` records.
    unsafe {
        guard(err, || {
            let settings = arg_mut(settings, "settings")?;
            let links = arg_slice(links, count, "links")?
                .iter()
                .enumerate()
                .map(|(i, link)| link_definition(i, link))
                .collect::<Result<Vec<_>, _>>()?;
            settings.settings.set_off_mesh_links(links)?;
            Ok(())
        })
    }
}

/// Copies the authored off-mesh links into `buf` of `cap` records and
/// writes their count to `*len_out`. A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed count in `*len_out`.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable records.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_off_mesh_links(
    settings: *const OnavSettings,
    buf: *mut OnavOffMeshLinkDefinition,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` records.
    unsafe {
        guard(err, || {
            let buffer = array_buffer(buf, cap, len_out)?;
            let settings = settings_arg(settings, "settings")?;
            let links: Vec<OnavOffMeshLinkDefinition> = settings.off_mesh_links().iter().map(Into::into).collect();
            buffer.fill(&links)
        })
    }
}

/// The mesh parameters these settings build with (NavSettings.ToParams):
/// grid and agent fields plus the settings digest over the digest fields
/// and links. A rule between fields that fails (TileSize above 8192 *
/// CellSize) is ONAV_E_OUT_OF_RANGE naming the field.
///
/// Thread safety: may be called concurrently on the same settings.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_settings_to_params(
    settings: *const OnavSettings,
    out: *mut OnavParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(settings, "settings", out, err, |settings| Ok((&settings.settings.to_params()?).into()))
    }
}
