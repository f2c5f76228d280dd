//! A local improvement after Hertel–Mehlhorn: three convex polygons in a
//! row (a middle one and two of its neighbours) whose union splits into
//! two convex polygons of at most MaxVertsPerPoly corners along one
//! diagonal between existing corners are replaced by those two (or by one
//! when the union itself is convex and small enough). Hertel–Mehlhorn
//! only removes diagonals, so it cannot move a cut; this moves one. Exact
//! integer predicates, no new points, polygons visited in index order,
//! candidates in a fixed order: the result is one fixed function of the
//! input.

use std::ops::Range;

use crate::build::planar::lattice_geometry::{cross, LatticePoint};

/// A polygon corner and the polygon across its edge to the next corner.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Corner {
    point: u32,
    across: Option<u32>,
}

/// A polygon across the middle polygon's edge `edge` (from corner
/// `start` to `end`), with its corner count, its corners next to the join
/// and whether the union turns right at the edge's ends where the middle
/// polygon keeps its own edges there.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Neighbour {
    edge: usize,
    id: u32,
    len: usize,
    start: u32,
    end: u32,
    after_start: u32,
    before_end: u32,
    start_reflex: bool,
    end_reflex: bool,
}

/// Convex polygons as ranges of one corner array (a regroup appends the
/// new ones), each edge knowing its neighbour, so finding a polygon's
/// neighbours takes no search.
#[derive(Debug, Default)]
pub struct ConvexRegroup {
    corners: Vec<Corner>,
    ranges: Vec<Option<Range<usize>>>,
    neighbours: Vec<Neighbour>,
    joined: Vec<Corner>,
    union: Vec<Corner>,
    union_points: Vec<LatticePoint>,
}

/// How a union of three polygons regroups: as itself, or cut along the
/// diagonal between two of its corners.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Split {
    Whole,
    Diagonal(usize, usize),
}

impl ConvexRegroup {
    /// Room for `polygons` polygons of `corners` corners in all (a
    /// regroup appends at most two polygons for three).
    pub fn with_capacity(polygons: usize, corners: usize) -> ConvexRegroup {
        ConvexRegroup {
            corners: Vec::with_capacity(2 * corners),
            ranges: Vec::with_capacity(2 * polygons),
            ..ConvexRegroup::default()
        }
    }

    /// Adds a polygon with, for each edge from a corner to the next, the
    /// index (in the order added) of the polygon across it.
    pub fn push(&mut self, ring: &[u32], across: impl Iterator<Item = Option<u32>>) {
        let start = self.corners.len();
        self.corners.extend(ring.iter().zip(across).map(|(&point, across)| Corner { point, across }));
        self.ranges.push(Some(start..self.corners.len()));
    }

    /// Visits every polygon in index order (new ones appended and visited
    /// too) as the middle of a triple, then appends the polygons left to
    /// `vertex_counts` and `indices`.
    pub fn regroup_into(
        mut self,
        points: &[LatticePoint],
        max_verts: usize,
        vertex_counts: &mut Vec<u8>,
        indices: &mut Vec<u32>,
    ) {
        let mut m = 0;
        while m < self.ranges.len() {
            if self.ranges[m].is_some() {
                self.regroup_around(points, m as u32, max_verts);
            }
            m += 1;
        }
        for range in self.ranges.iter().flatten() {
            vertex_counts.push(range.len() as u8);
            indices.extend(self.corners[range.clone()].iter().map(|c| c.point));
        }
    }

    fn ring(&self, id: u32) -> &[Corner] {
        self.ranges[id as usize].clone().map_or(&[], |r| &self.corners[r])
    }

