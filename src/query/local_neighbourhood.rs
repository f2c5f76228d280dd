//! `find_local_neighbourhood`: the polygons around a position that do not
//! overlap one another in X/Z, as a crowd agent needs for its local
//! surroundings when floors stack (a bridge over a road keeps only the
//! floor the search reaches first).
//!
//! Breadth-first from the start polygon through the openings of its edges
//! (`edge_openings.rs`) that the circle touches in X/Z, with
//! nodes from the node pool. A polygon reached for the first time is kept
//! unless its interior overlaps a polygon already kept; a polygon not kept
//! is not searched from. Polygons that only touch do not overlap: the
//! test is the separating-axis test on the edges of both, decided by the
//! exact orientation predicate. Each kept polygon's corners and X/Z box
//! are kept in the query's scratch: a candidate whose box a gap parts
//! from a kept polygon's cannot overlap it (a line parts them), which
//! spares the exact test for most pairs. A candidate is placed straight
//! into the scratch's next slot, and the search expands the kept polygons
//! from their slots: no polygon is placed twice or copied.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::edge_openings::{edge_openings, EdgeOpening};
use crate::query::local_search::{self, check_radius, check_start, reach, Reached};
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::node_pool::NodeState;
use crate::query::polygon_geometry::{orient_xz, WorldPolygon};
use crate::query::query_filter::QueryFilter;
use crate::query::search_status::SearchStatus;
use crate::query::segment_xz::nearest_on_segment_xz;
use crate::query::xz_bounds::XzBounds;

/// One polygon [`NavMeshQuery::find_local_neighbourhood`] kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeighbourPoly {
    pub poly_ref: PolyRef,
    /// The polygon it was reached from ([`PolyRef::NULL`] for the start).
    pub parent: PolyRef,
}

/// A polygon the search kept, placed once for the candidates after it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeptPolygon {
    world: WorldPolygon,
    bounds: XzBounds,
}

impl KeptPolygon {
    const EMPTY: KeptPolygon = KeptPolygon { world: WorldPolygon::EMPTY, bounds: XzBounds::EMPTY };

    /// Places `polygon` here (corners and box), overwriting what the slot
    /// held.
    fn place(&mut self, polygon: &QueryPolygon<'_>) {
        self.world.place(polygon.tile, polygon.origin, &polygon.view);
        self.bounds = XzBounds::of(&self.world);
    }

    /// True when the interiors of the two polygons overlap in X/Z.
    fn overlaps(&self, other: &KeptPolygon) -> bool {
        if self.bounds.apart(&other.bounds) {
            debug_assert!(!overlaps_xz(&self.world, &other.world), "a gap between the boxes parts convex polygons");
            return false;
        }
        overlaps_xz(&self.world, &other.world)
    }
}

/// True when some edge of `a` has all of `b` on or right of it, so a line
/// separates their interiors.
fn separates(a: &WorldPolygon, b: &WorldPolygon) -> bool {
    (0..a.corners().len()).any(|k| {
        let (p, q) = a.edge(k);
        b.corners().iter().all(|&c| orient_xz(p, q, c) <= 0.0)
    })
}

/// True when the interiors of the convex polygons `a` and `b` overlap in
/// X/Z.
fn overlaps_xz(a: &WorldPolygon, b: &WorldPolygon) -> bool {
    !separates(a, b) && !separates(b, a)
}

/// Places `polygon` in slot `slot` of the scratch, which holds at least
/// `slot` slots: a new slot only when the scratch is that short.
fn place_in_slot(kept: &mut Vec<KeptPolygon>, slot: usize, polygon: &QueryPolygon<'_>) {
    if kept.len() == slot {
        kept.push(KeptPolygon::EMPTY);
    }
    kept[slot].place(polygon);
}

impl NavMeshQuery {
    /// Replaces `out` with the non-overlapping polygons around `center`
    /// within `radius`, from `start_ref` (first) in breadth-first order, as
    /// the module text says. The status is out of nodes when the node
    /// budget ran out before every polygon in reach was tested.
    ///
    /// Errors: invalid reference for a null or stale `start_ref`; out of
    /// range for a centre outside the coordinate rule, a negative or
    /// non-finite radius, or a start polygon the filter does not pass.
    pub fn find_local_neighbourhood(
        &mut self,
        start_ref: PolyRef,
        center: [f64; 3],
        radius: f64,
        filter: &QueryFilter,
        out: &mut Vec<NeighbourPoly>,
    ) -> Result<SearchStatus> {
        self.find_local_neighbourhood_edges((start_ref, center), radius, filter, out, |_, _| {})
    }

