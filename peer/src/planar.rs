//! `planar`: onav's exact 2D builder (`NavMesh::build_planar`, issue 22)
//! against the Clipper2 + Hertel–Mehlhorn pipeline Godot bakes 2D
//! navigation with (`clipper_pipeline`), on the star inputs of onav's
//! `benches/planar.rs`: whole-input build times, onav's per tile, polygon
//! counts, and how many output vertices come closer than the agent radius.

use onav::{NavMesh, NavSettings};

use crate::clipper_pipeline::clipper_pipeline;
use crate::planar_report::report;
use crate::radius_clearance::{clearance, mesh_corners};
use crate::star_outlines::{star_inputs, StarInput};
use crate::timing::{interleaved, mean_of, Rounds};

/// The bench's settings: 16-unit tiles of 0.25 cells, agent radius 0.25,
/// at most 6 corners per polygon (the same cap for the baseline).
pub const TILE_SIZE: f64 = 16.0;
pub const CELL_SIZE: f64 = 0.25;
pub const AGENT_RADIUS: f64 = 0.25;
pub const MAX_VERTS_PER_POLY: u16 = 6;

/// Builds a side runs in a row each round, timed together (their mean).
pub const BUILDS_A_ROUND: usize = 10;

/// What one side produced, counted.
#[derive(Debug, Clone, Copy, Default)]
pub struct Output {
    pub polygons: usize,
    pub vertices: usize,
    /// Vertices closer than the agent radius to the input's boundary, and
    /// the smallest distance of any vertex to it.
    pub closer_than_radius: usize,
    pub nearest: f64,
}

pub struct PlanarMeasured {
    pub label: &'static str,
    pub tiles: usize,
    /// One row: whole-input seconds (peer: the Clipper2 pipeline).
    pub rounds: Rounds,
    pub onav: Output,
    pub clipper: Output,
    /// The Clipper2 side's polygon area over the area of Clipper2's shrunk
    /// free space: 1 when the triangulation covered it.
    pub clipper_coverage: f64,
}

pub fn settings() -> Result<NavSettings, String> {
    let mut s = NavSettings::default();
    s.set_tile_size(TILE_SIZE)
        .and_then(|s| s.set_cell_size(CELL_SIZE))
        .and_then(|s| s.set_agent_radius(AGENT_RADIUS as f32))
        .and_then(|s| s.set_max_verts_per_poly(MAX_VERTS_PER_POLY))
        .map_err(|e| format!("planar settings: {e}"))?;
    Ok(s)
}

fn measure(input: &StarInput, rounds: usize) -> Result<PlanarMeasured, String> {
    let settings = settings()?;
    let outlines = &input.outlines;
    let cap = usize::from(MAX_VERTS_PER_POLY);
    // The Clipper2 pipeline is single-threaded; onav gets one thread too.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().map_err(|e| format!("rayon: {e}"))?;
    let (mut onav_mesh, mut baseline) = (None, None);
    let rounds = interleaved(
        rounds,
        || {
            let (result, seconds) = mean_of(BUILDS_A_ROUND, || clipper_pipeline(outlines, AGENT_RADIUS, cap))?;
            baseline = Some(result);
            Ok(vec![seconds])
        },
        || {
            let (mesh, seconds) = mean_of(BUILDS_A_ROUND, || {
                pool.install(|| NavMesh::build_planar(settings.clone(), outlines))
                    .map_err(|e| format!("onav build_planar: {e}"))
            })?;
            onav_mesh = Some(mesh);
            Ok(vec![seconds])
        },
    )?;
    let (mesh, baseline) = (onav_mesh.ok_or("no onav round ran")?, baseline.ok_or("no Clipper2 round ran")?);
    let corners = mesh_corners(mesh.mesh());
    let (closer_than_radius, nearest) = clearance(&corners, outlines, AGENT_RADIUS);
    let onav = Output {
        polygons: mesh.mesh().tiles().map(|(_, tile)| tile.polygon_count()).sum(),
        vertices: corners.len(),
        closer_than_radius,
        nearest,
    };
    let (closer_than_radius, nearest) = clearance(&baseline.points, outlines, AGENT_RADIUS);
    let clipper =
        Output { polygons: baseline.polygons.len(), vertices: baseline.points.len(), closer_than_radius, nearest };
    let clipper_coverage = baseline.polygon_area() / baseline.free_area();
    Ok(PlanarMeasured { label: input.label, tiles: mesh.mesh().tile_count(), rounds, onav, clipper, clipper_coverage })
}

pub fn planar(rounds: usize, smoke: bool) -> Result<(), String> {
    let inputs = star_inputs();
    let inputs = if smoke { &inputs[..1] } else { &inputs[..] };
    let measured = inputs.iter().map(|input| measure(input, rounds)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&measured, rounds));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench's figures name 12, 1 and 39 tiles for its three inputs.
    #[test]
    fn star_inputs_cover_the_bench_tile_counts() {
        let tiles: Vec<usize> = star_inputs()
            .iter()
            .map(|input| NavMesh::build_planar(settings().unwrap(), &input.outlines).unwrap().mesh().tile_count())
            .collect();
        assert_eq!(tiles, [12, 1, 39]);
    }
}
