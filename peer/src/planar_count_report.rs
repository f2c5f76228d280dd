//! The `planar-count` table: per input, onav's polygons against a
//! Hertel–Mehlhorn partition of the same region and against the convex
//! partition lower bound, summed over tiles, and the tiles where onav has
//! more polygons than Hertel–Mehlhorn.

use crate::markdown_table::Table;
use crate::planar::{AGENT_RADIUS, CELL_SIZE, MAX_VERTS_PER_POLY, TILE_SIZE};
use crate::planar_count::{CountRow, TileCounts};

pub fn report(rows: &[CountRow]) -> String {
    format!(
        "## planar-count: onav's polygons against Hertel–Mehlhorn of the same region and a lower bound\n\n\
         Settings TileSize {TILE_SIZE}, CellSize {CELL_SIZE}, AgentRadius {AGENT_RADIUS}, MaxVertsPerPoly \
         {MAX_VERTS_PER_POLY}. Per tile: onav's polygons (`NavMesh::build_planar`); the region they cover, \
         recovered as boundary rings (edges no other polygon holds reversed, collinear corners dropped), \
         ear-clipped by `earcutr` and merged by the peer's Hertel–Mehlhorn within the same cap (HM); and the \
         lower bound for any convex partition of that region within the cap, summed over its pieces: \
         max(ceil(r/2) + 1 − h, 1, ceil((n + 2h − 2) / (cap − 2))) for n corners, r reflex, h holes. Sums over \
         tiles; onav > HM: tiles where onav has more polygons than HM, with the polygons more in total and on \
         the worst tile; HM short: tiles where the ear clipping lost area (its count is then not a partition \
         of the region). Below the table, each tile where onav > HM as (tile x, z) onav/HM, after #k, the k-th build \
         in rows of several (the random row's build k is seed k).\n\n{}\n{}",
        table(rows).render(),
        more_than_hm(rows)
    )
}

/// Every tile where onav has more polygons than HM, per input: tile
/// (x, z) onav/HM, after the build's number in rows of several.
fn more_than_hm(rows: &[CountRow]) -> String {
    let mut lines = String::new();
    for row in rows {
        let tiles: Vec<String> = row
            .tiles
            .iter()
            .filter(|t| t.onav > t.hertel_mehlhorn)
            .map(|t| {
                let build = if row.builds > 1 { format!("#{} ", t.build) } else { String::new() };
                format!("{build}({}, {}) {}/{}", t.tile.0, t.tile.1, t.onav, t.hertel_mehlhorn)
            })
            .collect();
        if !tiles.is_empty() {
            lines += &format!("- onav > HM, {}: {}\n", row.label, tiles.join(", "));
        }
    }
    lines
}

fn table(rows: &[CountRow]) -> Table {
    let mut table = Table::new(&[
        "input",
        "builds",
        "tiles",
        "onav polygons",
        "HM polygons (same region)",
        "lower bound",
        "onav / HM",
        "onav / bound",
        "tiles onav < HM / = / >",
        "onav > HM: polygons more (total, worst tile)",
        "HM short",
    ]);
    for row in rows {
        let sum = |count: fn(&TileCounts) -> usize| row.tiles.iter().map(count).sum::<usize>();
        let (onav, hm, bound) = (sum(|t| t.onav), sum(|t| t.hertel_mehlhorn), sum(|t| t.lower_bound));
        let excess: Vec<usize> = row.tiles.iter().map(|t| t.onav.saturating_sub(t.hertel_mehlhorn)).collect();
        let tally =
            |keep: fn(usize, usize) -> bool| row.tiles.iter().filter(|t| keep(t.onav, t.hertel_mehlhorn)).count();
        table.push(vec![
            row.label.clone(),
            row.builds.to_string(),
            row.tiles.len().to_string(),
            onav.to_string(),
            hm.to_string(),
            bound.to_string(),
            format!("{:.3}", onav as f64 / hm as f64),
            format!("{:.3}", onav as f64 / bound as f64),
            format!("{} / {} / {}", tally(|o, h| o < h), tally(|o, h| o == h), tally(|o, h| o > h)),
            format!("{}, {}", excess.iter().sum::<usize>(), excess.iter().max().copied().unwrap_or(0)),
            row.tiles.iter().filter(|t| !t.covered).count().to_string(),
        ]);
    }
    table
}
