//! Recast's side of the build measurements: RecastDemo's tile pipeline
//! (`recast_build`) over every tile of the grid, then the tiles added to a
//! `dtNavMesh`, on one thread with each tile and stage timed, and on two
//! threads taking tiles from a shared counter (each with its own context,
//! tiles added in grid order afterwards, as onav collects them).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::detour_mesh::DetourMesh;
use crate::detour_tile_data::DetourTileData;
use crate::recast_build::{build_tile, tile_jobs, Context, TileJob, RECAST_STAGES};
use crate::recast_recipe::TileRecipe;
use crate::resident_bytes::{live_bytes, peak_bytes, reset_peak};
use crate::stage_clock::StageClock;
use crate::triangle_mesh::TriangleMesh;

/// One 1-thread build: per grid tile (row order) whether it had triangles
/// and seconds from its triangles to Detour tile data; the
/// whole build's seconds (triangle selection, tiles, `addTile`); seconds
/// per stage over all tiles.
pub struct RecastRun {
    pub per_tile: Vec<TileTime>,
    pub whole: f64,
    pub stages: Vec<f64>,
    pub built: usize,
}

#[derive(Debug, Clone, Copy)]
pub struct TileTime {
    pub has_triangles: bool,
    pub seconds: f64,
}

fn mesh_of(params: &recastnavigation_sys::dtNavMeshParams, tiles: Vec<DetourTileData>) -> Result<DetourMesh, String> {
    let mut mesh = DetourMesh::new(params)?;
    for tile in tiles {
        mesh.add_tile(tile, 0).map_err(|(_, status)| format!("Detour addTile failed ({status:#x})"))?;
    }
    Ok(mesh)
}

pub fn timed_build(mesh: &TriangleMesh, recipe: &TileRecipe) -> Result<RecastRun, String> {
    let mut clock = StageClock::new(RECAST_STAGES.len());
    let start = Instant::now();
    let (params, jobs) = tile_jobs(mesh, recipe);
    let context = Context::new()?;
    let mut per_tile = Vec::with_capacity(jobs.len());
    let mut tiles = Vec::new();
    for job in &jobs {
        let tile_start = Instant::now();
        let tile = build_tile(&context, mesh, recipe, job, &mut clock)?;
        let seconds = tile_start.elapsed().as_secs_f64();
        per_tile.push(TileTime { has_triangles: !job.triangles.is_empty(), seconds });
        tiles.extend(tile);
    }
    let built = tiles.len();
    let detour = mesh_of(&params, tiles)?;
    let whole = start.elapsed().as_secs_f64();
    drop(detour);
    Ok(RecastRun { per_tile, whole, stages: clock.seconds, built })
}

/// Builds `jobs` on `threads` threads; the tiles in job order.
fn parallel_tiles(
    mesh: &TriangleMesh,
    recipe: &TileRecipe,
    jobs: &[TileJob],
    threads: usize,
) -> Result<Vec<DetourTileData>, String> {
    let next = AtomicUsize::new(0);
    let built = Mutex::new(Vec::with_capacity(jobs.len()));
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    let context = Context::new()?;
                    let mut clock = StageClock::new(RECAST_STAGES.len());
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(index) else { return Ok(()) };
                        if let Some(tile) = build_tile(&context, mesh, recipe, job, &mut clock)? {
                            built.lock().expect("no builder panics").push((index, tile));
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().try_for_each(|worker| worker.join().map_err(|_| "a Recast worker panicked".to_string())?)
    })?;
    let mut built = built.into_inner().expect("no builder panics");
    built.sort_by_key(|(index, _)| *index);
    Ok(built.into_iter().map(|(_, tile)| tile).collect())
}

/// Seconds of the whole build on two threads.
pub fn two_thread_build(mesh: &TriangleMesh, recipe: &TileRecipe) -> Result<f64, String> {
    let start = Instant::now();
    let (params, jobs) = tile_jobs(mesh, recipe);
    let tiles = parallel_tiles(mesh, recipe, &jobs, 2)?;
    let detour = mesh_of(&params, tiles)?;
    let whole = start.elapsed().as_secs_f64();
    drop(detour);
    Ok(whole)
}

/// Per grid tile with triangles, in row order: the most heap bytes its
/// build held beyond what was live before it (its output included).
pub fn peak_bytes_per_tile(mesh: &TriangleMesh, recipe: &TileRecipe) -> Result<Vec<usize>, String> {
    let (_, jobs) = tile_jobs(mesh, recipe);
    let context = Context::new()?;
    let mut clock = StageClock::new(RECAST_STAGES.len());
    let mut peaks = Vec::new();
    for job in jobs.iter().filter(|job| !job.triangles.is_empty()) {
        let base = live_bytes();
        reset_peak();
        let tile = build_tile(&context, mesh, recipe, job, &mut clock)?;
        peaks.push(peak_bytes().saturating_sub(base));
        drop(tile);
    }
    Ok(peaks)
}
