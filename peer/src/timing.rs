//! Interleaved timing: each round runs both libraries once, the one that
//! goes first alternating round by round, and a fixed workload that shows
//! how steady the machine was. Rows report medians and min–max over rounds.

use std::time::Instant;

/// One measured quantity: a value per round for each library.
pub struct RowSamples {
    pub peer: Vec<f64>,
    pub onav: Vec<f64>,
}

/// What a side's round returns: one value per row, in row order.
pub type RoundResult = Result<Vec<f64>, String>;

pub struct Rounds {
    pub rows: Vec<RowSamples>,
    /// Seconds the fixed workload took, one per round.
    pub workload: Vec<f64>,
}

/// Runs `rounds` rounds of both sides after one unrecorded warm-up round
/// (the first touch of the tiles and the allocator's first growth are not
/// what a running host pays). Round r runs Detour first when r is even and
/// onav first when it is odd, then the fixed workload.
pub fn interleaved(
    rounds: usize,
    mut peer: impl FnMut() -> RoundResult,
    mut onav: impl FnMut() -> RoundResult,
) -> Result<Rounds, String> {
    peer()?;
    onav()?;
    let mut result = Rounds { rows: Vec::new(), workload: Vec::new() };
    for round in 0..rounds {
        let (p, o) = if round % 2 == 0 {
            let p = peer()?;
            (p, onav()?)
        } else {
            let o = onav()?;
            (peer()?, o)
        };
        if p.len() != o.len() {
            return Err(format!("the sides measured {} and {} rows", p.len(), o.len()));
        }
        if result.rows.is_empty() {
            result.rows = (0..p.len()).map(|_| RowSamples { peer: Vec::new(), onav: Vec::new() }).collect();
        }
        for (row, (p, o)) in result.rows.iter_mut().zip(p.into_iter().zip(o)) {
            row.peer.push(p);
            row.onav.push(o);
        }
        result.workload.push(fixed_workload());
    }
    Ok(result)
}

/// What `work` returns, and the seconds it took by the wall clock.
pub fn timed<T>(work: impl FnOnce() -> Result<T, String>) -> Result<(T, f64), String> {
    let start = Instant::now();
    let value = work()?;
    Ok((value, start.elapsed().as_secs_f64()))
}

/// What the last of `runs` (at least 1) runs of `work` returned, and the
/// mean seconds a run took, dropping each result included: a run of about
/// a millisecond, timed alone once a round, says more about the machine's
/// interruptions than about the work.
pub fn mean_of<T>(runs: usize, mut work: impl FnMut() -> Result<T, String>) -> Result<(T, f64), String> {
    let start = Instant::now();
    let mut last = work()?;
    for _ in 1..runs {
        last = work()?;
    }
    Ok((last, start.elapsed().as_secs_f64() / runs as f64))
}

/// Steps of the fixed workload: dependent integer work (about 17 ms here),
/// no memory traffic, so its spread is the machine's, not the cache's.
const WORKLOAD_STEPS: u32 = 1 << 23;

fn fixed_workload() -> f64 {
    let start = Instant::now();
    let mut state = 1u64;
    for _ in 0..WORKLOAD_STEPS {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
    }
    std::hint::black_box(state);
    start.elapsed().as_secs_f64()
}

/// The middle value, the upper of the two for an even count.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// The value below which `per_cent` % of `values` lie.
pub fn percentile(values: &[f64], per_cent: usize) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[(sorted.len() * per_cent / 100).min(sorted.len() - 1)]
}

pub fn min_max(values: &[f64]) -> (f64, f64) {
    values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)))
}

/// (max − min) / median.
pub fn spread(values: &[f64]) -> f64 {
    let (lo, hi) = min_max(values);
    (hi - lo) / median(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_takes_the_upper_middle() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 3.0);
    }

    #[test]
    fn spread_is_range_over_median() {
        assert_eq!(min_max(&[2.0, 5.0, 4.0]), (2.0, 5.0));
        assert_eq!(spread(&[2.0, 5.0, 4.0]), 0.75);
    }

    #[test]
    fn mean_of_runs_the_work_that_many_times_and_keeps_the_last_result() {
        let mut count = 0;
        let (last, _) = mean_of(5, || {
            count += 1;
            Ok(count)
        })
        .unwrap();
        assert_eq!((count, last), (5, 5));
        assert!(mean_of(3, || Err::<(), _>("no".to_string())).is_err());
    }

    #[test]
    fn rounds_alternate_which_side_goes_first() {
        let order = std::cell::RefCell::new(Vec::new());
        let rounds = interleaved(
            4,
            || {
                order.borrow_mut().push('d');
                Ok(vec![1.0, 2.0])
            },
            || {
                order.borrow_mut().push('o');
                Ok(vec![3.0, 4.0])
            },
        )
        .unwrap();
        assert_eq!(order.into_inner(), ['d', 'o', 'd', 'o', 'o', 'd', 'd', 'o', 'o', 'd']);
        assert_eq!(rounds.rows.len(), 2);
        assert_eq!(rounds.rows[1].peer, [2.0; 4]);
        assert_eq!(rounds.rows[1].onav, [4.0; 4]);
        assert_eq!(rounds.workload.len(), 4);
    }
}
