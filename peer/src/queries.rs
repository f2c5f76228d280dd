//! `queries`: find_nearest_poly, find_path, find_path +
//! find_straight_path, raycast and onav's exact find_shortest_path (against
//! Detour's find_path + find_straight_path) over the same seeded start/end
//! pairs in both libraries, on the same tiles, then how far their answers
//! agree.

use std::path::Path;

use onav::read_mesh;

use crate::build_count::input_named;
use crate::call_clock::CallClock;
use crate::detour_queries::DetourQueries;
use crate::detour_query::DetourQuery;
use crate::inputs::Input;
use crate::mset::load_mset;
use crate::onav_queries::OnavQueries;
use crate::prepared_input::prepare;
use crate::queries_report::report;
use crate::query_points::{query_pairs, QueryPair};
use crate::query_round::{query_round, PairAnswer, QuerySide};
use crate::recast_build::RecastSettings;
use crate::timing::{interleaved, Rounds};

/// Start/end pairs per input (a smoke run takes fewer).
pub const PAIRS: usize = 10_000;
const SMOKE_PAIRS: usize = 300;
/// Search nodes of both libraries: Detour's largest pool, so that neither
/// runs out on these meshes.
pub const MAX_NODES: usize = 65_535;

/// One input's rounds and both libraries' answers.
pub struct Measured {
    pub input: Input,
    pub rounds: Rounds,
    pub pairs: usize,
    pub detour: Vec<PairAnswer>,
    pub onav: Vec<PairAnswer>,
}

/// Per pair: whether `side` finds a polygon for both of its points.
fn ends_found<S: QuerySide>(side: &mut S, pairs: &[QueryPair]) -> Result<Vec<bool>, String> {
    pairs
        .iter()
        .map(|p| Ok(side.find_nearest_poly(&p.start)?.is_some() && side.find_nearest_poly(&p.end)?.is_some()))
        .collect()
}

fn measure(
    input: Input,
    meshes: &Path,
    rounds: usize,
    pair_count: usize,
    clock: &CallClock,
) -> Result<Measured, String> {
    let prepared = prepare(input, meshes, &RecastSettings::TILE_MESH_DEFAULTS)?;
    let detour_mesh = load_mset(&prepared.mset)?;
    let onav_mesh = read_mesh(&prepared.onav_mesh_bytes).map_err(|e| format!("onav read_mesh: {e}"))?;
    let pairs = query_pairs(&onav_mesh, pair_count)?;
    let mut detour = DetourQueries::new(DetourQuery::new(&detour_mesh, MAX_NODES as i32)?);
    let mut onav = OnavQueries::new(&onav_mesh, MAX_NODES)?;
    let found: Vec<bool> =
        ends_found(&mut detour, &pairs)?.into_iter().zip(ends_found(&mut onav, &pairs)?).map(|(d, o)| d && o).collect();
    let (mut detour_answers, mut onav_answers) = (Vec::new(), Vec::new());
    let rounds = interleaved(
        rounds,
        || query_round(&mut detour, &pairs, &found, &mut detour_answers, clock),
        || query_round(&mut onav, &pairs, &found, &mut onav_answers, clock),
    )?;
    Ok(Measured { input, rounds, pairs: pairs.len(), detour: detour_answers, onav: onav_answers })
}

/// Measures both shared meshes, or only `only` (named as
/// [`input_named`] names it): a smoke run takes dungeon alone unless told.
pub fn queries(meshes: &Path, rounds: usize, smoke: bool, only: Option<&str>) -> Result<(), String> {
    let (mut inputs, pairs): (Vec<Input>, usize) =
        if smoke { (Input::SHARED[1..].to_vec(), SMOKE_PAIRS) } else { (Input::SHARED.to_vec(), PAIRS) };
    if let Some(name) = only {
        let input = input_named(name)?;
        if !Input::SHARED.contains(&input) {
            return Err(format!("queries: no query pairs on {name:?} (dungeon or nav_test)"));
        }
        inputs = vec![input];
    }
    let clock = CallClock::new();
    let measured =
        inputs.iter().map(|&input| measure(input, meshes, rounds, pairs, &clock)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&measured, rounds, &clock));
    Ok(())
}
