//! `poly_wall_segments`: the walls of one polygon, and optionally its
//! portal segments with the neighbour each leads to.
//!
//! An edge splits into the openings of `edge_openings.rs`
//! (an in-tile neighbour along the whole edge, or the exact part of a
//! portal edge a portal link covers) and the walls between them; an
//! opening into a polygon the filter refuses is wall.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::edge_openings::{edge_openings, wall_parts, EdgeOpening};
use crate::query::nav_mesh_query::{stale_reference, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::lerp;
use crate::query::query_filter::QueryFilter;

/// A part of a polygon's boundary, running counter-clockwise around the
/// polygon (the polygon lies to its left, X right and Z up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallSegment {
    pub start: [f64; 3],
    pub end: [f64; 3],
    /// The polygon a portal segment leads to; [`PolyRef::NULL`] for a wall.
    pub neighbour: PolyRef,
}

impl NavMeshQuery {
    /// Replaces `out` with the wall segments of polygon `poly_ref` under
    /// `filter`, and with `include_portals` its portal segments too, edge
    /// after edge and along each edge from its first corner (an edge
    /// opening into two polygons over the same part, as two layers can,
    /// gives both). Any valid polygon answers, whether the filter passes
    /// it or not.
    ///
    /// Errors: invalid reference for a null or stale `poly_ref`.
    pub fn poly_wall_segments(
        &mut self,
        poly_ref: PolyRef,
        filter: &QueryFilter,
        include_portals: bool,
        out: &mut Vec<WallSegment>,
    ) -> Result<()> {
        let NavMeshQuery { mesh, edge_openings: openings, .. } = self;
        let polygon = QueryPolygon::of(mesh, poly_ref).ok_or_else(|| stale_reference("poly_ref", poly_ref))?;
        let world = polygon.world();
        out.clear();
        for k in 0..world.corners().len() {
            edge_openings(mesh, poly_ref, &polygon, k, filter, openings);
            edge_segments(world.edge(k), openings, include_portals, |segment| out.push(segment));
        }
        Ok(())
    }
}

/// The segments of the edge `(a, b)` whose openings are `openings`
/// (`edge_openings`): its walls and, with `include_portals`, its portal
/// segments, to `push` in the order of [`NavMeshQuery::poly_wall_segments`].
pub(crate) fn edge_segments(
    (a, b): ([f64; 3], [f64; 3]),
    openings: &[EdgeOpening],
    include_portals: bool,
    mut push: impl FnMut(WallSegment),
) {
    let segment = |t_min: f64, t_max: f64, neighbour: PolyRef| WallSegment {
        start: lerp(a, b, t_min),
        end: lerp(a, b, t_max),
        neighbour,
    };
    // Walls and portals by where they start along the edge; a wall ends
    // where the next opening starts, so it comes first.
    let mut portals = openings.iter().filter(|_| include_portals).peekable();
    wall_parts(openings, |t_min, t_max| {
        while let Some(portal) = portals.next_if(|p| p.t_min < t_min) {
            push(segment(portal.t_min, portal.t_max, portal.target));
        }
        push(segment(t_min, t_max, PolyRef::NULL));
    });
    portals.for_each(|p| push(segment(p.t_min, p.t_max, p.target)));
}
