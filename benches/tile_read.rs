//! Reads and fully validates ONPT tiles of realistic size and prints MB/s
//! and µs per tile, the median of several runs (issue: at least 300 MB/s on
//! one core). Run with `cargo bench --bench tile_read`.

mod bench_stats;
#[path = "../tests/tile_fixture/mod.rs"]
mod tile_fixture;

use std::hint::black_box;
use std::time::Instant;

use bench_stats::median;
use onav::{read_tile, write_tile, NavTile};
use tile_fixture::{grid_tile, params, with_detail, with_links};

const RUNS: usize = 9;

fn bench(label: &str, bytes: &[u8]) {
    let p = params();
    let reads_per_run = (50_000_000 / bytes.len()).max(10);
    let mut seconds_per_tile = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        for _ in 0..reads_per_run {
            black_box(read_tile(&p, black_box(bytes)).unwrap());
        }
        seconds_per_tile.push(start.elapsed().as_secs_f64() / reads_per_run as f64);
    }
    let per_tile = median(seconds_per_tile);
    println!(
        "{label}: {} bytes, median {:.1} µs per tile, {:.0} MB/s ({RUNS} runs of {reads_per_run} reads)",
        bytes.len(),
        per_tile * 1e6,
        bytes.len() as f64 / per_tile / 1e6
    );
}

fn main() {
    let p = params();
    for (label, cells) in [("256 quads + detail + 8 links", 16), ("576 quads + detail + 8 links", 24)] {
        let tile = NavTile::create(&p, with_links(with_detail(grid_tile(&p, cells)), 8)).unwrap();
        bench(label, &write_tile(&tile));
    }
    let bare = NavTile::create(&p, grid_tile(&p, 16)).unwrap();
    bench("256 quads, no detail", &write_tile(&bare));
}