    /// Tries each pair of `m`'s neighbours (across different edges, in edge
    /// order) with `m` as the middle polygon; replaces the first three that
    /// regroup into fewer.
    fn regroup_around(&mut self, points: &[LatticePoint], m: u32, max_verts: usize) {
        let mut neighbours = std::mem::take(&mut self.neighbours);
        self.find_neighbours(points, m, &mut neighbours);
        let m_len = self.ring(m).len();
        'pairs: for (i, x) in neighbours.iter().enumerate() {
            for y in &neighbours[i + 1..] {
                // Two pieces of at most max_verts corners hold at most
                // 2 max_verts − 2 of the union's corners.
                if x.id == y.id
                    || m_len + x.len + y.len - 4 > 2 * max_verts - 2
                    || reflex_join_corners(points, m_len, x, y) > 2
                {
                    continue;
                }
                if let Some(split) = self.regrouped(points, m, (x.edge, x.id), (y.edge, y.id), max_verts) {
                    self.replace([m, x.id, y.id], split);
                    break 'pairs;
                }
            }
        }
        self.neighbours = neighbours;
    }

    /// The polygons across `m`'s edges, in edge order, with the turns
    /// their union with `m` makes where they join. A polygon that is `m`
    /// itself or does not hold the edge reversed joins nothing and is left
    /// out.
    fn find_neighbours(&self, points: &[LatticePoint], m: u32, neighbours: &mut Vec<Neighbour>) {
        neighbours.clear();
        let ring = self.ring(m);
        let n = ring.len();
        for (edge, corner) in ring.iter().enumerate() {
            let Some(id) = corner.across.filter(|&x| x != m) else { continue };
            let (start, end) = (corner.point, at(ring, edge + 1));
            let x = self.ring(id);
            // x holds end→start: its path start … end replaces the edge.
            let Some(at_start) = position(x, start).filter(|&k| at(x, k + x.len() - 1) == end) else { continue };
            let (after_start, before_end) = (at(x, at_start + 1), at(x, at_start + x.len() - 2));
            neighbours.push(Neighbour {
                edge,
                id,
                len: x.len(),
                start,
                end,
                after_start,
                before_end,
                start_reflex: turns_right(points, at(ring, edge + n - 1), start, after_start),
                end_reflex: turns_right(points, before_end, end, at(ring, edge + 2)),
            });
        }
    }

    /// The union of `m`, `x` and `y` (as above) built in `self.union`, and
    /// how it regroups into fewer convex pieces, if one diagonal (or none)
    /// does it.
    fn regrouped(
        &mut self,
        points: &[LatticePoint],
        m: u32,
        (ka, x): (usize, u32),
        (kc, y): (usize, u32),
        max_verts: usize,
    ) -> Option<Split> {
        let mut union = std::mem::take(&mut self.union);
        let mut joined = std::mem::take(&mut self.joined);
        let (m_ring, x_ring, y_ring) = (self.ring(m), self.ring(x), self.ring(y));
        let (a, b) = (m_ring[ka].point, at(m_ring, ka + 1));
        let (c, d) = (m_ring[kc].point, at(m_ring, kc + 1));
        // The first join's ring has distinct points, so the second checks
        // only the corners it adds.
        let found = join(m_ring, x_ring, a, b, 1, &mut joined) && join(&joined, y_ring, c, d, joined.len(), &mut union);
        let split = found.then(|| {
            self.union_points.clear();
            self.union_points.extend(union.iter().map(|c| points[c.point as usize]));
            split_convex(&self.union_points, max_verts)
        });
        self.union = union;
        self.joined = joined;
        split.flatten()
    }

    /// Replaces the three polygons by the pieces of `self.union`, and
    /// points their neighbours' edges at the pieces.
    fn replace(&mut self, three: [u32; 3], split: Split) {
        for id in three {
            self.ranges[id as usize] = None;
        }
        let union = std::mem::take(&mut self.union);
        let n = union.len();
        let first = self.ranges.len() as u32;
        match split {
            Split::Whole => self.add_piece(&union, 0, n - 1, union[n - 1].across),
            Split::Diagonal(i, j) => {
                self.add_piece(&union, i, j, Some(first + 1));
                self.add_piece(&union, j, i, Some(first));
            }
        }
        self.union = union;
    }

    /// Adds the union's corners `from` to `to` (cyclic) as a polygon whose
    /// closing edge has `closing` across it, and relinks its neighbours.
    fn add_piece(&mut self, union: &[Corner], from: usize, to: usize, closing: Option<u32>) {
        let (n, id) = (union.len(), self.ranges.len() as u32);
        let len = cyclic(to + n - from, n) + 1;
        let start = self.corners.len();
        self.corners.extend((0..len).map(|t| union[cyclic(from + t, n)]));
        self.corners[start + len - 1].across = closing;
        self.ranges.push(Some(start..start + len));
        for k in 0..len {
            let (u, v) = (self.corners[start + k].point, self.corners[start + cyclic(k + 1, len)].point);
            if let Some(neighbour) = self.corners[start + k].across.filter(|&nb| nb < id) {
                self.point_edge_at(neighbour, v, u, id);
            }
        }
    }

    /// Sets the polygon across `neighbour`'s edge v→u to `id`.
    fn point_edge_at(&mut self, neighbour: u32, v: u32, u: u32, id: u32) {
        let Some(range) = self.ranges[neighbour as usize].clone() else { return };
        let ring = &mut self.corners[range];
        let len = ring.len();
        if let Some(k) = (0..len).find(|&k| ring[k].point == v && ring[cyclic(k + 1, len)].point == u) {
            ring[k].across = Some(id);
        }
    }
}

