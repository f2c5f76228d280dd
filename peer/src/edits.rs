//! `edits`: add, remove, churn and whole-mesh load on the same tiles in
//! both libraries, then what each loaded mesh holds.

use std::path::Path;
use std::sync::Arc;

use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{write_mesh, NavMeshParams, NavTile, TiledNavMesh};

use crate::churn_order::churn_order;
use crate::detour_edits::DetourEdits;
use crate::detour_tile_data::DetourTileData;
use crate::fixtures::mset_bytes;
use crate::footprint::{detour_footprint, onav_footprint, Footprint};
use crate::inputs::Input;
use crate::markdown_table::Table;
use crate::onav_edits::OnavEdits;
use crate::recast_build::{build_tile_set, RecastSettings, RecastTileSet};
use crate::timing::{interleaved, median, min_max, spread, Rounds};

/// Remove-and-add-back steps per round.
const CHURN_STEPS: usize = 2000;

/// Rows of a round, in order; the last is a whole mesh, the others one tile.
const OPERATIONS: [&str; 4] = ["add (empty mesh, all tiles)", "churn (remove + add back)", "remove (all tiles)", "load whole mesh from bytes"];

/// One input's tiles in both libraries.
struct EditInput {
    set: RecastTileSet,
    positions: Vec<(i32, i32)>,
    mset: Vec<u8>,
    onav_params: NavMeshParams,
    onav_tiles: Vec<Arc<NavTile>>,
    onav_mesh_bytes: Vec<u8>,
}

fn prepare(input: Input, meshes: &Path, settings: &RecastSettings) -> Result<EditInput, String> {
    let set = build_tile_set(&input.geometry(meshes, settings)?, settings)?;
    let positions = set
        .tiles
        .iter()
        .map(|tile| tile.header().map(|h| (h.x, h.y)).ok_or("a Recast tile without a header".to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let mset = mset_bytes(&set)?;
    let imported = read_tile_set(&mset, &ImportOptions::default()).map_err(|e| format!("onav import: {e}"))?;
    let imported_positions: Vec<(i32, i32)> = imported.tiles.iter().map(|t| (t.tile_x(), t.tile_z())).collect();
    if imported_positions != positions {
        return Err(format!("{}: the importer's tiles are not Detour's tiles in the same order", input.name()));
    }
    let onav_tiles: Vec<Arc<NavTile>> = imported.tiles.into_iter().map(Arc::new).collect();
    let mut mesh = TiledNavMesh::new(imported.params).map_err(|e| format!("onav mesh: {e}"))?;
    for tile in &onav_tiles {
        mesh.add_tile(Arc::clone(tile)).map_err(|e| format!("onav add_tile: {e}"))?;
    }
    Ok(EditInput { set, positions, mset, onav_params: imported.params, onav_tiles, onav_mesh_bytes: write_mesh(&mesh) })
}

struct Measured {
    input: Input,
    rounds: Rounds,
    detour: Footprint,
    onav: Footprint,
}

fn measure(input: Input, meshes: &Path, rounds: usize) -> Result<Measured, String> {
    let settings = RecastSettings::TILE_MESH_DEFAULTS;
    let prepared = prepare(input, meshes, &settings)?;
    let churn = churn_order(prepared.positions.len(), CHURN_STEPS);
    let detour_tiles = prepared
        .set
        .tiles
        .iter()
        .map(|tile| DetourTileData::copy_of(tile.as_bytes()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut detour = DetourEdits {
        params: prepared.set.params,
        tiles: detour_tiles,
        positions: &prepared.positions,
        churn: &churn,
        mset: &prepared.mset,
    };
    let mut onav = OnavEdits {
        params: prepared.onav_params,
        tiles: prepared.onav_tiles.clone(),
        positions: &prepared.positions,
        churn: &churn,
        mesh_bytes: &prepared.onav_mesh_bytes,
    };
    let rounds = interleaved(rounds, || detour.round(), || onav.round())?;
    Ok(Measured {
        input,
        rounds,
        detour: detour_footprint(&prepared.mset)?,
        onav: onav_footprint(&prepared.onav_mesh_bytes)?,
    })
}

pub fn edits(meshes: &Path, rounds: usize, smoke: bool) -> Result<(), String> {
    let inputs: &[Input] = if smoke { &Input::ALL[..1] } else { &Input::ALL };
    let measured = inputs.iter().map(|&input| measure(input, meshes, rounds)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&measured, rounds));
    Ok(())
}

fn report(measured: &[Measured], rounds: usize) -> String {
    let mut times = Table::new(&["input", "operation", "Detour median", "onav median", "onav/Detour", "Detour min–max", "onav min–max"]);
    let mut row_spreads = (0.0f64, 0.0f64);
    for m in measured {
        for (operation, row) in OPERATIONS.iter().zip(&m.rounds.rows) {
            let whole_mesh = operation.starts_with("load");
            let (scale, unit) = if whole_mesh { (1e3, "ms") } else { (1e6, "µs") };
            let (peer, onav) = (median(&row.peer), median(&row.onav));
            let range = |values: &[f64]| {
                let (lo, hi) = min_max(values);
                format!("{:.2}–{:.2}", lo * scale, hi * scale)
            };
            times.push(vec![
                m.input.name().to_string(),
                operation.to_string(),
                format!("{:.2} {unit}", peer * scale),
                format!("{:.2} {unit}", onav * scale),
                format!("{:.2}", onav / peer),
                range(&row.peer),
                range(&row.onav),
            ]);
            row_spreads = (row_spreads.0.max(spread(&row.peer)), row_spreads.1.max(spread(&row.onav)));
        }
    }
    let workload: Vec<f64> = measured.iter().flat_map(|m| m.rounds.workload.iter().copied()).collect();
    let mut memory = Table::new(&[
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
        memory.push(vec![
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
    format!(
        "## edits: onav against Detour ({rounds} rounds, {CHURN_STEPS} churn steps a round)\n\n{}\n\
         Add, churn and remove are per tile (µs), load is per whole mesh (ms). Each round runs both \
         libraries once, Detour first in even rounds and onav first in odd ones. Detour adds and removes \
         tile data made once and lent to the mesh (flags 0, no allocation while timed); onav adds and removes \
         the imported, already validated tiles (`Arc<NavTile>`). Load: Detour allocates the mesh and per tile \
         allocates, copies and `addTile`s from MSET bytes; onav `read_mesh`es its own bytes of the same tiles, \
         validating and stitching them.\n\n\
         Noise: a fixed 2^23-step xorshift loop timed after every round took {:.2} ms median, spread \
         (max − min)/median {:.1}% over {} rounds; the largest spread of any row above: Detour {:.1}%, onav {:.1}%.\n\n\
         ## edits: what a loaded mesh holds (Detour / onav)\n\n{}\n\
         Resident bytes: the growth of the live heap while the mesh is loaded from bytes, counted by one \
         counter through Rust's global allocator (onav) and Detour's `dtAllocSetCustom` hook (Detour, \
         which otherwise calls malloc). Links: Detour also links neighbouring polygons of one tile; onav keeps \
         those in the tile's neighbour array, so only Detour's external links compare with onav's portal links.\n",
        times.render(),
        median(&workload) * 1e3,
        spread(&workload) * 100.0,
        workload.len(),
        row_spreads.0 * 100.0,
        row_spreads.1 * 100.0,
        memory.render()
    )
}
