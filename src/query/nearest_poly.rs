//! `find_nearest_poly`: the polygon nearest a position within a box.
//!
//! As hosts expect from Detour, a polygon directly above or below the
//! position wins when its surface lies within WalkableClimb of it: such a
//! polygon scores 0, one further above or below scores the square of the
//! height beyond the climb, and one beside the position the squared 3D
//! distance to its closest point. Among equal scores the polygon whose
//! surface is vertically nearest wins, then the first in
//! [`NavMeshQuery::query_polygons`] order. A polygon whose bounds lie
//! further from the position in X/Z than the best score so far is passed
//! over before its corners are placed.

use std::cell::Cell;

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
        // The best score so far, for passing over polygons whose bounds
        // alone show they cannot beat it.
        let kept_score = Cell::new(f64::INFINITY);
        let wanted = |origin: [f64; 3], bounds: &[[f32; 3]; 2]| {
            xz_gap_squared(center, origin, bounds) <= kept_score.get() * (1.0 + 1e-9)
        };
        visit_polygons_in_box(&self.mesh, &mut self.box_tiles, &search, filter, wanted, |poly_ref, polygon, world| {
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
                kept_score.set(score.0);
            }
        });
        Ok(best.map(|(_, found)| found))
    }
}

/// How far a computed closest point may stray outside its polygon's
/// bounds by rounding, with room to spare: coordinates stay within ±2^21,
/// where a few units in the last place are below 1e-8.
const ROUNDING_ROOM: f64 = 1e-6;

/// A lower bound on the squared X/Z distance from `center` to the closest
/// point found on a polygon of tile-local `bounds` placed at `origin`,
/// less [`ROUNDING_ROOM`] per axis, so that a polygon whose bound exceeds
/// the best score (by more than that score's rounding) cannot beat it.
/// Zero when `center` lies within the bounds in X/Z (the polygon may lie
/// under it).
fn xz_gap_squared(center: [f64; 3], origin: [f64; 3], bounds: &[[f32; 3]; 2]) -> f64 {
    let gap = |a: usize| {
        let (low, high) = (origin[a] + bounds[0][a] as f64, origin[a] + bounds[1][a] as f64);
        ((low - center[a]).max(center[a] - high) - ROUNDING_ROOM).max(0.0)
    };
    let (x, z) = (gap(0), gap(2));
    x * x + z * z
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
