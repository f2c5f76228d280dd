//! The detail stage's Delaunay triangulation of one polygon: its hull (the
//! polygon's corners with the edge samples between them) cut into ears,
//! made Delaunay by edge flips, then interior samples inserted one at a
//! time, each followed by flips (Lawson). Every decision uses the exact
//! predicates of `robust` on the points' f64 (x, z), and flips only happen
//! when a point lies strictly inside a circumcircle, so the result depends
//! on nothing but the points and their order. Hull edges are never flipped.

use robust::{incircle, orient2d, Coord};

/// No triangle across this edge: it lies on the hull.
pub(crate) const HULL: u32 = u32::MAX;

/// Counter-clockwise triangles (X right, Z up) over point indices, with
/// the triangle across each edge (edge k runs from corner k to k + 1).
#[derive(Debug, Clone, Default)]
pub(crate) struct Triangulation {
    pub triangles: Vec<[u32; 3]>,
    pub neighbours: Vec<[u32; 3]>,
    /// Triangles created or changed since [`Triangulation::take_touched`].
    touched: Vec<u32>,
}

fn xz(p: [f64; 3]) -> Coord<f64> {
    Coord { x: p[0], y: p[2] }
}

fn orient(points: &[[f64; 3]], a: u32, b: u32, c: u32) -> f64 {
    orient2d(xz(points[a as usize]), xz(points[b as usize]), xz(points[c as usize]))
}

/// Where a point lies against a triangle.
enum Location {
    Inside,
    OnEdge(usize),
    Outside,
}

impl Triangulation {
    /// The Delaunay triangulation of the simple, counter-clockwise polygon
    /// `hull` (point indices); an empty one when the hull has no area.
    pub fn of_hull(points: &[[f64; 3]], hull: &[u32]) -> Triangulation {
        let mut triangulation = Triangulation { triangles: clip_ears(points, hull), ..Default::default() };
        triangulation.link_neighbours();
        triangulation.flip_until_delaunay(points);
        triangulation.touched.clear();
        triangulation
    }

