//! Ear clipping of one contour (the triangulation of Recast's
//! `rcBuildPolyMesh`), exact in integer cells: among the vertices whose
//! ear is a valid diagonal it always cuts the one with the shortest
//! diagonal (first in outline order among equals); when none is valid (an
//! outline touching itself) it retries with the loose tests, and when even
//! those fail it stops with the triangles found so far.

/// Twice the signed area of (a, b, c) in x/z; negative is Recast's "left".
pub(crate) fn area2(a: [i64; 3], b: [i64; 3], c: [i64; 3]) -> i64 {
    (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2])
}

fn left(a: [i64; 3], b: [i64; 3], c: [i64; 3]) -> bool {
    area2(a, b, c) < 0
}

fn left_on(a: [i64; 3], b: [i64; 3], c: [i64; 3]) -> bool {
    area2(a, b, c) <= 0
}

fn collinear(a: [i64; 3], b: [i64; 3], c: [i64; 3]) -> bool {
    area2(a, b, c) == 0
}

fn same_xz(a: [i64; 3], b: [i64; 3]) -> bool {
    a[0] == b[0] && a[2] == b[2]
}

/// Segments ab and cd cross at a point interior to both.
fn cross_properly(a: [i64; 3], b: [i64; 3], c: [i64; 3], d: [i64; 3]) -> bool {
    if collinear(a, b, c) || collinear(a, b, d) || collinear(c, d, a) || collinear(c, d, b) {
        return false;
    }
    (left(a, b, c) != left(a, b, d)) && (left(c, d, a) != left(c, d, b))
}

/// c lies on the closed segment ab.
fn between(a: [i64; 3], b: [i64; 3], c: [i64; 3]) -> bool {
    if !collinear(a, b, c) {
        return false;
    }
    let axis = if a[0] != b[0] { 0 } else { 2 };
    (a[axis] <= c[axis] && c[axis] <= b[axis]) || (a[axis] >= c[axis] && c[axis] >= b[axis])
}

/// Segments ab and cd share a point.
pub(crate) fn segments_intersect(a: [i64; 3], b: [i64; 3], c: [i64; 3], d: [i64; 3]) -> bool {
    cross_properly(a, b, c, d) || between(a, b, c) || between(a, b, d) || between(c, d, a) || between(c, d, b)
}

/// The current outline: contour indices still in it.
struct Outline<'a> {
    points: &'a [[i64; 3]],
    indices: Vec<usize>,
}

impl Outline<'_> {
    fn at(&self, k: usize) -> [i64; 3] {
        self.points[self.indices[k]]
    }

    fn next(&self, k: usize) -> usize {
        (k + 1) % self.indices.len()
    }

    fn prev(&self, k: usize) -> usize {
        (k + self.indices.len() - 1) % self.indices.len()
    }

    /// The segment i-j crosses no outline edge (edges at i or j, or
    /// sharing an end position with it, excepted).
    fn clear_of_edges(&self, i: usize, j: usize, loose: bool) -> bool {
        let (d0, d1) = (self.at(i), self.at(j));
        (0..self.indices.len()).all(|k| {
            let k1 = self.next(k);
            if k == i || k1 == i || k == j || k1 == j {
                return true;
            }
            let (p0, p1) = (self.at(k), self.at(k1));
            if same_xz(d0, p0) || same_xz(d1, p0) || same_xz(d0, p1) || same_xz(d1, p1) {
                return true;
            }
            !(if loose { cross_properly(d0, d1, p0, p1) } else { segments_intersect(d0, d1, p0, p1) })
        })
    }

    /// The segment i-j leaves vertex i into the outline's inside.
    fn in_cone(&self, i: usize, j: usize, loose: bool) -> bool {
        let (pi, pj, pi1, pin1) = (self.at(i), self.at(j), self.at(self.next(i)), self.at(self.prev(i)));
        let strict = |a, b, c| if loose { left_on(a, b, c) } else { left(a, b, c) };
        if left_on(pin1, pi, pi1) {
            return strict(pi, pj, pin1) && strict(pj, pi, pi1);
        }
        !(left_on(pi, pj, pi1) && left_on(pj, pi, pin1))
    }

    fn diagonal(&self, i: usize, j: usize, loose: bool) -> bool {
        self.in_cone(i, j, loose) && self.clear_of_edges(i, j, loose)
    }

    fn diagonal_length(&self, i: usize) -> i64 {
        let (p0, p2) = (self.at(i), self.at(self.next(self.next(i))));
        let (dx, dz) = (p2[0] - p0[0], p2[2] - p0[2]);
        dx * dx + dz * dz
    }

    /// The vertex before the ear with the shortest valid diagonal.
    fn best_ear(&self, removable: &[bool], loose: bool) -> Option<usize> {
        let mut best: Option<(i64, usize)> = None;
        for i in 0..self.indices.len() {
            let i1 = self.next(i);
            let valid = if loose { self.diagonal(i, self.next(i1), true) } else { removable[i1] };
            if valid {
                let length = self.diagonal_length(i);
                if best.is_none_or(|(shortest, _)| length < shortest) {
                    best = Some((length, i));
                }
            }
        }
        best.map(|(_, i)| i)
    }
}

