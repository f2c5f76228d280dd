//! A probe of issue 21's doorway scenario (`agents_cross_a_doorway_both_ways`
//! in tests/crowd_scenarios.rs, ignored while it fails): the scenario run
//! 20 times, as the test runs it and with every start moved by up to 1 cm
//! in x and z (seeds 1 to 19 of `mesh_common::Rng`, xorshift64*), because
//! the outcome of a crowd at a door turns on small differences and one run
//! says little. Progress is measured as `crowd_common::run` measures it (a
//! new best remaining straight-path length, 5 cm better, sampled each
//! second; an arrived agent counts as progressing), and a run is clean when
//! `run` would pass it. Per run it prints the agents with a wait of 5 s or
//! more, the longest wait, when the last agent arrived (or that one did not
//! within 90 s), the overlap and off-mesh samples; then the summary. With
//! `DOORWAY_PROBE_WAITS=1` it also prints each such wait (the agent, its
//! length, when and where it ended) and the run's first overlap sample.
//!
//! `DOORWAY_PROBE_SEEDS=N` runs N jittered seeds instead of 19. A run's
//! outcome turns on the last centimetre, so the clean count of a variant is
//! a binomial draw: over 20 runs its standard deviation is about 2 runs at
//! a clean rate near one half. The summary gives the clean rate with its
//! 95 % Wilson interval; compare variants by that, over enough seeds.
//!
//! The test asserts that every run is clean: the doorway check made robust
//! to the starts' last centimetre. It fails on main (issue 21's doorway is
//! open), so it is ignored as the doorway test is.
//!
//! `cargo test --release --test crowd_doorway_probe -- --ignored --nocapture`

mod crowd_common;
mod mesh_common;

use crowd_common::doorway::doorway;
use crowd_common::{crowd_with, run_watched, Trip};
use mesh_common::Rng;
use onav::TiledNavMesh;

/// The test's bound.
const BOUND_SECONDS: f64 = 90.0;
/// `run`'s check: this long without progress is stuck.
const STUCK_SECONDS: f64 = 5.0;
/// The largest move of a start along x or along z.
const JITTER: f64 = 0.01;
/// Jittered seeds run unless `DOORWAY_PROBE_SEEDS` says otherwise.
const SEEDS: u64 = 19;

/// The number of jittered seeds to run.
fn seeds() -> u64 {
    std::env::var("DOORWAY_PROBE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(SEEDS)
}

/// The 95 % Wilson score interval of a rate seen `k` times in `n` runs.
fn wilson_interval(k: usize, n: usize) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let center = (p + Z * Z / (2.0 * n)) / (1.0 + Z * Z / n);
    let half = Z / (1.0 + Z * Z / n) * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
    (center - half, center + half)
}

/// The median of sorted values.
fn median(sorted: &[usize]) -> f64 {
    let n = sorted.len();
    (sorted[(n - 1) / 2] + sorted[n / 2]) as f64 / 2.0
}

/// One run's figures.
struct Outcome {
    /// Each agent's longest wait without progress, and where and when it ended.
    waits: Vec<Wait>,
    seconds_to_arrive: Option<f64>,
    overlaps: usize,
    /// The first overlap sample, as `run` words it.
    first_overlap: Option<String>,
    off_mesh: usize,
}

#[derive(Clone, Copy, Default)]
struct Wait {
    seconds: f64,
    ended_at: [f64; 3],
    ended_second: f64,
}

impl Outcome {
    fn waiting(&self) -> usize {
        self.waits.iter().filter(|w| w.seconds >= STUCK_SECONDS).count()
    }

    fn longest(&self) -> f64 {
        self.waits.iter().map(|w| w.seconds).fold(0.0, f64::max)
    }

    fn clean(&self) -> bool {
        self.waiting() == 0
            && self.overlaps == 0
            && self.off_mesh == 0
            && self.seconds_to_arrive.is_some_and(|s| s <= BOUND_SECONDS)
    }
}

/// The doorway's trips with every start moved by the seed's jitter (seed
/// 0: none); the goals stay the scenario's.
fn jittered(trips: &[Trip], seed: u64) -> Vec<Trip> {
    if seed == 0 {
        return trips.to_vec();
    }
    let mut rng = Rng::new(seed);
    let mut offset = || (rng.below(1 << 20) as f64 / (1 << 20) as f64 * 2.0 - 1.0) * JITTER;
    trips.iter().map(|&(start, goal)| ([start[0] + offset(), start[1], start[2] + offset()], goal)).collect()
}

