//! `move_along_surface`: slides from a start position toward an end
//! position over the surface, stopping at walls, as an agent moves.
//!
//! Breadth-first from the start polygon through the openings of its edges
//! (`edge_openings.rs`) that touch the circle whose diameter
//! is the move (in X/Z), with nodes from the node pool (no fixed stack).
//! When a reached polygon holds the end in X/Z, the move ends there.
//! Otherwise it ends at the wall point nearest the end among the reached
//! polygons (the first found on ties, in breadth-first and edge order),
//! or at the start's own point on the start polygon when no wall is
//! nearer. The answer lies on the surface of the polygon it ends in.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::edge_openings::{edge_openings, wall_parts};
use crate::query::local_search::{self, check_start, reach, Reached};
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{distance_xz, lerp, WorldPolygon};
use crate::query::query_filter::QueryFilter;
use crate::query::search_status::SearchStatus;
use crate::query::segment_xz::nearest_on_segment_xz;
use crate::query::surface_points::{closest_point_xz, height_at};

/// Added to the search radius so that an edge through the rim of the
/// circle is not lost to the rounding of its centre and radius; far below
/// the format's resolution (CellSize/512) at any usual cell size.
const RIM_SLACK: f64 = 1e-6;

/// The answer of [`NavMeshQuery::move_along_surface`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceMove {
    /// Where the move ends, on the surface of the last polygon of the
    /// visited list.
    pub position: [f64; 3],
    pub status: SearchStatus,
}

/// The end of the move found so far: node, point and squared X/Z
/// distance to the wanted end.
#[derive(Debug, Clone, Copy)]
struct Best {
    node: u32,
    point: [f64; 3],
    distance_squared: f64,
    /// True when the point was found inside the node's polygon (a wall
    /// point, on its boundary, may test either way).
    inside: bool,
}

impl NavMeshQuery {
    /// Moves from `start` in polygon `start_ref` toward `end` over the
    /// surface, as the module text says. `visited` is replaced with the
    /// polygons from `start_ref` to the one the move ends in, each entered
    /// from the one before. The status is out of nodes when the node budget
    /// ran out before every polygon in reach was searched.
    ///
    /// Errors: invalid reference for a null or stale `start_ref`; out of
    /// range for a position outside the coordinate rule or a start polygon
    /// the filter does not pass.
    pub fn move_along_surface(
        &mut self,
        start_ref: PolyRef,
        start: [f64; 3],
        end: [f64; 3],
        filter: &QueryFilter,
        visited: &mut Vec<PolyRef>,
    ) -> Result<SurfaceMove> {
        Ok(self.move_along_surface_placed(start_ref, (start, end), filter, visited)?.0)
    }

    /// [`Self::move_along_surface`], and true when the answer lies over the
    /// polygon it ends in, in X/Z (its point was found inside by
    /// `contains_xz` on that polygon): then its height is `height_at` there
    /// and `closest_point` on that polygon gives it back unchanged.
    pub(crate) fn move_along_surface_placed(
        &mut self,
        start_ref: PolyRef,
        (start, end): ([f64; 3], [f64; 3]),
        filter: &QueryFilter,
        visited: &mut Vec<PolyRef>,
    ) -> Result<(SurfaceMove, bool)> {
        check_position("start", start)?;
        check_position("end", end)?;
        let start_polygon = self.polygon_or_error(start_ref, "start_ref")?;
        check_start(filter, start_ref, &start_polygon)?;
        let start_world = start_polygon.world();
        // Most moves of a crowd's step end in the polygon they start from:
        // the search below would end at its first node, with this answer.
        if start_world.contains_xz(end) {
            visited.clear();
            visited.push(start_ref);
            let position = surface_point(&start_polygon, &start_world, end);
            return Ok((SurfaceMove { position, status: SearchStatus::Complete }, true));
        }
        // Only the X/Z of a wall point counts until the move's end is
        // chosen: its height is placed once, on the polygon it ends in.
        let (on_start, start_inside) = closest_point_xz(&start_world, start);
        let NavMeshQuery { mesh, nodes, open, edge_openings: openings, .. } = self;
        let center = lerp(start, end, 0.5);
        let radius = distance_xz(start, end) / 2.0 + RIM_SLACK;
        let mut best =
            Best { node: 0, point: on_start, distance_squared: squared_xz(on_start, end), inside: start_inside };
        let mut status = SearchStatus::Complete;
        local_search::start(nodes, open, start_ref, start);
        let mut next = 0;
        while next < local_search::created(nodes) {
            let index = next;
            next += 1;
            let poly_ref = nodes.get(index).poly;
            let polygon = QueryPolygon::of(mesh, poly_ref).expect("nodes name valid polygons");
            let world = polygon.world();
            if world.contains_xz(end) {
                best = Best { node: index, point: end, distance_squared: 0.0, inside: true };
                break;
            }
            for k in 0..world.corners().len() {
                edge_openings(mesh, poly_ref, &polygon, k, filter, openings);
                let (a, b) = world.edge(k);
                wall_parts(openings, |t_min, t_max| {
                    let (point, distance_squared) = nearest_on_segment_xz(end, (lerp(a, b, t_min), lerp(a, b, t_max)));
                    if distance_squared < best.distance_squared {
                        best = Best { node: index, point, distance_squared, inside: false };
                    }
                });
                for opening in openings.iter() {
                    if nearest_on_segment_xz(center, opening.segment((a, b))).1 > radius * radius {
                        continue;
                    }
                    if let Reached::OutOfNodes = reach(nodes, opening.target, index, center, 0.0) {
                        status = SearchStatus::OutOfNodes;
                    }
                }
            }
        }
        local_search::path_to(nodes, best.node, visited);
        let last = QueryPolygon::of(mesh, nodes.get(best.node).poly).expect("nodes name valid polygons");
        Ok((SurfaceMove { position: surface_point(&last, &last.world(), best.point), status }, best.inside))
    }
}

/// `p` (in X/Z) at the surface height of the polygon it ends in.
fn surface_point(polygon: &QueryPolygon<'_>, world: &WorldPolygon, p: [f64; 3]) -> [f64; 3] {
    [p[0], height_at(polygon, world, p), p[2]]
}

fn squared_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dz) = (a[0] - b[0], a[2] - b[2]);
    dx * dx + dz * dz
}
