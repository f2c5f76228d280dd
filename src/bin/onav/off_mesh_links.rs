//! Every off-mesh link slot of a mesh in world space, with whether it
//! connected. Debug links list only stitched links; showing the ones that
//! stayed unconnected needs the slots and their attachments.

use onav::{NavTile, TileRef, TiledNavMesh};

/// One off-mesh link slot.
pub struct OffMeshLinkView {
    pub slot: u32,
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    /// Index of the link in its tile.
    pub index: usize,
    pub user_id: u32,
    pub bidirectional: bool,
    pub connected: bool,
    pub start: [f64; 3],
    pub end: [f64; 3],
}

/// The slots of every tile, in slot and link order.
pub fn off_mesh_links(mesh: &TiledNavMesh) -> Vec<OffMeshLinkView> {
    mesh.tiles().flat_map(|(tile_ref, tile)| tile_links(mesh, tile_ref, tile)).collect()
}

fn tile_links<'a>(
    mesh: &'a TiledNavMesh,
    tile_ref: TileRef,
    tile: &'a NavTile,
) -> impl Iterator<Item = OffMeshLinkView> + 'a {
    let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let origin = [x, tile.origin_y(), z];
    let attachments = mesh.off_mesh_attachments(tile_ref).unwrap_or_default();
    tile.off_mesh_links().iter().enumerate().map(move |(index, link)| OffMeshLinkView {
        slot: tile_ref.slot(),
        tile_x: tile.tile_x(),
        tile_z: tile.tile_z(),
        layer: tile.layer(),
        index,
        user_id: link.user_id,
        bidirectional: link.bidirectional,
        connected: attachments.get(index).is_some_and(|a| a.is_connected()),
        start: world(origin, link.start),
        end: world(origin, link.end),
    })
}

/// `origin + (f64)local`, as the debug geometry computes world positions.
fn world(origin: [f64; 3], local: [f32; 3]) -> [f64; 3] {
    [origin[0] + f64::from(local[0]), origin[1] + f64::from(local[1]), origin[2] + f64::from(local[2])]
}