/// Runs the scenario as `crowd_common::run` does, keeping each agent's
/// longest wait (by `run`'s `Progress`) and every overlap and off-mesh
/// sample, rather than the first reports.
fn probe(mesh: &TiledNavMesh, trips: &[Trip]) -> Outcome {
    let (mut crowd, handles) = crowd_with(mesh, trips);
    let goals: Vec<_> = trips.iter().map(|t| t.1).collect();
    let dt = crowd.settings().dt;
    let mut waits = vec![Wait::default(); handles.len()];
    let report = run_watched(&mut crowd, &handles, &goals, BOUND_SECONDS, |i, agent, waited, tick| {
        if waited > waits[i].seconds {
            waits[i] = Wait { seconds: waited, ended_at: agent.position(), ended_second: tick as f64 * dt };
        }
    });
    Outcome {
        waits,
        seconds_to_arrive: report.seconds_to_arrive,
        overlaps: report.overlap_samples,
        first_overlap: report.overlaps.first().cloned(),
        off_mesh: report.off_mesh_samples,
    }
}

#[test]
#[ignore = "counterflow jams at the door (issue 21, open): 0 of 20 runs clean on main; prints the figures"]
fn doorway_runs_with_jittered_starts() {
    let (mesh, trips) = doorway();
    let show_waits = std::env::var_os("DOORWAY_PROBE_WAITS").is_some();
    let seeds = seeds();
    let mut outcomes = Vec::new();
    for seed in 0..=seeds {
        let outcome = probe(&mesh, &jittered(&trips, seed));
        let arrival = outcome.seconds_to_arrive.map_or("not all by 90 s".to_string(), |s| format!("all by {s:.1} s"));
        println!(
            "seed {seed:2}: {:2} waiting >= 5 s, longest {:4.1} s, {arrival}, {} overlap and {} off-mesh samples{}",
            outcome.waiting(),
            outcome.longest(),
            outcome.overlaps,
            outcome.off_mesh,
            if outcome.clean() { ", clean" } else { "" }
        );
        if show_waits {
            if let Some(first) = &outcome.first_overlap {
                println!("    first overlap: {first}");
            }
            for (agent, wait) in outcome.waits.iter().enumerate().filter(|(_, w)| w.seconds >= STUCK_SECONDS) {
                let [x, _, z] = wait.ended_at;
                println!(
                    "    agent {agent:2}: {:4.1} s, ended at {:4.1} s at ({x:.2}, {z:.2})",
                    wait.seconds, wait.ended_second
                );
            }
        }
        outcomes.push(outcome);
    }
    let mut waiting: Vec<_> = outcomes.iter().map(Outcome::waiting).collect();
    waiting.sort_unstable();
    let median = median(&waiting);
    let clean = outcomes.iter().filter(|o| o.clean()).count();
    let (low, high) = wilson_interval(clean, outcomes.len());
    let jittered_clean = outcomes[1..].iter().filter(|o| o.clean()).count();
    let never = outcomes.iter().filter(|o| o.seconds_to_arrive.is_none()).count();
    let overlapping = outcomes.iter().filter(|o| o.overlaps > 0).count();
    println!(
        "summary: agents waiting >= 5 s min {} / median {median} / max {}; clean {clean} of {} runs (unjittered {}, jittered {jittered_clean} of {seeds}; clean rate 95 % interval {low:.2}-{high:.2}); {never} runs where some agent never arrives, {overlapping} with overlaps",
        waiting[0],
        waiting[waiting.len() - 1],
        outcomes.len(),
        if outcomes[0].clean() { "clean" } else { "not clean" },
    );
    assert_eq!(clean, outcomes.len(), "the doorway must pass issue 21's checks whatever 1 cm its starts move");
}

#[test]
fn the_wilson_interval_and_the_median() {
    // 10 of 20: the interval 0.299-0.701 (Wilson's score interval at z 1.96).
    let (low, high) = wilson_interval(10, 20);
    assert!((low - 0.2993).abs() < 1e-3 && (high - 0.7007).abs() < 1e-3, "{low} {high}");
    let (low, high) = wilson_interval(20, 20);
    assert!((low - 0.8389).abs() < 1e-3 && (high - 1.0).abs() < 1e-9, "{low} {high}");
    assert_eq!(median(&[1, 2, 3]), 2.0);
    assert_eq!(median(&[1, 2, 3, 5]), 2.5);
}
