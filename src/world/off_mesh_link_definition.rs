//! `OffMeshLinkDefinition`: an authored off-mesh link in world space (format
//! text "Authoring: off-mesh links, agent classes, streaming").

use crate::error::{NavMeshError, Result};
use crate::tile::coordinate::is_within_bound;
use crate::tile::tile_data::MAX_AREA;

/// A link as the author places it; builds bake it into the slots of the
/// tile holding its start.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OffMeshLinkDefinition {
    /// World x, y, z, inside the coordinate rule.
    pub start: [f64; 3],
    pub end: [f64; 3],
    /// Finite and > 0.
    pub radius: f64,
    pub bidirectional: bool,
    /// 0..=63.
    pub area: u8,
    pub flags: u16,
    /// The caller's id, carried into the tile's link slot.
    pub user_id: u32,
}

impl OffMeshLinkDefinition {
    /// Rule 3 of "Authored links" for the values alone: finite coordinates
    /// inside the bound, a radius above 0, an area up to 63. The error is
    /// out of range and names `OffMeshLinks[index]`.
    pub fn check(&self, index: usize) -> Result<()> {
        let name = format!("OffMeshLinks[{index}]");
        if let Some(v) = self.start.iter().chain(&self.end).find(|v| !is_within_bound(**v)) {
            return Err(NavMeshError::out_of_range(format!(
                "{name}: coordinate {v:?} must be finite and strictly within ±2097152"
            )));
        }
        if !(self.radius.is_finite() && self.radius > 0.0) {
            return Err(NavMeshError::out_of_range(format!("{name}: radius {:?} must be finite and > 0", self.radius)));
        }
        if self.area > MAX_AREA {
            return Err(NavMeshError::out_of_range(format!("{name}: area {} above {MAX_AREA}", self.area)));
        }
        Ok(())
    }
}
