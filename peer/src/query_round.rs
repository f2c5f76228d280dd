//! One round of query measurements, timed the same way for both
//! libraries: the nearest polygon of every start and end point, then for
//! each pair whose four ends both libraries found, the path search, the
//! path search followed by the straight path, a raycast from the start
//! towards the end, and the shortest path each library offers. Each call is
//! timed on its own by the call clock, so a round gives each operation's
//! median and 99th percentile, read between the clock's steps.

use onav::ShortestPathStatus;

use crate::call_clock::CallClock;
use crate::query_points::QueryPair;
use crate::stepped_percentile::stepped_percentile;
use crate::timing::{percentile, RoundResult};

/// The nearest-polygon search box: RecastDemo's half extents (2, 4, 2).
pub const HALF_EXTENTS: [f32; 3] = [2.0, 4.0, 2.0];

/// One library's queries over one mesh.
pub trait QuerySide {
    type Ref: Copy;
    fn find_nearest_poly(&mut self, point: &[f32; 3]) -> Result<Option<Self::Ref>, String>;
    /// The corridor from `start` to `end`, kept for the straight path;
    /// true when it is complete.
    fn find_path(&mut self, start: (Self::Ref, &[f32; 3]), end: (Self::Ref, &[f32; 3])) -> Result<bool, String>;
    /// The straight path through the kept corridor, kept for its length.
    fn find_straight_path(&mut self, start: &[f32; 3], end: &[f32; 3]) -> Result<(), String>;
    /// `onav::straight_path_length`'s metric of the kept straight path.
    fn straight_path_length(&self) -> f64;
    /// Polygons in the kept corridor.
    fn corridor_len(&self) -> usize;
    /// A ray from `start` towards `end` over the surface (it replaces the
    /// kept corridor); true when it reached `end`.
    fn raycast(&mut self, start: (Self::Ref, &[f32; 3]), end: &[f32; 3]) -> Result<bool, String>;
    /// The shortest path the library offers from `start` to `end`: onav's
    /// exact search, Detour's find_path + find_straight_path.
    fn shortest_path(
        &mut self,
        start: (Self::Ref, &[f32; 3]),
        end: (Self::Ref, &[f32; 3]),
    ) -> Result<ShortestAnswer, String>;
}

/// What `shortest_path` answered for one pair. Detour's status is
/// `Complete` when its corridor reaches the end's polygon and `Unreachable`
/// otherwise; it reports no node count (0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShortestAnswer {
    pub status: ShortestPathStatus,
    pub length: f64,
    pub nodes: usize,
}

/// What a side answered for one pair (untimed bookkeeping).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PairAnswer {
    pub found_ends: bool,
    pub complete: bool,
    pub length: f64,
    pub corridor: usize,
    pub ray_reached: bool,
    /// None when the pair was not searched.
    pub shortest: Option<ShortestAnswer>,
}

/// The value below which 99% of `values` lie.
pub fn p99(values: &[f64]) -> f64 {
    percentile(values, 99)
}

/// Median and p99 of `ticks` on a clock of `step` ticks, NaN for none (a
/// round may have no unreachable pair).
fn median_and_p99(ticks: &[f64], step: f64) -> [f64; 2] {
    if ticks.is_empty() {
        [f64::NAN; 2]
    } else {
        [stepped_percentile(ticks, step, 50), stepped_percentile(ticks, step, 99)]
    }
}

/// `side.shortest_path` for a pair whose `find_path` was complete, and
/// (below) for one whose was not: two symbols, so that callgrind counts the
/// two kinds of pair apart (`scripts/shortest_instructions.sh`). The
/// `black_box` of a different value in each keeps the two bodies apart,
/// or the compiler would merge them into one symbol.
#[inline(never)]
fn shortest_of_complete_pair<S: QuerySide>(
    side: &mut S,
    start: (S::Ref, &[f32; 3]),
    end: (S::Ref, &[f32; 3]),
) -> Result<ShortestAnswer, String> {
    std::hint::black_box(true);
    side.shortest_path(start, end)
}

