//! `crowd`: the same scenario, agent parameters and targets for
//! DetourCrowd and onav's `Crowd`, over the same polygons (Recast's tiles,
//! imported into onav), timed tick by tick, then how well each crowd
//! walked.

use std::path::Path;

use onav::{read_mesh, TiledNavMesh, TurnStyle};

use crate::crowd_params::DT;
use crate::crowd_placement::{placements, Placement};
use crate::crowd_quality::{quality, run_ticks, Quality};
use crate::crowd_report::report;
use crate::crowd_round::median_tick;
use crate::detour_crowd_side::DetourCrowdSide;
use crate::detour_mesh::DetourMesh;
use crate::inputs::Input;
use crate::mset::load_mset;
use crate::onav_crowd_side::{print_turn_style, OnavCrowdSide};
use crate::path_measure::PathMeasure;
use crate::plaza::plaza_geometry;
use crate::prepared_input::{prepare, prepare_geometry, PreparedInput};
use crate::recast_build::RecastSettings;
use crate::timing::{interleaved, Rounds};

/// Ticks timed per round: the first five simulated seconds, where every
/// agent plans its path and the crowd is densest.
pub const TIMED_TICKS: usize = 150;
const SMOKE_TICKS: usize = 30;
/// The extra onav column's thread count.
pub const THREADS: usize = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Plaza,
    Dungeon,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Plaza => "plaza 200 m, 64 pillars",
            Level::Dungeon => "dungeon",
        }
    }

    fn prepare(self, meshes: &Path) -> Result<PreparedInput, String> {
        let settings = RecastSettings::TILE_MESH_DEFAULTS;
        match self {
            Level::Plaza => prepare_geometry("plaza", &plaza_geometry(), &settings),
            Level::Dungeon => prepare(Input::Dungeon, meshes, &settings),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    pub level: Level,
    pub agents: usize,
}

pub const SCENARIOS: [Scenario; 4] = [
    Scenario { level: Level::Plaza, agents: 100 },
    Scenario { level: Level::Plaza, agents: 1_000 },
    Scenario { level: Level::Plaza, agents: 5_000 },
    Scenario { level: Level::Dungeon, agents: 250 },
];

/// One scenario's rounds (rows: onav on one thread, onav on [`THREADS`],
/// each against the round's DetourCrowd tick) and both crowds' quality.
pub struct Measured {
    pub scenario: Scenario,
    pub rounds: Rounds,
    pub run_seconds: f64,
    pub detour: Quality,
    pub onav: Quality,
}

impl Scenario {
    /// The scenario as `crowd-count --input` names it: the level's first
    /// word and the agent count, e.g. `plaza-1000`, `dungeon-250`.
    pub fn input_name(self) -> String {
        let level = self.level.name().split(' ').next().unwrap_or_default();
        format!("{level}-{}", self.agents)
    }
}

/// Both libraries' meshes of one level.
pub struct LevelMeshes {
    level: Level,
    pub detour: DetourMesh,
    pub onav: TiledNavMesh,
}

pub fn load(level: Level, meshes: &Path) -> Result<LevelMeshes, String> {
    let (detour, onav) = level_meshes(&level.prepare(meshes)?)?;
    Ok(LevelMeshes { level, detour, onav })
}

/// Detour's mesh of a prepared input's tiles and onav's of the same tiles.
pub fn level_meshes(prepared: &PreparedInput) -> Result<(DetourMesh, TiledNavMesh), String> {
    let onav = read_mesh(&prepared.onav_mesh_bytes).map_err(|e| format!("onav read_mesh: {e}"))?;
    Ok((load_mset(&prepared.mset)?, onav))
}

fn measure(
    level: &LevelMeshes,
    scenario: Scenario,
    rounds: usize,
    ticks: usize,
    turn_style: TurnStyle,
) -> Result<Measured, String> {
    let placements: Vec<Placement> = placements(&level.onav, scenario.agents)?;
    let mut paths = PathMeasure::new(&level.onav)?;
    let mut detour = DetourCrowdSide::new(&level.detour)?;
    let mut onav = OnavCrowdSide::new(&level.onav, 1, turn_style)?;
    let mut onav_threads = OnavCrowdSide::new(&level.onav, THREADS, turn_style)?;
    let rounds = interleaved(
        rounds,
        || {
            let tick = median_tick(&mut detour, &placements, ticks)?;
            Ok(vec![tick, tick])
        },
        || Ok(vec![median_tick(&mut onav, &placements, ticks)?, median_tick(&mut onav_threads, &placements, ticks)?]),
    )?;
    Ok(Measured {
        scenario,
        rounds,
        run_seconds: run_ticks(&placements) as f64 * DT,
        detour: quality(&mut detour, &placements, &mut paths)?,
        onav: quality(&mut onav_threads, &placements, &mut paths)?,
    })
}

pub fn crowd(meshes: &Path, rounds: usize, smoke: bool, turn_style: TurnStyle) -> Result<(), String> {
    let (scenarios, ticks): (&[Scenario], usize) =
        if smoke { (&SCENARIOS[3..], SMOKE_TICKS) } else { (&SCENARIOS, TIMED_TICKS) };
    let mut measured = Vec::new();
    let mut level: Option<LevelMeshes> = None;
    for &scenario in scenarios {
        if level.as_ref().is_none_or(|l| l.level != scenario.level) {
            level = Some(load(scenario.level, meshes)?);
        }
        let loaded = level.as_ref().ok_or("no level loaded")?;
        measured.push(measure(loaded, scenario, rounds, ticks, turn_style)?);
    }
    print!("{}", report(&measured, rounds, ticks));
    print_turn_style(turn_style);
    Ok(())
}
