//! One timed round of the crowd table: a fresh crowd (untimed), then a
//! fixed number of ticks each timed on its own; the round's value is the
//! median tick.

use crate::crowd_placement::Placement;
use crate::crowd_side::CrowdSide;
use crate::timing::{median, timed};

/// Seconds of the median tick of `ticks` ticks from the scenario's start.
pub fn median_tick<S: CrowdSide>(side: &mut S, placements: &[Placement], ticks: usize) -> Result<f64, String> {
    side.populate(placements)?;
    let times = (0..ticks.max(1))
        .map(|_| {
            timed(|| {
                side.step();
                Ok(())
            })
            .map(|((), seconds)| seconds)
        })
        .collect::<Result<Vec<f64>, String>>()?;
    Ok(median(&times))
}