    /// [`Self::find_local_neighbourhood`], handing `on_edge` every edge of
    /// every polygon it keeps with the edge's openings (`edge_openings`),
    /// as the search reads them: polygon after polygon in `out`'s order
    /// (the search expands exactly the polygons it keeps, in the order it
    /// kept them) and edge after edge, as `poly_wall_segments` would read
    /// them polygon by polygon, without looking each polygon up and
    /// finding its openings a second time.
    pub(crate) fn find_local_neighbourhood_edges(
        &mut self,
        (start_ref, center): (PolyRef, [f64; 3]),
        radius: f64,
        filter: &QueryFilter,
        out: &mut Vec<NeighbourPoly>,
        mut on_edge: impl FnMut(([f64; 3], [f64; 3]), &[EdgeOpening]),
    ) -> Result<SearchStatus> {
        check_position("center", center)?;
        check_radius("radius", radius)?;
        let start_polygon = self.polygon_or_error(start_ref, "start_ref")?;
        check_start(filter, start_ref, &start_polygon)?;
        let NavMeshQuery { mesh, nodes, open, edge_openings: openings, kept_polygons: kept, .. } = self;
        local_search::start(nodes, open, start_ref, center);
        out.clear();
        out.push(NeighbourPoly { poly_ref: start_ref, parent: PolyRef::NULL });
        // `kept[..used]` are the polygons kept so far, in `out`'s order;
        // the slots after them are scratch from earlier searches. The
        // start is placed as it is expanded, first.
        let mut used = 1;
        let mut status = SearchStatus::Complete;
        let mut next = 0;
        // The search expands exactly the kept polygons, in the order they
        // were kept: the `expanded`-th is in `kept[expanded]`.
        let mut expanded = 0;
        while next < local_search::created(nodes) {
            let index = next;
            next += 1;
            // A polygon not kept is closed at once and not searched from.
            if nodes.get(index).state == NodeState::Closed {
                continue;
            }
            let poly_ref = nodes.get(index).poly;
            debug_assert_eq!(out[expanded].poly_ref, poly_ref, "expanded in the order kept");
            let polygon = QueryPolygon::of(mesh, poly_ref).expect("nodes name valid polygons");
            let own = expanded;
            expanded += 1;
            if own == 0 {
                place_in_slot(kept, 0, &polygon);
            }
            for k in 0..kept[own].world.corners().len() {
                edge_openings(mesh, poly_ref, &polygon, k, filter, openings);
                let edge = kept[own].world.edge(k);
                on_edge(edge, openings);
                for opening in openings.iter() {
                    if nearest_on_segment_xz(center, opening.segment(edge)).1 > radius * radius {
                        continue;
                    }
                    let new = match reach(nodes, opening.target, index, center, 0.0) {
                        Reached::New(new) => new,
                        Reached::Known(_) => continue,
                        Reached::OutOfNodes => {
                            status = SearchStatus::OutOfNodes;
                            continue;
                        }
                    };
                    let candidate = QueryPolygon::of(mesh, opening.target).expect("an opening names a valid polygon");
                    place_in_slot(kept, used, &candidate);
                    let (earlier, placed) = kept.split_at(used);
                    if earlier.iter().any(|k| placed[0].overlaps(k)) {
                        nodes.get_mut(new).state = NodeState::Closed;
                    } else {
                        out.push(NeighbourPoly { poly_ref: opening.target, parent: poly_ref });
                        used += 1;
                    }
                }
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, z: f64, size: f64) -> WorldPolygon {
        WorldPolygon::from_corners(&[[x, 0.0, z], [x + size, 0.0, z], [x + size, 0.0, z + size], [x, 0.0, z + size]])
    }

    #[test]
    fn touching_polygons_do_not_overlap() {
        let a = square(0.0, 0.0, 2.0);
        assert!(!overlaps_xz(&a, &square(2.0, 0.0, 2.0)), "sharing an edge");
        assert!(!overlaps_xz(&a, &square(2.0, 2.0, 2.0)), "sharing a corner");
        assert!(!overlaps_xz(&a, &square(5.0, 0.0, 1.0)));
        assert!(overlaps_xz(&a, &square(1.0, 1.0, 2.0)));
        assert!(overlaps_xz(&a, &square(0.5, 0.5, 1.0)), "one inside the other");
        assert!(overlaps_xz(&a, &a));
        let triangle = WorldPolygon::from_corners(&[[3.0, 0.0, -1.0], [3.0, 0.0, 3.0], [1.5, 0.0, 1.0]]);
        assert!(overlaps_xz(&a, &triangle), "a corner reaching in");
    }
}
