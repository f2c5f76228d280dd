//! `find_random_point` and `find_random_point_around_circle`: points
//! spread evenly by area over the surface, driven by a seed the caller
//! passes ([`crate::query::query_rng`]: the same seed gives the same point
//! on every platform).
//!
//! A polygon is picked with probability proportional to its area in X/Z,
//! then a point uniform over it in X/Z: a triangle of its fan (corner 0,
//! k, k + 1) picked by area, and in it the point
//! `a·(1 − √u) + b·√u·(1 − v) + c·√u·v` (u, v uniform in [0, 1); √ is
//! correctly rounded). The point's height is the polygon's surface there
//! (its detail mesh when it has one). A point a rounding outside its
//! polygon is moved onto the nearest boundary point.
//!
//! Draws, in order: for `find_random_point`, one to pick the polygon
//! among every polygon the filter passes (tiles in slot order, polygons in
//! index order); for the circle, one per polygon as the circle search
//! ([`crate::query::polys_around_circle`]) closes it (reservoir sampling:
//! the polygon replaces the pick when `draw · areas so far ≤ its area`);
//! then one for the triangle, then u and v.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::{NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::WorldPolygon;
use crate::query::query_filter::QueryFilter;
use crate::query::query_rng::QueryRng;
use crate::query::search_status::SearchStatus;
use crate::query::surface_points::height_at;

/// A random point and its polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomPoint {
    pub poly_ref: PolyRef,
    pub position: [f64; 3],
}

/// The answer of [`NavMeshQuery::find_random_point_around_circle`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomPointAround {
    pub point: RandomPoint,
    pub status: SearchStatus,
}

/// Area in X/Z of the fan triangle (corner 0, k, k + 1); 0 for a
/// collinear one whose rounding came out negative.
fn triangle_area(polygon: &WorldPolygon, k: usize) -> f64 {
    let corners = polygon.corners();
    let (a, b, c) = (corners[0], corners[k], corners[k + 1]);
    (((b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2])) / 2.0).max(0.0)
}

/// Area in X/Z of the whole polygon (its fan, summed in order).
fn polygon_area(polygon: &WorldPolygon) -> f64 {
    (1..polygon.corners().len() - 1).map(|k| triangle_area(polygon, k)).sum()
}

/// The first of the weights `weights()` lists whose running sum exceeds
/// `draw · total` (total being their sum); the last with a weight when
/// rounding lets none.
fn pick_by_weight<I: Iterator<Item = f64>>(weights: impl Fn() -> I, draw: f64) -> Option<usize> {
    let total: f64 = weights().sum();
    let target = draw * total;
    let mut running = 0.0;
    let mut last = None;
    for (index, weight) in weights().enumerate() {
        running += weight;
        if weight > 0.0 {
            last = Some(index);
            if running > target {
                return last;
            }
        }
    }
    last
}

/// A point uniform over `polygon` in X/Z, on its surface (module text).
fn point_in_polygon(polygon: &QueryPolygon<'_>, world: &WorldPolygon, rng: &mut QueryRng) -> [f64; 3] {
    let triangles = 1..world.corners().len() - 1;
    let k = pick_by_weight(|| triangles.clone().map(|k| triangle_area(world, k)), rng.next_unit()).map_or(1, |i| i + 1);
    let corners = world.corners();
    let (a, b, c) = (corners[0], corners[k], corners[k + 1]);
    let s = rng.next_unit().sqrt();
    let v = rng.next_unit();
    let (wa, wb, wc) = (1.0 - s, s * (1.0 - v), s * v);
    let mut point = [a[0] * wa + b[0] * wb + c[0] * wc, 0.0, a[2] * wa + b[2] * wb + c[2] * wc];
    if !world.contains_xz(point) {
        point = world.closest_on_boundary(point).0;
    }
    [point[0], height_at(polygon, world, point), point[2]]
}

impl NavMeshQuery {
    /// A point spread evenly over every polygon of the mesh `filter`
    /// passes, from `seed`, as the module text says; `None` when the filter
    /// passes no polygon. The same seed on the same mesh (the same tiles in
    /// the same slots) gives the same point.
    pub fn find_random_point(&self, filter: &QueryFilter, seed: u64) -> Option<RandomPoint> {
        let mut rng = QueryRng::new(seed);
        let passing = || {
            self.mesh.tiles().flat_map(move |(tile_ref, tile)| {
                (0..tile.polygon_count() as u32).filter_map(move |index| {
                    let poly_ref = tile_ref.polygon(index).expect("index below the polygon count");
                    let polygon = QueryPolygon::of(&self.mesh, poly_ref).expect("a polygon of the mesh");
                    filter.passes(polygon.view.record.flags, polygon.view.record.area).then_some((poly_ref, polygon))
                })
            })
        };
        let areas = || passing().map(|(_, polygon)| polygon_area(&polygon.world()));
        let chosen = pick_by_weight(areas, rng.next_unit())?;
        let (poly_ref, polygon) = passing().nth(chosen).expect("picked among these");
        Some(RandomPoint { poly_ref, position: point_in_polygon(&polygon, &polygon.world(), &mut rng) })
    }

    /// A point spread evenly over the polygons the circle `center`,
    /// `radius` reaches from `start_ref` ([`Self::find_polys_around_circle`]),
    /// from `seed`, as the module text says. The point lies in one of those
    /// polygons, not necessarily within the circle. The status is out of
    /// nodes when the node budget ran out before every polygon in reach was
    /// found.
    ///
    /// Errors: as [`Self::find_polys_around_circle`].
    pub fn find_random_point_around_circle(
        &mut self,
        start_ref: PolyRef,
        center: [f64; 3],
        radius: f64,
        filter: &QueryFilter,
        seed: u64,
    ) -> Result<RandomPointAround> {
        let mut rng = QueryRng::new(seed);
        let mut area_sum = 0.0;
        let mut chosen = PolyRef::NULL;
        let status = self.search_circle(start_ref, center, radius, filter, |closed, _| {
            let area = polygon_area(closed.world);
            area_sum += area;
            if rng.next_unit() * area_sum <= area {
                chosen = closed.found.poly_ref;
            }
            None
        })?;
        let polygon = QueryPolygon::of(&self.mesh, chosen).expect("the start polygon is picked first");
        let position = point_in_polygon(&polygon, &polygon.world(), &mut rng);
        Ok(RandomPointAround { point: RandomPoint { poly_ref: chosen, position }, status })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_pick_by_running_sum() {
        let weights = [1.0, 0.0, 3.0];
        assert_eq!(pick_by_weight(|| weights.iter().copied(), 0.0), Some(0));
        assert_eq!(pick_by_weight(|| weights.iter().copied(), 0.25), Some(2), "1 is not above 1");
        assert_eq!(pick_by_weight(|| weights.iter().copied(), 0.999), Some(2));
        assert_eq!(pick_by_weight(|| [0.0, 0.0].into_iter(), 0.5), None);
        assert_eq!(pick_by_weight(|| [2.0, 0.0].into_iter(), 1.0), Some(0), "rounding past the total");
    }

    #[test]
    fn fan_areas_sum_to_the_polygon_area() {
        let hexagon = WorldPolygon::from_corners(&[
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [3.0, 0.0, 1.0],
            [2.0, 0.0, 2.0],
            [0.0, 0.0, 2.0],
            [-1.0, 0.0, 1.0],
        ]);
        assert_eq!(polygon_area(&hexagon), 6.0);
        assert_eq!(triangle_area(&hexagon, 1), 1.0);
    }
}
