//! The `queries` tables: per operation the median and p99 of each library
//! with their ratios and the noise line, then how far the answers agree,
//! then the exact shortest paths.

use crate::call_clock::CallClock;
use crate::markdown_table::Table;
use crate::noise_line::noise_line;
use crate::queries::{Measured, MAX_NODES};
use crate::query_points::GENERATOR;
use crate::query_round::{PairAnswer, HALF_EXTENTS};
use crate::shortest_report::shortest_table;
use crate::timing::{median, min_max, RowSamples};

/// The operations a round times, in row order (each a median and a p99 row).
const OPERATIONS: [&str; 7] = [
    "find_nearest_poly",
    "find_path",
    "find_path + find_straight_path",
    "raycast",
    "find_shortest_path (Detour: find_path + find_straight_path)",
    "find_shortest_path, pairs found complete",
    "find_shortest_path, pairs found unreachable",
];

/// Relative excess of onav's straight path over Detour's that is more than
/// float noise (Detour's vertices are f32).
const LONGER_BEYOND: f64 = 1e-4;

pub fn report(measured: &[Measured], rounds: usize, clock: &CallClock) -> String {
    let pairs = measured.first().map_or(0, |m| m.pairs);
    format!(
        "## queries: onav against Detour (rounds: {rounds}; pairs per input: {pairs})\n\n\
         Detour: recastnavigation 1.6.0 as vendored by recastnavigation-sys 1.0.3, C++ built by its cmake \
         in Release (-O3), 32-bit references. onav: this repository, release profile (fat LTO).\n\n{}\n\
         µs per call. The same {pairs} start/end pairs for both libraries ({}), on the Recast tiles and \
         the same tiles imported into onav. find_nearest_poly: every start and end point, half extents \
         {:?}. The path rows: the pairs whose start and end both libraries found, search from the start's \
         polygon to the end's; find_path + find_straight_path times the same search followed by the straight \
         path (no crossing vertices); raycast casts from the start (in its polygon) towards the end. Both \
         libraries pass every flag at area cost 1 and have {MAX_NODES} \
         search nodes; buffers are made once. Each call is timed on its own; a round gives each operation's \
         median and 99th percentile over its calls, and the table gives the median of those over rounds \
         (min–max of the round medians beside it). Each round runs both libraries once, Detour first in \
         even rounds and onav first in odd ones, after one unrecorded warm-up round.\n\n{}\n\n{}\n\n\
         ## queries: agreement\n\n{}\n\
         Lengths as `onav::straight_path_length` measures them (X/Z length of the segments, 3D across \
         off-mesh links), over the pairs both libraries complete; \"onav longer\" counts pairs where onav's \
         path is longer than Detour's by more than {LONGER_BEYOND:e} of it. Both searches are A* over \
         polygons with edge-midpoint positions, not over straight-path length, so neither is always the \
         shorter. A ray reached the end when Detour returns t = FLT_MAX and onav no wall.\n\n\
         ## queries: exact shortest paths\n\n{}\n\
         The find_shortest_path rows of the first table time onav's exact search against Detour's \
         find_path + find_straight_path on the same pairs, in a loop of their own after the other path \
         rows; the \"pairs found\" rows take the pairs each library completed or found unreachable \
         (onav: status Complete or Unreachable; Detour: a corridor that reaches the end's polygon or \
         not), — when a round has none. Search nodes: `ShortestPathOutcome.nodes` over every searched \
         pair and over the complete ones. Lengths as above, over the pairs both complete; the excess is \
         Detour's length over onav's exact one, minus 1; \"Detour shorter\" counts pairs where Detour's \
         path is shorter than the exact one by more than 1e-4 of it and gives the most it falls short \
         on any pair.\n",
        time_table(measured).render(),
        GENERATOR,
        HALF_EXTENTS,
        clock_line(clock),
        noise_line("Detour", measured.iter().map(|m| &m.rounds)),
        agreement_table(measured).render(),
        shortest_table(measured).render()
    )
}

