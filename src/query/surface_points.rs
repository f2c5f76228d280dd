//! Points on one polygon: the closest point to a position (on the surface,
//! from the detail mesh when the polygon has one), the closest point on its
//! boundary, and the surface height under a position.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{flat_height, surface_height, WorldPolygon};

/// The answer of [`NavMeshQuery::closest_point_on_poly`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestPoint {
    /// The point of the polygon's surface nearest the position in X/Z.
    pub position: [f64; 3],
    /// True when the position lies over (or under) the polygon in X/Z.
    pub over_polygon: bool,
}

impl NavMeshQuery {
    /// The point of polygon `poly_ref` nearest `position`: straight above
    /// or below it on the surface when it lies over the polygon in X/Z,
    /// else the nearest boundary point, at the surface height there.
    /// Errors: invalid reference; out of range for a coordinate outside the
    /// coordinate rule.
    pub fn closest_point_on_poly(&self, poly_ref: PolyRef, position: [f64; 3]) -> Result<ClosestPoint> {
        check_position("position", position)?;
        let polygon = self.polygon_or_error(poly_ref, "poly_ref")?;
        Ok(closest_point(&polygon, &polygon.world(), position))
    }

    /// The point of the polygon's boundary nearest `position` in X/Z (its
    /// height along the edge), or `position` itself when it lies over the
    /// polygon. Errors as [`Self::closest_point_on_poly`].
    pub fn closest_point_on_poly_boundary(&self, poly_ref: PolyRef, position: [f64; 3]) -> Result<[f64; 3]> {
        check_position("position", position)?;
        Ok(closest_point_xz(&self.polygon_or_error(poly_ref, "poly_ref")?.world(), position).0)
    }

    /// The surface height of the polygon under or over `position`: from
    /// the detail mesh when the polygon has one, else from the polygon's
    /// own corners; `None` when `position` lies outside the polygon in X/Z.
    /// Errors as [`Self::closest_point_on_poly`].
    pub fn poly_height(&self, poly_ref: PolyRef, position: [f64; 3]) -> Result<Option<f64>> {
        check_position("position", position)?;
        let polygon = self.polygon_or_error(poly_ref, "poly_ref")?;
        let world = polygon.world();
        Ok(world.contains_xz(position).then(|| height_at(&polygon, &world, position)))
    }
}

/// The surface height at `p`, which lies over the polygon in X/Z (or on a
/// boundary point found for it). Detail triangles need not cover the
/// polygon exactly, and a boundary point found in f64 can fall a rounding
/// outside the polygon; then the height of the nearest boundary point,
/// along its edge, stands in.
pub(crate) fn height_at(polygon: &QueryPolygon<'_>, world: &WorldPolygon, p: [f64; 3]) -> f64 {
    flat_height(polygon.tile, polygon.origin, polygon.index, world)
        .or_else(|| surface_height(polygon.tile, polygon.origin, polygon.index, world, p))
        .unwrap_or_else(|| world.closest_on_boundary(p).0[1])
}

/// [`NavMeshQuery::closest_point_on_poly`] for a polygon already looked up.
pub(crate) fn closest_point(polygon: &QueryPolygon<'_>, world: &WorldPolygon, position: [f64; 3]) -> ClosestPoint {
    let (point, over_polygon) = closest_point_xz(world, position);
    ClosestPoint { position: [point[0], height_at(polygon, world, point), point[2]], over_polygon }
}

/// `position` moved in X/Z onto the closed polygon, its height kept: itself
/// when it lies over the polygon, else the nearest boundary point. That
/// point is found in f64 and can fall a rounding outside; then it is moved
/// toward the polygon's centre by the least of steps 0, 2^-52, 2^-50, …, 1
/// of the way that the exact test counts on the polygon (a corner when none
/// does), so a path search that starts there starts on the polygon.
pub(crate) fn onto_polygon_xz(world: &WorldPolygon, position: [f64; 3]) -> [f64; 3] {
    let (near, over_polygon) = closest_point_xz(world, position);
    if over_polygon {
        return position;
    }
    let corners = world.corners();
    let share = 1.0 / corners.len() as f64;
    let centre = corners.iter().fold([0.0; 2], |sum, c| [sum[0] + c[0] * share, sum[1] + c[2] * share]);
    let toward = |step: f64| [near[0] + (centre[0] - near[0]) * step, 0.0, near[2] + (centre[1] - near[2]) * step];
    let steps = std::iter::once(0.0).chain((0..=26).map(|i| 1.0 / (1u64 << (52 - 2 * i)) as f64));
    let on = steps.map(toward).find(|&p| world.contains_xz(p)).unwrap_or(corners[0]);
    [on[0], position[1], on[2]]
}

/// The point of the polygon nearest `position` in X/Z, its height not yet
/// on the surface: `position` itself when it lies over the polygon (then
/// true), else the nearest boundary point.
pub(crate) fn closest_point_xz(world: &WorldPolygon, position: [f64; 3]) -> ([f64; 3], bool) {
    if world.contains_xz(position) {
        (position, true)
    } else {
        (world.closest_on_boundary(position).0, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::polygon_geometry::orient_xz;

    /// A quadrilateral with an oblique edge from (10, 1) to (0, 7), whose
    /// nearest points to outside positions are seldom on its line in f64.
    const OBLIQUE: [[f64; 3]; 4] = [[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [10.0, 0.0, 1.0], [0.0, 0.0, 7.0]];

    #[test]
    fn a_point_on_the_polygon_stays_and_one_off_it_moves_onto_its_nearest_point() {
        let world = WorldPolygon::from_corners(&OBLIQUE);
        let inside = [3.25, 5.0, 2.5];
        assert_eq!(onto_polygon_xz(&world, inside).map(f64::to_bits), inside.map(f64::to_bits));
        assert_eq!(onto_polygon_xz(&world, [12.0, 2.0, 0.5]), [10.0, 2.0, 0.5], "moved in X/Z, its height kept");
        assert_eq!(onto_polygon_xz(&world, [-3.0, 0.5, -4.0]), [0.0, 0.5, 0.0], "to the nearest corner");
    }

    #[test]
    fn a_nearest_point_a_rounding_off_the_polygon_is_moved_onto_it() {
        let world = WorldPolygon::from_corners(&OBLIQUE);
        let (a, b) = (OBLIQUE[2], OBLIQUE[3]);
        let mut rng = crate::test_rng::TestRng(0x9E37_79B9_7F4A_7C15);
        let mut rounded_off = 0;
        for _ in 0..10_000 {
            // Beyond the oblique edge, up to 1 off it.
            let s = rng.unit();
            let off = rng.unit();
            let p = [a[0] + (b[0] - a[0]) * s + 0.6 * off, 0.0, a[2] + (b[2] - a[2]) * s + 10.0 / 6.0 * off];
            if world.contains_xz(p) {
                continue;
            }
            let (near, squared) = world.closest_on_boundary(p);
            rounded_off += usize::from(!world.contains_xz(near));
            let on = onto_polygon_xz(&world, p);
            assert!(world.contains_xz(on), "{p:?} -> {on:?}");
            let moved = (on[0] - p[0]).hypot(on[2] - p[2]);
            assert!(moved <= squared.sqrt() + 1e-12, "{p:?} -> {on:?}");
            assert!(orient_xz(a, b, on) >= 0.0);
        }
        assert!(rounded_off > 1_000, "only {rounded_off} nearest points fell off the line");
    }
}
