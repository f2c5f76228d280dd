//! What a whole loaded mesh holds in each library: tiles, polygons, the
//! heap bytes its loading left live, and its links by what they cross.

use onav::{read_mesh, LinkKind, TiledNavMesh};

use crate::detour_mesh::DetourLinkCounts;
use crate::mset::load_mset;
use crate::resident_bytes::thread_live_bytes;

pub struct Footprint {
    pub tiles: usize,
    pub polygons: usize,
    pub resident_bytes: usize,
    /// Detour only: links between polygons of one tile (onav keeps those
    /// in the tile's neighbour array and makes no link for them).
    pub in_tile_links: Option<usize>,
    /// Links across a tile border: Detour's external links, onav's portal links.
    pub border_links: usize,
    pub off_mesh_links: usize,
}

impl Footprint {
    pub fn bytes_per_polygon(&self) -> f64 {
        self.resident_bytes as f64 / self.polygons as f64
    }
}

/// Detour's mesh loaded from MSET bytes, kept while it is measured.
pub fn detour_footprint(mset: &[u8]) -> Result<Footprint, String> {
    let before = thread_live_bytes();
    let mesh = load_mset(mset)?;
    let resident_bytes = grown_since(before);
    let (tiles, polygons) = mesh.tile_and_polygon_counts();
    let DetourLinkCounts { internal, external, off_mesh } = mesh.link_counts();
    Ok(Footprint {
        tiles,
        polygons,
        resident_bytes,
        in_tile_links: Some(internal),
        border_links: external,
        off_mesh_links: off_mesh,
    })
}

/// onav's mesh read from `write_mesh` bytes, kept while it is measured.
pub fn onav_footprint(mesh_bytes: &[u8]) -> Result<Footprint, String> {
    let before = thread_live_bytes();
    let mesh = read_mesh(mesh_bytes).map_err(|e| format!("onav read_mesh: {e}"))?;
    let resident_bytes = grown_since(before);
    let polygons = mesh.tiles().map(|(_, tile)| tile.polygon_count()).sum();
    let (border_links, off_mesh_links) = onav_links(&mesh);
    Ok(Footprint {
        tiles: mesh.tile_count(),
        polygons,
        resident_bytes,
        in_tile_links: None,
        border_links,
        off_mesh_links,
    })
}

/// What this thread's allocations grew by since `before` (both loads run
/// on the calling thread), never negative.
fn grown_since(before: isize) -> usize {
    usize::try_from(thread_live_bytes() - before).unwrap_or(0)
}

/// Portal links and off-mesh links (both directions) of every polygon.
fn onav_links(mesh: &TiledNavMesh) -> (usize, usize) {
    let (mut portal, mut off_mesh) = (0, 0);
    for (tile_ref, tile) in mesh.tiles() {
        for polygon in 0..tile.polygon_count() as u32 {
            let links = tile_ref.polygon(polygon).and_then(|poly_ref| mesh.links(poly_ref)).unwrap_or_default();
            for link in links {
                match link.kind {
                    LinkKind::Portal => portal += 1,
                    LinkKind::OffMesh | LinkKind::OffMeshReverse => off_mesh += 1,
                }
            }
        }
    }
    (portal, off_mesh)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use onav::import::detour::{read_tile_set, ImportOptions};
    use onav::{write_mesh, TiledNavMesh};

    use super::*;
    use crate::inputs::repo_root;

    /// onav's `write_mesh` bytes of an MSET file's tiles.
    fn onav_mesh_bytes(mset: &[u8]) -> Vec<u8> {
        let set = read_tile_set(mset, &ImportOptions::default()).unwrap();
        let mut mesh = TiledNavMesh::new(set.params).unwrap();
        for tile in set.tiles {
            mesh.add_tile(Arc::new(tile)).unwrap();
        }
        write_mesh(&mesh)
    }

    /// The fixtures have no off-mesh connections, so every link onav makes
    /// crosses a tile border, and Detour makes the same ones.
    #[test]
    fn both_libraries_link_the_same_tile_borders_of_the_fixtures() {
        for name in ["nav_test", "dungeon"] {
            let mset = std::fs::read(repo_root().join(format!("tests/data/detour/{name}.mset"))).unwrap();
            let detour = detour_footprint(&mset).unwrap();
            let onav = onav_footprint(&onav_mesh_bytes(&mset)).unwrap();
            assert_eq!((onav.tiles, onav.polygons), (detour.tiles, detour.polygons), "{name}");
            assert!(detour.border_links > 0, "{name}");
            assert_eq!(onav.border_links, detour.border_links, "{name}");
            assert_eq!((onav.off_mesh_links, detour.off_mesh_links), (0, 0), "{name}");
        }
    }
}
