//! What lies across each edge of a polygon, as the local queries see it.
//!
//! An edge with an in-tile neighbour opens into it along its whole length.
//! A portal edge opens only where its portal links cover it, and each
//! covered part is the exact overlap of the two edges along the tile
//! boundary (computed from both edges' corners, not from the link's
//! 1/255ths), so a ray or a wall ends where the neighbouring polygon
//! really ends. An opening into a polygon the filter does not pass is
//! wall. What no opening covers is wall.
//!
//! Off-mesh links are not edges: the local queries move over the surface
//! and never take them (`docs/QUERIES.md`).

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::polygon_geometry::{lerp, world_along};
use crate::query::query_filter::QueryFilter;
use crate::stitch::links::{Link, LinkKind};
use crate::stitch::portal_stitching::along_axis;
use crate::tile::tile_data::NOT_PORTAL;

/// A part of an edge that leads into a neighbouring polygon: edge
/// parameters `t_min..=t_max` (0 at the edge's first corner, 1 at its
/// second).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct EdgeOpening {
    pub target: PolyRef,
    pub t_min: f64,
    pub t_max: f64,
    /// The link's place among the polygon's links (0 for an in-tile
    /// neighbour): the last tie-break of the order.
    order: u32,
}

impl EdgeOpening {
    /// The opening's two ends on edge `a`–`b`.
    #[inline]
    pub fn segment(&self, (a, b): ([f64; 3], [f64; 3])) -> ([f64; 3], [f64; 3]) {
        (lerp(a, b, self.t_min), lerp(a, b, self.t_max))
    }

    /// True when the opening spans the whole edge (an in-tile neighbour's,
    /// or a portal's that covers it), so it [`Self::covers`] every point.
    #[inline]
    pub fn covers_whole_edge(&self) -> bool {
        self.t_min <= 0.0 && self.t_max >= 1.0
    }

    /// True when edge parameter `s` of a point on the edge's line lies in
    /// the opening. An opening that reaches an end of the edge covers
    /// what lies beyond that end, so a point found a rounding outside the
    /// edge still passes.
    #[inline]
    pub fn covers(&self, s: f64) -> bool {
        (self.t_min <= 0.0 || s >= self.t_min) && (self.t_max >= 1.0 || s <= self.t_max)
    }
}

/// Replaces `out` with the openings of edge `k` of `polygon` (named
/// `poly_ref`) whose target passes `filter`, in [`opening_order`], then in
/// link order.
pub(crate) fn edge_openings(
    mesh: &TiledNavMesh,
    poly_ref: PolyRef,
    polygon: &QueryPolygon<'_>,
    k: usize,
    filter: &QueryFilter,
    out: &mut Vec<EdgeOpening>,
) {
    out.clear();
    let neighbour = polygon.view.neighbours[k];
    if neighbour != 0 {
        let index = neighbour - 1;
        let record = polygon.sibling_record(index as usize).expect("validated neighbour index");
        if filter.passes(record.flags, record.area) {
            let target = poly_ref.tile_ref().polygon(index).expect("validated neighbour index");
            out.push(EdgeOpening { target, t_min: 0.0, t_max: 1.0, order: 0 });
        }
        return;
    }
    portal_openings(mesh, polygon, k, filter, |opening, _| out.push(opening));
    out.sort_unstable_by(opening_order);
}

/// The opening of edge `k` of `polygon` (named `poly_ref`) that a point of
/// the edge at parameter `parameter()` passes through: the first of
/// [`edge_openings`] that covers it. Its target polygon is written into
/// `target`, which must hold a polygon of `mesh` (of no meaning when the
/// answer is `None`), so a walk that goes on into it neither looks it up
/// again nor copies it out of a returned value. `parameter` must be pure: it is
/// called only for an opening that covers part of the edge, or once for an
/// edge with several portal links. Always inlined: the raycast's walk asks
/// it at every exit, and as a call its polygon's fields were stored for it
/// and loaded again after it.
#[inline(always)]
pub(crate) fn opening_at<'m>(
    mesh: &'m TiledNavMesh,
    poly_ref: PolyRef,
    polygon: &QueryPolygon<'m>,
    k: usize,
    filter: &QueryFilter,
    parameter: impl FnMut() -> f64,
    target: &mut QueryPolygon<'m>,
) -> Option<PolyRef> {
    let neighbour = polygon.view.neighbours[k];
    if neighbour != 0 {
        let index = neighbour - 1;
        target.become_sibling(polygon, index as usize).expect("validated neighbour index");
        let passes = filter.passes(target.view.record.flags, target.view.record.area);
        return passes.then(|| poly_ref.tile_ref().polygon(index).expect("validated neighbour index"));
    }
    portal_opening_at(mesh, polygon, k, filter, parameter, target)
}

