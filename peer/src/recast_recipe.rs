//! What one Recast tile build is given: Recast's own `rcConfig` (lengths in
//! cells as Recast takes them; `width`, `height`, `bmin` and `bmax` are set
//! per tile), the region partition, and the agent's values in world units,
//! which `dtCreateNavMeshData` records in the tile header.

use recastnavigation_sys::rcConfig;

/// `rcBuildRegions` (watershed over the distance field) or
/// `rcBuildRegionsMonotone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecastPartition {
    Watershed,
    Monotone,
}

#[derive(Debug, Clone, Copy)]
pub struct TileRecipe {
    pub config: rcConfig,
    pub partition: RecastPartition,
    pub agent_height: f32,
    pub agent_radius: f32,
    pub agent_climb: f32,
}

impl TileRecipe {
    /// A tile's side in world units, computed in f32 as Detour does.
    pub fn tile_width(&self) -> f32 {
        self.config.tileSize as f32 * self.config.cs
    }
}
