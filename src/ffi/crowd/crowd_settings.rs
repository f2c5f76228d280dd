//! `OnavCrowdSettings`: the plain-data form of a crowd's settings (fixed
//! dt, search budget, placement box, topology interval) and its default.

use crate::crowd::CrowdSettings;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;

/// Crowd-wide settings, fixed for the crowd's life. Plain data, checked by
/// the functions creating a crowd (ONAV_E_OUT_OF_RANGE naming the field).
/// Start from onav_crowd_settings_default.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnavCrowdSettings {
    /// Seconds per tick: finite and > 0. Every step advances by exactly
    /// this, so lockstep hosts see the same bits.
    pub dt: f64,
    /// Node budget of each path search (>= 1).
    pub max_nodes: u32,
    /// Half extents of the box in which the polygon under a position is
    /// looked for (adding an agent, teleporting it, placing a target):
    /// finite and >= 0.
    pub placement_half_extents: OnavDVec3,
    /// Seconds between two topology optimisations of a corridor (>= 0).
    pub topology_interval: f64,
}

impl From<&CrowdSettings> for OnavCrowdSettings {
    fn from(settings: &CrowdSettings) -> Self {
        OnavCrowdSettings {
            dt: settings.dt,
            // The default and every C-made settings hold a uint32_t budget.
            max_nodes: u32::try_from(settings.max_nodes).unwrap_or(u32::MAX),
            placement_half_extents: settings.placement_half_extents.into(),
            topology_interval: settings.topology_interval,
        }
    }
}

/// The settings a crowd is created with, read from `settings` (checked
/// when the crowd is created).
///
/// # Safety
/// `settings` is NULL or points to a valid OnavCrowdSettings.
pub(crate) unsafe fn settings_arg(settings: *const OnavCrowdSettings) -> Result<CrowdSettings, Failure> {
    // SAFETY: forwarded from this function's contract.
    let c = unsafe { arg_ref(settings, "settings") }?;
    Ok(CrowdSettings {
        dt: c.dt,
        max_nodes: c.max_nodes as usize,
        placement_half_extents: c.placement_half_extents.into(),
        topology_interval: c.topology_interval,
    })
}

/// Writes the default settings to `*out`: dt 1/30 s, 4096 nodes per
/// search, a placement box of half extents (2, 4, 2), a topology
/// optimisation every 0.5 s.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_crowd_settings_default(out: *mut OnavCrowdSettings, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            out_arg(out, "out")?.write(OnavCrowdSettings::from(&CrowdSettings::default()));
            Ok(())
        })
    }
}
