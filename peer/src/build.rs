//! `build`: onav's voxel builder against Recast on the same triangles and
//! settings (`build_settings`), per input and partition: per-tile and
//! whole-build times on one thread, whole-build times on two, peak heap
//! bytes per tile, and the quality of onav's mesh against Recast's.

use std::path::Path;

use onav::{NavMesh, Partition};

use crate::build_quality::{measure_quality, Quality};
use crate::build_report::report;
use crate::build_settings::{nav_settings, recast_recipe};
use crate::inputs::Input;
use crate::onav_build::OnavBuild;
use crate::recast_build::{build_tile_set, tile_jobs, RecastSettings, RECAST_STAGES};
use crate::recast_builds::{self, RecastRun};
use crate::recast_recipe::TileRecipe;
use crate::timing::{interleaved, median, percentile, Rounds};
use crate::triangle_mesh::TriangleMesh;

/// Start/end pairs per input for the path comparison (a smoke run takes fewer).
const PAIRS: usize = 10_000;
const SMOKE_PAIRS: usize = 300;

/// Tile counts of one input.
#[derive(Debug, Clone, Copy, Default)]
pub struct TileCounts {
    /// Tiles each builder visits (its grid), and tiles it built.
    pub recast_grid: usize,
    pub onav_grid: usize,
    pub recast_built: usize,
    pub onav_built: usize,
    /// Tiles whose heightfield box holds triangles: the tiles timed.
    pub timed: usize,
}

/// Median and largest peak heap bytes over the timed tiles.
#[derive(Debug, Clone, Copy, Default)]
pub struct PeakBytes {
    pub recast: (usize, usize),
    pub onav: (usize, usize),
}

pub struct Measured {
    pub input: Input,
    pub partition: Partition,
    /// Rows: per-tile median, per-tile p95, whole build on 1 thread, on 2.
    pub rounds: Rounds,
    pub tiles: TileCounts,
    /// Recast's seconds per stage summed over its tiles, last round.
    pub recast_stages: Vec<f64>,
    pub peak_bytes: PeakBytes,
    pub quality: Quality,
}

fn median_and_max(mut values: Vec<usize>) -> (usize, usize) {
    values.sort_unstable();
    (values.get(values.len() / 2).copied().unwrap_or(0), values.last().copied().unwrap_or(0))
}

/// The per-tile rows of a round: median and 95th percentile.
fn tile_rows(seconds: &[f64]) -> Result<[f64; 2], String> {
    if seconds.is_empty() {
        return Err("no tile has triangles".into());
    }
    Ok([median(seconds), percentile(seconds, 95)])
}

/// The grid tiles that are timed, with their index in onav's row-major
/// grid of `columns` columns.
fn timed_tiles(mesh: &TriangleMesh, recipe: &TileRecipe, columns: usize) -> Vec<((i32, i32), usize)> {
    let (_, jobs) = tile_jobs(mesh, recipe);
    jobs.iter()
        .filter(|job| !job.triangles.is_empty())
        .map(|job| (job.tile, job.tile.1 as usize * columns + job.tile.0 as usize))
        .collect()
}

fn measure(input: Input, partition: Partition, meshes: &Path, rounds: usize, pairs: usize) -> Result<Measured, String> {
    let mesh = input.geometry(meshes, &RecastSettings::TILE_MESH_DEFAULTS)?;
    let settings = nav_settings(&mesh, partition)?;
    let recipe = recast_recipe(&settings)?;
    let onav = OnavBuild::new(settings, &mesh)?;
    let (columns, rows) = onav.grid()?;
    let timed = timed_tiles(&mesh, &recipe, columns);
    let (mut recast_grid, mut recast_built, mut onav_built) = (0, 0, 0);
    let mut recast_stages = Vec::new();
    let mut onav_mesh: Option<NavMesh> = None;
    let rounds = interleaved(
        rounds,
        || {
            let RecastRun { per_tile, whole, stages, built } = recast_builds::timed_build(&mesh, &recipe)?;
            let seconds: Vec<f64> = per_tile.iter().filter(|t| t.has_triangles).map(|t| t.seconds).collect();
            (recast_grid, recast_built, recast_stages) = (per_tile.len(), built, stages);
            let [tile_median, tile_p95] = tile_rows(&seconds)?;
            Ok(vec![tile_median, tile_p95, whole, recast_builds::two_thread_build(&mesh, &recipe)?])
        },
        || {
            let run = onav.timed_build(columns * rows)?;
            if run.per_tile.len() != columns * rows {
                return Err(format!("onav reported {} tiles of a {columns} x {rows} grid", run.per_tile.len()));
            }
            let seconds: Vec<f64> = timed.iter().map(|&(_, index)| run.per_tile[index]).collect();
            let [tile_median, tile_p95] = tile_rows(&seconds)?;
            onav_built = run.mesh.mesh().tile_count();
            onav_mesh = Some(run.mesh);
            Ok(vec![tile_median, tile_p95, run.whole, onav.two_thread_build()?])
        },
    )?;
    let tiles = TileCounts { recast_grid, onav_grid: columns * rows, recast_built, onav_built, timed: timed.len() };
    let onav_peaks = onav.peak_bytes_per_tile(columns * rows)?;
    let peak_bytes = PeakBytes {
        recast: median_and_max(recast_builds::peak_bytes_per_tile(&mesh, &recipe)?),
        onav: median_and_max(timed.iter().map(|&(_, index)| onav_peaks[index]).collect()),
    };
    let onav_mesh = onav_mesh.ok_or("no onav round ran")?;
    let quality = measure_quality(&build_tile_set(&mesh, &recipe)?, onav_mesh.mesh(), pairs)?;
    Ok(Measured { input, partition, rounds, tiles, recast_stages, peak_bytes, quality })
}

pub fn build(meshes: &Path, rounds: usize, smoke: bool) -> Result<(), String> {
    let inputs: &[Input] = if smoke { &Input::ALL[..1] } else { &Input::ALL };
    let partitions: &[Partition] =
        if smoke { &[Partition::Watershed] } else { &[Partition::Watershed, Partition::Monotone] };
    let pairs = if smoke { SMOKE_PAIRS } else { PAIRS };
    let mut measured = Vec::new();
    for &input in inputs {
        for &partition in partitions {
            measured.push(measure(input, partition, meshes, rounds, pairs)?);
        }
    }
    print!("{}", report(&measured, rounds, pairs, &RECAST_STAGES));
    Ok(())
}
