//! The `build` tables: build times with their ratios and the noise line,
//! parallel speedup, tiles and peak memory, quality, and where Recast's
//! time goes.

use crate::build::Measured;
use crate::build_paths::LENGTH_TOLERANCE;
use crate::markdown_table::Table;
use crate::noise_line::noise_line;
use crate::query_points::GENERATOR;
use crate::timing::{median, min_max, percentile, RowSamples};

/// Row names of a round's values, with their unit's scale and name.
const ROWS: [(&str, f64, &str); 4] = [
    ("per tile, median", 1e6, "µs"),
    ("per tile, p95", 1e6, "µs"),
    ("whole build, 1 thread", 1e3, "ms"),
    ("whole build, 2 threads", 1e3, "ms"),
];

pub fn report(measured: &[Measured], rounds: usize, pairs: usize, stages: &[&str]) -> String {
    format!(
        "## build: onav's voxel builder against Recast (rounds: {rounds})\n\n\
         Recast: recastnavigation 1.6.0 as vendored by recastnavigation-sys 1.0.3, C++ built by its cmake in \
         Release (-O3), RecastDemo's tile pipeline. onav: `NavMesh::build_3d`, release profile (fat LTO). The \
         same triangles (f32 from the OBJ, widened to f64 for onav) and one set of settings (RecastDemo's \
         tile-mesh defaults as NavSettings, mapped onto rcConfig with onav's cell roundings: 32-cell tiles of \
         cell 0.3, border 5 cells, walkable height 10, climb 4, radius 2 cells, max edge 40 cells, contour \
         error 1.3 cells, regions 64 and 400 cells, 6 vertices per polygon, detail samples 1.8 apart with \
         0.2 error).\n\n{}\n\
         Per tile: from the tile's triangles to validated tile bytes on one thread. Recast: slope marking, \
         rasterization, filters, compact heightfield, erosion, regions, contours, polygon mesh, detail mesh \
         and `dtCreateNavMeshData`, timed around `build_tile` with the tile's triangles selected beforehand \
         (as RecastDemo's chunky mesh hands them over). onav: the time between two calls of \
         `build_3d_with_progress`'s callback on a 1-thread rayon pool, which is one tile's whole pipeline \
         through `NavTile::create`, its detail mesh included; onav's \
         first tile also carries the build's one-off work (geometry checks, slope marking, triangle \
         bucketing). Both over the same tiles: those whose heightfield box (tile plus border) holds a \
         triangle. Whole build: Recast selects every tile's triangles, builds every tile and adds them to a \
         `dtNavMesh`; onav's `NavMesh::build_3d` returns the stitched mesh. 2 threads: Recast's tiles on two \
         threads pulling from a shared counter, added in grid order afterwards; onav on a 2-thread rayon \
         pool. A round gives each row's median (or p95) over the tiles; the table gives the median over \
         rounds with min–max beside it. Rounds alternate which builder goes first, after one unrecorded \
         warm-up.\n\n{}\n\n{}\n\
         Speedup: the whole build's median on 1 thread over its median on 2 (the machine has 2 cores, shared \
         with other work).\n\n\
         ## build: tiles and peak memory\n\n{}\n\
         Peak heap per tile: the most bytes live during a tile's build beyond those live when it began (its \
         output included), in an untimed pass: Recast's `rcAlloc` and Detour's `dtAlloc` through \
         `rcAllocSetCustom`/`dtAllocSetCustom`, onav's through the counting global allocator (its first \
         tile's window holds the build's one-off work), over the timed tiles.\n\n\
         ## build: quality of onav's mesh against Recast's\n\n{}\n\
         Polygons and components: Recast's tiles read by onav's Detour importer (the same polygons and links, \
         issue 17) against onav's mesh; a component is a set of polygons joined by in-tile neighbour edges or \
         links. Walkable area and IoU: each tile column sampled at 4 x 4 points per cell; at a sample, each \
         polygon covering it gives a floor at its interpolated height (floors within WalkableClimb count \
         once, so a bridge over a floor is two); a floor of one mesh matches one of the other within \
         WalkableClimb; IoU = matched / (floors of either − matched). Paths: {pairs} seeded start/end pairs \
         on Recast's mesh ({GENERATOR}); Detour queries Recast's mesh, onav's `NavMeshQuery` queries onav's, \
         each with its own nearest polygons (half extents (2, 4, 2)); agreement = pairs where both find a \
         complete path or both do not, among pairs whose ends both found; lengths as `onav::straight_path_length` \
         measures them, onav/Recast over pairs both complete, \"beyond\" counting ratios off by more than \
         ±{:.0} %.\n\n\
         ## build: where Recast's time goes\n\n{}\n\
         Share of the summed stage times of all tiles in the last round.\n",
        time_table(measured).render(),
        noise_line("Recast", measured.iter().map(|m| &m.rounds)),
        speedup_table(measured).render(),
        tiles_table(measured).render(),
        quality_table(measured).render(),
        LENGTH_TOLERANCE * 100.0,
        stage_table(measured, stages).render(),
    )
}

