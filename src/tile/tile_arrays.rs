//! `TileArrays`: a borrowed view of one tile's contents with the fields of
//! [`NavTileData`] as slices. The rules read tiles through it whether the
//! arrays are a builder's vectors or a validated tile's one buffer, and
//! `NavTile::data` hands it out, so code reading `tile.data().polygons`
//! does not care where the arrays live.

use crate::tile::tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon};

/// [`NavTileData`], borrowed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileArrays<'a> {
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    pub origin_y: f64,
    pub vertices: &'a [[f32; 3]],
    pub polygons: &'a [Polygon],
    pub indices: &'a [u32],
    pub neighbours: &'a [u32],
    pub portal_sides: &'a [u8],
    pub detail_meshes: &'a [DetailMesh],
    pub detail_vertices: &'a [[f32; 3]],
    pub detail_triangles: &'a [DetailTriangle],
    pub off_mesh_links: &'a [OffMeshLinkSlot],
}

impl TileArrays<'_> {
    /// Owned copies of the arrays, e.g. for a builder to edit and create
    /// again.
    pub fn to_data(&self) -> NavTileData {
        NavTileData {
            tile_x: self.tile_x,
            tile_z: self.tile_z,
            layer: self.layer,
            origin_y: self.origin_y,
            vertices: self.vertices.to_vec(),
            polygons: self.polygons.to_vec(),
            indices: self.indices.to_vec(),
            neighbours: self.neighbours.to_vec(),
            portal_sides: self.portal_sides.to_vec(),
            detail_meshes: self.detail_meshes.to_vec(),
            detail_vertices: self.detail_vertices.to_vec(),
            detail_triangles: self.detail_triangles.to_vec(),
            off_mesh_links: self.off_mesh_links.to_vec(),
        }
    }
}

impl NavTileData {
    /// The arrays, borrowed.
    pub fn arrays(&self) -> TileArrays<'_> {
        TileArrays {
            tile_x: self.tile_x,
            tile_z: self.tile_z,
            layer: self.layer,
            origin_y: self.origin_y,
            vertices: &self.vertices,
            polygons: &self.polygons,
            indices: &self.indices,
            neighbours: &self.neighbours,
            portal_sides: &self.portal_sides,
            detail_meshes: &self.detail_meshes,
            detail_vertices: &self.detail_vertices,
            detail_triangles: &self.detail_triangles,
            off_mesh_links: &self.off_mesh_links,
        }
    }
}

impl PartialEq<NavTileData> for TileArrays<'_> {
    fn eq(&self, other: &NavTileData) -> bool {
        *self == other.arrays()
    }
}

impl PartialEq<&NavTileData> for TileArrays<'_> {
    fn eq(&self, other: &&NavTileData) -> bool {
        *self == other.arrays()
    }
}
