//! The grids the mesh benchmarks edit (shared by `mesh` and `edit_work`).

use std::sync::Arc;

use onav::{NavMeshParams, NavTile};

use crate::mesh_common::{link, GridTile};

/// A grid tile of `cells` × `cells` squares; with links, one bidirectional
/// link to the next column and one inside the tile.
pub fn bench_tile(p: &NavMeshParams, x: i32, z: i32, cells: u32, links: bool) -> Arc<NavTile> {
    let mut tile = GridTile::new(x, z, cells);
    if links {
        tile = tile.link(link([1.0, 0.0, 1.0], [21.0, 0.0, 9.0], 0.5, true)).link(link(
            [9.0, 0.0, 1.0],
            [3.0, 0.0, 13.0],
            0.5,
            false,
        ));
    }
    tile.build(p)
}

/// Tiles of a `side` × `side` grid, row by row (index z * side + x).
pub fn grid(p: &NavMeshParams, side: i32, cells: u32, links: bool) -> Vec<Arc<NavTile>> {
    (0..side).flat_map(|z| (0..side).map(move |x| (x, z))).map(|(x, z)| bench_tile(p, x, z, cells, links)).collect()
}
