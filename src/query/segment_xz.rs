//! Segments in the X/Z plane, as the local queries measure them: the
//! point of a segment nearest a position, and unit normals. A computed
//! normal's -0.0 is written +0.0, so equal answers have equal bits.

use crate::query::polygon_geometry::{lerp, segment_parameter_xz};

/// The point of segment `a`–`b` nearest `p` in X/Z (its height along the
/// segment) and the squared X/Z distance to it.
#[inline]
pub(crate) fn nearest_on_segment_xz(p: [f64; 3], (a, b): ([f64; 3], [f64; 3])) -> ([f64; 3], f64) {
    let point = lerp(a, b, segment_parameter_xz(a, b, p).clamp(0.0, 1.0));
    let (dx, dz) = (point[0] - p[0], point[2] - p[2]);
    (point, dx * dx + dz * dz)
}

/// `(x, 0, z)` scaled to length 1, or `None` for a zero vector.
pub(crate) fn unit_xz(x: f64, z: f64) -> Option<[f64; 3]> {
    let length = (x * x + z * z).sqrt();
    (length > 0.0).then(|| [x / length + 0.0, 0.0, z / length + 0.0])
}

/// The unit normal of edge `a`–`b` of a counter-clockwise polygon that
/// points into the polygon (to the left of `a`→`b`, X right and Z up).
pub(crate) fn inward_normal(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    unit_xz(a[2] - b[2], b[0] - a[0]).expect("polygon edges have length in X/Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inward_normal_points_left_of_the_edge() {
        // The bottom edge of a counter-clockwise square points +X; the
        // square lies toward +Z.
        assert_eq!(inward_normal([0.0, 0.0, 0.0], [2.0, 5.0, 0.0]), [0.0, 0.0, 1.0]);
        assert_eq!(inward_normal([2.0, 0.0, 2.0], [0.0, 0.0, 2.0]), [0.0, 0.0, -1.0]);
        let n = inward_normal([0.0, 0.0, 0.0], [0.0, 0.0, 3.0]);
        assert_eq!(n, [-1.0, 0.0, 0.0]);
        assert!(n[2].is_sign_positive(), "no -0.0 in a computed normal");
    }

    #[test]
    fn nearest_point_clamps_to_the_segment() {
        let segment = ([0.0, 0.0, 0.0], [4.0, 4.0, 0.0]);
        assert_eq!(nearest_on_segment_xz([1.0, 9.0, 3.0], segment), ([1.0, 1.0, 0.0], 9.0));
        assert_eq!(nearest_on_segment_xz([-3.0, 0.0, 4.0], segment), ([0.0, 0.0, 0.0], 25.0));
    }
}
