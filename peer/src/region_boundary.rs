//! The boundary of a region given as convex polygons that tile it (one
//! tile of onav's planar output, in integer lattice units): the polygons'
//! edges that no other polygon runs along the other way, traced into
//! rings and grouped into connected pieces, an outer ring with its holes.
//!
//! Where the region touches itself at a vertex (two pieces meeting at a
//! corner, a hole touching the outline or another hole), a trace leaving
//! that vertex takes the boundary edge that closes the interior wedge it
//! arrived in, so every ring bounds its own wedges: a hole touching the
//! outline at a point joins the outline's ring (the interior around it is
//! simply connected), two squares touching at a corner stay two pieces.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

pub type Point = [i64; 2];

/// One connected piece of the region: its outer ring counter-clockwise,
/// its holes clockwise (the interior always on the left), no collinear
/// corners.
#[derive(Debug, Clone, PartialEq)]
pub struct Component {
    pub outer: Vec<Point>,
    pub holes: Vec<Vec<Point>>,
}

impl Component {
    pub fn rings(&self) -> impl Iterator<Item = &Vec<Point>> {
        std::iter::once(&self.outer).chain(&self.holes)
    }

    /// Twice the piece's area: the outer's less its holes'.
    pub fn twice_area(&self) -> i128 {
        self.rings().map(|ring| twice_signed_area(ring)).sum()
    }
}

fn delta(from: Point, to: Point) -> [i128; 2] {
    [i128::from(to[0]) - i128::from(from[0]), i128::from(to[1]) - i128::from(from[1])]
}

/// (a − o) × (b − o): positive when o → a → b turns left.
pub fn cross(o: Point, a: Point, b: Point) -> i128 {
    let (u, v) = (delta(o, a), delta(o, b));
    u[0] * v[1] - u[1] * v[0]
}

fn dot(o: Point, a: Point, b: Point) -> i128 {
    let (u, v) = (delta(o, a), delta(o, b));
    u[0] * v[0] + u[1] * v[1]
}

pub fn twice_signed_area(ring: &[Point]) -> i128 {
    let n = ring.len();
    (0..n).map(|k| cross([0, 0], ring[k], ring[(k + 1) % n])).sum()
}

/// The region's pieces, from convex polygons (either orientation) that
/// cover it without overlapping.
pub fn region_components(polygons: &[Vec<Point>]) -> Result<Vec<Component>, String> {
    let edges = boundary_edges(&split_at_vertices(polygons))?;
    let rings = trace_rings(edges)?;
    let rings = rings.into_iter().map(|ring| without_collinear_corners(&ring)).collect::<Result<Vec<_>, _>>()?;
    group_holes(rings)
}

/// The polygons counter-clockwise, each edge split at every polygon vertex
/// lying inside it, so an edge running along two neighbours' edges meets
/// each of them end to end.
fn split_at_vertices(polygons: &[Vec<Point>]) -> Vec<Vec<Point>> {
    let vertices: BTreeSet<Point> = polygons.iter().flatten().copied().collect();
    let split_ring = |ring: &Vec<Point>| {
        let mut ring = ring.clone();
        if twice_signed_area(&ring) < 0 {
            ring.reverse();
        }
        let n = ring.len();
        let mut out = Vec::with_capacity(n);
        for k in 0..n {
            let (a, b) = (ring[k], ring[(k + 1) % n]);
            out.push(a);
            let mut inside: Vec<Point> = vertices
                .iter()
                .copied()
                .filter(|&v| cross(a, b, v) == 0 && dot(a, v, b) > 0 && dot(b, v, a) > 0)
                .collect();
            inside.sort_by_key(|&v| dot(a, v, b));
            out.extend(inside);
        }
        out
    };
    polygons.iter().map(split_ring).collect()
}

/// Directed edges (interior on the left) that no polygon holds reversed.
fn boundary_edges(polygons: &[Vec<Point>]) -> Result<BTreeSet<(Point, Point)>, String> {
    let mut edges = BTreeSet::new();
    for ring in polygons {
        for k in 0..ring.len() {
            let edge = (ring[k], ring[(k + 1) % ring.len()]);
            if !edges.insert(edge) {
                return Err(format!("two polygons hold edge {edge:?} the same way: they overlap"));
            }
        }
    }
    Ok(edges.iter().copied().filter(|&(a, b)| !edges.contains(&(b, a))).collect())
}

