//! `find_shortest_path`: the exact Euclidean shortest path in X/Z over the
//! tiled mesh (Polyanya: Cui, Harabor, Grastien, IJCAI 2017), for filters
//! whose included areas all cost the same. A* over nodes of a root and an
//! interval (`search_node.rs`), with the bound of `heuristic.rs`; the first
//! goal node to leave the open list is the shortest path. The length is
//! `docs/QUERIES.md`'s: X/Z lengths on the surface plus the 3D length of
//! each off-mesh link.

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::{check_position, stale_reference, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::distance_xz;
use crate::query::shortest_path::corners::write_corners;
use crate::query::shortest_path::mesh_components::{MeshComponents, NO_KEY};
use crate::query::shortest_path::search_frontier::{SearchFrontier, SeenAs};
use crate::query::shortest_path::search_node::{NodeView, SearchNode};
use crate::query::shortest_path::search_root::{SearchRoot, NO_ROOT};
use crate::query::shortest_path::successors::{expand, Goal};
use crate::query::shortest_path::uniform_cost::check_uniform_costs;
use crate::query::straight_path::{straight_path_length, StraightPathVertex};
use crate::query::surface_points::closest_point;

/// How an exact search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShortestPathStatus {
    /// The path reaches the end position and is the shortest.
    Complete,
    /// No path joins the two positions under the filter: the path is empty.
    Unreachable,
    /// The query's `max_nodes` ran out before the search finished: the
    /// path is empty.
    OutOfNodes,
}

/// What [`NavMeshQuery::find_shortest_path`] returns besides the path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShortestPathOutcome {
    pub status: ShortestPathStatus,
    /// The path's length (`docs/QUERIES.md`); 0 without a path.
    pub length: f64,
    /// Search nodes created.
    pub nodes: usize,
}

/// The exact search's state, kept in the query between searches.
#[derive(Debug, Clone, Default)]
pub(crate) struct ShortestPathSearch {
    pub components: MeshComponents,
    frontier: SearchFrontier,
    /// Scratch of the path read-back.
    chain: Vec<u32>,
}

impl NavMeshQuery {
    /// The shortest path from `start` (in `start_ref`) to `end` (in
    /// `end_ref`) under `filter`, into `out` (replaced), with the flags and
    /// polygons of [`Self::find_straight_path`]'s vertices: start, turns,
    /// off-mesh departures and arrivals, end. The positions are first
    /// moved onto their polygons (their closest points). The search
    /// creates at most [`Self::max_nodes`] nodes.
    ///
    /// Errors: invalid operation for a filter whose included areas do not
    /// all cost the same; invalid reference for a null or stale
    /// reference; out of range for a position outside the coordinate rule
    /// or a start polygon the filter does not pass.
    pub fn find_shortest_path(
        &mut self,
        start_ref: PolyRef,
        end_ref: PolyRef,
        start: [f64; 3],
        end: [f64; 3],
        filter: &crate::query::query_filter::QueryFilter,
        out: &mut Vec<StraightPathVertex>,
    ) -> Result<ShortestPathOutcome> {
        check_position("start", start)?;
        check_position("end", end)?;
        check_uniform_costs(filter)?;
        let NavMeshQuery { mesh, shortest_path, nodes, .. } = self;
        let ShortestPathSearch { components, frontier, chain } = shortest_path;
        // Before any geometry: the two records (not the polygons) and the
        // components decide an unreachable pair.
        let start_record = mesh.polygon_record(start_ref).ok_or_else(|| stale_reference("start_ref", start_ref))?;
        let end_record = mesh.polygon_record(end_ref).ok_or_else(|| stale_reference("end_ref", end_ref))?;
        let (flags, area) = (start_record.flags, start_record.area);
        if !filter.passes(flags, area) {
            return Err(NavMeshError::out_of_range(format!(
                "start_ref {:#x} (flags {flags:#06x}, area {area}) does not pass the filter",
                start_ref.0
            )));
        }
        components.ensure_built(mesh);
        let end_passes = filter.passes(end_record.flags, end_record.area);
        if start_ref != end_ref && (!end_passes || !components.reaches(start_ref, end_ref)) {
            out.clear();
            return Ok(ShortestPathOutcome { status: ShortestPathStatus::Unreachable, length: 0.0, nodes: 0 });
        }
        let start_polygon = QueryPolygon::of(mesh, start_ref).expect("a reference with a record names a polygon");
        let end_polygon = QueryPolygon::of(mesh, end_ref).expect("a reference with a record names a polygon");
        let start = closest_point(&start_polygon, &start_polygon.world(), start).position;
        let end = closest_point(&end_polygon, &end_polygon.world(), end).position;
        out.clear();
        let origin = SearchRoot {
            position: start,
            parent: NO_ROOT,
            poly: start_ref,
            g: 0.0,
            key: NO_KEY,
            departure: None,
            seen: NO_ROOT,
        };
        if start_ref == end_ref {
            // A polygon is convex: the straight segment is the path.
            write_corners(&[origin], 0, (end, end_ref), chain, out);
            return Ok(ShortestPathOutcome {
                status: ShortestPathStatus::Complete,
                length: straight_path_length(out),
                nodes: 0,
            });
        }
        frontier.begin(components.key_count(), nodes.capacity());
        let root = frontier.add_root(origin).expect("the start has no key to prune");
        frontier.first_sight(root, start_ref, SeenAs::Whole);
        frontier.push(SearchNode { poly: start_ref, view: NodeView::Whole, root }, distance_xz(start, end));
        let walls_hold = components.walls_hold_for(filter);
        let goal = Goal { poly: end_ref, position: end, filter, walls_hold, region: components.region_number(end_ref) };
        while let Some(index) = frontier.pop() {
            let node = frontier.nodes[index as usize];
            if node.view == NodeView::Goal {
                write_corners(&frontier.roots, node.root, (end, end_ref), chain, out);
                let length = straight_path_length(out);
                return Ok(ShortestPathOutcome {
                    status: ShortestPathStatus::Complete,
                    length,
                    nodes: frontier.nodes.len(),
                });
            }
            if !frontier.is_superseded(node.root) {
                expand(mesh, components, frontier, &goal, index);
            }
        }
        let status =
            if frontier.out_of_nodes { ShortestPathStatus::OutOfNodes } else { ShortestPathStatus::Unreachable };
        Ok(ShortestPathOutcome { status, length: 0.0, nodes: frontier.nodes.len() })
    }
}
