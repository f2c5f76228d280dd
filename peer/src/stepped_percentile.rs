//! Percentiles of samples from a clock that moves in coarse steps. A call
//! timed on such a clock reads a whole number of steps, so the plain median
//! of 10 000 calls is always one of those numbers, and a call of 0.22 µs on
//! a 10 ns step reads 0.22 or 0.23 by chance. The clock's phase at a call's
//! start is independent of the call, so each sample stands for the values
//! within half a step of it: spread evenly there (the grouped-data
//! median), the percentile falls between two steps where the counts of the
//! samples on either side put it.

/// The value below which `per_cent` % of `values` (not empty) lie, each
/// value spread evenly over the `step` around its nearest multiple of
/// `step`.
pub fn stepped_percentile(values: &[f64], step: f64, per_cent: usize) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let steps = |value: f64| (value / step).round();
    let rank = (sorted.len() * per_cent) as f64 / 100.0;
    let at = steps(sorted[(rank as usize).min(sorted.len() - 1)]);
    let below = sorted.partition_point(|&v| steps(v) < at);
    let on = sorted.partition_point(|&v| steps(v) <= at) - below;
    let fraction = ((rank - below as f64) / on as f64).min(1.0);
    (at - 0.5 + fraction) * step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::median;
    use crate::xorshift::Xorshift64;

    /// Durations spread evenly over `from..to`, each read as a clock of
    /// `step` reads it: the whole steps between a start at a random phase
    /// and its end.
    fn stepped_durations(from: f64, to: f64, step: f64, count: usize) -> Vec<f64> {
        let mut rng = Xorshift64::new(0x5eed);
        (0..count)
            .map(|_| {
                let (start, duration) = (rng.unit() * step, from + rng.unit() * (to - from));
                ((start + duration) / step).floor() * step
            })
            .collect()
    }

    #[test]
    fn samples_on_one_step_give_that_step() {
        assert_eq!(stepped_percentile(&[30.0; 9], 10.0, 50), 30.0);
        // Rank 2 of 4 lies two thirds into the three samples on step 3.
        let median = stepped_percentile(&[40.0, 30.0, 30.0, 30.0], 10.0, 50);
        assert!((median - (25.0 + 10.0 * 2.0 / 3.0)).abs() < 1e-12, "{median}");
    }

    #[test]
    fn the_median_falls_between_steps_where_the_durations_put_it() {
        let durations = stepped_durations(200.0, 246.0, 10.0, 100_000);
        assert!([220.0, 230.0].contains(&median(&durations)));
        let stepped = stepped_percentile(&durations, 10.0, 50);
        assert!((stepped - 223.0).abs() < 0.5, "{stepped}");
    }

    #[test]
    fn the_p99_falls_between_steps_where_the_durations_put_it() {
        let durations = stepped_durations(200.0, 1200.0, 10.0, 100_000);
        let stepped = stepped_percentile(&durations, 10.0, 99);
        assert!((stepped - 1190.0).abs() < 1.0, "{stepped}");
    }
}
