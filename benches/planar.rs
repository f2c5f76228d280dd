//! Figures of the exact 2D builder (issue 22): polygon count against the
//! lower bound from reflex vertices and against the nearly uncapped
//! partition (MaxVertsPerPoly 16), and build time per tile for inputs of about 1000
//! outline vertices (median of interleaved runs). Run with
//! `cargo bench --bench planar`.

mod bench_stats;

use std::time::Instant;

use bench_stats::median;
use onav::build::planar::planar_builder::offset_free_space;
use onav::{NavMesh, NavSettings, PlanarOutlines, PlanarRegion};

const DEFAULT_RUNS: usize = 9;

fn settings(max_verts: u16) -> NavSettings {
    let mut s = NavSettings::default();
    s.set_tile_size(16.0).unwrap().set_cell_size(0.25).unwrap().set_agent_radius(0.25).unwrap();
    s.set_max_verts_per_poly(max_verts).unwrap();
    s
}

/// A star-shaped outline of `n` vertices around (cx, cy), radius wobbling
/// between `r` and 1.6·r, with `holes` small square obstacles inside.
fn star(n: usize, cx: f64, cy: f64, r: f64, obstacles: usize) -> PlanarOutlines {
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

fn polygon_count(mesh: &NavMesh) -> usize {
    mesh.mesh().tiles().map(|(_, t)| t.polygon_count()).sum()
}

/// max(ceil(r/2) − h + 1, ceil((n + 2h − 2)/(cap − 2))) summed over the
/// pieces the partition receives: each diagonal resolves at most two
/// reflex corners, and a polygon of at most `cap` corners covers at most
/// cap − 2 triangles of any triangulation.
fn lower_bound(outlines: &PlanarOutlines, cap: u16) -> i64 {
    let (_, pieces) = offset_free_space(&settings(cap), outlines).unwrap();
    pieces
        .iter()
        .map(|shape| {
            let holes = shape.len() as i64 - 1;
            let corners: i64 = shape.iter().map(|ring| ring.len() as i64).sum();
            let reflex: i64 = shape.iter().map(|ring| reflex_corners(ring)).sum();
            let by_reflex = (reflex + 1) / 2 - holes + 1;
            let by_cap = (corners + 2 * holes - 2 + i64::from(cap) - 3) / (i64::from(cap) - 2);
            by_reflex.max(by_cap).max(1)
        })
        .sum()
}

/// Corners turning clockwise on a ring oriented with its interior on the
/// left (outline counter-clockwise, holes clockwise).
fn reflex_corners(ring: &[[i64; 2]]) -> i64 {
    let n = ring.len();
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let cross =
                i128::from(b[0] - a[0]) * i128::from(c[1] - a[1]) - i128::from(b[1] - a[1]) * i128::from(c[0] - a[0]);
            cross < 0
        })
        .count() as i64
}

fn main() {
    let only = std::env::var("PLANAR_BENCH").unwrap_or_default();
    let inputs: Vec<(&str, PlanarOutlines)> = [
        ("star 1000 vertices, 8 obstacles, r=12", star(1000, 16.0, 16.0, 12.0, 8)),
        ("star 1000 vertices, no obstacle, r=5 (one tile)", star(1000, 8.0, 8.0, 5.0, 0)),
        ("star 4000 vertices, 24 obstacles, r=30", star(4000, 40.0, 40.0, 30.0, 24)),
    ]
    .into_iter()
    .filter(|(label, _)| label.contains(&only))
    .collect();
    for (label, outlines) in &inputs {
        let capped = NavMesh::build_planar(settings(6), outlines).unwrap();
        let uncapped = NavMesh::build_planar(settings(16), outlines).unwrap();
        println!(
            "{label}: {} tiles; polygons {} at MaxVertsPerPoly 6 (lower bound {}), {} at 16 (nearly uncapped; lower bound {})",
            capped.mesh().tile_count(),
            polygon_count(&capped),
            lower_bound(outlines, 6),
            polygon_count(&uncapped),
            lower_bound(outlines, 16)
        );
    }
    let mut seconds: Vec<Vec<f64>> = vec![Vec::new(); inputs.len()];
    let runs = std::env::var("PLANAR_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_RUNS);
    for _ in 0..runs {
        for (i, (_, outlines)) in inputs.iter().enumerate() {
            let start = Instant::now();
            let mesh = NavMesh::build_planar(settings(6), outlines).unwrap();
            seconds[i].push(start.elapsed().as_secs_f64() / mesh.mesh().tile_count() as f64);
        }
    }
    for ((label, _), per_tile) in inputs.iter().zip(seconds).filter(|(_, per_tile)| !per_tile.is_empty()) {
        println!(
            "{label}: median {:.3} ms per tile (whole build / tiles, {runs} interleaved runs)",
            median(per_tile) * 1e3
        );
    }
}
