//! RAII around Detour's `dtNavMesh` (`dtAllocNavMesh`/`dtFreeNavMesh`).
//!
//! Every tile buffer has exactly one owner: a [`DetourTileData`], or the
//! mesh. A tile added with [`DetourMesh::add_tile`] is Detour's
//! (`DT_TILE_FREE_DATA`: removal frees it); one added with
//! [`DetourMesh::add_tile_kept`] is lent (flags 0, as a tile cache does):
//! removal hands it back, and dropping the mesh frees it.

use std::ptr::NonNull;

use recastnavigation_sys::{
    dtAllocNavMesh, dtFree, dtFreeNavMesh, dtMeshTile, dtNavMesh, dtNavMeshParams, dtPoly, dtPolyRef, dtStatus,
    dtTileFlags_DT_TILE_FREE_DATA, dtTileRef, DT_FAILURE, DT_NULL_LINK,
};

use crate::detour_tile_data::DetourTileData;

pub struct DetourMesh {
    mesh: NonNull<dtNavMesh>,
}

/// Detour's links by what they cross.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DetourLinkCounts {
    /// Between two polygons of one tile.
    pub internal: usize,
    /// Across a tile border.
    pub external: usize,
    /// From or to an off-mesh connection polygon.
    pub off_mesh: usize,
}

/// Detour's polygon type lives in the top two bits of `areaAndtype`.
const POLY_TYPE_SHIFT: u8 = 6;
const POLY_TYPE_OFF_MESH: u8 = 1;
/// The side Detour gives a link that crosses no tile border.
const NO_SIDE: u8 = 0xFF;

fn failed(status: dtStatus) -> bool {
    status & DT_FAILURE != 0
}

impl DetourMesh {
    pub fn new(params: &dtNavMeshParams) -> Result<DetourMesh, String> {
        // SAFETY: dtAllocNavMesh returns null or a constructed mesh.
        let mesh = NonNull::new(unsafe { dtAllocNavMesh() }).ok_or("dtAllocNavMesh failed")?;
        let mut mesh = DetourMesh { mesh };
        // SAFETY: the mesh is valid; init copies the parameters.
        let status = unsafe { mesh.mesh.as_mut().init(params) };
        if failed(status) {
            return Err(format!("dtNavMesh::init failed (status {status:#x})"));
        }
        Ok(mesh)
    }

    /// The mesh, for a query object that reads it while this value lives.
    pub fn as_ptr(&self) -> *const dtNavMesh {
        self.mesh.as_ptr()
    }

    /// Adds a tile Detour owns from now on (`DT_TILE_FREE_DATA`); `last_ref`
    /// restores a saved reference (0 for a new one). On failure the data
    /// comes back with the status.
    pub fn add_tile(
        &mut self,
        data: DetourTileData,
        last_ref: dtTileRef,
    ) -> Result<dtTileRef, (DetourTileData, dtStatus)> {
        self.add(data, dtTileFlags_DT_TILE_FREE_DATA as i32, last_ref)
    }

    /// Adds a tile lent to the mesh (flags 0): [`Self::remove_tile_at`]
    /// hands it back.
    pub fn add_tile_kept(&mut self, data: DetourTileData) -> Result<dtTileRef, (DetourTileData, dtStatus)> {
        self.add(data, 0, 0)
    }

    fn add(
        &mut self,
        data: DetourTileData,
        flags: i32,
        last_ref: dtTileRef,
    ) -> Result<dtTileRef, (DetourTileData, dtStatus)> {
        let Ok(size) = i32::try_from(data.as_bytes().len()) else {
            return Err((data, DT_FAILURE));
        };
        let (ptr, len) = data.into_raw();
        let mut tile_ref: dtTileRef = 0;
        // SAFETY: the buffer is a dtAlloc block of `size` bytes; on success
        // the mesh holds it until removal or drop, as the type's comment says.
        let status = unsafe { self.mesh.as_mut().addTile(ptr.as_ptr(), size, flags, last_ref, &mut tile_ref) };
        if failed(status) {
            // SAFETY: a failed addTile did not take the buffer.
            return Err((unsafe { DetourTileData::from_raw(ptr, len) }, status));
        }
        Ok(tile_ref)
    }

    /// Removes the tile at (x, y, layer 0), looking its reference up as a
    /// host that addresses tiles by position does. A kept tile's data comes
    /// back; Detour frees an owned one. `None` if no tile is there.
    pub fn remove_tile_at(&mut self, x: i32, y: i32) -> Option<Result<Option<DetourTileData>, dtStatus>> {
        // SAFETY: the mesh is valid.
        let tile_ref = unsafe { self.mesh.as_ref().getTileRefAt(x, y, 0) };
        if tile_ref == 0 {
            return None;
        }
        let mut data: *mut u8 = std::ptr::null_mut();
        let mut size = 0;
        // SAFETY: the reference is current; the out pointers are valid.
        let status = unsafe { self.mesh.as_mut().removeTile(tile_ref, &mut data, &mut size) };
        if failed(status) {
            return Some(Err(status));
        }
        // SAFETY: Detour returns a buffer only for a tile without
        // DT_TILE_FREE_DATA: one lent by add_tile_kept, a dtAlloc block.
        Some(Ok(NonNull::new(data).map(|ptr| unsafe { DetourTileData::from_raw(ptr, size as usize) })))
    }

