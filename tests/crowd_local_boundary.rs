//! `LocalBoundary::update` gathers the walls while the neighbourhood search
//! opens each edge; its segments are those the public queries give, bit for
//! bit: the polygons of `find_local_neighbourhood` in order, the walls of
//! each from `poly_wall_segments` in order, those within the range, sorted
//! by distance (found order on ties), the nearest `max_segments` kept. On
//! the two Recast meshes, around every polygon's centre, with several
//! ranges and caps.

mod mesh_common;
mod query_common;

use onav::crowd::LocalBoundary;
use onav::{NavMeshQuery, PolyRef, QueryFilter};
use query_common::{all_polygons, centre, recast_mesh};

fn squared_distance_to_segment(p: [f64; 3], (a, b): ([f64; 3], [f64; 3])) -> f64 {
    let (dx, dz) = (b[0] - a[0], b[2] - a[2]);
    let length_squared = dx * dx + dz * dz;
    let t = if length_squared > 0.0 {
        (((p[0] - a[0]) * dx + (p[2] - a[2]) * dz) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (x, z) = (a[0] + dx * t - p[0], a[2] + dz * t - p[2]);
    x * x + z * z
}

/// The walls by the public queries: (start, end) by their bits.
fn public_walls(
    query: &mut NavMeshQuery,
    (poly, center): (PolyRef, [f64; 3]),
    range: f64,
    max_segments: usize,
) -> Vec<([u64; 3], [u64; 3])> {
    let filter = QueryFilter::default();
    let (mut polys, mut walls, mut found) = (Vec::new(), Vec::new(), Vec::new());
    query.find_local_neighbourhood(poly, center, range, &filter, &mut polys).unwrap();
    for neighbour in &polys {
        query.poly_wall_segments(neighbour.poly_ref, &filter, false, &mut walls).unwrap();
        found.extend(walls.iter().map(|w| (w.start, w.end)));
    }
    // Only which segments are within the range and their order matter
    // here; the boundary's own distance is compared through its order.
    let mut near: Vec<_> = found
        .into_iter()
        .map(|s| (squared_distance_to_segment(center, s), s))
        .filter(|(d, _)| *d <= range * range)
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    near.truncate(max_segments);
    near.into_iter().map(|(_, (a, b))| (a.map(f64::to_bits), b.map(f64::to_bits))).collect()
}

#[test]
fn the_boundary_holds_the_public_queries_walls() {
    let filter = QueryFilter::default();
    for name in ["nav_test", "dungeon"] {
        let mesh = recast_mesh(name);
        let mut query = NavMeshQuery::new(&mesh, 256).unwrap();
        let mut boundary = LocalBoundary::default();
        let mut compared = 0;
        for poly in all_polygons(&mesh) {
            let center = query.closest_point_on_poly(poly, centre(&mesh, poly)).unwrap().position;
            for (range, max_segments) in [(1.5, 4), (3.0, 8), (6.0, 64)] {
                boundary.update(&mut query, (poly, center), range, max_segments, &filter).unwrap();
                let gathered: Vec<_> =
                    boundary.segments().iter().map(|s| (s.start.map(f64::to_bits), s.end.map(f64::to_bits))).collect();
                assert_eq!(gathered, public_walls(&mut query, (poly, center), range, max_segments), "{name} {poly:?}");
                compared += gathered.len();
            }
        }
        assert!(compared > 1000, "{name}: only {compared} segments compared");
    }
}
