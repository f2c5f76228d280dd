//! The `crowd` tables: median ms per tick of DetourCrowd and onav (one
//! thread, and a rayon pool of [`THREADS`]) with their ratios and the
//! noise line, then how well each crowd walked.

use crate::crowd::{Measured, THREADS};
use crate::crowd_params::{AGENT_RADIUS, DETOUR_AVOIDANCE_TYPE};
use crate::crowd_placement::GENERATOR;
use crate::markdown_table::Table;
use crate::noise_line::noise_line;
use crate::timing::{median, min_max, RowSamples};

pub fn report(measured: &[Measured], rounds: usize, ticks: usize) -> String {
    format!(
        "## crowd: onav against DetourCrowd (rounds: {rounds}; ticks timed per round: {ticks})\n\n\
         DetourCrowd: recastnavigation 1.6.0 as vendored by recastnavigation-sys 1.0.3, C++ built by its \
         cmake in Release (-O3). onav: this repository, release profile (fat LTO).\n\n{}\n\
         ms per tick (`dtCrowd::update(1/30)`, `Crowd::step`). Both crowds walk the same polygons (Recast's \
         tiles, imported into onav) with the same agents: radius {AGENT_RADIUS}, height 2, max acceleration 8, \
         max speed 3.5, collision query range 12 radii, path optimisation range 30 radii, separation weight 2, \
         every update flag; the same starts and targets ({GENERATOR}). DetourCrowd: `maxAgents` = the \
         scenario's agent count, `maxAgentRadius` = {AGENT_RADIUS}, RecastDemo's avoidance settings at its \
         default quality (type {DETOUR_AVOIDANCE_TYPE}, \"high\": 7 divisions, 3 rings, depth 3), and its \
         fixed limits (6 neighbours, 8 path requests and 100 search iterations per update, 512 + 4096 search \
         nodes). onav: `CrowdSettings::default()` (4096 search nodes, every path planned in the tick it is \
         asked for), 10 neighbours and 16 wall segments per agent; on one thread it steps on the timing thread \
         itself (`Crowd::step_on_calling_thread`), as DetourCrowd does, and on {THREADS} \
         threads it hands each tick to a pool of {THREADS} workers. A round makes a fresh crowd (untimed) and \
         times each of its first {ticks} ticks on its own; the round's value is the median tick, the table's \
         the median over rounds (min–max of the round values beside it). Each round runs both libraries once, \
         DetourCrowd first in even rounds and onav (1 thread, then {THREADS}) first in odd ones, after one \
         unrecorded warm-up round.\n\n{}\n\n\
         ## crowd: quality\n\n{}\n\
         One untimed run per library from the start to the latest agent's time bound (10 s plus twice its \
         straight path's length at max speed). Overlapping pairs: pairs that at some tick after the first \
         second overlap by more than 10% of the radius (centres closer than 1.9 radii in X/Z, less than a \
         height apart in Y). Arrived: within one radius of the target before the agent's own time bound. \
         Stuck: went 5 simulated seconds without getting 5 cm closer to its target along onav's straight path \
         from where it stood (measured once per simulated second), before reaching it.\n",
        time_table(measured).render(),
        noise_line("DetourCrowd", measured.iter().map(|m| &m.rounds)),
        quality_table(measured).render()
    )
}

fn time_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "scenario",
        "agents",
        "DetourCrowd",
        "onav 1 thread",
        "onav/DetourCrowd",
        "onav 2 threads",
        "onav 2 threads/DetourCrowd",
        "DetourCrowd min–max",
        "onav 1 thread min–max",
        "onav 2 threads min–max",
    ]);
    for m in measured {
        let (one, two) = (&m.rounds.rows[0], &m.rounds.rows[1]);
        table.push(vec![
            m.scenario.level.name().to_string(),
            m.scenario.agents.to_string(),
            ms(median(&one.peer)),
            ms(median(&one.onav)),
            ratio(one),
            ms(median(&two.onav)),
            ratio(two),
            range(&one.peer),
            range(&one.onav),
            range(&two.onav),
        ]);
    }
    table
}

fn ms(seconds: f64) -> String {
    format!("{:.2}", seconds * 1e3)
}

fn ratio(row: &RowSamples) -> String {
    format!("{:.2}", median(&row.onav) / median(&row.peer))
}

fn range(values: &[f64]) -> String {
    let (lo, hi) = min_max(values);
    format!("{}–{}", ms(lo), ms(hi))
}

fn quality_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "scenario",
        "agents",
        "run (s)",
        "overlapping pairs (DetourCrowd / onav)",
        "arrived in time (DetourCrowd / onav)",
        "stuck (DetourCrowd / onav)",
    ]);
    for m in measured {
        table.push(vec![
            m.scenario.level.name().to_string(),
            m.scenario.agents.to_string(),
            format!("{:.1}", m.run_seconds),
            format!("{} / {}", m.detour.overlapping_pairs, m.onav.overlapping_pairs),
            format!("{} / {}", m.detour.arrived, m.onav.arrived),
            format!("{} / {}", m.detour.stuck, m.onav.stuck),
        ]);
    }
    table
}
