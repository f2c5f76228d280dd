//! Convex partition of one tile's pieces: `i_triangle`'s integer
//! triangulation (no new points), then Hertel–Mehlhorn merging: a diagonal
//! goes when the polygons on its two sides merge into a convex polygon of
//! at most MaxVertsPerPoly vertices. Diagonals are tried longest first
//! (long diagonals split the most), ties by their vertex indices, so the
//! result is one fixed function of the input. Hertel–Mehlhorn only removes
//! diagonals, so a bad early removal is never undone: the polygons then go
//! through `convex_regroup`, which can move a cut.

use std::ops::Range;

use i_overlay::i_float::int::point::IntPoint;
use i_triangle::int::triangulator::IntTriangulator;

use crate::build::planar::boolean_ops::Shape;
use crate::build::planar::convex_regroup::ConvexRegroup;
use crate::build::planar::lattice_geometry::{cross, LatticePoint};

/// Convex counter-clockwise polygons over shared, distinct points, in the
/// flat layout the 2D hand-over reads (no vector per polygon).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConvexPolygons {
    pub points: Vec<LatticePoint>,
    /// Corner count of each polygon.
    pub vertex_counts: Vec<u8>,
    /// Point indices, polygon after polygon.
    pub indices: Vec<u32>,
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
        let mut triangles = Vec::with_capacity(triangulations.iter().map(|t| t.indices.len() / 3).sum());
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
        merge_convex(&self.points, &triangles, max_verts, &mut self.vertex_counts, &mut self.indices);
    }

    /// The index of each of `added` among the points, appending the ones
    /// not present yet in the order they first appear. Equal points are
    /// found by one sort of all points with their positions, each packed
    /// in one 128-bit word (offsets from the lowest corner above the
    /// position): cheaper to sort than (point, position) pairs, in the
    /// same order.
    fn share_points(&mut self, added: &[LatticePoint]) -> Vec<u32> {
        let known = self.points.len();
        let all = || self.points.iter().chain(added);
        let low = all().fold([i64::MAX; 2], |low, p| [low[0].min(p[0]), low[1].min(p[1])]);
        let mut sorted: Vec<u128> = all()
            .zip(0u128..)
            .map(|(p, at)| {
                (u128::from(tile_offset(p[0], low[0])) << 96) | (u128::from(tile_offset(p[1], low[1])) << 64) | at
            })
            .collect();
        sorted.sort_unstable();
        let mut first_equal: Vec<usize> = (0..sorted.len()).collect();
        for group in sorted.chunk_by(|x, y| x >> 64 == y >> 64) {
            for &key in group {
                first_equal[key as u64 as usize] = group[0] as u64 as usize;
            }
        }
        self.points.reserve(added.len());
        let mut ids: Vec<u32> = Vec::with_capacity(known + added.len());
        ids.extend(0..known as u32);
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

/// Hertel–Mehlhorn over the triangles (module comment for the order),
/// then the regroup pass. Each polygon lives at the index of one of its
/// triangles, and `merged_into` leads from every triangle there, so finding
/// the polygons on a diagonal's two sides takes no search. Polygons are
/// ranges of one corner array (a merge appends the merged polygon); the
/// polygons left are appended to `vertex_counts` and `indices`.
fn merge_convex(
    points: &[LatticePoint],
    triangles: &[[u32; 3]],
    max_verts: usize,
    vertex_counts: &mut Vec<u8>,
    indices: &mut Vec<u32>,
) {
    // The triangles' corners, then each merged polygon appended: room for
    // about as many merged corners again as the triangles hold.
    let mut corners: Vec<u32> = Vec::with_capacity(6 * triangles.len());
    corners.extend(triangles.iter().flatten());
    let mut polygons: Vec<Option<Range<usize>>> = (0..triangles.len()).map(|t| Some(3 * t..3 * t + 3)).collect();
    let mut merged_into: Vec<usize> = (0..triangles.len()).collect();
    let mut merged = Vec::with_capacity(max_verts);
    let outgoing = OutgoingEdges::of(points.len(), triangles);
    for diagonal in diagonals_longest_first(points, triangles, &outgoing) {
        let ((a, b), left, right) = (diagonal.ends(), diagonal.left, diagonal.right);
        let (p, q) = (polygon_of(&mut merged_into, left), polygon_of(&mut merged_into, right));
        if p == q {
            continue;
        }
        let (Some(left), Some(right)) = (polygons[p].clone(), polygons[q].clone()) else { continue };
        if !merged_polygon(points, &corners[left], &corners[right], a, b, max_verts, &mut merged) {
            continue;
        }
        merged_into[q] = p;
        polygons[q] = None;
        polygons[p] = Some(corners.len()..corners.len() + merged.len());
        corners.extend_from_slice(&merged);
    }
    // The polygons left, numbered in order; each edge's neighbour is the
    // polygon of the triangle holding the edge reversed.
    let mut number = vec![0; triangles.len()];
    let mut count = 0;
    for (t, _) in polygons.iter().enumerate().filter(|(_, range)| range.is_some()) {
        number[t] = count;
        count += 1;
    }
    let mut regroup = ConvexRegroup::with_capacity(count as usize, 3 * triangles.len());
    for range in polygons.iter().flatten() {
        let ring = &corners[range.clone()];
        let across = edges(ring).map(|(a, b)| outgoing.owner(b, a).map(|t| number[polygon_of(&mut merged_into, t)]));
        regroup.push(ring, across);
    }
    // A polygon of k triangles has k + 2 corners: at most a polygon and
    // three corners per triangle.
    vertex_counts.reserve(triangles.len());
    indices.reserve(3 * triangles.len());
    regroup.regroup_into(points, max_verts, vertex_counts, indices);
}

/// An edge a→b (a < b) shared by triangle `left` (holding a→b) and
/// triangle `right` (holding b→a), ordered by `key`: longest first, ties
/// by (a, b).
struct Diagonal {
    key: u128,
    left: usize,
    right: usize,
}

impl Diagonal {
    /// The key of edge a→b: the squared length's complement above a and
    /// b, so that ascending keys run longest first, ties by (a, b).
    fn new(points: &[LatticePoint], a: u32, b: u32, left: usize, right: usize) -> Diagonal {
        let squared = squared_length(points[a as usize], points[b as usize]);
        let length = u64::try_from(squared).expect("points of one tile are at most 2^24 spacings apart on each axis");
        let key = (u128::from(u64::MAX - length) << 64) | (u128::from(a) << 32) | u128::from(b);
        Diagonal { key, left, right }
    }

    fn ends(&self) -> (u32, u32) {
        ((self.key >> 32) as u32, self.key as u32)
    }
}

/// `value`'s offset from `low` (at most `value`) in a tile: the points of
/// one tile lie within its square, at most 2^24 spacings a side (the
/// lattice rule), so the offset fits in 32 bits.
fn tile_offset(value: i64, low: i64) -> u32 {
    u32::try_from(value - low).expect("points of one tile are at most 2^24 spacings apart on each axis")
}

/// Every edge two triangles share, longest first; of equal directed
/// edges the later triangle's counts.
fn diagonals_longest_first(points: &[LatticePoint], triangles: &[[u32; 3]], outgoing: &OutgoingEdges) -> Vec<Diagonal> {
    let mut diagonals = Vec::with_capacity(3 * triangles.len() / 2);
    for (left, triangle) in triangles.iter().enumerate() {
        for (a, b) in edges(triangle) {
            if a >= b || outgoing.owner(a, b) != Some(left) {
                continue;
            }
            if let Some(right) = outgoing.owner(b, a) {
                diagonals.push(Diagonal::new(points, a, b, left, right));
            }
        }
    }
    // (a, b) is one diagonal's alone, so the order does not depend on the
    // order the diagonals were found in.
    diagonals.sort_unstable_by_key(|d| d.key);
    diagonals
}

/// The triangles' directed edges grouped by their first vertex (a
/// counting sort: vertex ids are dense), each group in triangle order.
struct OutgoingEdges {
    starts: Vec<usize>,
    /// (second vertex, triangle) of every directed edge.
    edges: Vec<(u32, usize)>,
}

impl OutgoingEdges {
    fn of(point_count: usize, triangles: &[[u32; 3]]) -> OutgoingEdges {
        let mut starts = vec![0; point_count + 1];
        for triangle in triangles {
            for &a in triangle {
                starts[a as usize + 1] += 1;
            }
        }
        for i in 0..point_count {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut grouped = vec![(0, 0); starts[point_count]];
        for (t, triangle) in triangles.iter().enumerate() {
            for (a, b) in edges(triangle) {
                grouped[next[a as usize]] = (b, t);
                next[a as usize] += 1;
            }
        }
        OutgoingEdges { starts, edges: grouped }
    }

    fn from(&self, a: u32) -> &[(u32, usize)] {
        &self.edges[self.starts[a as usize]..self.starts[a as usize + 1]]
    }

    /// The last triangle holding the directed edge a→b.
    fn owner(&self, a: u32, b: u32) -> Option<usize> {
        self.from(a).iter().rev().find(|&&(to, _)| to == b).map(|&(_, t)| t)
    }
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
/// the edge, written to `merged`, if it is convex, has distinct points and
/// at most `max_verts`. Cheap tests first: most diagonals fail on size or
/// convexity.
fn merged_polygon(
    points: &[LatticePoint],
    left: &[u32],
    right: &[u32],
    a: u32,
    b: u32,
    max_verts: usize,
    merged: &mut Vec<u32>,
) -> bool {
    let n = left.len() + right.len() - 2;
    if n > max_verts {
        return false;
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
    // Every other corner keeps both neighbours it had in its convex polygon,
    // so only the two where the polygons join can turn the wrong way.
    let convex_at = |i: usize| {
        let (u, v, w) = (corner((i + n - 1) % n), corner(i), corner((i + 1) % n));
        cross(points[u as usize], points[v as usize], points[w as usize]) >= 0
    };
    if !(convex_at(0) && convex_at(left.len() - 1)) {
        return false;
    }
    merged.clear();
    merged.extend((0..n).map(corner));
    // At most MaxVertsPerPoly corners: comparing every pair is cheaper than a sort.
    (1..n).all(|j| !merged[..j].contains(&merged[j]))
}

/// Where `point` is in `polygon` (0 when missing, which a diagonal's
/// polygons never are).
fn position(polygon: &[u32], point: u32) -> usize {
    polygon.iter().position(|&v| v == point).unwrap_or(0)
}