/// Triangles of the outline `points` (indices into it); an outline that
/// touches itself so that no ear is left keeps the triangles found so far.
pub(crate) fn triangulate(points: &[[i64; 3]]) -> Vec<[usize; 3]> {
    let mut outline = Outline { points, indices: (0..points.len()).collect() };
    let mut triangles = Vec::with_capacity(points.len().saturating_sub(2));
    let mut removable: Vec<bool> = (0..points.len())
        .map(|i1| {
            let n = points.len();
            outline.diagonal((i1 + n - 1) % n, (i1 + 1) % n, false)
        })
        .collect();
    while outline.indices.len() > 3 {
        let Some(i) = outline.best_ear(&removable, false).or_else(|| outline.best_ear(&removable, true)) else {
            return triangles;
        };
        let i1 = outline.next(i);
        let i2 = outline.next(i1);
        triangles.push([outline.indices[i], outline.indices[i1], outline.indices[i2]]);
        outline.indices.remove(i1);
        removable.remove(i1);
        let i1 = if i1 >= outline.indices.len() { 0 } else { i1 };
        let i = outline.prev(i1);
        removable[i] = outline.diagonal(outline.prev(i), i1, false);
        removable[i1] = outline.diagonal(i, outline.next(i1), false);
    }
    if outline.indices.len() == 3 {
        triangles.push([outline.indices[0], outline.indices[1], outline.indices[2]]);
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn twice_area(points: &[[i64; 3]], triangles: &[[usize; 3]]) -> i64 {
        triangles.iter().map(|t| -area2(points[t[0]], points[t[1]], points[t[2]])).sum()
    }

    /// An outline in Recast's orientation (every turn "left", area2 < 0).
    fn outline(xz: &[(i64, i64)]) -> Vec<[i64; 3]> {
        xz.iter().map(|&(x, z)| [x, 0, z]).collect()
    }

    #[test]
    fn a_concave_outline_is_cut_into_n_minus_2_triangles_covering_it() {
        // An L: 2 x 2 square without its upper right quarter.
        let points = outline(&[(0, 0), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0)]);
        let whole =
            -(0..points.len()).map(|i| area2(points[0], points[i], points[(i + 1) % points.len()])).sum::<i64>();
        let triangles = triangulate(&points);
        assert_eq!(triangles.len(), points.len() - 2);
        assert_eq!(twice_area(&points, &triangles), whole);
        assert!(triangles.iter().all(|t| area2(points[t[0]], points[t[1]], points[t[2]]) < 0));
    }

    #[test]
    fn the_shortest_diagonal_is_cut_first() {
        // A kite: the diagonal 1-3 (length² 4) is shorter than 0-2 (16).
        let points = outline(&[(0, 0), (-1, 2), (0, 4), (1, 2)]);
        let triangles = triangulate(&points);
        assert_eq!(triangles.len(), 2);
        assert!(triangles.iter().all(|t| t.contains(&1) && t.contains(&3)), "{triangles:?}");
    }
}
