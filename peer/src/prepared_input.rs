//! One input's tiles in both libraries: the Recast tile set, its MSET
//! bytes (as Detour saves a mesh), and the same tiles imported into onav
//! (`onav::import::detour::read_tile_set`), with onav's bytes of the
//! whole mesh.

use std::path::Path;
use std::sync::Arc;

use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{write_mesh, NavMeshParams, NavTile, TiledNavMesh};

use crate::fixtures::mset_bytes;
use crate::inputs::Input;
use crate::recast_build::{build_tile_set, RecastSettings, RecastTileSet};
use crate::triangle_mesh::TriangleMesh;

pub struct PreparedInput {
    pub set: RecastTileSet,
    /// Each tile's (x, z), in set order.
    pub positions: Vec<(i32, i32)>,
    pub mset: Vec<u8>,
    pub onav_params: NavMeshParams,
    pub onav_tiles: Vec<Arc<NavTile>>,
    pub onav_mesh_bytes: Vec<u8>,
}

pub fn prepare(input: Input, meshes: &Path, settings: &RecastSettings) -> Result<PreparedInput, String> {
    prepare_geometry(input.name(), &input.geometry(meshes, settings)?, settings)
}

/// As [`prepare`], for triangles that are not one of the shared inputs
/// (`name` says which in errors).
pub fn prepare_geometry(
    name: &str,
    geometry: &TriangleMesh,
    settings: &RecastSettings,
) -> Result<PreparedInput, String> {
    let set = build_tile_set(geometry, &settings.recipe())?;
    let positions = set
        .tiles
        .iter()
        .map(|tile| tile.header().map(|h| (h.x, h.y)).ok_or("a Recast tile without a header".to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let mset = mset_bytes(&set)?;
    let Imported { params: onav_params, tiles: onav_tiles, mesh } = import(&mset)?;
    let imported_positions: Vec<(i32, i32)> = onav_tiles.iter().map(|t| (t.tile_x(), t.tile_z())).collect();
    if imported_positions != positions {
        return Err(format!("{name}: the importer's tiles are not Detour's tiles in the same order"));
    }
    Ok(PreparedInput { set, positions, mset, onav_params, onav_tiles, onav_mesh_bytes: write_mesh(&mesh) })
}

/// Recast's tiles imported into onav, and the mesh of them.
pub struct Imported {
    pub params: NavMeshParams,
    pub tiles: Vec<Arc<NavTile>>,
    pub mesh: TiledNavMesh,
}

/// MSET bytes through `onav::import::detour::read_tile_set`, every tile
/// added (and stitched) in set order.
pub fn import(mset: &[u8]) -> Result<Imported, String> {
    let imported = read_tile_set(mset, &ImportOptions::default()).map_err(|e| format!("onav import: {e}"))?;
    let tiles: Vec<Arc<NavTile>> = imported.tiles.into_iter().map(Arc::new).collect();
    let mut mesh = TiledNavMesh::new(imported.params).map_err(|e| format!("onav mesh: {e}"))?;
    for tile in &tiles {
        mesh.add_tile(Arc::clone(tile)).map_err(|e| format!("onav add_tile: {e}"))?;
    }
    Ok(Imported { params: imported.params, tiles, mesh })
}
