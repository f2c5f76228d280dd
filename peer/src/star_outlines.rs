//! The inputs of the `planar` table: the star-shaped outlines of onav's
//! `benches/planar.rs`, rebuilt here point for point (same formula, same
//! libm sin/cos), so the peer does not depend on onav's bench code.

use onav::{PlanarOutlines, PlanarRegion};

/// One input: its label, the star's parameters and the outlines they give.
pub struct StarInput {
    pub label: &'static str,
    pub outlines: PlanarOutlines,
}

/// The three inputs of the bench, in its order: 1000 vertices and 8
/// obstacles over 12 tiles, 1000 vertices in one tile, 4000 vertices and 24
/// obstacles over 39 tiles.
pub fn star_inputs() -> Vec<StarInput> {
    vec![
        StarInput { label: "star 1000 vertices, 8 obstacles, r=12", outlines: star(1000, 16.0, 16.0, 12.0, 8) },
        StarInput { label: "star 1000 vertices, no obstacle, r=5 (one tile)", outlines: star(1000, 8.0, 8.0, 5.0, 0) },
        StarInput { label: "star 4000 vertices, 24 obstacles, r=30", outlines: star(4000, 40.0, 40.0, 30.0, 24) },
    ]
}

/// A star-shaped outline of `n` vertices around (cx, cy), radius wobbling
/// between `r` and 1.6·r, with `obstacles` 1.4 x 1.4 squares on a circle
/// of radius 0.6·r inside it.
pub fn star(n: usize, cx: f64, cy: f64, r: f64, obstacles: usize) -> PlanarOutlines {
    let outline = (0..n)
        .map(|i| {
            let angle = i as f64 / n as f64 * std::f64::consts::TAU;
            let radius = r * (1.3 + 0.3 * libm::sin(angle * 37.0) * libm::cos(angle * 11.0));
            [cx + radius * libm::cos(angle), cy + radius * libm::sin(angle)]
        })
        .collect();
    let obstacle = |k: usize| {
        let angle = k as f64 / obstacles as f64 * std::f64::consts::TAU;
        let (x, y) = (cx + 0.6 * r * libm::cos(angle), cy + 0.6 * r * libm::sin(angle));
        vec![[x - 0.7, y - 0.7], [x + 0.7, y - 0.7], [x + 0.7, y + 0.7], [x - 0.7, y + 0.7]]
    };
    PlanarOutlines {
        regions: vec![PlanarRegion { outline, ..Default::default() }],
        obstacles: (0..obstacles).map(obstacle).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_have_the_bench_sizes() {
        let sizes: Vec<(usize, usize)> =
            star_inputs().iter().map(|i| (i.outlines.regions[0].outline.len(), i.outlines.obstacles.len())).collect();
        assert_eq!(sizes, [(1000, 8), (1000, 0), (4000, 24)]);
    }

    #[test]
    fn outline_radius_stays_between_r_and_1_6_r() {
        let outlines = star(1000, 16.0, 16.0, 12.0, 8);
        for p in &outlines.regions[0].outline {
            let (dx, dy) = (p[0] - 16.0, p[1] - 16.0);
            let d = (dx * dx + dy * dy).sqrt();
            assert!((12.0 - 1e-9..=19.2 + 1e-9).contains(&d), "{p:?} at {d}");
        }
    }
}