/// What timed each call, and what that clock can tell apart.
fn clock_line(clock: &CallClock) -> String {
    let ns = |ticks: f64| ticks * clock.seconds_per_tick() * 1e9;
    format!(
        "Clock: {}, the same for both libraries; {:.4} GHz calibrated against `Instant` over 0.1 s at \
         the start ({:.4} GHz over the whole run). It moves {:.2} ticks ({:.2} ns) at a time, so a call \
         reads a whole number of steps; the median and p99 count each call as spread evenly over the step \
         around it (the grouped-data median), which places them between steps. Two reads back to back: \
         {:.1} ticks ({:.1} ns), in every call of both libraries.",
        clock.name(),
        1e-9 / clock.seconds_per_tick(),
        1e-9 / clock.seconds_per_tick_over_run(),
        clock.step_ticks(),
        ns(clock.step_ticks()),
        clock.overhead_ticks(),
        ns(clock.overhead_ticks()),
    )
}

fn time_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "operation",
        "Detour median",
        "onav median",
        "onav/Detour median",
        "Detour p99",
        "onav p99",
        "onav/Detour p99",
        "Detour median min–max",
        "onav median min–max",
    ]);
    for m in measured {
        for (operation, rows) in OPERATIONS.iter().zip(m.rounds.rows.chunks(2)) {
            table.push(time_row(m.input.name(), operation, &rows[0], &rows[1]));
        }
    }
    table
}

fn time_row(input: &str, operation: &str, medians: &RowSamples, p99s: &RowSamples) -> Vec<String> {
    let us = |seconds: f64| if seconds.is_finite() { format!("{:.3}", seconds * 1e6) } else { "—".into() };
    let range = |values: &[f64]| {
        let (lo, hi) = min_max(values);
        format!("{}–{}", us(lo), us(hi))
    };
    let (peer, onav) = (median(&medians.peer), median(&medians.onav));
    let (peer_p99, onav_p99) = (median(&p99s.peer), median(&p99s.onav));
    vec![
        input.to_string(),
        operation.to_string(),
        us(peer),
        us(onav),
        ratio(onav, peer),
        us(peer_p99),
        us(onav_p99),
        ratio(onav_p99, peer_p99),
        range(&medians.peer),
        range(&medians.onav),
    ]
}

fn ratio(onav: f64, peer: f64) -> String {
    let ratio = onav / peer;
    if ratio.is_finite() {
        format!("{ratio:.2}")
    } else {
        "—".into()
    }
}

fn count(answers: &[PairAnswer], pick: impl Fn(&PairAnswer) -> bool) -> usize {
    answers.iter().filter(|a| pick(a)).count()
}

fn agreement_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "pairs",
        "ends found (Detour / onav / both)",
        "complete paths (Detour / onav / both)",
        "length onav/Detour: median (min–max)",
        "onav longer",
        "mean corridor polygons (Detour / onav)",
        "raycast reached the end (Detour / onav / both)",
    ]);
    for m in measured {
        let both =
            |pick: fn(&PairAnswer) -> bool| m.detour.iter().zip(&m.onav).filter(move |(d, o)| pick(d) && pick(o));
        let ratios: Vec<f64> =
            both(|a| a.complete).map(|(d, o)| o.length / d.length).filter(|r| r.is_finite()).collect();
        let longer = both(|a| a.complete).filter(|(d, o)| o.length > d.length * (1.0 + LONGER_BEYOND)).count();
        let searched = both(|a| a.corridor > 0).count().max(1) as f64;
        let mean_corridor = |side: fn(&(&PairAnswer, &PairAnswer)) -> usize| {
            both(|a| a.corridor > 0).map(|pair| side(&pair)).sum::<usize>() as f64 / searched
        };
        let (lo, hi) = if ratios.is_empty() { (f64::NAN, f64::NAN) } else { min_max(&ratios) };
        table.push(vec![
            m.input.name().to_string(),
            m.pairs.to_string(),
            format!(
                "{} / {} / {}",
                count(&m.detour, |a| a.found_ends),
                count(&m.onav, |a| a.found_ends),
                both(|a| a.found_ends).count()
            ),
            format!(
                "{} / {} / {}",
                count(&m.detour, |a| a.complete),
                count(&m.onav, |a| a.complete),
                both(|a| a.complete).count()
            ),
            if ratios.is_empty() { "—".into() } else { format!("{:.5} ({lo:.5}–{hi:.5})", median(&ratios)) },
            longer.to_string(),
            format!("{:.1} / {:.1}", mean_corridor(|(d, _)| d.corridor), mean_corridor(|(_, o)| o.corridor)),
            format!(
                "{} / {} / {}",
                count(&m.detour, |a| a.ray_reached),
                count(&m.onav, |a| a.ray_reached),
                both(|a| a.ray_reached).count()
            ),
        ]);
    }
    table
}
