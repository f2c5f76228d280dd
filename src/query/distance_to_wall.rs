//! `find_distance_to_wall`: the wall nearest a position over the surface.
//!
//! The circle search of [`crate::query::polys_around_circle`] from the
//! polygon of the centre, whose radius shrinks to the nearest wall found
//! so far: a wall is a part of an edge no opening covers
//! (`edge_openings.rs`), so tile borders without a neighbour
//! and openings into polygons the filter refuses are walls. Distances are
//! in X/Z; among walls at equal distance the first found wins.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::edge_openings::{edge_openings, wall_parts};
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::polygon_geometry::lerp;
use crate::query::query_filter::QueryFilter;
use crate::query::search_status::SearchStatus;
use crate::query::segment_xz::{inward_normal, nearest_on_segment_xz, unit_xz};

/// The wall point nearest the centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallHit {
    /// X/Z distance from the centre to `position`.
    pub distance: f64,
    /// The nearest wall point (its height along its edge).
    pub position: [f64; 3],
    /// Unit vector in X/Z (Y = 0) from `position` toward the centre; the
    /// wall's normal into its polygon when the centre lies on the wall.
    pub normal: [f64; 3],
}

/// The answer of [`NavMeshQuery::find_distance_to_wall`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallDistance {
    /// The nearest wall within the radius, `None` when there is none.
    pub hit: Option<WallHit>,
    pub status: SearchStatus,
}

impl NavMeshQuery {
    /// The wall nearest `center` within `radius` over the polygons
    /// reachable from `start_ref`, as the module text says. The status is
    /// out of nodes when the node budget ran out before every polygon in
    /// reach was searched (a nearer wall may then exist).
    ///
    /// Errors: invalid reference for a null or stale `start_ref`; out of
    /// range for a centre outside the coordinate rule, a negative or
    /// non-finite radius, or a start polygon the filter does not pass.
    pub fn find_distance_to_wall(
        &mut self,
        start_ref: PolyRef,
        center: [f64; 3],
        radius: f64,
        filter: &QueryFilter,
    ) -> Result<WallDistance> {
        let mut nearest: Option<(f64, [f64; 3], [f64; 3])> = None;
        let limit = radius * radius;
        let status = self.search_circle(start_ref, center, radius, filter, |closed, openings| {
            let world = closed.world;
            for k in 0..world.corners().len() {
                edge_openings(closed.mesh, closed.found.poly_ref, closed.polygon, k, filter, openings);
                let (a, b) = world.edge(k);
                wall_parts(openings, |t_min, t_max| {
                    let (point, squared) = nearest_on_segment_xz(center, (lerp(a, b, t_min), lerp(a, b, t_max)));
                    if squared <= limit && nearest.is_none_or(|(kept, _, _)| squared < kept) {
                        nearest = Some((squared, point, inward_normal(a, b)));
                    }
                });
            }
            nearest.map(|(squared, _, _)| squared.sqrt())
        })?;
        let hit = nearest.map(|(squared, position, wall_normal)| WallHit {
            distance: squared.sqrt(),
            position,
            normal: unit_xz(center[0] - position[0], center[2] - position[2]).unwrap_or(wall_normal),
        });
        Ok(WallDistance { hit, status })
    }
}