/// How many corners of the union of the middle polygon (of `m_len`
/// corners) and its neighbours `x` and `y` (across a later edge) turn
/// right, read before the union is built: every other corner keeps both
/// neighbours it had in its convex polygon, so only the corners where the
/// polygons join can. Where the two edges share a corner, the union there
/// runs from one neighbour straight into the other. Exact when the union's
/// points are distinct; when they are not, the join refuses it anyway.
fn reflex_join_corners(points: &[LatticePoint], m_len: usize, x: &Neighbour, y: &Neighbour) -> usize {
    let through = |from: &Neighbour, into: &Neighbour| {
        usize::from(turns_right(points, from.before_end, from.end, into.after_start))
    };
    let (x_end, y_start) = if y.edge == x.edge + 1 {
        (through(x, y), 0)
    } else {
        (usize::from(x.end_reflex), usize::from(y.start_reflex))
    };
    let (y_end, x_start) = if x.edge == 0 && y.edge == m_len - 1 {
        (through(y, x), 0)
    } else {
        (usize::from(y.end_reflex), usize::from(x.start_reflex))
    };
    x_start + x_end + y_start + y_end
}

#[inline(always)]
fn turns_right(points: &[LatticePoint], u: u32, v: u32, w: u32) -> bool {
    cross(points[u as usize], points[v as usize], points[w as usize]) < 0
}

/// `left` (holding a→b) and `right` (holding b→a) as one ring without the
/// edge, written to `out` with each edge's neighbour, if its points are
/// distinct. The ring's corners before `first_unchecked` (at least 1) are
/// taken as distinct among themselves: every later one is compared with
/// all before it.
fn join(left: &[Corner], right: &[Corner], a: u32, b: u32, first_unchecked: usize, out: &mut Vec<Corner>) -> bool {
    let (Some(from_b), Some(from_a)) = (position(left, b), position(right, a)) else {
        return false;
    };
    out.clear();
    out.extend((0..left.len()).map(|i| left[cyclic(from_b + i, left.len())]));
    // a's edge now leads into right's path a … b.
    out.last_mut().expect("a polygon has corners").across = right[from_a].across;
    out.extend((1..right.len() - 1).map(|i| right[cyclic(from_a + i, right.len())]));
    (first_unchecked..out.len()).all(|j| out[..j].iter().all(|c| c.point != out[j].point))
}

/// The ring (its points in order) as one convex polygon, or as two along
/// the first diagonal (in corner order) between existing corners that
/// leaves both convex and within `max_verts`. A piece's reflex corners can
/// only be resolved at a diagonal's ends, so at most two reflex corners
/// and the diagonal ends at each.
fn split_convex(ring: &[LatticePoint], max_verts: usize) -> Option<Split> {
    let n = ring.len();
    let turn = |u: usize, v: usize, w: usize| cross(ring[u], ring[v], ring[w]);
    let mut reflex = [0; 2];
    let mut reflex_count = 0;
    for i in 0..n {
        if turn(cyclic(i + n - 1, n), i, cyclic(i + 1, n)) < 0 {
            if reflex_count == 2 {
                return None;
            }
            reflex[reflex_count] = i;
            reflex_count += 1;
        }
    }
    // The diagonals (i, j), i + 2 <= j, in corner order (by i, then j)
    // that end at every reflex corner: all of them, those from or to the
    // one reflex corner, or the one between the two.
    match reflex[..reflex_count] {
        [] if n <= max_verts => Some(Split::Whole),
        [] => first_diagonal(ring, max_verts, (0..n).flat_map(|i| (i + 2..n).map(move |j| (i, j)))),
        [r] => {
            first_diagonal(ring, max_verts, (0..r.saturating_sub(1)).map(|i| (i, r)).chain((r + 2..n).map(|j| (r, j))))
        }
        [r, s] => first_diagonal(ring, max_verts, (s >= r + 2).then_some((r, s)).into_iter()),
        _ => unreachable!("at most two reflex corners are kept"),
    }
}

