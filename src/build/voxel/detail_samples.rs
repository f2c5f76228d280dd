//! Where the detail stage samples heights (Recast's `buildPolyDetail`
//! sampling): points along each polygon edge, kept where the heightfield
//! leaves the edge's straight line by more than DetailMaxError, and a grid
//! of points inside the polygon. All positions are tile-local cells (x and
//! z; y in CellHeights), errors are measured in world units.

use robust::{orient2d, Coord};

use super::cell_settings::CellSettings;
use super::detail_heights::HeightPatch;

/// Most segments an edge is sampled in: with at most 16 corners and 15
/// kept points per edge, a polygon's points stay within the 256 that the
/// detail triangles' u8 indices can name. The cap depends on the edge
/// alone, so both polygons of a shared edge keep the same points.
const MAX_EDGE_SEGMENTS: usize = 16;

/// `p - origin` in world units. Differences are taken in cells first, so
/// the same edge in two tiles (whose heights count from different base
/// cells) measures the same.
fn world_offset(settings: &CellSettings, p: [f64; 3], origin: [f64; 3]) -> [f64; 3] {
    [
        (p[0] - origin[0]) * settings.cell_size,
        (p[1] - origin[1]) * settings.cell_height,
        (p[2] - origin[2]) * settings.cell_size,
    ]
}

/// Heights more than this many cells from the sampled column look in the
/// rings around it: the contour's error, at least one cell, as Recast.
pub(crate) fn height_search_radius(settings: &CellSettings) -> i64 {
    (settings.max_error.ceil() as i64).max(1)
}

/// The points kept along edge a → b, in that order, without a and b.
/// Sampled from the lexicographically smaller end so that the polygon on
/// the other side, walking b → a, gets the same points (no seam).
pub(crate) fn edge_points(a: [f64; 3], b: [f64; 3], patch: &HeightPatch, settings: &CellSettings) -> Vec<[f64; 3]> {
    let reversed = (b[0], b[2]) < (a[0], a[2]);
    let (from, to) = if reversed { (b, a) } else { (a, b) };
    let samples = edge_samples(from, to, patch, settings);
    let mut kept: Vec<[f64; 3]> = simplified(&samples, settings).into_iter().map(|k| samples[k]).collect();
    if reversed {
        kept.reverse();
    }
    kept
}

/// Evenly spaced points from `from` to `to`, one per DetailSampleDistance
/// (at most [`MAX_EDGE_SEGMENTS`] segments); the ends keep their own
/// heights, the others take the heightfield's.
fn edge_samples(from: [f64; 3], to: [f64; 3], patch: &HeightPatch, settings: &CellSettings) -> Vec<[f64; 3]> {
    let (dx, dy, dz) = (to[0] - from[0], to[1] - from[1], to[2] - from[2]);
    let length = {
        let (wx, wz) = (dx * settings.cell_size, dz * settings.cell_size);
        (wx * wx + wz * wz).sqrt()
    };
    let segments = (1 + (length / settings.detail_sample_distance) as usize).min(MAX_EDGE_SEGMENTS);
    let radius = height_search_radius(settings);
    (0..=segments)
        .map(|k| {
            if k == 0 {
                return from;
            }
            if k == segments {
                return to;
            }
            let u = k as f64 / segments as f64;
            let (x, z) = (from[0] + dx * u, from[2] + dz * u);
            [x, patch.height_at(x, z, from[1] + dy * u, radius), z]
        })
        .collect()
}

