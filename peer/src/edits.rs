//! `edits`: add, remove, churn and whole-mesh load on the same tiles in
//! both libraries, then what each loaded mesh holds.

use std::path::Path;
use std::sync::Arc;

use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{write_mesh, NavMeshParams, NavTile, TiledNavMesh};

use crate::churn_order::churn_order;
use crate::detour_edits::DetourEdits;
use crate::edit_round::edit_round;
use crate::edits_report::report;
use crate::fixtures::mset_bytes;
use crate::footprint::{detour_footprint, onav_footprint, Footprint};
use crate::inputs::Input;
use crate::onav_edits::OnavEdits;
use crate::recast_build::{build_tile_set, RecastSettings, RecastTileSet};
use crate::timing::{interleaved, Rounds};

/// Remove-and-add-back steps per round.
pub const CHURN_STEPS: usize = 2000;

/// One input's tiles in both libraries.
struct EditInput {
    set: RecastTileSet,
    positions: Vec<(i32, i32)>,
    mset: Vec<u8>,
    onav_params: NavMeshParams,
    onav_tiles: Vec<Arc<NavTile>>,
    onav_mesh_bytes: Vec<u8>,
}

fn prepare(input: Input, meshes: &Path, settings: &RecastSettings) -> Result<EditInput, String> {
    let set = build_tile_set(&input.geometry(meshes, settings)?, settings)?;
    let positions = set
        .tiles
        .iter()
        .map(|tile| tile.header().map(|h| (h.x, h.y)).ok_or("a Recast tile without a header".to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let mset = mset_bytes(&set)?;
    let imported = read_tile_set(&mset, &ImportOptions::default()).map_err(|e| format!("onav import: {e}"))?;
    let imported_positions: Vec<(i32, i32)> = imported.tiles.iter().map(|t| (t.tile_x(), t.tile_z())).collect();
    if imported_positions != positions {
        return Err(format!("{}: the importer's tiles are not Detour's tiles in the same order", input.name()));
    }
    let onav_tiles: Vec<Arc<NavTile>> = imported.tiles.into_iter().map(Arc::new).collect();
    let mut mesh = TiledNavMesh::new(imported.params).map_err(|e| format!("onav mesh: {e}"))?;
    for tile in &onav_tiles {
        mesh.add_tile(Arc::clone(tile)).map_err(|e| format!("onav add_tile: {e}"))?;
    }
    Ok(EditInput { set, positions, mset, onav_params: imported.params, onav_tiles, onav_mesh_bytes: write_mesh(&mesh) })
}

/// One input's rounds and loaded meshes.
pub struct Measured {
    pub input: Input,
    pub rounds: Rounds,
    pub detour: Footprint,
    pub onav: Footprint,
}

fn measure(input: Input, meshes: &Path, rounds: usize) -> Result<Measured, String> {
    let settings = RecastSettings::TILE_MESH_DEFAULTS;
    let EditInput { set, positions, mset, onav_params, onav_tiles, onav_mesh_bytes } =
        prepare(input, meshes, &settings)?;
    let churn = churn_order(positions.len(), CHURN_STEPS);
    let mut detour = DetourEdits { params: set.params, tiles: set.tiles, positions: &positions, mset: &mset };
    let mut onav =
        OnavEdits { params: onav_params, tiles: onav_tiles, positions: &positions, mesh_bytes: &onav_mesh_bytes };
    let rounds = interleaved(rounds, || edit_round(&mut detour, &churn), || edit_round(&mut onav, &churn))?;
    Ok(Measured { input, rounds, detour: detour_footprint(&mset)?, onav: onav_footprint(&onav_mesh_bytes)? })
}

pub fn edits(meshes: &Path, rounds: usize, smoke: bool) -> Result<(), String> {
    let inputs: &[Input] = if smoke { &Input::ALL[..1] } else { &Input::ALL };
    let measured = inputs.iter().map(|&input| measure(input, meshes, rounds)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&measured, rounds));
    Ok(())
}
