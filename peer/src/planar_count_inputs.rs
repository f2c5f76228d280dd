//! The inputs of the `planar-count` table: the star inputs of the `planar`
//! table, the adversarial shapes onav's planar tests build (grids of
//! touching boxes, nested squares, holes touching the outline and each
//! other; here on the peer's settings, spanning tile borders) and seeded
//! random boxes and triangles, as those tests draw them.

use onav::{PlanarOutlines, PlanarRegion, PlanarRing};

use crate::star_outlines::star_inputs;
use crate::xorshift::Xorshift64;

/// One row of the table: one or more inputs counted together.
pub struct CountInput {
    pub label: String,
    pub inputs: Vec<PlanarOutlines>,
}

/// The random row's seeds.
pub const RANDOM_SEEDS: std::ops::RangeInclusive<u64> = 1..=1000;

pub fn count_inputs() -> Vec<CountInput> {
    let mut rows: Vec<CountInput> = star_inputs()
        .into_iter()
        .map(|star| CountInput { label: star.label.to_string(), inputs: vec![star.outlines] })
        .collect();
    rows.push(CountInput { label: "touching boxes 14 x 14 (godot #102464)".into(), inputs: vec![touching_boxes(14)] });
    rows.push(CountInput { label: "nested squares (godot #70823)".into(), inputs: vec![nested_squares()] });
    rows.push(CountInput { label: "holes touching the outline and each other".into(), inputs: vec![touching_holes()] });
    rows.push(CountInput {
        label: format!("random boxes and triangles, seeds {}–{}", RANDOM_SEEDS.start(), RANDOM_SEEDS.end()),
        inputs: RANDOM_SEEDS.map(random_outlines).collect(),
    });
    rows
}

fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> PlanarRing {
    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

fn region(outline: PlanarRing) -> PlanarRegion {
    PlanarRegion { outline, ..Default::default() }
}

/// godot #102464: an n x n grid of touching 1.5-unit boxes as separate
/// regions across tile borders, a few left out as obstacles.
fn touching_boxes(n: usize) -> PlanarOutlines {
    let mut outlines = PlanarOutlines::default();
    for j in 0..n {
        for i in 0..n {
            let (x, y) = (1.0 + 1.5 * i as f64, 2.0 + 1.5 * j as f64);
            let square = rect(x, y, x + 1.5, y + 1.5);
            if (i * 7 + j * 3) % 11 == 5 {
                outlines.obstacles.push(square);
            } else {
                outlines.regions.push(region(square));
            }
        }
    }
    outlines
}

/// godot #70823: nested squares around a tile corner, alternately
/// walkable, hole, walkable island, obstacle, and an obstacle touching the
/// outer square.
fn nested_squares() -> PlanarOutlines {
    let square = |h: f64| rect(16.0 - h, 16.0 - h, 16.0 + h, 16.0 + h);
    PlanarOutlines {
        regions: vec![
            PlanarRegion { outline: square(14.0), holes: vec![square(9.0)], ..Default::default() },
            PlanarRegion { outline: square(6.0), holes: vec![square(2.5)], ..Default::default() },
        ],
        obstacles: vec![square(1.0), rect(27.0, 13.0, 30.0, 19.0)],
    }
}

/// Holes touching the outline and each other, and obstacles touching at a
/// corner, across a tile border.
fn touching_holes() -> PlanarOutlines {
    PlanarOutlines {
        regions: vec![PlanarRegion {
            outline: rect(0.0, 4.0, 32.0, 20.0),
            holes: vec![rect(0.0, 8.0, 4.0, 12.0), rect(4.0, 12.0, 16.0, 14.0), rect(16.0, 10.0, 20.0, 20.0)],
            ..Default::default()
        }],
        obstacles: vec![rect(20.0, 10.0, 22.0, 12.0), rect(22.0, 12.0, 24.0, 14.0)],
    }
}

/// Seeded boxes and triangles, one to five walkable and up to four
/// obstacles, over a 2 x 2 tile area; arbitrary doubles (they snap).
fn random_outlines(seed: u64) -> PlanarOutlines {
    let mut rng = Xorshift64::new(seed);
    let range = |rng: &mut Xorshift64, lo: f64, hi: f64| lo + rng.unit() * (hi - lo);
    let shape = |rng: &mut Xorshift64| -> PlanarRing {
        let (x, y) = (range(rng, 0.0, 30.0), range(rng, 0.0, 30.0));
        if rng.below(2) == 0 {
            rect(x, y, x + range(rng, 0.5, 12.0), y + range(rng, 0.5, 12.0))
        } else {
            let (dx, dy) = (range(rng, 1.0, 12.0), range(rng, -3.0, 3.0));
            let (ex, ey) = (range(rng, -3.0, 3.0), range(rng, 1.0, 12.0));
            vec![[x, y], [x + dx, y + dy], [x + ex, y + ey]]
        }
    };
    let regions = 1 + rng.below(5);
    let obstacles = rng.below(5);
    PlanarOutlines {
        regions: (0..regions).map(|_| region(shape(&mut rng))).collect(),
        obstacles: (0..obstacles).map(|_| shape(&mut rng)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_inputs_repeat_per_seed_and_differ_across_seeds() {
        let ring = |seed: u64| random_outlines(seed).regions[0].outline.clone();
        assert_eq!(ring(7), ring(7));
        assert_ne!(ring(7), ring(8));
    }
}
