//! Exact predicates on lattice points (i64 coordinates below 2^47, so every
//! product fits in i128): orientation, twice the signed area, and whether
//! two closed segments share a point.

/// A point of the lattice: (x, y) in spacings from the origin.
pub type LatticePoint = [i64; 2];

/// Twice the signed area of triangle (a, b, c): positive when c lies left
/// of a→b (counter-clockwise).
pub fn cross(a: LatticePoint, b: LatticePoint, c: LatticePoint) -> i128 {
    let (abx, aby) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    let (acx, acy) = (i128::from(c[0] - a[0]), i128::from(c[1] - a[1]));
    abx * acy - aby * acx
}

/// Twice the signed area of a ring (positive counter-clockwise).
pub fn twice_area(ring: &[LatticePoint]) -> i128 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            i128::from(a[0]) * i128::from(b[1]) - i128::from(b[0]) * i128::from(a[1])
        })
        .sum()
}

/// True when c, known collinear with a→b, lies within their bounding box.
fn on_segment(a: LatticePoint, b: LatticePoint, c: LatticePoint) -> bool {
    (a[0].min(b[0])..=a[0].max(b[0])).contains(&c[0]) && (a[1].min(b[1])..=a[1].max(b[1])).contains(&c[1])
}

/// True when the closed segments p1p2 and q1q2 share at least one point.
pub fn segments_touch(p1: LatticePoint, p2: LatticePoint, q1: LatticePoint, q2: LatticePoint) -> bool {
    let (d1, d2) = (cross(q1, q2, p1).signum(), cross(q1, q2, p2).signum());
    let (d3, d4) = (cross(p1, p2, q1).signum(), cross(p1, p2, q2).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && on_segment(q1, q2, p1))
        || (d2 == 0 && on_segment(q1, q2, p2))
        || (d3 == 0 && on_segment(p1, p2, q1))
        || (d4 == 0 && on_segment(p1, p2, q2))
}