/// [`opening_at`] across an edge without an in-tile neighbour. The usual
/// portal edge has one portal link (every one the peer harness's casts
/// cross on dungeon): its opening is then the only candidate, so the first
/// opening in [`opening_order`] that covers the point is that one when it
/// covers the point and none otherwise, with no order to keep, and its
/// target is built straight into `target` (which may hold anything when
/// the answer is `None`) rather than kept aside for a later link and
/// copied. An edge with more links takes [`first_covering_opening`].
#[inline(always)]
fn portal_opening_at<'m>(
    mesh: &'m TiledNavMesh,
    polygon: &QueryPolygon<'m>,
    k: usize,
    filter: &QueryFilter,
    mut parameter: impl FnMut() -> f64,
    target: &mut QueryPolygon<'m>,
) -> Option<PolyRef> {
    if polygon.view.portal_sides[k] == NOT_PORTAL {
        return None;
    }
    let across_k = |(_, link): &(usize, Link)| link.kind == LinkKind::Portal && link.edge as usize == k;
    let mut on_edge = polygon.links().enumerate().filter(across_k);
    let (order, link) = on_edge.next()?;
    if on_edge.next().is_some() {
        return first_covering_opening(mesh, polygon, k, filter, parameter(), target);
    }
    *target = QueryPolygon::linked(mesh, link.target);
    if link.whole_edge {
        // Stitching found, on these very corners and with `overlap`'s own
        // first test ([`opens_whole_edge`]), that the target's edge spans
        // all of edge k: `link_opening` would answer t from ±0 to 1, which
        // covers the whole edge, so only its filter decides.
        return filter.passes(target.view.record.flags, target.view.record.area).then_some(link.target);
    }
    let opening = link_opening(polygon, order, link, target, filter)?;
    (opening.covers_whole_edge() || opening.covers(parameter())).then_some(opening.target)
}

/// The first opening of portal edge `k` of `polygon` in
/// [`opening_order`] that covers the point at edge parameter `s`, its
/// target polygon written into `target`. Out of line and cold: an edge
/// with several portal links is rare, so [`opening_at`]'s usual way stays
/// one short straight path. `s` is worked out before the call even when no
/// opening asks for it (the parameter is pure, so the answer is the same):
/// passing the closure that works it out instead cost the usual way about
/// 20 instructions a cast.
#[cold]
#[inline(never)]
fn first_covering_opening<'m>(
    mesh: &'m TiledNavMesh,
    polygon: &QueryPolygon<'m>,
    k: usize,
    filter: &QueryFilter,
    s: f64,
    target: &mut QueryPolygon<'m>,
) -> Option<PolyRef> {
    let mut first: Option<EdgeOpening> = None;
    portal_openings(mesh, polygon, k, filter, |opening, candidate| {
        let earlier = first.as_ref().is_none_or(|kept| opening_order(&opening, kept).is_lt());
        if earlier && (opening.covers_whole_edge() || opening.covers(s)) {
            first = Some(opening);
            *target = candidate;
        }
    });
    first.map(|opening| opening.target)
}

/// The order of an edge's openings: ascending (t_min, t_max), then link
/// order.
fn opening_order(a: &EdgeOpening, b: &EdgeOpening) -> std::cmp::Ordering {
    a.t_min.total_cmp(&b.t_min).then(a.t_max.total_cmp(&b.t_max)).then(a.order.cmp(&b.order))
}

/// Calls `found` with each opening of portal edge `k` of `polygon` whose
/// target passes `filter`, in link order, with the target polygon (looked
/// up as a link's target, [`QueryPolygon::linked`]); none for an edge that
/// is not a portal. Always inlined,
/// so the target polygon is built where `found` keeps it.
#[inline(always)]
fn portal_openings<'m>(
    mesh: &'m TiledNavMesh,
    polygon: &QueryPolygon<'m>,
    k: usize,
    filter: &QueryFilter,
    mut found: impl FnMut(EdgeOpening, QueryPolygon<'m>),
) {
    if polygon.view.portal_sides[k] == NOT_PORTAL {
        return;
    }
    for (order, link) in polygon.links().enumerate() {
        if link.kind != LinkKind::Portal || link.edge as usize != k {
            continue;
        }
        let target = QueryPolygon::linked(mesh, link.target);
        if let Some(opening) = link_opening(polygon, order, link, &target, filter) {
            found(opening, target);
        }
    }
}

