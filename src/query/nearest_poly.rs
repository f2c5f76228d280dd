//! `find_nearest_poly`: the polygon nearest a position within a box.
//!
//! As hosts expect from Detour, a polygon directly above or below the
//! position wins when its surface lies within WalkableClimb of it: such a
//! polygon scores 0, one further above or below scores the square of the
//! height beyond the climb, and one beside the position the squared 3D
//! distance to its closest point. Among equal scores the polygon whose
//! surface is vertically nearest wins, then the first in
//! [`NavMeshQuery::query_polygons`] order.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_filter::QueryFilter;
use crate::query::query_polygons::{visit_polygons_in_box, SearchBox};
use crate::query::surface_points::{closest_point_xz, height_at};

/// The answer of [`NavMeshQuery::find_nearest_poly`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearestPoly {
    pub poly_ref: PolyRef,
    /// The polygon's point nearest the position (on its surface).
    pub position: [f64; 3],
    /// True when the position lies over (or under) the polygon in X/Z.
    pub over_polygon: bool,
}

impl NavMeshQuery {
    /// The polygon passing `filter` nearest `center` among those whose
    /// bounds overlap the box `center ± half_extents`, scored as the module
    /// text says; `None` when the box holds none. Errors as
    /// [`Self::query_polygons`].
    pub fn find_nearest_poly(
        &mut self,
        center: [f64; 3],
        half_extents: [f64; 3],
        filter: &QueryFilter,
    ) -> Result<Option<NearestPoly>> {
        let search = SearchBox::around(center, half_extents)?;
        let climb = self.mesh.params().walkable_climb as f64;
        let mut best: Option<((f64, f64), NearestPoly)> = None;
        visit_polygons_in_box(&self.mesh, &mut self.box_tiles, &search, filter, |poly_ref, polygon, world| {
            let (closest, over_polygon) = closest_point_xz(world, center);
            // Beside the polygon the score is at least the X/Z part of the
            // distance: a polygon already beaten on that needs no height.
            let (dx, dz) = (center[0] - closest[0], center[2] - closest[2]);
            if !over_polygon && best.as_ref().is_some_and(|(kept, _)| dx * dx + dz * dz > kept.0) {
                return;
            }
            let position = [closest[0], height_at(polygon, world, closest), closest[2]];
            let score = score(center, position, over_polygon, climb);
            if best.as_ref().is_none_or(|(kept, _)| score.0 < kept.0 || (score.0 == kept.0 && score.1 < kept.1)) {
                best = Some((score, NearestPoly { poly_ref, position, over_polygon }));
            }
        });
        Ok(best.map(|(_, found)| found))
    }
}

/// (score, vertical distance) of a polygon whose closest point to `center`
/// is `closest`.
fn score(center: [f64; 3], closest: [f64; 3], over_polygon: bool, climb: f64) -> (f64, f64) {
    let (dx, dy, dz) = (center[0] - closest[0], center[1] - closest[1], center[2] - closest[2]);
    let vertical = dy.abs();
    if over_polygon {
        let beyond = (vertical - climb).max(0.0);
        (beyond * beyond, vertical)
    } else {
        (dx * dx + dy * dy + dz * dz, vertical)
    }
}
