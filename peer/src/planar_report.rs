//! The `planar` table: onav's exact 2D builder against Clipper2 +
//! Hertel–Mehlhorn, times with their ratio and the noise line, polygon
//! counts and radius clearance.

use crate::clipper_pipeline::Lattice;
use crate::markdown_table::Table;
use crate::noise_line::noise_line;
use crate::planar::{PlanarMeasured, AGENT_RADIUS, BUILDS_A_ROUND, CELL_SIZE, MAX_VERTS_PER_POLY, TILE_SIZE};
use crate::timing::{median, min_max};

use clipper2::PointScaler;

pub fn report(measured: &[PlanarMeasured], rounds: usize) -> String {
    format!(
        "## planar: onav's exact 2D builder against Clipper2 + Hertel–Mehlhorn (rounds: {rounds})\n\n\
         The star inputs of onav's `benches/planar.rs` (same generator), settings TileSize {TILE_SIZE}, CellSize \
         {CELL_SIZE}, AgentRadius {AGENT_RADIUS}, MaxVertsPerPoly {MAX_VERTS_PER_POLY}. onav: \
         `NavMesh::build_planar` on a 1-thread rayon pool (the baseline is single-threaded), the whole build \
         to the stitched mesh; per tile = whole / tiles. Clipper2 + HM, as Godot bakes 2D navigation: Clipper2 2.0.1 \
         (the C++ bundled by the crates `clipper2` 0.6.0 / `clipper2c-sys` 0.2.0, built by cc at -O3) unions the \
         walkable outlines, subtracts the obstacles (NonZero) and offsets by −AgentRadius with a miter join \
         (limit 2); Clipper2 works on i64 at {} per unit (onav's lattice for these settings, SnapBits 11), \
         computing crossings and offset corners in floating point and rounding them to that grid; then \
         `earcutr` 0.5.0 ear-clips each piece and a Hertel–Mehlhorn pass (each polygon in triangulation order \
         removes a diagonal when both sides merge convex within {MAX_VERTS_PER_POLY} corners) makes the polygons. One region, \
         no tiles, single-threaded. Both sides read from the same f64 outlines. A round times both sides, alternating \
         which goes first, each side {BUILDS_A_ROUND} builds in a row (their mean, each result's drop included), \
         after one unrecorded warm-up; medians over rounds, min–max beside them.\n\n{}\n\
         {}\n\n\
         Polygons: onav's count includes the cuts at tile borders (the Clipper2 side has none). Vertices: \
         distinct corner positions (onav's in world coordinates, over all tiles). Closer than the radius: \
         vertices whose distance to an edge of the input outlines or obstacles is below AgentRadius − 1e-9; \
         nearest: the smallest such distance of any vertex. Area: the Clipper2 side's polygons over the area \
         Clipper2's offset rings enclose, 1 when the triangulation covered the free space.\n",
        Lattice::MULTIPLIER,
        time_table(measured).render(),
        noise_line("Clipper2 + HM", measured.iter().map(|m| &m.rounds)),
    )
}

fn time_table(measured: &[PlanarMeasured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "tiles",
        "onav ms, whole (min–max)",
        "onav ms per tile",
        "Clipper2 + HM ms, whole (min–max)",
        "onav / Clipper2",
        "polygons (onav / Clipper2 + HM)",
        "vertices (onav / Clipper2 + HM)",
        "vertices closer than the radius (onav / Clipper2 + HM)",
        "nearest vertex to the boundary (onav / Clipper2 + HM)",
        "Clipper2 + HM polygon area / its offset area",
    ]);
    let ms = |seconds: f64| format!("{:.2}", seconds * 1e3);
    let with_range = |values: &[f64]| {
        let (lo, hi) = min_max(values);
        format!("{} ({}–{})", ms(median(values)), ms(lo), ms(hi))
    };
    for m in measured {
        let row = &m.rounds.rows[0];
        let (onav, clipper) = (median(&row.onav), median(&row.peer));
        table.push(vec![
            m.label.to_string(),
            m.tiles.to_string(),
            with_range(&row.onav),
            ms(onav / m.tiles as f64),
            with_range(&row.peer),
            format!("{:.2}", onav / clipper),
            format!("{} / {}", m.onav.polygons, m.clipper.polygons),
            format!("{} / {}", m.onav.vertices, m.clipper.vertices),
            format!("{} / {}", m.onav.closer_than_radius, m.clipper.closer_than_radius),
            format!("{:.6} / {:.6}", m.onav.nearest, m.clipper.nearest),
            format!("{:.6}", m.clipper_coverage),
        ]);
    }
    table
}