/// The opening portal link `link` (the polygon's `order`th, across one of
/// its edges) makes into `target`, the polygon it names: `None` when the
/// target does not pass `filter` or the two edges only touch.
#[inline(always)]
fn link_opening(
    polygon: &QueryPolygon<'_>,
    order: usize,
    link: Link,
    target: &QueryPolygon<'_>,
    filter: &QueryFilter,
) -> Option<EdgeOpening> {
    if !filter.passes(target.view.record.flags, target.view.record.area) {
        return None;
    }
    let axis = along_axis(link.side);
    let along = (edge_along(polygon, link.edge as usize, axis), edge_along(target, link.target_edge as usize, axis));
    let (t_min, t_max) = overlap(along.0, along.1)?;
    Some(EdgeOpening { target: link.target, t_min, t_max, order: order as u32 })
}

/// The world coordinates along `axis` of the two corners of edge `k` of
/// `polygon`: what [`QueryPolygon::edge`] places, on the one axis the
/// overlap reads.
#[inline]
fn edge_along(polygon: &QueryPolygon<'_>, k: usize, axis: usize) -> (f64, f64) {
    let next = if k + 1 < polygon.corner_count() { k + 1 } else { 0 };
    let along = |i: usize| world_along(polygon.origin[axis], polygon.vertices[polygon.view.indices[i] as usize][axis]);
    (along(k), along(next))
}

/// True when the portal link from edge a–b (its corners' world coordinates
/// along the boundary, as [`world_along`] places them) to edge c–d opens
/// along the whole of a–b: [`overlap`] then answers t from ±0 to 1, so the
/// opening [`EdgeOpening::covers_whole_edge`]. Stitching marks such links
/// ([`Link::whole_edge`]) with this very test on the same corners, so a
/// query can take a marked link's opening as the whole edge unmeasured.
pub(crate) fn opens_whole_edge(a: (f64, f64), c: (f64, f64)) -> bool {
    whole_overlap(a, c).is_some()
}

/// The part of edge a–b that edge c–d covers along the tile boundary both
/// lie on, given each corner's coordinate along it (`(au, bu)`,
/// `(cu, du)`), as edge parameters of a–b; `None` when they only touch.
/// The usual portal, c–d spanning all of a–b (most often the same two
/// corners), is answered by [`whole_overlap`] without the arithmetic.
#[inline]
fn overlap(a: (f64, f64), c: (f64, f64)) -> Option<(f64, f64)> {
    whole_overlap(a, c).or_else(|| partial_overlap(a, c))
}

/// [`partial_overlap`]'s answer when c–d spans the whole of a–b, else
/// `None`: t is 0 at a and 1 at b, and the 0 carries the sign
/// `(au − au) / (bu − au)` gives it (−0 when bu < au). The same bits:
/// world coordinates are never −0 (a tile origin plus a widened `f32`),
/// so equal coordinates are equal bits and the general formula's `min`,
/// `max` and divisions land on exactly these values.
#[inline]
fn whole_overlap((au, bu): (f64, f64), (cu, du): (f64, f64)) -> Option<(f64, f64)> {
    let (c_min, c_max) = if cu < du { (cu, du) } else { (du, cu) };
    if au < bu && c_min <= au && c_max >= bu {
        Some((0.0, 1.0))
    } else if bu < au && c_min <= bu && c_max >= au {
        Some((-0.0, 1.0))
    } else {
        None
    }
}

/// The general overlap of [`overlap`]: the shared interval of the two
/// edges along the boundary, as clamped edge parameters of a–b.
fn partial_overlap((au, bu): (f64, f64), (cu, du): (f64, f64)) -> Option<(f64, f64)> {
    let low = au.min(bu).max(cu.min(du));
    let high = au.max(bu).min(cu.max(du));
    // Corners are finite, so the comparison is total.
    if high <= low {
        return None;
    }
    // A portal edge has length along the boundary, so bu ≠ au.
    let t = |u: f64| ((u - au) / (bu - au)).clamp(0.0, 1.0);
    let (t_low, t_high) = (t(low), t(high));
    Some((t_low.min(t_high), t_low.max(t_high)))
}

