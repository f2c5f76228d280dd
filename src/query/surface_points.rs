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
