//! The baseline's convex partition: Hertel–Mehlhorn over a triangulation,
//! as polypartition's `ConvexPartition_HM` (which Godot runs after
//! Clipper2) does it, with a vertex cap: polygons are visited in
//! triangulation order, and each polygon removes its diagonals edge by edge
//! while the union of the two sides stays convex (no reflex corner) with at
//! most `cap` corners.

use std::collections::HashMap;

/// Convex polygons (counter-clockwise corner indices into `points`) from
/// `triangles`; triangles of either orientation, those of zero area
/// dropped (no navigation polygon can hold them).
pub fn hertel_mehlhorn(points: &[[f64; 2]], triangles: &[[usize; 3]], cap: usize) -> Vec<Vec<usize>> {
    let mut polygons: Vec<Option<Vec<usize>>> =
        triangles.iter().filter_map(|&t| counter_clockwise(points, t)).map(Some).collect();
    // Lookups only, never iterated: the merge order is the triangles' order.
    let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
    for (i, polygon) in polygons.iter().enumerate() {
        for edge in edges(polygon.as_deref().unwrap_or_default()) {
            owner.insert(edge, i);
        }
    }
    for i in 0..polygons.len() {
        let mut k = 0;
        while let Some(ring) = polygons[i].as_deref() {
            let Some(&a) = ring.get(k) else { break };
            let b = ring[(k + 1) % ring.len()];
            let merge = owner
                .get(&(b, a))
                .copied()
                .filter(|&j| j != i)
                .and_then(|j| merged(points, ring, polygons[j].as_deref()?, (a, b), cap).map(|m| (j, m)));
            match merge {
                Some((j, ring)) => {
                    for edge in edges(&polygons[j].take().unwrap_or_default()) {
                        owner.insert(edge, i);
                    }
                    owner.remove(&(a, b));
                    owner.remove(&(b, a));
                    polygons[i] = Some(ring);
                    k = 0;
                }
                None => k += 1,
            }
        }
    }
    polygons.into_iter().flatten().collect()
}

fn edges(ring: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..ring.len()).map(|k| (ring[k], ring[(k + 1) % ring.len()]))
}

fn cross(o: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

fn counter_clockwise(points: &[[f64; 2]], [a, b, c]: [usize; 3]) -> Option<Vec<usize>> {
    let turn = cross(points[a], points[b], points[c]);
    (turn != 0.0).then(|| if turn > 0.0 { vec![a, b, c] } else { vec![a, c, b] })
}

/// `left` (holding edge a→b) and `right` (holding b→a) joined across the
/// diagonal, when the result has at most `cap` corners and is convex at a
/// and b (the only corners whose angle changes).
fn merged(
    points: &[[f64; 2]],
    left: &[usize],
    right: &[usize],
    (a, b): (usize, usize),
    cap: usize,
) -> Option<Vec<usize>> {
    if left.len() + right.len() - 2 > cap {
        return None;
    }
    let from = |ring: &[usize], start: usize| {
        let at = ring.iter().position(|&v| v == start).unwrap_or(0);
        (0..ring.len()).map(move |k| ring[(at + k) % ring.len()]).collect::<Vec<usize>>()
    };
    // left from b round to a, then right's corners strictly between a and b.
    let mut ring = from(left, b);
    ring.extend(from(right, a).into_iter().skip(1).take(right.len() - 2));
    let n = ring.len();
    let convex_at =
        |k: usize| turns_left_or_straight(points[ring[(k + n - 1) % n]], points[ring[k]], points[ring[(k + 1) % n]]);
    (convex_at(0) && convex_at(left.len() - 1)).then_some(ring)
}

/// a → b → c turns left, or goes straight on (not back: a zero cross
/// product is also a spike folding onto itself).
pub fn turns_left_or_straight(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> bool {
    let turn = cross(a, b, c);
    turn > 0.0 || (turn == 0.0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit square.
    const SQUARE: [[f64; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];

    #[test]
    fn two_triangles_of_a_square_merge() {
        let polygons = hertel_mehlhorn(&SQUARE, &[[0, 1, 2], [0, 3, 2]], 6);
        assert_eq!(polygons.len(), 1);
        let mut corners = polygons[0].clone();
        corners.sort_unstable();
        assert_eq!(corners, [0, 1, 2, 3]);
    }

    #[test]
    fn the_cap_stops_a_merge() {
        assert_eq!(hertel_mehlhorn(&SQUARE, &[[0, 1, 2], [0, 2, 3]], 3).len(), 2);
    }

    #[test]
    fn a_reflex_corner_stops_a_merge() {
        // An L: (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), reflex at (1,1).
        let points = [[0.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0], [1.0, 2.0], [0.0, 2.0]];
        let triangles = [[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 5]];
        let polygons = hertel_mehlhorn(&points, &triangles, 6);
        assert_eq!(polygons.len(), 2, "{polygons:?}");
        for ring in &polygons {
            let n = ring.len();
            for k in 0..n {
                assert!(
                    cross(points[ring[k]], points[ring[(k + 1) % n]], points[ring[(k + 2) % n]]) >= 0.0,
                    "{ring:?}"
                );
            }
        }
    }

    #[test]
    fn straight_on_is_convex_but_folding_back_is_not() {
        assert!(turns_left_or_straight([0.0, 0.0], [1.0, 0.0], [2.0, 0.0]));
        assert!(!turns_left_or_straight([0.0, 0.0], [1.0, 0.0], [0.5, 0.0]));
        assert!(turns_left_or_straight([0.0, 0.0], [1.0, 0.0], [1.0, 1.0]));
        assert!(!turns_left_or_straight([0.0, 0.0], [1.0, 0.0], [1.0, -1.0]));
    }

    #[test]
    fn zero_area_triangles_are_dropped() {
        let points = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]];
        assert!(hertel_mehlhorn(&points, &[[0, 1, 2]], 6).is_empty());
    }
}
