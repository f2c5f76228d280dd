//! How long one cache miss takes on this machine, for reading the mesh
//! bench's growth figures (issues 4 and 6): ns per dependent load when
//! following a random cycle through working sets from 1 MiB to 64 MiB,
//! median of several runs each.
//!
//! An edit in a large mesh in random order waits on chains of such loads
//! (column, slot, tile, tables), while the same edit in a 16-tile mesh
//! finds everything cached. So the growth from 16 to 4096 tiles is at
//! least the latency of one such chain over the 16-tile cost, however
//! little work the edit does: compare the figures printed here with the
//! 4096-tile mesh's resident size (`cargo bench --bench mesh` prints bytes
//! per polygon).
//!
//! Run: `cargo bench --bench memory_latency`

mod bench_stats;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::hint::black_box;
use std::time::Instant;

use bench_stats::median;
use mesh_common::Rng;

/// One cache line holding the index of the next line to visit.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line {
    next: usize,
}

/// `count` lines linked into one cycle in random order, so that neither
/// the hardware prefetcher nor a stride predicts the next load.
fn random_cycle(count: usize, rng: &mut Rng) -> Vec<Line> {
    let mut order: Vec<usize> = (0..count).collect();
    for i in (1..count).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut lines = vec![Line { next: 0 }; count];
    for (i, &line) in order.iter().enumerate() {
        lines[line].next = order[(i + 1) % count];
    }
    lines
}

/// ns per load when each load's address comes from the one before.
fn dependent_load_ns(lines: &[Line], loads: usize) -> f64 {
    let mut at = 0;
    let start = Instant::now();
    for _ in 0..loads {
        at = lines[at].next;
    }
    black_box(at);
    start.elapsed().as_secs_f64() * 1e9 / loads as f64
}

fn main() {
    const RUNS: usize = 5;
    const LOADS: usize = 2_000_000;
    let mut rng = Rng::new(11);
    println!("dependent-load latency, median of {RUNS} runs of {LOADS} loads");
    println!("{:>12} | {:>8}", "working set", "ns/load");
    for mib in [1usize, 4, 8, 16, 32, 64] {
        let lines = random_cycle(mib << 20 >> 6, &mut rng);
        dependent_load_ns(&lines, LOADS / 4);
        let ns = median((0..RUNS).map(|_| dependent_load_ns(&lines, LOADS)).collect());
        println!("{:>8} MiB | {:>8.1}", mib, ns);
    }
}