/// How far clockwise `d` lies from `reference` (both rays from `at`), as
/// an order: (0°, 180°] before (180°, 360°], then by turn.
fn clockwise_from(at: Point, reference: Point, a: Point, b: Point) -> Ordering {
    let half = |d: Point| {
        let (c, along) = (cross(at, reference, d), dot(at, reference, d));
        u8::from(!(c < 0 || (c == 0 && along < 0)))
    };
    half(a).cmp(&half(b)).then_with(|| cross(at, a, b).cmp(&0))
}

/// Closed rings of the boundary edges; at a vertex with several ways on,
/// the one first met turning clockwise from the way back. A ring ends when
/// its next edge would be its first (it may pass its start vertex before,
/// where it touches itself).
fn trace_rings(edges: BTreeSet<(Point, Point)>) -> Result<Vec<Vec<Point>>, String> {
    let mut leaving: BTreeMap<Point, Vec<Point>> = BTreeMap::new();
    for &(a, b) in &edges {
        leaving.entry(a).or_default().push(b);
    }
    let mut unused = edges;
    let mut rings = Vec::new();
    while let Some((start, first)) = unused.pop_first() {
        let mut ring = vec![start];
        let (mut from, mut at) = (start, first);
        loop {
            let to = next_way(&leaving, from, at)?;
            if (at, to) == (start, first) {
                break;
            }
            if !unused.remove(&(at, to)) {
                return Err(format!("the boundary at {at:?} is not a set of closed rings"));
            }
            ring.push(at);
            (from, at) = (at, to);
        }
        rings.push(ring);
    }
    Ok(rings)
}

fn next_way(leaving: &BTreeMap<Point, Vec<Point>>, from: Point, at: Point) -> Result<Point, String> {
    let ways = leaving.get(&at).ok_or(format!("no boundary edge leaves {at:?}"))?;
    let first = ways.iter().copied().min_by(|&a, &b| clockwise_from(at, from, a, b));
    first.ok_or(format!("no boundary edge leaves {at:?}"))
}

/// The ring without corners where it goes straight on. A corner where it
/// turns back cannot occur (the edges there would be a reversed pair, so
/// not boundary) and is refused.
fn without_collinear_corners(ring: &[Point]) -> Result<Vec<Point>, String> {
    let n = ring.len();
    let mut kept = Vec::with_capacity(n);
    for k in 0..n {
        let (p, v, w) = (ring[(k + n - 1) % n], ring[k], ring[(k + 1) % n]);
        match (cross(p, v, w), dot(v, p, w)) {
            (0, along) if along < 0 => {}
            (0, _) => return Err(format!("the boundary turns back at {v:?}")),
            _ => kept.push(v),
        }
    }
    Ok(kept)
}

/// Rings as pieces: counter-clockwise rings are outers; a clockwise ring
/// belongs to the smallest outer holding one of its corners strictly
/// inside.
fn group_holes(rings: Vec<Vec<Point>>) -> Result<Vec<Component>, String> {
    let (outers, holes): (Vec<_>, Vec<_>) = rings.into_iter().partition(|ring| twice_signed_area(ring) > 0);
    let mut components: Vec<Component> =
        outers.into_iter().map(|outer| Component { outer, holes: Vec::new() }).collect();
    for hole in holes {
        let holder = (0..components.len())
            .filter(|&c| hole.iter().find_map(|&p| inside(&components[c].outer, p)) == Some(true))
            .min_by_key(|&c| (twice_signed_area(&components[c].outer), c))
            .ok_or(format!("hole at {:?} lies in no outer ring", hole[0]))?;
        components[holder].holes.push(hole);
    }
    Ok(components)
}

