//! `write-fixtures`: the Recast-built tile sets of the shared meshes as
//! MSET files under tests/data/detour/, so the importer's tests need no
//! C++ build.

use std::path::Path;

use crate::detour_mesh::DetourMesh;
use crate::detour_tile_data::DetourTileData;
use crate::inputs::{repo_root, Input};
use crate::mset::write_mset;
use crate::recast_build::{build_tile_set, RecastSettings, RecastTileSet};

pub fn write_fixtures(meshes: &Path) -> Result<(), String> {
    let settings = RecastSettings::TILE_MESH_DEFAULTS;
    let folder = repo_root().join("tests/data/detour");
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    for input in Input::SHARED {
        let set = build_tile_set(&input.geometry(meshes, &settings)?, &settings.recipe())?;
        let bytes = mset_bytes(&set)?;
        let path = folder.join(format!("{}.mset", input.name()));
        std::fs::write(&path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("{}: {} tiles, {} bytes", path.display(), set.tiles.len(), bytes.len());
    }
    Ok(())
}

/// The set as MSET bytes: each tile's data as `dtCreateNavMeshData` made it
/// (links not yet written), with the reference a Detour mesh gives it when
/// the tiles are added in order.
pub fn mset_bytes(set: &RecastTileSet) -> Result<Vec<u8>, String> {
    let mut mesh = DetourMesh::new(&set.params)?;
    let mut refs = Vec::with_capacity(set.tiles.len());
    for tile in &set.tiles {
        let copy = DetourTileData::copy_of(tile.as_bytes())?;
        refs.push(mesh.add_tile(copy, 0).map_err(|(_, status)| format!("addTile failed ({status:#x})"))?);
    }
    let records: Vec<_> = refs.into_iter().zip(&set.tiles).collect();
    Ok(write_mset(&set.params, &records))
}
