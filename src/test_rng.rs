//! A fixed-seed xorshift64 generator for the unit tests' randomised cases
//! (the integration tests use proptest or `tests/mesh_common`).

pub(crate) struct TestRng(pub u64);

impl TestRng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// [`TestRng::below`] as a function, from `seed`.
pub(crate) fn below_fn(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut rng = TestRng(seed);
    move |n| rng.below(n)
}
