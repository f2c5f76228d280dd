//! The flat test floor: one square of `tiles_per_side` tiles of
//! `tile_cells` cells per side, two upward-facing triangles at y = 0.

use crate::triangle_mesh::TriangleMesh;

pub fn flat_square(tiles_per_side: u32, tile_cells: u32, cell_size: f32) -> TriangleMesh {
    let side = (tiles_per_side * tile_cells) as f32 * cell_size;
    TriangleMesh {
        vertices: vec![0.0, 0.0, 0.0, 0.0, 0.0, side, side, 0.0, side, side, 0.0, 0.0],
        // Counter-clockwise seen from above, so both normals point up (+y).
        triangles: vec![0, 1, 2, 0, 2, 3],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recast_build::{tile_grid, RecastSettings};

    #[test]
    fn recast_divides_the_floor_into_64_by_64_tiles() {
        let settings = RecastSettings::TILE_MESH_DEFAULTS;
        let (min, max) = flat_square(64, settings.tile_size as u32, settings.cell_size).bounds();
        assert_eq!(tile_grid(min, max, &settings.recipe()), (64, 64));
    }
}
