//! Hertel–Mehlhorn on a region recovered from onav's polygons: each piece
//! (outer ring with its holes, collinear corners already dropped) ear-clipped
//! by `earcutr`, as the Clipper2 baseline does, then merged by the peer's
//! `hertel_mehlhorn` under the same corner cap.

use crate::hertel_mehlhorn::hertel_mehlhorn;
use crate::region_boundary::{twice_signed_area, Component, Point};

/// The partition's polygon count, and twice its area (to hold against the
/// region's: ear clipping may drop area where rings touch themselves).
pub struct RegionPartition {
    pub polygons: usize,
    pub twice_area: i128,
}

pub fn region_hertel_mehlhorn(components: &[Component], cap: usize) -> Result<RegionPartition, String> {
    let mut partition = RegionPartition { polygons: 0, twice_area: 0 };
    for component in components {
        let mut points: Vec<[f64; 2]> = Vec::new();
        let mut hole_starts = Vec::new();
        for (k, ring) in component.rings().enumerate() {
            if k > 0 {
                hole_starts.push(points.len());
            }
            // Lattice units of one tile: far below 2^53, exact in f64.
            points.extend(ring.iter().map(|p| p.map(|c| c as f64)));
        }
        let flat: Vec<f64> = points.iter().flatten().copied().collect();
        let corners = earcutr::earcut(&flat, &hole_starts, 2).map_err(|e| format!("earcutr: {e}"))?;
        let triangles: Vec<[usize; 3]> = corners.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect();
        for polygon in hertel_mehlhorn(&points, &triangles, cap) {
            partition.polygons += 1;
            let ring: Vec<Point> = polygon.iter().map(|&k| points[k].map(|c| c as i64)).collect();
            partition.twice_area += twice_signed_area(&ring);
        }
    }
    Ok(partition)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region_boundary::region_components;

    fn rect(x0: i64, y0: i64, x1: i64, y1: i64) -> Vec<[i64; 2]> {
        vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    }

    #[test]
    fn an_l_becomes_two_convex_polygons_covering_it() {
        let components = region_components(&[rect(0, 0, 4, 2), rect(0, 2, 2, 4)]).unwrap();
        let partition = region_hertel_mehlhorn(&components, 6).unwrap();
        assert_eq!(partition.polygons, 2);
        assert_eq!(partition.twice_area, 2 * 12);
    }

    #[test]
    fn a_frame_is_covered_by_at_least_four() {
        let frame = [rect(0, 0, 6, 2), rect(4, 2, 6, 6), rect(0, 4, 4, 6), rect(0, 2, 2, 4)];
        let components = region_components(&frame).unwrap();
        let partition = region_hertel_mehlhorn(&components, 6).unwrap();
        assert!(partition.polygons >= 4, "{}", partition.polygons);
        assert_eq!(partition.twice_area, components[0].twice_area());
    }
}
