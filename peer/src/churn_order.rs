//! The random tile order of the churn measurement, from a fixed seed, so
//! both libraries and every run visit the same tiles in the same order.

use crate::xorshift::Xorshift64;

const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// `steps` tile indices below `tile_count`, drawn with replacement.
pub fn churn_order(tile_count: usize, steps: usize) -> Vec<usize> {
    let mut rng = Xorshift64::new(SEED);
    (0..steps).map(|_| rng.below(tile_count)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_order_every_time_and_in_range() {
        let order = churn_order(66, 2000);
        assert_eq!(order, churn_order(66, 2000));
        assert!(order.iter().all(|&i| i < 66));
    }

    #[test]
    fn visits_every_tile_of_a_small_set() {
        let order = churn_order(41, 2000);
        assert!((0..41).all(|tile| order.contains(&tile)));
    }
}
