//! Durations a crowd counts in ticks. A rule that acts "every 0.5 s" or
//! "after 3 s" turns its seconds into the nearest whole number of ticks of
//! the crowd's fixed dt once, then counts integer ticks: seconds added up
//! tick by tick would drift with dt's rounding, and a lockstep host must
//! see the rule fire on the same tick everywhere.

/// `seconds` in whole ticks of `dt`: the nearest count, at least one (a
/// duration shorter than half a tick still waits one tick).
pub(crate) fn whole_ticks(seconds: f64, dt: f64) -> u64 {
    libm::round(seconds / dt).max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_round_to_the_nearest_tick() {
        assert_eq!(whole_ticks(3.0, 1.0 / 30.0), 90);
        assert_eq!(whole_ticks(0.5, 0.2), 3);
        assert_eq!(whole_ticks(0.5, 0.3), 2);
        assert_eq!(whole_ticks(1.0, 0.4), 3);
    }

    #[test]
    fn a_duration_under_half_a_tick_still_waits_one() {
        assert_eq!(whole_ticks(0.0, 1.0 / 30.0), 1);
        assert_eq!(whole_ticks(0.01, 1.0), 1);
    }
}
