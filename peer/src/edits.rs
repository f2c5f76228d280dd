//! `edits`: add, remove, churn and whole-mesh load on the same tiles in
//! both libraries, then what each loaded mesh holds.

use std::path::Path;

use crate::build_count::input_named;
use crate::churn_order::churn_order;
use crate::detour_edits::DetourEdits;
use crate::edit_round::edit_round;
use crate::edits_report::report;
use crate::footprint::{detour_footprint, onav_footprint, Footprint};
use crate::inputs::Input;
use crate::onav_edits::OnavEdits;
use crate::prepared_input::{prepare, PreparedInput};
use crate::recast_build::RecastSettings;
use crate::timing::{interleaved, Rounds};

/// Remove-and-add-back steps per round.
pub const CHURN_STEPS: usize = 2000;

/// One input's rounds and loaded meshes.
pub struct Measured {
    pub input: Input,
    pub rounds: Rounds,
    pub detour: Footprint,
    pub onav: Footprint,
}

fn measure(input: Input, meshes: &Path, rounds: usize) -> Result<Measured, String> {
    let settings = RecastSettings::TILE_MESH_DEFAULTS;
    let PreparedInput { set, positions, mset, onav_params, onav_tiles, onav_mesh_bytes } =
        prepare(input, meshes, &settings)?;
    let churn = churn_order(positions.len(), CHURN_STEPS);
    let tile_bytes = onav_tiles.iter().map(|tile| tile.to_bytes()).collect();
    let mut detour = DetourEdits { params: set.params, tiles: set.tiles, positions: &positions, mset: &mset };
    let mut onav = OnavEdits {
        params: onav_params,
        tiles: onav_tiles,
        positions: &positions,
        mesh_bytes: &onav_mesh_bytes,
        tile_bytes,
    };
    let rounds = interleaved(rounds, || edit_round(&mut detour, &churn), || edit_round(&mut onav, &churn))?;
    Ok(Measured { input, rounds, detour: detour_footprint(&mset)?, onav: onav_footprint(&onav_mesh_bytes)? })
}

/// Measures every input, or only `only` (named as [`input_named`] names
/// it, as for counting one input's instructions under callgrind): a smoke
/// run takes dungeon alone unless told.
pub fn edits(meshes: &Path, rounds: usize, smoke: bool, only: Option<&str>) -> Result<(), String> {
    let inputs: Vec<Input> = match only {
        Some(name) => vec![input_named(name)?],
        None if smoke => Input::ALL[..1].to_vec(),
        None => Input::ALL.to_vec(),
    };
    let measured = inputs.iter().map(|&input| measure(input, meshes, rounds)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&measured, rounds));
    Ok(())
}
