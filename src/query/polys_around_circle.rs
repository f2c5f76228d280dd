//! `find_polys_around_circle`: the polygons a circle reaches over the
//! surface, by Dijkstra from the polygon of its centre, with their
//! parents and costs.
//!
//! A polygon is reached through an opening of a reached polygon's edge
//! (`edge_openings.rs`) that the circle touches in X/Z, and
//! is placed at the middle of that opening. A step costs the 3D distance
//! from the reached polygon's place to the opening's middle times the
//! area cost of the reached polygon; the start is placed at the centre as
//! given (its Y counts in the first step). Polygons come out in order of
//! cost, equal costs in the order they were reached.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::edge_openings::{edge_openings, EdgeOpening};
use crate::query::local_search::{self, check_radius, check_start, close_cheapest, parent_ref, relax};
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{distance, lerp, WorldPolygon};
use crate::query::query_filter::QueryFilter;
use crate::query::search_status::SearchStatus;
use crate::query::segment_xz::nearest_on_segment_xz;

/// One polygon [`NavMeshQuery::find_polys_around_circle`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PolyAround {
    pub poly_ref: PolyRef,
    /// The polygon it was reached from ([`PolyRef::NULL`] for the start).
    pub parent: PolyRef,
    /// The cost of reaching it from the centre (module text).
    pub cost: f64,
}

/// A polygon as the circle search closes it, for the query built on the
/// search.
pub(crate) struct Closed<'p, 'm> {
    pub found: PolyAround,
    pub polygon: &'p QueryPolygon<'m>,
    pub world: &'p WorldPolygon,
    pub mesh: &'m TiledNavMesh,
}

impl NavMeshQuery {
    /// Replaces `out` with the polygons the circle `center`, `radius`
    /// reaches from polygon `start_ref` under `filter`, as the module text
    /// says. The status is out of nodes when the node budget ran out before
    /// every polygon in reach was found.
    ///
    /// Errors: invalid reference for a null or stale `start_ref`; out of
    /// range for a centre outside the coordinate rule, a negative or
    /// non-finite radius, or a start polygon the filter does not pass.
    pub fn find_polys_around_circle(
        &mut self,
        start_ref: PolyRef,
        center: [f64; 3],
        radius: f64,
        filter: &QueryFilter,
        out: &mut Vec<PolyAround>,
    ) -> Result<SearchStatus> {
        out.clear();
        self.search_circle(start_ref, center, radius, filter, |closed, _| {
            out.push(closed.found);
            None
        })
    }

    /// The search of [`Self::find_polys_around_circle`], calling `close`
    /// with each polygon as it leaves the open list (in cost order) and the
    /// openings scratch; `close` may shrink the radius by returning a
    /// smaller one.
    pub(crate) fn search_circle(
        &mut self,
        start_ref: PolyRef,
        center: [f64; 3],
        radius: f64,
        filter: &QueryFilter,
        mut close: impl FnMut(&Closed<'_, '_>, &mut Vec<EdgeOpening>) -> Option<f64>,
    ) -> Result<SearchStatus> {
        check_position("center", center)?;
        check_radius("radius", radius)?;
        check_start(filter, start_ref, &self.polygon_or_error(start_ref, "start_ref")?)?;
        let NavMeshQuery { mesh, nodes, open, edge_openings: openings, .. } = self;
        let start = local_search::start(nodes, open, start_ref, center);
        open.push(nodes, start);
        let mut radius = radius;
        let mut status = SearchStatus::Complete;
        while let Some(index) = close_cheapest(nodes, open) {
            let node = *nodes.get(index);
            let polygon = QueryPolygon::of(mesh, node.poly).expect("nodes name valid polygons");
            let world = polygon.world();
            let found = PolyAround { poly_ref: node.poly, parent: parent_ref(nodes, index), cost: node.cost };
            if let Some(smaller) = close(&Closed { found, polygon: &polygon, world: &world, mesh }, openings) {
                radius = radius.min(smaller);
            }
            for k in 0..world.corners().len() {
                edge_openings(mesh, node.poly, &polygon, k, filter, openings);
                for opening in openings.iter() {
                    let (a, b) = opening.segment(world.edge(k));
                    if nearest_on_segment_xz(center, (a, b)).1 > radius * radius {
                        continue;
                    }
                    let entry = lerp(a, b, 0.5);
                    let cost = node.cost + filter.cost(polygon.view.record.area, distance(node.position, entry));
                    if !relax(nodes, open, index, opening.target, entry, cost) {
                        status = SearchStatus::OutOfNodes;
                    }
                }
            }
        }
        Ok(status)
    }
}
