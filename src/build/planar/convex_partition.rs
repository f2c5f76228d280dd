//! Convex partition of one tile's pieces: `i_triangle`'s integer
//! triangulation (no new points), then Hertel–Mehlhorn merging: a diagonal
//! goes when the polygons on its two sides merge into a convex polygon of
//! at most MaxVertsPerPoly vertices. Diagonals are tried longest first
//! (long diagonals split the most), ties by their vertex indices, so the
//! result is one fixed function of the input.

use i_overlay::i_float::int::point::IntPoint;
use i_triangle::int::triangulator::IntTriangulator;

use crate::build::planar::boolean_ops::Shape;
use crate::build::planar::lattice_geometry::{cross, LatticePoint};

/// Convex counter-clockwise polygons over shared, distinct points.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConvexPolygons {
    pub points: Vec<LatticePoint>,
    pub polygons: Vec<Vec<u32>>,
}

impl ConvexPolygons {
    /// Adds the convex partition of `pieces` (whose polygons merge only
    /// among themselves), sharing points already present.
    pub fn add_partition(&mut self, pieces: &[Shape], max_verts: usize) {
        let mut triangulator = IntTriangulator::<i64, u32>::default();
        let triangulations: Vec<_> = pieces
            .iter()
            .map(|piece| {
                let engine: Vec<Vec<IntPoint<i64>>> =
                    piece.iter().map(|r| r.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect();
                triangulator.uncheck_triangulate_shape(&engine)
            })
            .collect();
        let corners: Vec<LatticePoint> =
            triangulations.iter().flat_map(|t| t.points.iter().map(|p| [p.x, p.y])).collect();
        let ids = self.share_points(&corners);
        let mut triangles = Vec::new();
        let mut first_id = 0;
        for triangulation in &triangulations {
            let ids = &ids[first_id..first_id + triangulation.points.len()];
            first_id += triangulation.points.len();
            for t in triangulation.indices.chunks_exact(3) {
                let corners = [ids[t[0] as usize], ids[t[1] as usize], ids[t[2] as usize]];
                if let Some(triangle) = counter_clockwise(&self.points, corners) {
                    triangles.push(triangle);
                }
            }
        }
        self.polygons.extend(merge_convex(&self.points, &triangles, max_verts));
    }

    /// The index of each of `added` among the points, appending the ones
    /// not present yet in the order they first appear. Equal points are
    /// found by one sort of all points with their positions.
    fn share_points(&mut self, added: &[LatticePoint]) -> Vec<u32> {
        let known = self.points.len();
        let mut sorted: Vec<(LatticePoint, usize)> = self.points.iter().chain(added).copied().zip(0..).collect();
        sorted.sort_unstable();
        let mut first_equal: Vec<usize> = (0..sorted.len()).collect();
        for group in sorted.chunk_by(|x, y| x.0 == y.0) {
            for &(_, at) in group {
                first_equal[at] = group[0].1;
            }
        }
        let mut ids: Vec<u32> = (0..known as u32).collect();
        for (at, point) in added.iter().enumerate().map(|(i, p)| (known + i, p)) {
            let id = if first_equal[at] == at {
                self.points.push(*point);
                self.points.len() as u32 - 1
            } else {
                ids[first_equal[at]]
            };
            ids.push(id);
        }
        ids.split_off(known)
    }
}

/// The triangle counter-clockwise, or `None` when it has no area (it adds
/// nothing to the union and would be an invalid polygon).
fn counter_clockwise(points: &[LatticePoint], [a, b, c]: [u32; 3]) -> Option<[u32; 3]> {
    match cross(points[a as usize], points[b as usize], points[c as usize]).signum() {
        1 => Some([a, b, c]),
        -1 => Some([a, c, b]),
        _ => None,
    }
}

/// Hertel–Mehlhorn over the triangles (module comment for the order).
/// Each polygon lives at the index of one of its triangles, and
/// `merged_into` leads from every triangle there, so finding the polygons
/// on a diagonal's two sides takes no search.
fn merge_convex(points: &[LatticePoint], triangles: &[[u32; 3]], max_verts: usize) -> Vec<Vec<u32>> {
    let mut polygons: Vec<Option<Vec<u32>>> = triangles.iter().map(|t| Some(t.to_vec())).collect();
    let mut merged_into: Vec<usize> = (0..triangles.len()).collect();
    for Diagonal { a, b, left, right, .. } in diagonals_longest_first(points, triangles) {
        let (p, q) = (polygon_of(&mut merged_into, left), polygon_of(&mut merged_into, right));
        if p == q {
            continue;
        }
        let (Some(left), Some(right)) = (polygons[p].as_deref(), polygons[q].as_deref()) else { continue };
        let Some(merged) = merged_polygon(points, left, right, a, b, max_verts) else { continue };
        merged_into[q] = p;
        polygons[q] = None;
        polygons[p] = Some(merged);
    }
    polygons.into_iter().flatten().collect()
}

/// An edge a→b (a < b) shared by triangle `left` (holding a→b) and
/// triangle `right` (holding b→a), ordered longest first, ties by (a, b).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Diagonal {
    minus_squared_length: i128,
    a: u32,
    b: u32,
    left: usize,
    right: usize,
}

