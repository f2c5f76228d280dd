//! The clock that times a single query call, the same for both libraries.
//! On x86_64 it reads the time-stamp counter between two `lfence`s, so the
//! call cannot start before the first read nor finish after the second;
//! elsewhere it reads `Instant`. Its ticks become seconds through a ratio
//! calibrated against `Instant`. It also measures how coarsely it steps
//! (this VM's TSC advances 24.5 ticks, 10 ns, at a time) and what a timing
//! costs by itself (two reads back to back), for the report to print.

use std::time::{Duration, Instant};

use crate::stepped_percentile::stepped_percentile;
use crate::timing::median;

/// How long the start-up calibration spins: at `Instant`'s 10 ns step
/// the ratio is then good to about 1e-7.
const CALIBRATION: Duration = Duration::from_millis(100);
/// Calls timed to measure the counter's step, and how many lengths of
/// call they take.
const STEP_SAMPLES: usize = 20_000;
const SPIN_LENGTHS: usize = 1024;
/// Back-to-back pairs of reads whose median is the clock's own cost.
const OVERHEAD_PAIRS: usize = 10_000;

pub struct CallClock {
    started: (Instant, u64),
    seconds_per_tick: f64,
    /// Ticks the counter advances at a time (1 when it moves at every read).
    step_ticks: f64,
    overhead_ticks: f64,
}

impl CallClock {
    /// Calibrates the clock (about 0.1 s of spinning) and measures its step
    /// and overhead.
    pub fn new() -> CallClock {
        let started = (Instant::now(), fenced_ticks());
        while started.0.elapsed() < CALIBRATION {}
        let seconds_per_tick = seconds_per_tick_since(started);
        let step_ticks = step_ticks();
        let back_to_back: Vec<f64> = (0..OVERHEAD_PAIRS)
            .map(|_| {
                let first = fenced_ticks();
                (fenced_ticks() - first) as f64
            })
            .collect();
        let overhead_ticks = stepped_percentile(&back_to_back, step_ticks, 50);
        CallClock { started, seconds_per_tick, step_ticks, overhead_ticks }
    }

    /// What `call` returns, and the ticks it took. The value passes through
    /// `black_box` before the second read, so the compiler cannot move any
    /// of its computation after it.
    #[inline(always)]
    pub fn time<T>(&self, call: impl FnOnce() -> Result<T, String>) -> Result<(T, f64), String> {
        let start = fenced_ticks();
        let value = std::hint::black_box(call());
        let end = fenced_ticks();
        Ok((value?, (end - start) as f64))
    }

    /// The seconds of one tick, as calibrated at start-up.
    pub fn seconds_per_tick(&self) -> f64 {
        self.seconds_per_tick
    }

    /// The same ratio over the whole run so far: equal to the start-up one
    /// when the counter runs at a constant rate.
    pub fn seconds_per_tick_over_run(&self) -> f64 {
        seconds_per_tick_since(self.started)
    }

    pub fn step_ticks(&self) -> f64 {
        self.step_ticks
    }

    pub fn overhead_ticks(&self) -> f64 {
        self.overhead_ticks
    }

    /// What the report says the clock is.
    pub fn name(&self) -> &'static str {
        CLOCK_NAME
    }
}

fn seconds_per_tick_since((instant, ticks): (Instant, u64)) -> f64 {
    let (seconds, now) = (instant.elapsed().as_secs_f64(), fenced_ticks());
    seconds / (now - ticks) as f64
}

/// The counter's step. Calls of every length from nothing to a few µs
/// are timed; on a counter that moves in steps their readings gather on
/// every step's whole number of ticks and leave the ticks between empty,
/// and the step is the slope of the gatherings' centres against their
/// count of steps (a fit over a few hundred of them, so good to about
/// 1e-4 of a tick, which keeps the readings of a 40 µs call on their own
/// step). Readings that run together (a counter that moves at every tick)
/// give a step of 1. The slowest hundredth is left out: it holds the calls
/// an interruption lengthened.
fn step_ticks() -> f64 {
    step_of(
        (0..STEP_SAMPLES)
            .map(|i| {
                let start = fenced_ticks();
                spin(i % SPIN_LENGTHS);
                fenced_ticks() - start
            })
            .collect(),
    )
}

