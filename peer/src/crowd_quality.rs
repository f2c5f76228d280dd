//! How well a crowd walked, measured the same way for both libraries over
//! one untimed run from the scenario's start until the last agent's time
//! bound:
//!
//! - overlapping pairs: pairs of agents that, at some tick after the first
//!   second, overlap by more than 10% of the radius in X/Z (their centres
//!   closer than 1.9 radii) while less than an agent's height apart in Y;
//! - arrived: agents that came within one radius (X/Z) of their target
//!   before their own time bound;
//! - stuck: agents that, before arriving, went 5 simulated seconds without
//!   getting 5 cm closer to their target than they had been, along the
//!   path (onav's straight path from where the agent stands, measured once
//!   per simulated second, as onav's crowd tests measure it).

use std::collections::BTreeSet;

use crate::crowd_params::{AGENT_HEIGHT, AGENT_RADIUS, DT};
use crate::crowd_placement::Placement;
use crate::crowd_side::CrowdSide;
use crate::path_measure::PathMeasure;

/// Overlap beyond this fraction of the radius counts.
const OVERLAP_FRACTION: f64 = 0.1;
/// Overlaps in the first second (agents starting side by side) are not counted.
const SETTLING_SECONDS: f64 = 1.0;
const STUCK_SECONDS: f64 = 5.0;
/// Getting this much closer to the target is progress.
const PROGRESS: f64 = 0.05;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Quality {
    pub overlapping_pairs: usize,
    pub arrived: usize,
    pub stuck: usize,
}

/// One agent's progress toward its target.
#[derive(Debug, Clone, Copy)]
struct Progress {
    /// Came within one radius of the target, in time or not.
    reached: bool,
    arrived: bool,
    stuck: bool,
    closest: f64,
    closest_tick: usize,
}

/// The run's length in ticks: until the latest time bound.
pub fn run_ticks(placements: &[Placement]) -> usize {
    let longest = placements.iter().map(|p| p.time_bound).fold(0.0, f64::max);
    (longest / DT).ceil() as usize
}

pub fn quality<S: CrowdSide>(
    side: &mut S,
    placements: &[Placement],
    paths: &mut PathMeasure,
) -> Result<Quality, String> {
    side.populate(placements)?;
    let start = Progress { reached: false, arrived: false, stuck: false, closest: f64::INFINITY, closest_tick: 0 };
    let mut progress = vec![start; placements.len()];
    let mut pairs = BTreeSet::new();
    let mut positions = Vec::with_capacity(placements.len());
    let per_second = (1.0 / DT).round() as usize;
    for tick in 1..=run_ticks(placements) {
        side.step();
        side.positions(&mut positions)?;
        let seconds = tick as f64 * DT;
        for ((agent, placement), position) in progress.iter_mut().zip(placements).zip(&positions) {
            arrive(agent, placement, position, seconds);
            if tick % per_second == 0 {
                track_progress(agent, placement, position, tick, paths)?;
            }
        }
        if seconds > SETTLING_SECONDS {
            overlapping_pairs(&positions, &mut pairs);
        }
    }
    Ok(Quality {
        overlapping_pairs: pairs.len(),
        arrived: progress.iter().filter(|p| p.arrived).count(),
        stuck: progress.iter().filter(|p| p.stuck).count(),
    })
}

fn arrive(agent: &mut Progress, placement: &Placement, position: &[f64; 3], seconds: f64) {
    if !agent.reached && distance_xz(position, &placement.target.map(f64::from)) <= AGENT_RADIUS {
        agent.reached = true;
        agent.arrived = seconds <= placement.time_bound;
    }
}

fn track_progress(
    agent: &mut Progress,
    placement: &Placement,
    position: &[f64; 3],
    tick: usize,
    paths: &mut PathMeasure,
) -> Result<(), String> {
    if agent.reached {
        return Ok(());
    }
    let left = paths.complete_length(*position, placement.target.map(f64::from))?.unwrap_or(f64::INFINITY);
    if left < agent.closest - PROGRESS {
        agent.closest = left;
        agent.closest_tick = tick;
    } else if (tick - agent.closest_tick) as f64 * DT >= STUCK_SECONDS {
        agent.stuck = true;
    }
    Ok(())
}

fn distance_xz(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    let (dx, dz) = (a[0] - b[0], a[2] - b[2]);
    (dx * dx + dz * dz).sqrt()
}

/// Adds every pair closer than the overlap limit to `pairs` (lower index
/// first): a sweep over the agents sorted by X.
fn overlapping_pairs(positions: &[[f64; 3]], pairs: &mut BTreeSet<(u32, u32)>) {
    let limit = AGENT_RADIUS * (2.0 - OVERLAP_FRACTION);
    let mut order: Vec<u32> = (0..positions.len() as u32).collect();
    order.sort_by(|&a, &b| positions[a as usize][0].total_cmp(&positions[b as usize][0]).then(a.cmp(&b)));
    for (k, &a) in order.iter().enumerate() {
        let pa = &positions[a as usize];
        for &b in &order[k + 1..] {
            let pb = &positions[b as usize];
            if pb[0] - pa[0] >= limit {
                break;
            }
            if distance_xz(pa, pb) < limit && (pa[1] - pb[1]).abs() < AGENT_HEIGHT {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_closer_than_1_9_radii_overlap_and_others_do_not() {
        let r = AGENT_RADIUS;
        let positions = [[0.0, 0.0, 0.0], [1.85 * r, 0.0, 0.0], [0.0, 0.0, 1.95 * r], [1.85 * r, 2.5, 0.0]];
        let mut pairs = BTreeSet::new();
        overlapping_pairs(&positions, &mut pairs);
        assert_eq!(pairs.into_iter().collect::<Vec<_>>(), [(0, 1)]);
    }
}
