//! The exits of one edge of a polygon for the exact search: the whole edge
//! into an in-tile neighbour, or each part of a portal edge a portal link
//! covers, measured exactly as the overlap of the two edges along the tile
//! boundary (not the link's 1/255ths), so an exit ends where the
//! neighbouring polygon ends. Each end of an exit is a vertex of one of
//! the two tiles and carries that vertex's key, so the search may turn
//! there: a portal end inside the edge is where a wall of the neighbouring
//! tile begins.

use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::polygon_geometry::lerp;
use crate::query::query_filter::QueryFilter;
use crate::query::shortest_path::mesh_components::MeshComponents;
use crate::query::shortest_path::search_node::{IntervalEnd, SIBLING_ENTRY};
use crate::stitch::links::LinkKind;
use crate::tile::tile_data::NOT_PORTAL;

/// A way out of a polygon through (part of) one edge: `start` then `end`
/// in the polygon's counter-clockwise order, so `start` is on the right of
/// a walker leaving through it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct EdgeExit {
    pub target: PolyRef,
    /// The edge of the target it enters by, or [`SIBLING_ENTRY`] for a
    /// target of the same tile.
    pub target_edge: u8,
    pub start: IntervalEnd,
    pub end: IntervalEnd,
}

/// The exits of edge `k` of `polygon` (named `poly_ref`) into polygons
/// `filter` passes, in link order, each given to `visit`; a portal's exit
/// is the version's (`portal_exits.rs`).
pub(crate) fn for_each_exit(
    components: &MeshComponents,
    (poly_ref, polygon): (PolyRef, &QueryPolygon<'_>),
    k: usize,
    filter: &QueryFilter,
    mut visit: impl FnMut(EdgeExit),
) {
    // `i` is `k` or `k + 1`: a compare wraps it, not a division.
    let corner = |i: usize| {
        let i = if i == polygon.corner_count() { 0 } else { i };
        let key = components.vertex_key(poly_ref, polygon.view.indices[i]);
        IntervalEnd { point: polygon.corner(i), key }
    };
    let neighbour = polygon.view.neighbours[k];
    if neighbour != 0 {
        let target_ref = poly_ref.tile_ref().polygon(neighbour - 1).expect("validated neighbour index");
        let Some(record) = polygon.sibling_record(target_ref.polygon() as usize) else { return };
        if !filter.passes(record.flags, record.area) {
            return;
        }
        visit(EdgeExit { target: target_ref, target_edge: SIBLING_ENTRY, start: corner(k), end: corner(k + 1) });
        return;
    }
    if polygon.view.portal_sides[k] == NOT_PORTAL {
        return;
    }
    let exits = components.portal_exits(poly_ref);
    debug_assert_eq!(exits.len(), polygon.links().len(), "one entry per link of the version");
    for (link, exit) in polygon.links().iter().zip(exits) {
        if link.kind != LinkKind::Portal || link.edge as usize != k {
            continue;
        }
        let Some(exit) = exit else { continue };
        if filter.passes(exit.flags, exit.area) {
            visit(EdgeExit { target: link.target, target_edge: link.target_edge, start: exit.start, end: exit.end });
        }
    }
}

/// The part of edge `a`–`b` that edge `c`–`d` covers along world axis
/// `axis` (both lie on one tile boundary), ends ordered from `a` to `b`;
/// `None` when they only touch. An end taken from `c` or `d` is placed on
/// `a`–`b` with its boundary coordinate exact and its height along `a`–`b`.
pub(crate) fn overlap(
    (a, b): (IntervalEnd, IntervalEnd),
    (c, d): (IntervalEnd, IntervalEnd),
    axis: usize,
) -> Option<(IntervalEnd, IntervalEnd)> {
    let u = |e: &IntervalEnd| e.point[axis];
    let (low_own, high_own) = if u(&a) <= u(&b) { (a, b) } else { (b, a) };
    let (low_other, high_other) = if u(&c) <= u(&d) { (c, d) } else { (d, c) };
    let low = if u(&low_other) > u(&low_own) { low_other } else { low_own };
    let high = if u(&high_other) < u(&high_own) { high_other } else { high_own };
    if u(&high) <= u(&low) {
        return None;
    }
    let place = |e: IntervalEnd| {
        let t = (u(&e) - u(&a)) / (u(&b) - u(&a));
        let mut point = lerp(a.point, b.point, t.clamp(0.0, 1.0));
        point[axis] = u(&e);
        IntervalEnd { point, key: e.key }
    };
    let (low, high) = (place(low), place(high));
    Some(if u(&a) <= u(&b) { (low, high) } else { (high, low) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(x: f64, y: f64, z: f64, key: u32) -> IntervalEnd {
        IntervalEnd { point: [x, y, z], key }
    }

    #[test]
    fn the_overlap_keeps_the_keys_of_the_vertices_it_ends_at() {
        // Own edge on x = 16 from z 8 down to z 0; the other covers z 2..12.
        let own = (end(16.0, 0.0, 8.0, 1), end(16.0, 4.0, 0.0, 2));
        let (start, finish) = overlap(own, (end(16.0, 9.0, 2.0, 3), end(16.0, 9.0, 12.0, 4)), 2).unwrap();
        assert_eq!(start, end(16.0, 0.0, 8.0, 1));
        assert_eq!(finish, end(16.0, 3.0, 2.0, 3), "height along the own edge, z exact");
        assert_eq!(overlap(own, (end(16.0, 0.0, 8.0, 3), end(16.0, 0.0, 9.0, 4)), 2), None, "touching");
    }
}