/// The step that `readings` (ticks) gather on, as `step_ticks` says.
fn step_of(mut readings: Vec<u64>) -> f64 {
    readings.sort_unstable();
    readings.truncate(readings.len() * 99 / 100);
    readings.dedup();
    let centres: Vec<f64> =
        readings.chunk_by(|a, b| b - a <= 2).map(|run| (run[0] + run[run.len() - 1]) as f64 / 2.0).collect();
    if centres.len() < 3 {
        return 1.0;
    }
    let gaps: Vec<f64> = centres.windows(2).map(|pair| pair[1] - pair[0]).collect();
    // The mean of the gaps of one step (a gathering no call hit makes a
    // gap of two): rounding the median alone, off by the ±1 tick the
    // gatherings wander, would count the far ones a step out.
    let typical = median(&gaps);
    let single: Vec<f64> = gaps.into_iter().filter(|gap| (gap - typical).abs() <= 2.0).collect();
    let rough = single.iter().sum::<f64>() / single.len() as f64;
    let steps: Vec<f64> = centres.iter().map(|c| ((c - centres[0]) / rough).round()).collect();
    slope(&steps, &centres)
}

/// The least-squares slope of `y` against `x`.
fn slope(x: &[f64], y: &[f64]) -> f64 {
    let mean = |values: &[f64]| values.iter().sum::<f64>() / values.len() as f64;
    let (mx, my) = (mean(x), mean(y));
    let covariance: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let variance: f64 = x.iter().map(|a| (a - mx) * (a - mx)).sum();
    covariance / variance
}

/// Dependent work of `length` short steps, to time calls of many lengths.
fn spin(length: usize) {
    let mut count = 0usize;
    for _ in 0..length {
        count = std::hint::black_box(count + 1);
    }
}

#[cfg(target_arch = "x86_64")]
const CLOCK_NAME: &str = "the time-stamp counter (`lfence; rdtsc; lfence` at both ends of a call)";

/// The counter, read only after every earlier instruction has completed
/// (the first `lfence`: the timed call has finished) and before any later
/// one starts (the second: the timed call has not begun). Both ends of a
/// call use this one read, so a timing's own cost is the same for every
/// call of either library. `rdtscp` would order only the earlier side.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fenced_ticks() -> u64 {
    use std::arch::x86_64::{_mm_lfence, _rdtsc};
    // SAFETY: SSE2 (lfence) and rdtsc are part of the x86_64 baseline.
    unsafe {
        _mm_lfence();
        let ticks = _rdtsc();
        _mm_lfence();
        ticks
    }
}

#[cfg(not(target_arch = "x86_64"))]
const CLOCK_NAME: &str = "`Instant` (nanoseconds)";

/// Nanoseconds since the first read: `Instant` is the clock elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn fenced_ticks() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_takes_at_least_the_time_it_sleeps() {
        let clock = CallClock::new();
        let ((), ticks) = clock
            .time(|| {
                std::thread::sleep(Duration::from_millis(2));
                Ok(())
            })
            .unwrap();
        assert!(ticks * clock.seconds_per_tick() >= 0.002);
        assert!(clock.time(|| Err::<(), _>("no".to_string())).is_err());
    }

    #[test]
    fn readings_on_a_stepped_counter_give_its_step() {
        // 24.45 ticks a step, near this VM's TSC: each reading a whole number
        // of steps, rounded to ticks, some a tick off.
        let readings = (0..4000u64).map(|i| ((i % 400) as f64 * 24.45).round() as u64 + (i % 7 == 0) as u64).collect();
        let step = step_of(readings);
        assert!((step - 24.45).abs() < 1e-3, "{step}");
    }

    #[test]
    fn readings_at_every_tick_give_a_step_of_one() {
        assert_eq!(step_of((0..5000u64).map(|i| 30 + i % 300).collect()), 1.0);
    }

    #[test]
    fn the_clock_keeps_its_rate_over_the_run() {
        let clock = CallClock::new();
        std::thread::sleep(Duration::from_millis(50));
        let drift = clock.seconds_per_tick_over_run() / clock.seconds_per_tick() - 1.0;
        assert!(drift.abs() < 1e-3, "{drift}");
    }
}
