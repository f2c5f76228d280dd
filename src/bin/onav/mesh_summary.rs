//! Counts that describe a stitched mesh: one row per tile and link totals
//! by kind.

use onav::{LinkKind, NavTile, TileRef, TiledNavMesh};

/// One tile of the mesh.
pub struct TileRow {
    pub slot: u32,
    pub salt: u32,
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    pub polygons: usize,
    pub vertices: usize,
    pub edges: usize,
    pub off_mesh_slots: usize,
    /// Stitched links leaving the tile's polygons.
    pub links: usize,
}

/// Stitched links of the mesh by kind.
#[derive(Default)]
pub struct LinkTotals {
    pub portal: usize,
    pub off_mesh: usize,
    pub off_mesh_reverse: usize,
}

impl LinkTotals {
    fn add(&mut self, kind: LinkKind) {
        match kind {
            LinkKind::Portal => self.portal += 1,
            LinkKind::OffMesh => self.off_mesh += 1,
            LinkKind::OffMeshReverse => self.off_mesh_reverse += 1,
        }
    }
}

/// Every tile in slot order.
pub fn tile_rows(mesh: &TiledNavMesh) -> Vec<TileRow> {
    mesh.tiles()
        .map(|(tile_ref, tile)| TileRow {
            slot: tile_ref.slot(),
            salt: tile_ref.salt(),
            tile_x: tile.tile_x(),
            tile_z: tile.tile_z(),
            layer: tile.layer(),
            polygons: tile.polygon_count(),
            vertices: tile.vertices().len(),
            edges: tile.edge_count(),
            off_mesh_slots: tile.off_mesh_links().len(),
            links: tile_link_kinds(mesh, tile_ref, tile).count(),
        })
        .collect()
}

pub fn link_totals(mesh: &TiledNavMesh) -> LinkTotals {
    let mut totals = LinkTotals::default();
    for (tile_ref, tile) in mesh.tiles() {
        tile_link_kinds(mesh, tile_ref, tile).for_each(|kind| totals.add(kind));
    }
    totals
}

/// The kind of every link leaving a polygon of the tile.
fn tile_link_kinds<'a>(
    mesh: &'a TiledNavMesh,
    tile_ref: TileRef,
    tile: &NavTile,
) -> impl Iterator<Item = LinkKind> + 'a {
    (0..tile.polygon_count() as u32)
        .filter_map(move |p| tile_ref.polygon(p))
        .flat_map(move |poly_ref| mesh.links(poly_ref).unwrap_or_default())
        .map(|link| link.kind)
}