/// Every edge two triangles share, longest first. Directed edges, keyed
/// by their two vertices in one word, are sorted once and each diagonal's
/// reverse found by binary search; of equal directed edges the later
/// triangle's counts.
fn diagonals_longest_first(points: &[LatticePoint], triangles: &[[u32; 3]]) -> Vec<Diagonal> {
    let key = |a: u32, b: u32| (u64::from(a) << 32) | u64::from(b);
    let mut directed: Vec<(u64, usize)> =
        triangles.iter().enumerate().flat_map(|(t, triangle)| edges(triangle).map(move |(a, b)| (key(a, b), t))).collect();
    directed.sort_unstable();
    directed.dedup_by(|later, earlier| {
        let same = later.0 == earlier.0;
        if same {
            earlier.1 = later.1;
        }
        same
    });
    let owner = |a: u32, b: u32| directed.binary_search_by_key(&key(a, b), |&(k, _)| k).ok().map(|at| directed[at].1);
    let mut diagonals: Vec<Diagonal> = directed
        .iter()
        .map(|&(k, left)| ((k >> 32) as u32, k as u32, left))
        .filter(|&(a, b, _)| a < b)
        .filter_map(|(a, b, left)| {
            let right = owner(b, a)?;
            let minus_squared_length = -squared_length(points[a as usize], points[b as usize]);
            Some(Diagonal { minus_squared_length, a, b, left, right })
        })
        .collect();
    diagonals.sort_unstable();
    diagonals
}

/// The polygon triangle `t` is now part of, shortening the path there.
fn polygon_of(merged_into: &mut [usize], t: usize) -> usize {
    let mut root = t;
    while merged_into[root] != root {
        root = merged_into[root];
    }
    let mut at = t;
    while merged_into[at] != root {
        let next = merged_into[at];
        merged_into[at] = root;
        at = next;
    }
    root
}

/// Directed edges of a polygon in order.
fn edges(polygon: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
    (0..polygon.len()).map(move |i| (polygon[i], polygon[(i + 1) % polygon.len()]))
}

fn squared_length(a: LatticePoint, b: LatticePoint) -> i128 {
    let (dx, dy) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    dx * dx + dy * dy
}

/// `left` (holding a→b) and `right` (holding b→a) as one polygon without
/// the edge, if it is convex, has distinct points and at most `max_verts`.
/// Cheap tests first: most diagonals fail on size or convexity, and only
/// a polygon that passes both is allocated.
fn merged_polygon(
    points: &[LatticePoint],
    left: &[u32],
    right: &[u32],
    a: u32,
    b: u32,
    max_verts: usize,
) -> Option<Vec<u32>> {
    let n = left.len() + right.len() - 2;
    if n > max_verts {
        return None;
    }
    // left from b runs b … a; right from a runs a … b, whose last point is b again.
    let (from_b, from_a) = (position(left, b), position(right, a));
    let corner = |i: usize| {
        if i < left.len() {
            left[(from_b + i) % left.len()]
        } else {
            right[(from_a + i - left.len() + 1) % right.len()]
        }
    };
    let convex = (0..n).all(|i| {
        let (u, v, w) = (corner((i + n - 1) % n), corner(i), corner((i + 1) % n));
        cross(points[u as usize], points[v as usize], points[w as usize]) >= 0
    });
    if !convex {
        return None;
    }
    let merged: Vec<u32> = (0..n).map(corner).collect();
    let mut sorted = merged.clone();
    sorted.sort_unstable();
    sorted.dedup();
    (sorted.len() == n).then_some(merged)
}

/// Where `point` is in `polygon` (0 when missing, which a diagonal's
/// polygons never are).
fn position(polygon: &[u32], point: u32) -> usize {
    polygon.iter().position(|&v| v == point).unwrap_or(0)
}
