//! The harness's seeded random numbers: xorshift64 (Marsaglia's 13/7/17
//! triple), so both libraries and every run get the same inputs.

pub struct Xorshift64(u64);

impl Xorshift64 {
    /// A generator from a nonzero seed (xorshift stays at 0 forever).
    pub fn new(seed: u64) -> Xorshift64 {
        assert_ne!(seed, 0, "xorshift needs a nonzero seed");
        Xorshift64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value in 0..n: multiply-shift maps the high 32 bits onto it.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A value in [0, 1) with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_stay_in_range() {
        let mut rng = Xorshift64::new(5);
        for _ in 0..10_000 {
            assert!(rng.below(7) < 7);
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u), "{u}");
        }
    }
}
