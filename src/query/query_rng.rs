//! `QueryRng`: the generator behind the random-point queries.
//!
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014, in the form of Vigna's `splitmix64.c`): the
//! state starts at the caller's seed; each draw adds 0x9E3779B97F4A7C15 to
//! it (mod 2^64) and returns the mix
//!
//! ```text
//! z = state
//! z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9   (mod 2^64)
//! z = (z ^ (z >> 27)) * 0x94D049BB133111EB   (mod 2^64)
//! z ^ (z >> 31)
//! ```
//!
//! A number in [0, 1) is the draw's top 53 bits times 2^-53, which is
//! exact, so a seed gives the same numbers, and the queries the same
//! points, on every platform.

/// The SplitMix64 generator of the module text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryRng {
    state: u64,
}

impl QueryRng {
    pub fn new(seed: u64) -> QueryRng {
        QueryRng { state: seed }
    }

    /// The next 64-bit draw.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next number in [0, 1): the draw's top 53 bits times 2^-53.
    pub fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_splitmix64() {
        // The first outputs of Vigna's splitmix64.c from state 0 and 1.
        let mut zero = QueryRng::new(0);
        assert_eq!(zero.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(zero.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(QueryRng::new(1).next_u64(), 0x910A_2DEC_8902_5CC1);
    }

    #[test]
    fn units_are_in_the_half_open_interval() {
        let mut rng = QueryRng::new(7);
        assert!((0..10_000).map(|_| rng.next_unit()).all(|u| (0.0..1.0).contains(&u)));
        // The state whose next draw mixes 0, which maps to 0.
        let mut zero_draw = QueryRng::new(0u64.wrapping_sub(0x9E37_79B9_7F4A_7C15));
        assert_eq!(zero_draw.next_unit(), 0.0);
    }
}