/// Whether `p` lies strictly inside `ring` (`None` when on its boundary),
/// by the winding number, exactly.
fn inside(ring: &[Point], p: Point) -> Option<bool> {
    let n = ring.len();
    let mut winding = 0i32;
    for k in 0..n {
        let (a, b) = (ring[k], ring[(k + 1) % n]);
        let side = cross(a, b, p);
        if side == 0 && dot(p, a, b) <= 0 {
            return None;
        }
        if a[1] <= p[1] && b[1] > p[1] && side > 0 {
            winding += 1;
        } else if a[1] > p[1] && b[1] <= p[1] && side < 0 {
            winding -= 1;
        }
    }
    Some(winding != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: i64, y0: i64, x1: i64, y1: i64) -> Vec<Point> {
        vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    }

    /// The ring as a set of corners, for comparisons that ignore its start.
    fn corners(ring: &[Point]) -> BTreeSet<Point> {
        ring.iter().copied().collect()
    }

    #[test]
    fn two_triangles_of_a_square_give_the_square() {
        let components = region_components(&[vec![[0, 0], [4, 0], [4, 4]], vec![[0, 0], [0, 4], [4, 4]]]).unwrap();
        assert_eq!(components.len(), 1);
        assert_eq!(corners(&components[0].outer), corners(&rect(0, 0, 4, 4)));
        assert!(components[0].holes.is_empty());
        assert_eq!(components[0].twice_area(), 32);
    }

    #[test]
    fn an_edge_along_two_neighbours_is_inside_and_collinear_corners_go() {
        // A 4 x 2 rectangle left of two 2 x 1 ones: its right edge runs
        // along both; the union is a 6 x 2 rectangle.
        let polygons = [rect(0, 0, 4, 2), rect(4, 0, 6, 1), rect(4, 1, 6, 2)];
        let components = region_components(&polygons).unwrap();
        assert_eq!(components.len(), 1);
        assert_eq!(corners(&components[0].outer), corners(&rect(0, 0, 6, 2)));
        assert_eq!(components[0].outer.len(), 4);
    }

    #[test]
    fn a_frame_is_one_piece_with_one_hole() {
        let polygons = [rect(0, 0, 6, 2), rect(4, 2, 6, 6), rect(0, 4, 4, 6), rect(0, 2, 2, 4)];
        let components = region_components(&polygons).unwrap();
        assert_eq!(components.len(), 1);
        assert_eq!(corners(&components[0].outer), corners(&rect(0, 0, 6, 6)));
        assert_eq!(components[0].holes.len(), 1);
        assert_eq!(corners(&components[0].holes[0]), corners(&rect(2, 2, 4, 4)));
        assert!(twice_signed_area(&components[0].holes[0]) < 0);
        assert_eq!(components[0].twice_area(), 2 * (36 - 4));
    }

    #[test]
    fn squares_touching_at_a_corner_are_two_pieces() {
        let components = region_components(&[rect(0, 0, 2, 2), rect(2, 2, 4, 4)]).unwrap();
        assert_eq!(components.len(), 2);
        assert!(components.iter().all(|c| c.outer.len() == 4 && c.holes.is_empty()));
    }

    #[test]
    fn a_hole_touching_the_outline_at_a_point_joins_its_ring() {
        // A 4 x 4 square less the triangle (2,0) (3,2) (1,2) standing on its
        // bottom edge, cut into convex pieces.
        let polygons = [vec![[0, 0], [2, 0], [1, 2], [0, 2]], vec![[2, 0], [4, 0], [4, 2], [3, 2]], rect(0, 2, 4, 4)];
        let components = region_components(&polygons).unwrap();
        assert_eq!(components.len(), 1);
        assert!(components[0].holes.is_empty());
        let outer = &components[0].outer;
        assert_eq!(outer.len(), 8, "{outer:?}");
        assert_eq!(outer.iter().filter(|&&p| p == [2, 0]).count(), 2, "{outer:?}");
        assert_eq!(components[0].twice_area(), 2 * 16 - 4);
    }

    #[test]
    fn an_island_in_a_hole_is_its_own_piece() {
        let frame = [rect(0, 0, 10, 2), rect(8, 2, 10, 10), rect(0, 8, 8, 10), rect(0, 2, 2, 8)];
        let polygons: Vec<Vec<Point>> = frame.into_iter().chain([rect(4, 4, 6, 6)]).collect();
        let mut components = region_components(&polygons).unwrap();
        components.sort_by_key(|c| c.twice_area());
        assert_eq!(components.len(), 2);
        assert!(components[0].holes.is_empty());
        assert_eq!(components[1].holes.len(), 1);
    }

    #[test]
    fn inside_is_strict_and_exact() {
        let ring = [[0, 0], [4, 0], [4, 4], [2, 2], [0, 4]];
        assert_eq!(inside(&ring, [1, 1]), Some(true));
        assert_eq!(inside(&ring, [2, 3]), Some(false));
        assert_eq!(inside(&ring, [6, 0]), Some(false), "beyond an edge's end, on its line");
        assert_eq!(inside(&ring, [2, 0]), None);
        assert_eq!(inside(&ring, [3, 3]), None);
        assert_eq!(inside(&ring, [4, 4]), None);
    }

    #[test]
    fn overlapping_polygons_are_refused() {
        assert!(region_components(&[rect(0, 0, 2, 2), rect(0, 0, 2, 2)]).is_err());
    }
}
