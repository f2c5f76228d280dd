//! The `build` table's settings, one set for both builders: RecastDemo's
//! tile-mesh defaults written as onav's `NavSettings` (lengths in world
//! units, region areas in cells), and the same settings as Recast's
//! rcConfig with every cell count derived by onav's documented rules
//! (docs/BUILD_3D.md, "Units"), so both builders work with the same
//! integers: cells per tile, walkable height (up), climb (down), radius
//! (up), border = radius + 3, max edge length (down), region areas.

use onav::{NavSettings, Partition};
use recastnavigation_sys::rcConfig;

use crate::recast_recipe::{RecastPartition, TileRecipe};
use crate::triangle_mesh::TriangleMesh;

/// RecastDemo's cell size and height, as the f32 values Recast uses.
const CELL_SIZE: f32 = 0.3;
const CELL_HEIGHT: f32 = 0.2;
/// Cells per tile side (RecastDemo's tile size 32).
const TILE_CELLS: f32 = 32.0;

fn set(result: onav::Result<&mut NavSettings>) -> Result<(), String> {
    result.map(drop).map_err(|e| format!("build settings: {e}"))
}

/// RecastDemo's defaults: agent 2.0 high, 0.6 wide, climbing 0.9 on slopes
/// up to 45°; regions of 8² and 20² cells; edges of at most 12 units
/// (40 cells) and 1.3 cells of error; 6 vertices per polygon; detail samples
/// 6 cells apart with 1 cell height of error. The origin is the geometry's
/// minimum corner, as Recast's tiles start there.
pub fn nav_settings(mesh: &TriangleMesh, partition: Partition) -> Result<NavSettings, String> {
    let (min, _) = mesh.bounds();
    let cell = CELL_SIZE as f64;
    let mut s = NavSettings::default();
    set(s.set_origin_x(min[0] as f64))?;
    set(s.set_origin_y(min[1] as f64))?;
    set(s.set_origin_z(min[2] as f64))?;
    set(s.set_cell_size(cell))?;
    set(s.set_cell_height(CELL_HEIGHT as f64))?;
    set(s.set_tile_size((TILE_CELLS * CELL_SIZE) as f64))?;
    set(s.set_agent_height(2.0))?;
    set(s.set_agent_radius(0.6))?;
    set(s.set_walkable_climb(0.9))?;
    set(s.set_agent_max_slope(45.0))?;
    set(s.set_min_region_area(64))?;
    set(s.set_merge_region_area(400))?;
    set(s.set_max_edge_length(40.0 * cell))?;
    set(s.set_contour_max_error(1.3 * CELL_SIZE))?;
    set(s.set_max_verts_per_poly(6))?;
    set(s.set_detail_sample_distance(6.0 * cell))?;
    set(s.set_detail_max_error(CELL_HEIGHT as f64))?;
    s.set_partition(partition);
    Ok(s)
}

/// The same settings as Recast's tile recipe. `Partition::Layers` has no
/// recipe here (Recast's layer partition builds differently).
pub fn recast_recipe(s: &NavSettings) -> Result<TileRecipe, String> {
    let partition = match s.partition() {
        Partition::Watershed => RecastPartition::Watershed,
        Partition::Monotone => RecastPartition::Monotone,
        Partition::Layers => return Err("the build table compares watershed and monotone only".into()),
    };
    let tile_cells = (s.tile_size() / s.cell_size()).round().max(1.0);
    let cell = s.tile_size() / tile_cells;
    let height = s.cell_height();
    let radius = (s.agent_radius() as f64 / cell).ceil() as i32;
    let sample_distance = if s.detail_sample_distance() < 0.9 * cell { 0.0 } else { s.detail_sample_distance() };
    let config = rcConfig {
        width: 0,
        height: 0,
        tileSize: tile_cells as i32,
        borderSize: radius + 3,
        cs: cell as f32,
        ch: height as f32,
        bmin: [0.0; 3],
        bmax: [0.0; 3],
        walkableSlopeAngle: s.agent_max_slope(),
        walkableHeight: (s.agent_height() as f64 / height).ceil() as i32,
        walkableClimb: (s.walkable_climb() as f64 / height).floor() as i32,
        walkableRadius: radius,
        maxEdgeLen: (s.max_edge_length() / cell).floor() as i32,
        maxSimplificationError: (s.contour_max_error() as f64 / cell) as f32,
        minRegionArea: s.min_region_area(),
        mergeRegionArea: s.merge_region_area(),
        maxVertsPerPoly: i32::from(s.max_verts_per_poly()),
        detailSampleDist: sample_distance as f32,
        detailSampleMaxError: s.detail_max_error() as f32,
    };
    Ok(TileRecipe {
        config,
        partition,
        agent_height: s.agent_height(),
        agent_radius: s.agent_radius(),
        agent_climb: s.walkable_climb(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flat_grid::flat_square;

    #[test]
    fn recast_gets_recastdemos_cell_counts() {
        let mesh = flat_square(2, 32, CELL_SIZE);
        let c = recast_recipe(&nav_settings(&mesh, Partition::Watershed).unwrap()).unwrap().config;
        assert_eq!((c.tileSize, c.borderSize, c.walkableHeight, c.walkableClimb, c.walkableRadius), (32, 5, 10, 4, 2));
        assert_eq!((c.maxEdgeLen, c.minRegionArea, c.mergeRegionArea, c.maxVertsPerPoly), (40, 64, 400, 6));
        assert_eq!(c.cs, CELL_SIZE);
        assert!((c.maxSimplificationError - 1.3).abs() < 1e-6, "{}", c.maxSimplificationError);
        assert!((c.detailSampleDist - 1.8).abs() < 1e-6 && (c.detailSampleMaxError - 0.2).abs() < 1e-6);
    }
}