fn label(m: &Measured) -> [String; 2] {
    [m.input.name().to_string(), format!("{:?}", m.partition).to_lowercase()]
}

fn time_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "partition",
        "measure",
        "Recast median",
        "onav median",
        "onav/Recast",
        "Recast min–max",
        "onav min–max",
    ]);
    for m in measured {
        for (&(name, scale, unit), row) in ROWS.iter().zip(&m.rounds.rows) {
            table.push(time_row(&label(m), name, scale, unit, row));
        }
    }
    table
}

fn time_row(label: &[String; 2], name: &str, scale: f64, unit: &str, row: &RowSamples) -> Vec<String> {
    let show = |seconds: f64| format!("{:.1}", seconds * scale);
    let range = |values: &[f64]| {
        let (lo, hi) = min_max(values);
        format!("{}–{}", show(lo), show(hi))
    };
    let (recast, onav) = (median(&row.peer), median(&row.onav));
    vec![
        label[0].clone(),
        label[1].clone(),
        format!("{name} ({unit})"),
        show(recast),
        show(onav),
        format!("{:.2}", onav / recast),
        range(&row.peer),
        range(&row.onav),
    ]
}

fn speedup_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&["input", "partition", "Recast speedup at 2 threads", "onav speedup at 2 threads"]);
    for m in measured {
        let (one, two) = (&m.rounds.rows[2], &m.rounds.rows[3]);
        let [input, partition] = label(m);
        table.push(vec![
            input,
            partition,
            format!("{:.2}", median(&one.peer) / median(&two.peer)),
            format!("{:.2}", median(&one.onav) / median(&two.onav)),
        ]);
    }
    table
}

fn kib(bytes: usize) -> String {
    format!("{:.0}", bytes as f64 / 1024.0)
}

fn tiles_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "partition",
        "grid tiles (Recast / onav)",
        "tiles timed",
        "tiles built (Recast / onav)",
        "peak KiB per tile, median (Recast / onav)",
        "peak KiB per tile, max (Recast / onav)",
    ]);
    for m in measured {
        let (t, p) = (&m.tiles, &m.peak_bytes);
        let [input, partition] = label(m);
        table.push(vec![
            input,
            partition,
            format!("{} / {}", t.recast_grid, t.onav_grid),
            t.timed.to_string(),
            format!("{} / {}", t.recast_built, t.onav_built),
            format!("{} / {}", kib(p.recast.0), kib(p.onav.0)),
            format!("{} / {}", kib(p.recast.1), kib(p.onav.1)),
        ]);
    }
    table
}

fn quality_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "partition",
        "polygons (Recast / onav = ratio)",
        "components (Recast / onav)",
        "walkable area (Recast / onav)",
        "area IoU",
        "pairs with ends found by both",
        "complete paths (Recast / onav)",
        "reachability agreement",
        "length onav/Recast: median (p5–p95)",
        "lengths beyond tolerance",
    ]);
    for m in measured {
        let q = &m.quality;
        let paths = &q.paths;
        let ratios = &paths.length_ratios;
        let lengths = if ratios.is_empty() {
            "—".to_string()
        } else {
            format!("{:.4} ({:.4}–{:.4})", median(ratios), percentile(ratios, 5), percentile(ratios, 95))
        };
        let [input, partition] = label(m);
        table.push(vec![
            input,
            partition,
            format!("{} / {} = {:.2}", q.polygons.0, q.polygons.1, q.polygons.1 as f64 / q.polygons.0 as f64),
            format!("{} / {}", q.components.0, q.components.1),
            format!("{:.1} / {:.1}", q.overlap.area_a, q.overlap.area_b),
            format!("{:.4}", q.overlap.iou()),
            format!("{} of {}", paths.ends_found, paths.pairs),
            format!("{} / {}", paths.complete_recast, paths.complete_onav),
            format!("{:.2} %", 100.0 * paths.agree as f64 / paths.ends_found.max(1) as f64),
            lengths,
            format!("{} of {}", paths.lengths_beyond_tolerance(), ratios.len()),
        ]);
    }
    table
}

fn stage_table(measured: &[Measured], stages: &[&str]) -> Table {
    let mut header = vec!["input", "partition"];
    header.extend_from_slice(stages);
    let mut table = Table::new(&header);
    for m in measured {
        let total: f64 = m.recast_stages.iter().sum();
        let mut row = label(m).to_vec();
        row.extend(m.recast_stages.iter().map(|s| format!("{:.1} %", 100.0 * s / total)));
        table.push(row);
    }
    table
}
