//! The `planar` table's quality column: how many output vertices come
//! closer than the agent radius to the input's boundary (walkable outlines,
//! their holes and the obstacles), which an exact inward offset never lets
//! happen.

use std::collections::BTreeSet;

use onav::{PlanarOutlines, TiledNavMesh};

/// Below the radius by more than this counts: float noise in the distance
/// itself is not a violation.
const SLACK: f64 = 1e-9;

/// How many of `points` lie closer than `radius − SLACK` to an edge of the
/// boundary of `outlines`, and the smallest such distance of any point.
pub fn clearance(points: &[[f64; 2]], outlines: &PlanarOutlines, radius: f64) -> (usize, f64) {
    let rings = outlines
        .regions
        .iter()
        .flat_map(|region| std::iter::once(&region.outline).chain(&region.holes))
        .chain(&outlines.obstacles);
    let edges: Vec<([f64; 2], [f64; 2])> =
        rings.flat_map(|ring| (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()]))).collect();
    let limit = (radius - SLACK) * (radius - SLACK);
    let nearest: Vec<f64> = points
        .iter()
        .map(|&p| edges.iter().map(|&(a, b)| squared_distance(p, a, b)).fold(f64::INFINITY, f64::min))
        .collect();
    let closer = nearest.iter().filter(|&&d| d < limit).count();
    (closer, nearest.iter().copied().fold(f64::INFINITY, f64::min).sqrt())
}

/// onav's polygon corners in world X/Z (the builder's X/Y), each position
/// once (a corner on a tile border belongs to both tiles).
pub fn mesh_corners(mesh: &TiledNavMesh) -> Vec<[f64; 2]> {
    let mut corners = BTreeSet::new();
    for (_, tile) in mesh.tiles() {
        let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
        for v in tile.vertices() {
            corners.insert(((x + v[0] as f64).to_bits(), (z + v[2] as f64).to_bits()));
        }
    }
    corners.into_iter().map(|(x, z)| [f64::from_bits(x), f64::from_bits(z)]).collect()
}

fn squared_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let length = dx * dx + dy * dy;
    let t = if length > 0.0 { (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length).clamp(0.0, 1.0) } else { 0.0 };
    let (ex, ey) = (a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
    ex * ex + ey * ey
}

#[cfg(test)]
mod tests {
    use super::*;
    use onav::PlanarRegion;

    #[test]
    fn points_inside_the_radius_of_an_edge_or_obstacle_count() {
        let outlines = PlanarOutlines {
            regions: vec![PlanarRegion {
                outline: vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]],
                ..Default::default()
            }],
            obstacles: vec![vec![[4.0, 4.0], [6.0, 4.0], [6.0, 6.0], [4.0, 6.0]]],
        };
        // At the radius, inside it from the outline, from an obstacle corner, and clear.
        let points = [[0.5, 5.0], [0.49, 5.0], [6.3, 6.3], [2.0, 2.0]];
        let (closer, nearest) = clearance(&points, &outlines, 0.5);
        assert_eq!(closer, 2);
        assert!((nearest - 0.3 * 2f64.sqrt()).abs() < 1e-12, "{nearest}");
    }

    #[test]
    fn distance_to_a_segment_clamps_to_its_ends() {
        assert_eq!(squared_distance([3.0, 4.0], [0.0, 0.0], [0.0, 0.0]), 25.0);
        assert_eq!(squared_distance([-3.0, 4.0], [0.0, 0.0], [10.0, 0.0]), 25.0);
        assert_eq!(squared_distance([5.0, 4.0], [0.0, 0.0], [10.0, 0.0]), 16.0);
    }
}