#[inline(never)]
fn shortest_of_incomplete_pair<S: QuerySide>(
    side: &mut S,
    start: (S::Ref, &[f32; 3]),
    end: (S::Ref, &[f32; 3]),
) -> Result<ShortestAnswer, String> {
    std::hint::black_box(false);
    side.shortest_path(start, end)
}

/// Seconds per call: median and p99 of find_nearest_poly, find_path,
/// find_path + find_straight_path, raycast, and the shortest path over all
/// pairs, the pairs this side completed and those it found unreachable
/// (`NaN` where none). `path_pairs` says which pairs search a path;
/// `answers` gets one entry per pair; `clock` times every call.
pub fn query_round<S: QuerySide>(
    side: &mut S,
    pairs: &[QueryPair],
    path_pairs: &[bool],
    answers: &mut Vec<PairAnswer>,
    clock: &CallClock,
) -> RoundResult {
    let mut nearest = Vec::with_capacity(2 * pairs.len());
    let mut ends = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let (start, start_time) = clock.time(|| side.find_nearest_poly(&pair.start))?;
        let (end, end_time) = clock.time(|| side.find_nearest_poly(&pair.end))?;
        nearest.extend([start_time, end_time]);
        ends.push(start.zip(end));
    }
    let (mut path, mut path_and_straight, mut raycast) = (Vec::new(), Vec::new(), Vec::new());
    let (mut shortest, mut complete, mut unreachable) = (Vec::new(), Vec::new(), Vec::new());
    answers.clear();
    for ((pair, &refs), &search) in pairs.iter().zip(&ends).zip(path_pairs) {
        let mut answer = PairAnswer { found_ends: refs.is_some(), ..PairAnswer::default() };
        if let (Some((start, end)), true) = (refs, search) {
            let (complete, path_time) = clock.time(|| side.find_path((start, &pair.start), (end, &pair.end)))?;
            let ((), straight_time) = clock.time(|| side.find_straight_path(&pair.start, &pair.end))?;
            path.push(path_time);
            path_and_straight.push(path_time + straight_time);
            let (length, corridor) = (side.straight_path_length(), side.corridor_len());
            let (ray_reached, ray_time) = clock.time(|| side.raycast((start, &pair.start), &pair.end))?;
            raycast.push(ray_time);
            answer = PairAnswer { complete, length, corridor, ray_reached, ..answer };
        }
        answers.push(answer);
    }
    // A loop of its own, so that no call finds the pair's polygons in the
    // cache from the calls above.
    for (((pair, &refs), &search), answer) in pairs.iter().zip(&ends).zip(path_pairs).zip(answers.iter_mut()) {
        if let (Some((start, end)), true) = (refs, search) {
            let exact_call = if answer.complete { shortest_of_complete_pair } else { shortest_of_incomplete_pair };
            let (exact, time) = clock.time(|| exact_call(side, (start, &pair.start), (end, &pair.end)))?;
            shortest.push(time);
            match exact.status {
                ShortestPathStatus::Complete => complete.push(time),
                ShortestPathStatus::Unreachable => unreachable.push(time),
                ShortestPathStatus::OutOfNodes => {}
            }
            answer.shortest = Some(exact);
        }
    }
    if path.is_empty() {
        return Err("no pair has all four ends in both libraries".into());
    }
    Ok([&nearest, &path, &path_and_straight, &raycast, &shortest, &complete, &unreachable]
        .into_iter()
        .flat_map(|ticks| median_and_p99(ticks, clock.step_ticks()))
        .map(|ticks| ticks * clock.seconds_per_tick())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p99_is_the_value_below_which_99_percent_lie() {
        let values: Vec<f64> = (0..200).rev().map(f64::from).collect();
        assert_eq!(p99(&values), 198.0);
        assert_eq!(p99(&[4.0]), 4.0);
    }

    #[test]
    fn no_values_have_no_median_or_p99() {
        assert!(median_and_p99(&[], 1.0).iter().all(|v| v.is_nan()));
        let [median, p99] = median_and_p99(&[2.0, 1.0, 3.0], 1.0);
        assert_eq!(median, 2.0);
        assert!((p99 - 3.47).abs() < 1e-12, "{p99}");
    }
}
