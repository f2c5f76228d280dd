//! Wall-clock time per pipeline stage, summed over every tile a clock
//! sees: `start` before a tile's first stage, `lap(stage)` after each.

use std::time::Instant;

pub struct StageClock {
    last: Instant,
    pub seconds: Vec<f64>,
}

impl StageClock {
    pub fn new(stages: usize) -> StageClock {
        StageClock { last: Instant::now(), seconds: vec![0.0; stages] }
    }

    pub fn start(&mut self) {
        self.last = Instant::now();
    }

    /// Adds the time since the last start or lap to `stage`.
    pub fn lap(&mut self, stage: usize) {
        let now = Instant::now();
        self.seconds[stage] += (now - self.last).as_secs_f64();
        self.last = now;
    }
}