    /// Inserts point `p`, which lies inside the hull, and restores the
    /// Delaunay property; false (and nothing changed) when `p` lies on no
    /// triangle's interior or inner edge.
    pub fn insert(&mut self, points: &[[f64; 3]], p: u32) -> bool {
        for t in 0..self.triangles.len() {
            match self.locate(points, t, points[p as usize]) {
                Location::Inside => {
                    self.split_triangle(points, t, p);
                    return true;
                }
                Location::OnEdge(k) if self.neighbours[t][k] != HULL => {
                    self.split_edge(points, t, k, p);
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    /// The triangles changed since the last call, each once, in order.
    pub fn take_touched(&mut self) -> Vec<u32> {
        let mut touched = std::mem::take(&mut self.touched);
        touched.sort_unstable();
        touched.dedup();
        touched
    }

    /// True when `p` lies in triangle `t` or on its boundary (in X/Z).
    pub fn contains(&self, points: &[[f64; 3]], t: usize, p: [f64; 3]) -> bool {
        !matches!(self.locate(points, t, p), Location::Outside)
    }

    fn locate(&self, points: &[[f64; 3]], t: usize, p: [f64; 3]) -> Location {
        let [a, b, c] = self.triangles[t].map(|v| xz(points[v as usize]));
        let p = xz(p);
        let sides = [orient2d(a, b, p), orient2d(b, c, p), orient2d(c, a, p)];
        if sides.iter().any(|&s| s < 0.0) {
            return Location::Outside;
        }
        match sides.iter().filter(|&&s| s == 0.0).count() {
            0 => Location::Inside,
            1 => Location::OnEdge(sides.iter().position(|&s| s == 0.0).unwrap_or(0)),
            // On a corner: the point is already there.
            _ => Location::Outside,
        }
    }

    /// Pairs the edges shared by two triangles (in opposite directions).
    fn link_neighbours(&mut self) {
        let mut edges: Vec<(u32, u32, u32, usize)> = Vec::with_capacity(self.triangles.len() * 3);
        for (t, triangle) in self.triangles.iter().enumerate() {
            for k in 0..3 {
                let (a, b) = (triangle[k], triangle[(k + 1) % 3]);
                edges.push((a.min(b), a.max(b), t as u32, k));
            }
        }
        edges.sort_unstable();
        self.neighbours = vec![[HULL; 3]; self.triangles.len()];
        for pair in edges.windows(2) {
            if (pair[0].0, pair[0].1) == (pair[1].0, pair[1].1) {
                self.neighbours[pair[0].2 as usize][pair[0].3] = pair[1].2;
                self.neighbours[pair[1].2 as usize][pair[1].3] = pair[0].2;
            }
        }
    }

    /// Flips illegal edges, triangle by triangle, until a whole pass finds
    /// none (Lawson's algorithm ends: every flip grows the smallest angle).
    fn flip_until_delaunay(&mut self, points: &[[f64; 3]]) {
        loop {
            let mut flipped = false;
            for t in 0..self.triangles.len() {
                for k in 0..3 {
                    if self.is_illegal(points, t, k) {
                        self.flip(t, k);
                        flipped = true;
                    }
                }
            }
            if !flipped {
                return;
            }
        }
    }

    /// The point across edge k of `t`, and that edge's index in the
    /// neighbouring triangle.
    fn across(&self, t: usize, k: usize) -> Option<(usize, usize, u32)> {
        let u = self.neighbours[t][k];
        if u == HULL {
            return None;
        }
        let u = u as usize;
        let (p, q) = (self.triangles[t][k], self.triangles[t][(k + 1) % 3]);
        let m = (0..3).find(|&m| self.triangles[u][m] == q && self.triangles[u][(m + 1) % 3] == p)?;
        Some((u, m, self.triangles[u][(m + 2) % 3]))
    }

    /// Edge k of `t` is not Delaunay: the point across it lies strictly
    /// inside `t`'s circumcircle.
    fn is_illegal(&self, points: &[[f64; 3]], t: usize, k: usize) -> bool {
        let Some((_, _, s)) = self.across(t, k) else { return false };
        let [a, b, c] = self.triangles[t].map(|v| xz(points[v as usize]));
        incircle(a, b, c, xz(points[s as usize])) > 0.0
    }

    /// Replaces edge p–q (edge k of `t` = [p, q, r]) of the quadrilateral
    /// it forms with the triangle [q, p, s] across by the diagonal r–s:
    /// `t` becomes [p, s, r] and the other [s, q, r].
    fn flip(&mut self, t: usize, k: usize) {
        let Some((u, m, s)) = self.across(t, k) else { return };
        let [p, q, r] = [0, 1, 2].map(|i| self.triangles[t][(k + i) % 3]);
        let (t_qr, t_rp) = (self.neighbours[t][(k + 1) % 3], self.neighbours[t][(k + 2) % 3]);
        let (u_ps, u_sq) = (self.neighbours[u][(m + 1) % 3], self.neighbours[u][(m + 2) % 3]);
        self.triangles[t] = [p, s, r];
        self.neighbours[t] = [u_ps, u as u32, t_rp];
        self.triangles[u] = [s, q, r];
        self.neighbours[u] = [u_sq, t_qr, t as u32];
        self.replace_neighbour(u_ps, u as u32, t as u32);
        self.replace_neighbour(t_qr, t as u32, u as u32);
        self.touched.extend([t as u32, u as u32]);
    }

    fn replace_neighbour(&mut self, triangle: u32, old: u32, new: u32) {
        if triangle == HULL {
            return;
        }
        for n in &mut self.neighbours[triangle as usize] {
            if *n == old {
                *n = new;
            }
        }
    }

    /// Splits `t` = [a, b, c] round `x` inside it into [a, b, x], [b, c, x]
    /// and [c, a, x], then legalizes the three edges facing `x`.
    fn split_triangle(&mut self, points: &[[f64; 3]], t: usize, x: u32) {
        let [a, b, c] = self.triangles[t];
        let [n_ab, n_bc, n_ca] = self.neighbours[t];
        let (t1, t2) = (self.triangles.len() as u32, self.triangles.len() as u32 + 1);
        let t0 = t as u32;
        self.triangles[t] = [a, b, x];
        self.neighbours[t] = [n_ab, t1, t2];
        self.triangles.push([b, c, x]);
        self.neighbours.push([n_bc, t2, t0]);
        self.triangles.push([c, a, x]);
        self.neighbours.push([n_ca, t0, t1]);
        self.replace_neighbour(n_bc, t0, t1);
        self.replace_neighbour(n_ca, t0, t2);
        self.touched.extend([t0, t1, t2]);
        for triangle in [t0, t1, t2] {
            self.legalize(points, triangle as usize);
        }
    }

    /// Splits edge k (p–q) of `t` = [p, q, r] and the triangle [q, p, s]
    /// across it at `x` on that edge into four triangles, each with `x` as
    /// its third corner, then legalizes the four edges facing `x`.
    fn split_edge(&mut self, points: &[[f64; 3]], t: usize, k: usize, x: u32) {
        let Some((u, m, s)) = self.across(t, k) else { return };
        let [p, q, r] = [0, 1, 2].map(|i| self.triangles[t][(k + i) % 3]);
        let (t_qr, t_rp) = (self.neighbours[t][(k + 1) % 3], self.neighbours[t][(k + 2) % 3]);
        let (u_ps, u_sq) = (self.neighbours[u][(m + 1) % 3], self.neighbours[u][(m + 2) % 3]);
        let (t0, u0) = (t as u32, u as u32);
        let (t1, u1) = (self.triangles.len() as u32, self.triangles.len() as u32 + 1);
        self.triangles[t] = [r, p, x];
        self.neighbours[t] = [t_rp, u1, t1];
        self.triangles[u] = [s, q, x];
        self.neighbours[u] = [u_sq, t1, u1];
        self.triangles.push([q, r, x]);
        self.neighbours.push([t_qr, t0, u0]);
        self.triangles.push([p, s, x]);
        self.neighbours.push([u_ps, u0, t0]);
        self.replace_neighbour(t_qr, t0, t1);
        self.replace_neighbour(u_ps, u0, u1);
        self.touched.extend([t0, u0, t1, u1]);
        for triangle in [t0, u0, t1, u1] {
            self.legalize(points, triangle as usize);
        }
    }

    /// Flips edge 0 of `t` (the edge facing the new point, its corner 2)
    /// while illegal, then does the same for the two triangles the flip
    /// leaves facing the point. A stack, not recursion: depth is bounded
    /// by the triangle count.
    fn legalize(&mut self, points: &[[f64; 3]], t: usize) {
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if let Some((u, _, _)) = self.across(t, 0).filter(|_| self.is_illegal(points, t, 0)) {
                // [p, q, x] with s across becomes [p, s, x] and [s, q, x]:
                // both face x with their edge 0 again.
                self.flip(t, 0);
                stack.extend([t, u]);
            }
        }
    }
}

/// Ear clipping of a simple counter-clockwise polygon: always the first
/// strictly convex corner (in the remaining order) whose triangle holds no
/// other remaining point, not even on its boundary, so collinear samples
/// along an edge never end up in a triangle of zero area.
fn clip_ears(points: &[[f64; 3]], hull: &[u32]) -> Vec<[u32; 3]> {
    let mut remaining = hull.to_vec();
    let mut triangles = Vec::with_capacity(hull.len().saturating_sub(2));
    while remaining.len() > 3 {
        let n = remaining.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (remaining[(i + n - 1) % n], remaining[i], remaining[(i + 1) % n]);
            orient(points, a, b, c) > 0.0
                && !remaining.iter().any(|&v| {
                    v != a
                        && v != b
                        && v != c
                        && orient(points, a, b, v) >= 0.0
                        && orient(points, b, c, v) >= 0.0
                        && orient(points, c, a, v) >= 0.0
                })
        });
        let Some(i) = ear else { return triangles };
        triangles.push([remaining[(i + n - 1) % n], remaining[i], remaining[(i + 1) % n]]);
        remaining.remove(i);
    }
    if remaining.len() == 3 && orient(points, remaining[0], remaining[1], remaining[2]) > 0.0 {
        triangles.push([remaining[0], remaining[1], remaining[2]]);
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area_sum(points: &[[f64; 3]], triangulation: &Triangulation) -> f64 {
        triangulation.triangles.iter().map(|&[a, b, c]| orient(points, a, b, c) / 2.0).sum()
    }

    fn is_delaunay(points: &[[f64; 3]], triangulation: &Triangulation) -> bool {
        (0..triangulation.triangles.len()).all(|t| (0..3).all(|k| !triangulation.is_illegal(points, t, k)))
    }

    fn neighbours_agree(triangulation: &Triangulation) -> bool {
        (0..triangulation.triangles.len()).all(|t| {
            (0..3).all(|k| {
                let u = triangulation.neighbours[t][k];
                u == HULL || triangulation.across(t, k).is_some_and(|(back, _, _)| back == u as usize)
            })
        })
    }

    #[test]
    fn a_square_with_collinear_edge_points_is_covered_without_slivers() {
        let points =
            [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 0.0, 2.0], [0.0, 0.0, 2.0], [0.0, 0.0, 1.0]];
        let triangulation = Triangulation::of_hull(&points, &[0, 1, 2, 3, 4, 5]);
        assert_eq!(triangulation.triangles.len(), 4, "n - 2 triangles");
        assert!(triangulation.triangles.iter().all(|&[a, b, c]| orient(&points, a, b, c) > 0.0));
        assert_eq!(area_sum(&points, &triangulation), 4.0);
        assert!(is_delaunay(&points, &triangulation));
        assert!(neighbours_agree(&triangulation));
    }

    #[test]
    fn inserted_points_keep_the_area_and_the_delaunay_property() {
        let mut points = vec![[0.0, 0.0, 0.0], [8.0, 0.0, 0.0], [8.0, 0.0, 8.0], [0.0, 0.0, 8.0]];
        let mut triangulation = Triangulation::of_hull(&points, &[0, 1, 2, 3]);
        // Grid points, one of them on the first diagonal (an edge split).
        for (x, z) in [(4.0, 4.0), (2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0), (4.0, 1.0), (5.0, 3.0)] {
            points.push([x, 0.0, z]);
            assert!(triangulation.insert(&points, points.len() as u32 - 1));
            assert!(is_delaunay(&points, &triangulation));
            assert!(neighbours_agree(&triangulation));
            assert_eq!(area_sum(&points, &triangulation), 64.0);
        }
        assert_eq!(triangulation.triangles.len(), 2 * points.len() - 2 - 4);
        points.push([0.0, 0.0, 0.0]);
        assert!(!triangulation.insert(&points, points.len() as u32 - 1), "a point already there");
    }

    #[test]
    fn a_hull_without_area_gives_no_triangles() {
        let points = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]];
        assert!(Triangulation::of_hull(&points, &[0, 1, 2]).triangles.is_empty());
    }
}