/// Calls `wall` with every part `(t_min, t_max)` of an edge that none of
/// `openings` (sorted as [`edge_openings`] sorts them) covers, along the
/// edge.
pub(crate) fn wall_parts(openings: &[EdgeOpening], mut wall: impl FnMut(f64, f64)) {
    let mut covered = 0.0;
    for opening in openings {
        if opening.t_min > covered {
            wall(covered, opening.t_min);
        }
        covered = opening.t_max.max(covered);
    }
    if covered < 1.0 {
        wall(covered, 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(t_min: f64, t_max: f64) -> EdgeOpening {
        EdgeOpening { target: PolyRef(1), t_min, t_max, order: 0 }
    }

    #[test]
    fn walls_are_the_gaps_between_openings() {
        let mut walls = Vec::new();
        wall_parts(&[opening(0.25, 0.5), opening(0.375, 0.625), opening(0.75, 1.0)], |a, b| walls.push((a, b)));
        assert_eq!(walls, [(0.0, 0.25), (0.625, 0.75)]);
        walls.clear();
        wall_parts(&[], |a, b| walls.push((a, b)));
        assert_eq!(walls, [(0.0, 1.0)]);
        walls.clear();
        wall_parts(&[opening(0.0, 1.0)], |a, b| walls.push((a, b)));
        assert!(walls.is_empty());
    }

    #[test]
    fn overlap_is_measured_along_the_boundary_from_the_first_corner() {
        // Edge from z 8 down to z 0 (on x 16); the other edge covers z 2..4.
        let edge = (8.0, 0.0);
        assert_eq!(overlap(edge, (2.0, 4.0)), Some((0.5, 0.75)));
        assert_eq!(overlap(edge, (8.0, 12.0)), None, "touching at one end");
        assert_eq!(overlap(edge, (-4.0, 20.0)), Some((0.0, 1.0)));
        assert_eq!(overlap((3.0, 3.0), (0.0, 8.0)), None, "no length along the boundary");
    }

    #[test]
    fn a_whole_overlap_has_the_bits_of_the_general_formula() {
        let ends = [-1024.5, -3.0, 0.0, 0.1, 2.0, 7.25, 8.0, 1e-300, 4096.0];
        let mut whole = 0;
        for &au in &ends {
            for &bu in &ends {
                for &cu in &ends {
                    for &du in &ends {
                        let (a, c) = ((au, bu), (cu, du));
                        let bits = |o: Option<(f64, f64)>| o.map(|(x, y)| (x.to_bits(), y.to_bits()));
                        if let Some(fast) = whole_overlap(a, c) {
                            whole += 1;
                            assert_eq!(bits(Some(fast)), bits(partial_overlap(a, c)), "{a:?} {c:?}");
                        }
                        assert_eq!(bits(overlap(a, c)), bits(partial_overlap(a, c)), "{a:?} {c:?}");
                    }
                }
            }
        }
        assert!(whole > 1_000, "the whole case ran {whole} times");
    }

    #[test]
    fn a_link_marked_whole_opens_exactly_its_whole_edge() {
        // Tile-local corners along a boundary (shared, nudged by a few f32
        // steps either way, or apart, as jittered borders place them),
        // placed in the world from origins near 0 and near the ±2^21 bound
        // (where a few f32 steps vanish in the world's f64).
        let mut next = crate::test_rng::below_fn(0x5851_F42D_4C95_7F2Du64);
        let origins = [0.0, 0.1, 1e6 + 0.1, 2_097_151.9, -2_097_151.7];
        let mut counts = (0, 0);
        for _ in 0..200_000 {
            let mut corner = || {
                let base = next(9) as f32 * 0.5;
                let steps = next(7) as i32 - 3;
                f32::from_bits((base.to_bits() as i32 + if base == 0.0 { steps.abs() } else { steps }) as u32)
            };
            let (a, c) = ((corner(), corner()), (corner(), corner()));
            let origin = origins[next(origins.len() as u64) as usize];
            let world = |(u, v): (f32, f32)| (world_along(origin, u), world_along(origin, v));
            let (a, c) = (world(a), world(c));
            let exact = overlap(a, c).map(|(t_min, t_max)| EdgeOpening { target: PolyRef(1), t_min, t_max, order: 0 });
            if opens_whole_edge(a, c) {
                counts.0 += 1;
                let whole = exact.expect("a whole edge opens");
                assert!(whole.covers_whole_edge(), "{a:?} {c:?}: {whole:?}");
                let zero = if a.1 < a.0 { -0.0f64 } else { 0.0 };
                assert_eq!((whole.t_min.to_bits(), whole.t_max.to_bits()), (zero.to_bits(), 1f64.to_bits()));
            } else {
                // Not the converse: a partial overlap a rounding short of an
                // end can still measure t from 0 to 1 (its end's offset
                // from the far corner rounds to the whole length). An
                // unmarked link is measured, so that costs no answer.
                counts.1 += 1;
            }
        }
        assert!(counts.0 > 10_000 && counts.1 > 10_000, "whole {} and not {}", counts.0, counts.1);
    }

    #[test]
    fn an_opening_reaching_an_end_covers_beyond_it() {
        assert!(opening(0.0, 0.5).covers(-1e-12));
        assert!(!opening(0.25, 0.5).covers(0.2));
        assert!(opening(0.5, 1.0).covers(1.0 + 1e-12));
        assert!(!opening(0.5, 0.75).covers(0.76));
        assert!(opening(0.0, 1.0).covers_whole_edge() && opening(0.0, 1.0).covers(f64::NAN));
        assert!(!opening(0.0, 0.5).covers_whole_edge() && !opening(0.5, 1.0).covers_whole_edge());
    }
}