    /// Every tile slot that holds a tile.
    fn tiles(&self) -> impl Iterator<Item = &dtMeshTile> + '_ {
        // SAFETY: the mesh is valid; getTile(i) for i below getMaxTiles
        // points into its tile array.
        let count = unsafe { self.mesh.as_ref().getMaxTiles() };
        (0..count).map(move |i| unsafe { &*self.mesh.as_ref().getTile(i) }).filter(|tile| !tile.header.is_null())
    }

    /// Tiles and polygons in the mesh.
    pub fn tile_and_polygon_counts(&self) -> (usize, usize) {
        // SAFETY: an occupied tile's header is valid.
        self.tiles().fold((0, 0), |(t, p), tile| (t + 1, p + unsafe { (*tile.header).polyCount } as usize))
    }

    /// Counts the links of every polygon by walking its link chain.
    pub fn link_counts(&self) -> DetourLinkCounts {
        let mut counts = DetourLinkCounts::default();
        for tile in self.tiles() {
            // SAFETY: an occupied tile's header, polygons and links are valid
            // for the counts its header gives, and chains end at DT_NULL_LINK.
            let polygons = unsafe { std::slice::from_raw_parts(tile.polys, (*tile.header).polyCount as usize) };
            for polygon in polygons {
                let mut index = polygon.firstLink;
                while index != DT_NULL_LINK {
                    let link = unsafe { &*tile.links.add(index as usize) };
                    if is_off_mesh(polygon) || self.is_off_mesh_polygon(link.ref_) {
                        counts.off_mesh += 1;
                    } else if link.side == NO_SIDE {
                        counts.internal += 1;
                    } else {
                        counts.external += 1;
                    }
                    index = link.next;
                }
            }
        }
        counts
    }

    fn is_off_mesh_polygon(&self, poly_ref: dtPolyRef) -> bool {
        let mut tile: *const dtMeshTile = std::ptr::null();
        let mut polygon: *const dtPoly = std::ptr::null();
        // SAFETY: the mesh is valid and the out pointers are valid.
        let status = unsafe { self.mesh.as_ref().getTileAndPolyByRef(poly_ref, &mut tile, &mut polygon) };
        // SAFETY: on success the polygon pointer is valid.
        !failed(status) && is_off_mesh(unsafe { &*polygon })
    }
}

fn is_off_mesh(polygon: &dtPoly) -> bool {
    polygon.areaAndtype >> POLY_TYPE_SHIFT == POLY_TYPE_OFF_MESH
}

impl Drop for DetourMesh {
    fn drop(&mut self) {
        // Lent tiles are freed here: dtFreeNavMesh frees only its own.
        let lent: Vec<*mut u8> = self
            .tiles()
            .filter(|tile| tile.flags & dtTileFlags_DT_TILE_FREE_DATA as i32 == 0)
            .map(|tile| tile.data)
            .collect();
        // SAFETY: the mesh came from dtAllocNavMesh and is freed once; the
        // lent buffers are dtAlloc blocks no one else owns.
        unsafe {
            dtFreeNavMesh(self.mesh.as_ptr());
            for data in lent {
                dtFree(data.cast());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::repo_root;
    use crate::mset::load_mset;

    #[test]
    fn a_lent_tile_comes_back_on_removal() {
        let bytes = std::fs::read(repo_root().join("tests/data/detour/dungeon.mset")).unwrap();
        let loaded = load_mset(&bytes).unwrap();
        let tile = loaded.tiles().next().unwrap();
        // SAFETY: an occupied tile's data holds dataSize bytes.
        let data = unsafe { std::slice::from_raw_parts(tile.data, tile.dataSize as usize) };
        let copy = DetourTileData::copy_of(data).unwrap();
        let header = copy.header().unwrap();
        let params = unsafe { *loaded.mesh.as_ref().getParams() };
        let mut mesh = DetourMesh::new(&params).unwrap();
        mesh.add_tile_kept(copy).map_err(|(_, s)| s).unwrap();
        assert_eq!(mesh.tile_and_polygon_counts(), (1, header.polyCount as usize));
        let back = mesh.remove_tile_at(header.x, header.y).unwrap().unwrap().unwrap();
        assert_eq!(back.as_bytes().len(), data.len());
        assert_eq!(mesh.tile_and_polygon_counts(), (0, 0));
        assert!(mesh.remove_tile_at(header.x, header.y).is_none());
        // Dropping the mesh frees the lent tile it holds again.
        mesh.add_tile_kept(back).map_err(|(_, s)| s).unwrap();
    }
}
