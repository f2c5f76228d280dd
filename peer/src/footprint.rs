//! What a whole loaded mesh holds in each library: tiles, polygons, the
//! heap bytes its loading left live, and its links by what they cross.

use onav::{read_mesh, LinkKind, TiledNavMesh};

use crate::detour_mesh::DetourLinkCounts;
use crate::mset::load_mset;
use crate::resident_bytes::live_bytes;

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
    let before = live_bytes();
    let mesh = load_mset(mset)?;
    let resident_bytes = live_bytes() - before;
    let (tiles, polygons) = mesh.tile_and_polygon_counts();
    let DetourLinkCounts { internal, external, off_mesh } = mesh.link_counts();
    Ok(Footprint { tiles, polygons, resident_bytes, in_tile_links: Some(internal), border_links: external, off_mesh_links: off_mesh })
}

/// onav's mesh read from `write_mesh` bytes, kept while it is measured.
pub fn onav_footprint(mesh_bytes: &[u8]) -> Result<Footprint, String> {
    let before = live_bytes();
    let mesh = read_mesh(mesh_bytes).map_err(|e| format!("onav read_mesh: {e}"))?;
    let resident_bytes = live_bytes() - before;
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

/// Portal links and off-mesh links (both directions) of every polygon.
fn onav_links(mesh: &TiledNavMesh) -> (usize, usize) {
    let (mut portal, mut off_mesh) = (0, 0);
    for (tile_ref, tile) in mesh.tiles() {
        for polygon in 0..tile.polygon_count() as u32 {
            let links = tile_ref.polygon(polygon).and_then(|poly_ref| mesh.links(poly_ref)).unwrap_or(&[]);
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
