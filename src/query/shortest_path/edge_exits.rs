//! The exits of one edge of a polygon for the exact search: the whole edge
//! into an in-tile neighbour, or each part of a portal edge a portal link
//! covers, measured exactly as the overlap of the two edges along the tile
//! boundary (not the link's 1/255ths), so an exit ends where the
//! neighbouring polygon ends. Each end of an exit is a vertex of one of
//! the two tiles and carries that vertex's key, so the search may turn
//! there: a portal end inside the edge is where a wall of the neighbouring
//! tile begins. They depend on the mesh version alone and are worked out
//! once per version (`polygon_exits.rs`), not per expansion.

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::polygon_geometry::lerp;
use crate::query::shortest_path::cut_regions::Region;
use crate::query::shortest_path::search_node::IntervalEnd;
use crate::stitch::links::LinkKind;
use crate::stitch::portal_stitching::along_axis;
use crate::tile::tile_data::NOT_PORTAL;

/// A way out of a polygon through (part of) one edge: `start` then `end`
/// in the polygon's counter-clockwise order, so `start` is on the right of
/// a walker leaving through it; with what the search needs to take it
/// without reading either polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct EdgeExit {
    pub target: PolyRef,
    pub start: IntervalEnd,
    pub end: IntervalEnd,
    /// The target's flags and area as queries read them.
    pub flags: u16,
    pub area: u8,
    /// The edge of the polygon it leaves by.
    pub edge: u8,
    /// The edge of the target it enters by (for a target of the same
    /// tile, the target's first edge whose neighbour is the polygon).
    pub target_edge: u8,
    /// Into a neighbour of the same tile: the edge's only exit.
    pub in_tile: bool,
    /// The polygons beyond that lead on only back into the polygon left
    /// (`cut_regions.rs`): a path enters them only to end there.
    pub behind: Region,
}

/// The exits of edge `k` of `polygon` (named `poly_ref`) into polygons of
/// the mesh, in link order, each given to `visit`; `key` numbers the tile
/// vertices (`MeshComponents::vertex_key`). `behind` is left
/// [`Region::NONE`].
pub(crate) fn for_each_exit(
    mesh: &TiledNavMesh,
    (poly_ref, polygon): (PolyRef, &QueryPolygon<'_>),
    k: usize,
    key: &impl Fn(PolyRef, u32) -> u32,
    mut visit: impl FnMut(EdgeExit),
) {
    let end_of = |p: (PolyRef, &QueryPolygon<'_>), i: usize| {
        let i = i % p.1.corner_count();
        IntervalEnd { point: p.1.corner(i), key: key(p.0, p.1.view.indices[i]) }
    };
    let own = (end_of((poly_ref, polygon), k), end_of((poly_ref, polygon), k + 1));
    let neighbour = polygon.view.neighbours[k];
    if neighbour != 0 {
        let target_ref = poly_ref.tile_ref().polygon(neighbour - 1).expect("validated neighbour index");
        let Some(target) = polygon.sibling(target_ref.polygon() as usize) else { return };
        let back = polygon.index as u32 + 1;
        let target_edge = target.view.neighbours.iter().position(|&n| n == back).unwrap_or(0) as u8;
        let record = target.view.record;
        visit(EdgeExit {
            target: target_ref,
            start: own.0,
            end: own.1,
            flags: record.flags,
            area: record.area,
            edge: k as u8,
            target_edge,
            in_tile: true,
            behind: Region::NONE,
        });
        return;
    }
    if polygon.view.portal_sides[k] == NOT_PORTAL {
        return;
    }
    for link in polygon.links() {
        if link.kind != LinkKind::Portal || link.edge as usize != k {
            continue;
        }
        let Some(target) = polygon.reach(mesh, poly_ref, link.target) else { continue };
        let te = link.target_edge as usize;
        let other = (end_of((link.target, &target), te), end_of((link.target, &target), te + 1));
        let Some((start, end)) = overlap(own, other, along_axis(link.side)) else { continue };
        let record = target.view.record;
        visit(EdgeExit {
            target: link.target,
            start,
            end,
            flags: record.flags,
            area: record.area,
            edge: k as u8,
            target_edge: link.target_edge,
            in_tile: false,
            behind: Region::NONE,
        });
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