/// The first of the `candidates` (diagonals (i, j) with i + 2 <= j)
/// between corners that are not neighbours that leaves two convex pieces
/// within `max_verts`.
fn first_diagonal(
    ring: &[LatticePoint],
    max_verts: usize,
    mut candidates: impl Iterator<Item = (usize, usize)>,
) -> Option<Split> {
    let n = ring.len();
    let turn = |u: usize, v: usize, w: usize| cross(ring[u], ring[v], ring[w]);
    candidates
        .find(|&(i, j)| {
            if (i == 0 && j == n - 1) || j - i + 1 > max_verts || n - (j - i) + 1 > max_verts {
                return false;
            }
            let convex = turn(j, i, i + 1) > 0
                && turn(j - 1, j, i) > 0
                && turn(i, j, cyclic(j + 1, n)) > 0
                && turn(cyclic(i + n - 1, n), i, j) > 0;
            convex && left_of_every_edge(ring, i, j) && left_of_every_edge(ring, j, i)
        })
        .map(|(i, j)| Split::Diagonal(i, j))
}

/// Whether every corner of the ring's piece `from` … `to` (cyclic) lies
/// left of or on every edge of the piece: left turns alone would also pass
/// a ring winding twice round (a diagonal leaving the union), which this
/// rules out. An edge's own ends lie on it, so only the other corners are
/// tested.
fn left_of_every_edge(ring: &[LatticePoint], from: usize, to: usize) -> bool {
    let n = ring.len();
    let len = cyclic(to + n - from, n) + 1;
    let point = |t: usize| ring[cyclic(from + t, n)];
    (0..len).all(|e| {
        let (a, b) = (point(e), point(cyclic(e + 1, len)));
        (2..len).all(|w| cross(a, b, point(cyclic(e + w, len))) >= 0)
    })
}

/// The corner's point at `k` (below twice the ring's length), counted
/// cyclically.
#[inline(always)]
fn at(ring: &[Corner], k: usize) -> u32 {
    ring[cyclic(k, ring.len())].point
}

/// `k` (below 2 n) taken cyclically below `n`: a compare where `%` would
/// divide.
#[inline(always)]
fn cyclic(k: usize, n: usize) -> usize {
    if k >= n {
        k - n
    } else {
        k
    }
}

#[inline(always)]
fn position(ring: &[Corner], point: u32) -> Option<usize> {
    ring.iter().position(|c| c.point == point)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::planar::lattice_geometry::twice_area;

    /// A rectangle with one 45° step (random seed 207's tile (1, 1)): six
    /// corners, one reflex, so two convex parts suffice; Hertel–Mehlhorn
    /// left three (two triangles and a quadrilateral between them).
    #[test]
    fn three_polygons_round_one_reflex_corner_become_two() {
        let points: Vec<LatticePoint> =
            vec![[18976, 13672], [22252, 13672], [22308, 13616], [32768, 13616], [32768, 16026], [18976, 16026]];
        let rings: [&[u32]; 3] = [&[1, 5, 0], &[3, 1, 2], &[3, 4, 5, 1]];
        let mut regroup = ConvexRegroup::with_capacity(3, 10);
        for ring in rings {
            regroup.push(ring, (0..ring.len()).map(|k| across_edge(&rings, ring[(k + 1) % ring.len()], ring[k])));
        }
        let (mut counts, mut indices) = (Vec::new(), Vec::new());
        regroup.regroup_into(&points, 6, &mut counts, &mut indices);
        assert_eq!(counts.len(), 2);
        let (first, second) = indices.split_at(usize::from(counts[0]));
        let area = |ring: &[u32]| twice_area(&ring.iter().map(|&i| points[i as usize]).collect::<Vec<_>>());
        assert!(area(first) > 0 && area(second) > 0);
        assert_eq!(area(first) + area(second), rings.iter().map(|r| area(r)).sum::<i128>());
        for piece in [first, second] {
            let ring: Vec<LatticePoint> = piece.iter().map(|&i| points[i as usize]).collect();
            assert!(left_of_every_edge(&ring, 0, ring.len() - 1));
        }
    }

    /// The ring holding the directed edge a→b, by search.
    fn across_edge(rings: &[&[u32]], a: u32, b: u32) -> Option<u32> {
        rings.iter().position(|r| (0..r.len()).any(|k| r[k] == a && r[(k + 1) % r.len()] == b)).map(|p| p as u32)
    }
}