/// Indices of the inner samples to keep: starting from the two ends, the
/// sample furthest (in 3D, world units) from the segment between its kept
/// neighbours is kept while that distance exceeds DetailMaxError.
fn simplified(samples: &[[f64; 3]], settings: &CellSettings) -> Vec<usize> {
    let limit = settings.detail_max_error * settings.detail_max_error;
    let mut kept = vec![0, samples.len() - 1];
    let mut k = 0;
    while k + 1 < kept.len() {
        let (a, b) = (kept[k], kept[k + 1]);
        let end = world_offset(settings, samples[b], samples[a]);
        let mut furthest: Option<(usize, f64)> = None;
        for (m, &sample) in samples.iter().enumerate().take(b).skip(a + 1) {
            let d = distance_squared_to_segment(world_offset(settings, sample, samples[a]), [0.0; 3], end);
            if furthest.is_none_or(|(_, best)| d > best) {
                furthest = Some((m, d));
            }
        }
        match furthest {
            Some((m, d)) if d > limit => kept.insert(k + 1, m),
            _ => k += 1,
        }
    }
    kept[1..kept.len() - 1].to_vec()
}

/// Squared 3D distance from `p` to segment a–b.
fn distance_squared_to_segment(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    let e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let d = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let length_squared = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    let t = if length_squared > 0.0 {
        ((e[0] * d[0] + e[1] * d[1] + e[2] * d[2]) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = [a[0] + e[0] * t - p[0], a[1] + e[1] * t - p[1], a[2] + e[2] * t - p[2]];
    q[0] * q[0] + q[1] * q[1] + q[2] * q[2]
}

/// Squared X/Z distance from `p` to segment a–b.
fn distance_squared_to_segment_xz(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    distance_squared_to_segment([p[0], 0.0, p[2]], [a[0], 0.0, a[2]], [b[0], 0.0, b[2]])
}

/// The grid of interior samples: points at whole multiples of
/// DetailSampleDistance (tile-local) that lie inside the polygon further
/// than half that distance from every edge, row after row, with the
/// heightfield's heights. None when the polygon is too thin to hold a
/// sample twice that far from an edge (Recast's minimum extent rule).
pub(crate) fn interior_samples(corners: &[[f64; 3]], patch: &HeightPatch, settings: &CellSettings) -> Vec<[f64; 3]> {
    let step = settings.detail_sample_distance / settings.cell_size;
    if min_extent_squared(corners) < (2.0 * step) * (2.0 * step) {
        return Vec::new();
    }
    let low = |axis: usize| corners.iter().map(|c| c[axis]).fold(f64::INFINITY, f64::min);
    let high = |axis: usize| corners.iter().map(|c| c[axis]).fold(f64::NEG_INFINITY, f64::max);
    let (x0, x1) = ((low(0) / step).floor() as i64, (high(0) / step).ceil() as i64);
    let (z0, z1) = ((low(2) / step).floor() as i64, (high(2) / step).ceil() as i64);
    let reference = (corners.iter().map(|c| c[1]).fold(f64::INFINITY, f64::min)
        + corners.iter().map(|c| c[1]).fold(f64::NEG_INFINITY, f64::max))
        / 2.0;
    let radius = height_search_radius(settings);
    let clearance = (step / 2.0) * (step / 2.0);
    let mut samples = Vec::new();
    for iz in z0..z1 {
        for ix in x0..x1 {
            let (x, z) = (ix as f64 * step, iz as f64 * step);
            let p = [x, 0.0, z];
            let n = corners.len();
            let deep_inside = (0..n).all(|k| {
                let (a, b) = (corners[k], corners[(k + 1) % n]);
                orient2d(Coord { x: a[0], y: a[2] }, Coord { x: b[0], y: b[2] }, Coord { x, y: z }) > 0.0
                    && distance_squared_to_segment_xz(p, a, b) > clearance
            });
            if deep_inside {
                samples.push([x, patch.height_at(x, z, reference, radius), z]);
            }
        }
    }
    samples
}

/// Squared minimum extent of a convex polygon: over its edges, the least
/// of the furthest corner's X/Z distance from the edge.
fn min_extent_squared(corners: &[[f64; 3]]) -> f64 {
    let n = corners.len();
    (0..n)
        .map(|k| {
            let (a, b) = (corners[k], corners[(k + 1) % n]);
            (0..n)
                .filter(|&j| j != k && j != (k + 1) % n)
                .map(|j| distance_squared_to_segment_xz(corners[j], a, b))
                .fold(0.0, f64::max)
        })
        .fold(f64::INFINITY, f64::min)
}
