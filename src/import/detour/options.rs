//! What the caller supplies because Detour does not record it, and how far
//! the importer may move a portal vertex onto its tile boundary.

use crate::{NavMeshError, Result};

/// Import settings. [`ImportOptions::default`] gives the documented values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImportOptions {
    /// `AgentMaxSlope` of the parameters, in degrees (0..=90). Detour tiles
    /// do not record the slope they were built with. Default 45, RecastDemo's
    /// default agent slope.
    pub max_slope_degrees: f32,
    /// How far, in cells (`CellSize` = 1 / `bvQuantFactor`), a vertex of an
    /// edge Detour flags as a portal may lie from the tile boundary the flag
    /// names; it is placed exactly on the boundary, and a farther vertex is
    /// a format error naming the tile, polygon and edge. Finite and >= 0.
    /// Default 0.25: Recast puts portal vertices on the boundary's cell
    /// line, the next line is a whole cell away, and a quarter cell is far
    /// above the float rounding of world coordinates up to 2^17 units.
    pub boundary_tolerance_cells: f64,
}

/// RecastDemo's default agent slope, in degrees.
pub const DEFAULT_MAX_SLOPE_DEGREES: f32 = 45.0;
/// Default [`ImportOptions::boundary_tolerance_cells`].
pub const DEFAULT_BOUNDARY_TOLERANCE_CELLS: f64 = 0.25;

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            max_slope_degrees: DEFAULT_MAX_SLOPE_DEGREES,
            boundary_tolerance_cells: DEFAULT_BOUNDARY_TOLERANCE_CELLS,
        }
    }
}

impl ImportOptions {
    /// An out-of-range error naming the first option outside its range.
    pub fn validate(&self) -> Result<()> {
        if !(self.max_slope_degrees >= 0.0 && self.max_slope_degrees <= 90.0) {
            return Err(NavMeshError::OutOfRange(format!(
                "ImportOptions.max_slope_degrees = {} must be in 0..=90",
                self.max_slope_degrees
            )));
        }
        let tolerance = self.boundary_tolerance_cells;
        if !(tolerance.is_finite() && tolerance >= 0.0) {
            return Err(NavMeshError::OutOfRange(format!(
                "ImportOptions.boundary_tolerance_cells = {tolerance:?} must be finite and >= 0"
            )));
        }
        Ok(())
    }
}
