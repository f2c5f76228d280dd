//! The `edits` tables: times per operation with ratios and the noise
//! line, then what each loaded mesh holds.

use crate::edit_round::OPERATIONS_PER_ROUND;
use crate::edits::{Measured, CHURN_STEPS};
use crate::markdown_table::Table;
use crate::noise_line::noise_line;
use crate::timing::{median, min_max, RowSamples};

/// A round's rows, in order; the last is a whole mesh, the others one tile.
const OPERATIONS: [&str; 5] = [
    "add (empty mesh, all tiles)",
    "churn (remove + add back)",
    "remove (all tiles)",
    "load whole mesh from bytes",
    "add from bytes (empty mesh, all tiles)",
];

pub fn report(measured: &[Measured], rounds: usize) -> String {
    format!(
        "## edits: onav against Detour (rounds: {rounds}; churn steps a round: {CHURN_STEPS})\n\n\
         Detour: recastnavigation 1.6.0 as vendored by recastnavigation-sys 1.0.3, C++ built by its cmake \
         in Release (-O3), 32-bit references. onav: this repository, release profile (fat LTO).\n\n{}\n\
         Add, churn and remove are per tile (µs), load is per whole mesh (ms). A round fills fresh meshes \
         with every tile and empties them again until it has added at least {OPERATIONS_PER_ROUND} tiles \
         (and loads as many whole meshes), then churns one full mesh; the row is the round's mean. Each \
         round runs both libraries once, Detour first in even rounds and onav first in odd ones, after one \
         unrecorded warm-up round. Detour adds and removes tile data made once and lent to the mesh (flags 0, no \
         allocation while timed); onav adds and removes the imported, already validated tiles \
         (`Arc<NavTile>`). Load: Detour allocates the mesh and per tile allocates, copies and `addTile`s \
         from MSET bytes; onav `read_mesh`es its own bytes of the same tiles, validating and stitching them. \
         Add from bytes: onav reads, validates and adds each tile's ONPT bytes (`add_tile_bytes`); Detour \
         `addTile`s its lent tile data as in the add row, since it takes tile bytes as they are.\n\n\
         {}\n\n\
         ## edits: what a loaded mesh holds (Detour / onav)\n\n{}\n\
         Resident bytes: the growth of the live heap while the mesh is loaded from bytes, counted by one \
         counter through Rust's global allocator (onav) and Detour's `dtAllocSetCustom` hook (Detour, \
         which otherwise calls malloc). Links: Detour also links neighbouring polygons of one tile; onav keeps \
         those in the tile's neighbour array, so only Detour's external links compare with onav's portal links.\n",
        time_table(measured).render(),
        noise_line("Detour", measured.iter().map(|m| &m.rounds)),
        footprint_table(measured).render()
    )
}

fn time_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "operation",
        "Detour median",
        "onav median",
        "onav/Detour",
        "Detour min–max",
        "onav min–max",
    ]);
    for m in measured {
        for (operation, row) in OPERATIONS.iter().zip(&m.rounds.rows) {
            table.push(time_row(m.input.name(), operation, row));
        }
    }
    table
}

fn time_row(input: &str, operation: &str, row: &RowSamples) -> Vec<String> {
    let (scale, unit) = if operation.starts_with("load") { (1e3, "ms") } else { (1e6, "µs") };
    let (peer, onav) = (median(&row.peer), median(&row.onav));
    let range = |values: &[f64]| {
        let (lo, hi) = min_max(values);
        format!("{:.2}–{:.2}", lo * scale, hi * scale)
    };
    vec![
        input.to_string(),
        operation.to_string(),
        format!("{:.2} {unit}", peer * scale),
        format!("{:.2} {unit}", onav * scale),
        format!("{:.2}", onav / peer),
        range(&row.peer),
        range(&row.onav),
    ]
}

fn footprint_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "tiles",
        "polygons",
        "Detour bytes/polygon",
        "onav bytes/polygon",
        "Detour in-tile links",
        "Detour external links",
        "onav portal links",
        "off-mesh links (Detour / onav)",
    ]);
    for m in measured {
        let (d, o) = (&m.detour, &m.onav);
        table.push(vec![
            m.input.name().to_string(),
            format!("{} / {}", d.tiles, o.tiles),
            format!("{} / {}", d.polygons, o.polygons),
            format!("{:.0}", d.bytes_per_polygon()),
            format!("{:.0}", o.bytes_per_polygon()),
            d.in_tile_links.map_or("—".into(), |n| n.to_string()),
            d.border_links.to_string(),
            o.border_links.to_string(),
            format!("{} / {}", d.off_mesh_links, o.off_mesh_links),
        ]);
    }
    table
}
