//! RecastDemo's tile-set file ("MSET"): a header { magic 'MSET' as a
//! little-endian int, version 1, tile count, dtNavMeshParams } and per tile
//! { tile reference, data size } followed by the tile's data. Written here
//! in little-endian, which is what RecastDemo's raw struct writes give on
//! the machines it runs on.

use recastnavigation_sys::{dtNavMeshParams, dtTileRef};

use crate::detour_mesh::DetourMesh;
use crate::detour_tile_data::DetourTileData;

const MAGIC: i32 = (b'M' as i32) << 24 | (b'S' as i32) << 16 | (b'E' as i32) << 8 | b'T' as i32;
const VERSION: i32 = 1;
/// magic, version, tile count, then dtNavMeshParams' seven 4-byte fields.
const HEADER_BYTES: usize = 4 * 3 + 4 * 7;

/// The file of `tiles`, each with the reference a mesh gave it.
pub fn write_mset(params: &dtNavMeshParams, tiles: &[(dtTileRef, &DetourTileData)]) -> Vec<u8> {
    let mut out = Vec::new();
    for value in [MAGIC, VERSION, tiles.len() as i32] {
        out.extend_from_slice(&value.to_le_bytes());
    }
    for value in params.orig.iter().chain([&params.tileWidth, &params.tileHeight]) {
        out.extend_from_slice(&value.to_le_bytes());
    }
    out.extend_from_slice(&params.maxTiles.to_le_bytes());
    out.extend_from_slice(&params.maxPolys.to_le_bytes());
    for (tile_ref, data) in tiles {
        out.extend_from_slice(&tile_ref.to_le_bytes());
        out.extend_from_slice(&(data.as_bytes().len() as i32).to_le_bytes());
        out.extend_from_slice(data.as_bytes());
    }
    out
}

/// Detour's way of loading the file (RecastDemo's `loadAll`): a mesh from
/// the parameters, then per tile a `dtAlloc` copy added with its saved
/// reference and `DT_TILE_FREE_DATA`.
pub fn load_mset(bytes: &[u8]) -> Result<DetourMesh, String> {
    let mut reader = Reader { bytes, at: 0 };
    let (magic, version, count) = (reader.i32()?, reader.i32()?, reader.i32()?);
    if magic != MAGIC || version != VERSION {
        return Err(format!("not an MSET version 1 file (magic {magic:#x}, version {version})"));
    }
    let params = dtNavMeshParams {
        orig: [reader.f32()?, reader.f32()?, reader.f32()?],
        tileWidth: reader.f32()?,
        tileHeight: reader.f32()?,
        maxTiles: reader.i32()?,
        maxPolys: reader.i32()?,
    };
    debug_assert_eq!(reader.at, HEADER_BYTES);
    let mut mesh = DetourMesh::new(&params)?;
    for index in 0..count {
        let tile_ref = reader.i32()? as dtTileRef;
        let size = usize::try_from(reader.i32()?).map_err(|_| format!("tile {index}: negative data size"))?;
        let data = DetourTileData::copy_of(reader.take(size)?)?;
        mesh.add_tile(data, tile_ref).map_err(|(_, status)| format!("tile {index}: addTile failed ({status:#x})"))?;
    }
    Ok(mesh)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(len).filter(|&end| end <= self.bytes.len());
        let end =
            end.ok_or_else(|| format!("MSET data ends at byte {} of {} needed", self.bytes.len(), self.at + len))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn word(&mut self) -> Result<[u8; 4], String> {
        Ok(self.take(4)?.try_into().expect("four bytes"))
    }

    fn i32(&mut self) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.word()?))
    }

    fn f32(&mut self) -> Result<f32, String> {
        Ok(f32::from_le_bytes(self.word()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::repo_root;

    fn fixture() -> Vec<u8> {
        std::fs::read(repo_root().join("tests/data/detour/nav_test.mset")).unwrap()
    }

    #[test]
    fn detour_loads_every_tile_of_the_fixture_and_links_them() {
        let bytes = fixture();
        let mesh = load_mset(&bytes).unwrap();
        let (tiles, polygons) = mesh.tile_and_polygon_counts();
        assert_eq!(tiles, i32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize);
        assert!(polygons > tiles);
        let links = mesh.link_counts();
        assert!(links.internal > 0 && links.external > 0);
        assert_eq!(links.off_mesh, 0);
    }

    #[test]
    fn cut_files_are_refused() {
        let bytes = fixture();
        for len in [0, 20, HEADER_BYTES + 4, bytes.len() - 1] {
            assert!(load_mset(&bytes[..len]).is_err(), "{len} bytes");
        }
    }
}
