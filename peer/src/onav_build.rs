//! onav's side of the build measurements: `NavMesh::build_3d` on rayon
//! pools of 1 and 2 threads. The per-tile times come from the progress
//! callback, which the builder calls after each tile: on a 1-thread pool
//! tiles build one after another in grid order (rayon's only worker runs the
//! left half of every split first), so the time between two calls is one
//! tile's build, from its triangles through `NavTile::create`. The first
//! tile's time also holds what the build does once before any tile
//! (geometry checks, slope marking, bucketing triangles by tile strip).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use onav::{BuildControl, NavMesh, NavSettings, TriangleGeometry};
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::resident_bytes::{live_bytes, peak_bytes, reset_peak};
use crate::triangle_mesh::TriangleMesh;

pub struct OnavBuild {
    pub settings: NavSettings,
    pub geometry: TriangleGeometry,
    one_thread: ThreadPool,
    two_threads: ThreadPool,
}

/// One 1-thread build: seconds per grid tile in grid order (row after
/// row), the whole build's seconds, and the mesh.
pub struct OnavRun {
    pub per_tile: Vec<f64>,
    pub whole: f64,
    pub mesh: NavMesh,
}

/// The same triangles, widened to f64.
pub fn triangle_geometry(mesh: &TriangleMesh) -> TriangleGeometry {
    let vertices = mesh.vertices.chunks_exact(3).map(|v| [v[0] as f64, v[1] as f64, v[2] as f64]).collect();
    let triangles = mesh.triangles.chunks_exact(3).map(|t| [t[0] as u32, t[1] as u32, t[2] as u32]).collect();
    TriangleGeometry::new(vertices, triangles)
}

fn pool(threads: usize) -> Result<ThreadPool, String> {
    ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| format!("rayon pool of {threads}: {e}"))
}

impl OnavBuild {
    pub fn new(settings: NavSettings, mesh: &TriangleMesh) -> Result<OnavBuild, String> {
        Ok(OnavBuild { settings, geometry: triangle_geometry(mesh), one_thread: pool(1)?, two_threads: pool(2)? })
    }

    /// Tiles of the grid the builder covers: (columns, rows).
    pub fn grid(&self) -> Result<(usize, usize), String> {
        let params = self.settings.to_params().map_err(|e| format!("onav params: {e}"))?;
        let bounds = self.geometry.bounds();
        let (x, z) = params.world_to_tile(bounds.max[0], bounds.max[2]).map_err(|e| format!("onav grid: {e}"))?;
        let (x0, z0) = params.world_to_tile(bounds.min[0], bounds.min[2]).map_err(|e| format!("onav grid: {e}"))?;
        Ok(((x - x0 + 1) as usize, (z - z0 + 1) as usize))
    }

    /// The whole build on one thread, each tile's end stamped.
    pub fn timed_build(&self, tiles: usize) -> Result<OnavRun, String> {
        let stamps = Mutex::new(Vec::with_capacity(tiles));
        let stamp = |_done: usize, _total: usize| {
            stamps.lock().expect("no stamping thread panics").push(Instant::now());
            BuildControl::Continue
        };
        let start = Instant::now();
        let mesh =
            self.one_thread.install(|| NavMesh::build_3d_with_progress(self.settings.clone(), &self.geometry, &stamp));
        let whole = start.elapsed().as_secs_f64();
        let mesh = mesh.map_err(|e| format!("onav build_3d: {e}"))?;
        let stamps = stamps.into_inner().expect("no stamping thread panics");
        let per_tile = stamps
            .iter()
            .scan(start, |last, &stamp| Some((stamp - std::mem::replace(last, stamp)).as_secs_f64()))
            .collect();
        Ok(OnavRun { per_tile, whole, mesh })
    }

    /// Seconds of the whole build on two threads.
    pub fn two_thread_build(&self) -> Result<f64, String> {
        let start = Instant::now();
        let mesh = self.two_threads.install(|| NavMesh::build_3d(self.settings.clone(), &self.geometry));
        let whole = start.elapsed().as_secs_f64();
        mesh.map_err(|e| format!("onav build_3d on 2 threads: {e}"))?;
        Ok(whole)
    }

    /// Per grid tile in grid order, the most heap bytes the build held
    /// beyond what it held when the tile began (the first tile's window
    /// starts with the build).
    pub fn peak_bytes_per_tile(&self, tiles: usize) -> Result<Vec<usize>, String> {
        let peaks = Mutex::new(Vec::with_capacity(tiles));
        let base = AtomicUsize::new(0);
        let record = |_done: usize, _total: usize| {
            let peak = peak_bytes().saturating_sub(base.load(Ordering::Relaxed));
            peaks.lock().expect("no recording thread panics").push(peak);
            base.store(live_bytes(), Ordering::Relaxed);
            reset_peak();
            BuildControl::Continue
        };
        base.store(live_bytes(), Ordering::Relaxed);
        reset_peak();
        let mesh =
            self.one_thread.install(|| NavMesh::build_3d_with_progress(self.settings.clone(), &self.geometry, &record));
        mesh.map_err(|e| format!("onav build_3d: {e}"))?;
        Ok(peaks.into_inner().expect("no recording thread panics"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build_settings::nav_settings;
    use crate::flat_grid::flat_square;
    use onav::Partition;

    #[test]
    fn one_time_per_grid_tile() {
        let mesh = flat_square(2, 32, 0.3);
        let build = OnavBuild::new(nav_settings(&mesh, Partition::Watershed).unwrap(), &mesh).unwrap();
        // The floor ends on a tile boundary, so onav's grid has one more
        // row and column than Recast's 2 x 2 (they build nothing).
        assert_eq!(build.grid().unwrap(), (3, 3));
        let run = build.timed_build(9).unwrap();
        assert_eq!(run.per_tile.len(), 9);
        assert_eq!(run.mesh.mesh().tile_count(), 4);
        assert_eq!(build.peak_bytes_per_tile(9).unwrap().len(), 9);
    }
}
