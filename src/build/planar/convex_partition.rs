//! Convex partition of one tile's pieces: `i_triangle`'s integer
//! triangulation (no new points), then Hertel–Mehlhorn merging: a diagonal
//! goes when the polygons on its two sides merge into a convex polygon of
//! at most MaxVertsPerPoly vertices. Diagonals are tried longest first
//! (long diagonals split the most), ties by their vertex indices, so the
//! result is one fixed function of the input.

use std::collections::HashMap;

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
        // Looked up only, never iterated, so hash order cannot reach the output.
        let mut index: HashMap<LatticePoint, u32> =
            self.points.iter().enumerate().map(|(i, &p)| (p, i as u32)).collect();
        let mut triangles = Vec::new();
        let mut triangulator = IntTriangulator::<i64, u32>::default();
        for piece in pieces {
            let engine: Vec<Vec<IntPoint<i64>>> =
                piece.iter().map(|r| r.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect();
            let triangulation = triangulator.uncheck_triangulate_shape(&engine);
            let ids: Vec<u32> = triangulation
                .points
                .iter()
                .map(|p| {
                    let next = self.points.len() as u32;
                    *index.entry([p.x, p.y]).or_insert_with(|| {
                        self.points.push([p.x, p.y]);
                        next
                    })
                })
                .collect();
            for t in triangulation.indices.chunks_exact(3) {
                let corners = [ids[t[0] as usize], ids[t[1] as usize], ids[t[2] as usize]];
                if let Some(triangle) = counter_clockwise(&self.points, corners) {
                    triangles.push(triangle);
                }
            }
        }
        self.polygons.extend(merge_convex(&self.points, &triangles, max_verts));
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

/// Every edge two triangles share, longest first. Directed edges are
/// sorted once and each diagonal's reverse found by binary search; of
/// equal directed edges the later triangle's counts.
fn diagonals_longest_first(points: &[LatticePoint], triangles: &[[u32; 3]]) -> Vec<Diagonal> {
    let mut directed: Vec<(u32, u32, usize)> =
        triangles.iter().enumerate().flat_map(|(t, triangle)| edges(triangle).map(move |(a, b)| (a, b, t))).collect();
    directed.sort_unstable();
    directed.dedup_by(|later, earlier| {
        let same = (later.0, later.1) == (earlier.0, earlier.1);
        if same {
            earlier.2 = later.2;
        }
        same
    });
    let owner = |a: u32, b: u32| {
        directed.binary_search_by(|&(x, y, _)| (x, y).cmp(&(a, b))).ok().map(|at| directed[at].2)
    };
    let mut diagonals: Vec<Diagonal> = directed
        .iter()
        .filter(|&&(a, b, _)| a < b)
        .filter_map(|&(a, b, left)| {
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
