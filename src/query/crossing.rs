//! `Crossing`: how a corridor steps from one polygon to the next.
//!
//! A polygon is left through an edge shared with an in-tile neighbour,
//! through the covered part of a portal edge (a portal link), or through
//! an off-mesh link. When several join the same two polygons, the step
//! uses one canonical crossing, so the path search and the straight path
//! agree on it whatever the filter: the first in-tile edge in edge order,
//! else the first portal link in link order, else the first off-mesh link
//! in link order (forward links before reverse ones). A link from a
//! polygon to itself is no step.

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tile_switches::{is_link_enabled, TileSwitches};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::{NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{lerp, to_world, WorldPolygon};
use crate::query::query_filter::QueryFilter;
use crate::query::surface_points::onto_polygon_xz;
use crate::stitch::links::{Link, LinkKind};
use crate::tile::nav_tile::NavTile;

/// What a crossing passes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CrossingKind {
    /// An edge, or the covered part of one: `start` and `end` are its ends
    /// in the leaving polygon's counter-clockwise order, so `start` is on
    /// the right and `end` on the left of a walker leaving through it.
    Edge,
    /// An off-mesh link from `start` (departure) to `end` (arrival), each
    /// on the polygon it leaves or lands on in X/Z.
    OffMesh { area: u8, flags: u16 },
}

/// One step out of a polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Crossing {
    pub target: PolyRef,
    pub kind: CrossingKind,
    pub start: [f64; 3],
    pub end: [f64; 3],
}

impl Crossing {
    /// Where the step enters the target polygon: the middle of the edge
    /// part, or the link's arrival.
    #[inline]
    pub fn entry(&self) -> [f64; 3] {
        match self.kind {
            CrossingKind::Edge => lerp(self.start, self.end, 0.5),
            CrossingKind::OffMesh { .. } => self.end,
        }
    }

    /// True when `filter` lets a path take this step into a polygon with
    /// `target_flags` and `target_area`.
    #[inline]
    pub fn passes(&self, filter: &QueryFilter, target_flags: u16, target_area: u8) -> bool {
        let link_passes = match self.kind {
            CrossingKind::Edge => true,
            CrossingKind::OffMesh { area, flags } => filter.passes(flags, area),
        };
        link_passes && filter.passes(target_flags, target_area)
    }
}

/// The step a search node would take back into the polygon it was entered
/// from, at the very point it was entered (docs/QUERIES.md, "Back-steps"):
/// [`collect_crossings`] leaves it out, so it is never placed in the list
/// nor offered. [`BackStep::NONE`] leaves nothing out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BackStep {
    /// The polygon the node was entered from ([`PolyRef::NULL`], which no
    /// crossing targets, for none).
    pub from: PolyRef,
    /// Where the node was entered.
    pub position: [f64; 3],
}

impl BackStep {
    pub const NONE: BackStep = BackStep { from: PolyRef::NULL, position: [0.0; 3] };
}

/// Replaces `out` with the canonical crossings out of `polygon` (named
/// `poly_ref`), one per neighbour, in the order of the module text, less
/// `back` when the canonical crossing into its polygon is that step.
/// Always inlined: in the path search the polygon then needs no copy and
/// the call no frame (it was not inlined on its own).
#[inline(always)]
pub(crate) fn collect_crossings(
    mesh: &TiledNavMesh,
    poly_ref: PolyRef,
    polygon: &QueryPolygon<'_>,
    back: BackStep,
    out: &mut Vec<Crossing>,
) {
    out.clear();
    let mut canonical = Canonical { own: poly_ref, back, back_decided: false };
    let tile_ref = poly_ref.tile_ref();
    for (k, &neighbour) in polygon.view.neighbours.iter().enumerate() {
        if neighbour != 0 {
            let target = tile_ref.polygon(neighbour - 1).expect("validated neighbour index");
            let (start, end) = polygon.edge(k);
            canonical.push(out, Crossing { target, kind: CrossingKind::Edge, start, end });
        }
    }
    for link in polygon.links() {
        if let Some(crossing) = link_crossing(mesh, polygon, &link) {
            canonical.push(out, crossing);
        }
    }
}

impl NavMeshQuery {
    /// True when a corridor may step from `from` into `to` under `filter`:
    /// both are polygons of the mesh, joined by a crossing (in either
    /// form: an edge or a link not switched off) that the filter passes
    /// into a polygon it passes.
    pub(crate) fn can_step(&mut self, from: PolyRef, to: PolyRef, filter: &QueryFilter) -> bool {
        let NavMeshQuery { mesh, crossings, .. } = self;
        let (Some(polygon), Some(target)) = (QueryPolygon::of(mesh, from), mesh.polygon_record(to)) else {
            return false;
        };
        collect_crossings(mesh, from, &polygon, BackStep::NONE, crossings);
        crossings.iter().any(|c| c.target == to && c.passes(filter, target.flags, target.area))
    }
}

/// The canonical crossing out of `polygon` (named `poly_ref`) into
/// `target`: the one [`collect_crossings`] lists for `target`, found
/// without placing the others (a corridor's straight path needs one
/// crossing per step, not every way out of every polygon).
pub(crate) fn crossing_to(
    mesh: &TiledNavMesh,
    poly_ref: PolyRef,
    polygon: &QueryPolygon<'_>,
    target: PolyRef,
) -> Option<Crossing> {
    if target == poly_ref {
        return None;
    }
    let tile_ref = poly_ref.tile_ref();
    let edge = polygon.view.neighbours.iter().position(|&n| n != 0 && tile_ref.polygon(n - 1) == Some(target));
    if let Some(k) = edge {
        let (start, end) = polygon.edge(k);
        return Some(Crossing { target, kind: CrossingKind::Edge, start, end });
    }
    polygon.links().filter(|link| link.target == target).find_map(|link| link_crossing(mesh, polygon, &link))
}

/// Which crossings [`collect_crossings`] keeps as it places them.
struct Canonical {
    own: PolyRef,
    back: BackStep,
    /// True once the first (canonical) crossing into `back.from` was seen,
    /// listed or left out.
    back_decided: bool,
}

impl Canonical {
    /// Adds `crossing` unless it leads back into the own polygon, an
    /// earlier crossing already reaches its target, or it is the back-step.
    #[inline]
    fn push(&mut self, out: &mut Vec<Crossing>, crossing: Crossing) {
        if crossing.target == self.own {
            return;
        }
        if crossing.target == self.back.from {
            if self.back_decided {
                return;
            }
            self.back_decided = true;
            if crossing.entry() == self.back.position {
                return;
            }
        } else if out.iter().any(|c| c.target == crossing.target) {
            return;
        }
        out.push(crossing);
    }
}

/// `i / 255` for each byte `i` of a portal link's range, worked out once
/// (at compile time, to the same bits as at run time) rather than divided
/// on every crossing placed.
const RANGE_FRACTIONS: [f64; 256] = {
    let mut fractions = [0.0; 256];
    let mut i = 0;
    while i < 256 {
        fractions[i] = i as f64 / 255.0;
        i += 1;
    }
    fractions
};

/// The crossing a stitched link makes; `None` for an off-mesh link
/// switched off in its owning tile (either direction: it is as if not
/// stitched) or whose owning tile is gone (a stitched mesh never has one).
/// Always inlined (the path search walks a link for nearly every polygon
/// it expands, and the call kept its polygon in memory); the off-mesh
/// cases are a call.
#[inline(always)]
pub(crate) fn link_crossing(mesh: &TiledNavMesh, polygon: &QueryPolygon<'_>, link: &Link) -> Option<Crossing> {
    match link.kind {
        LinkKind::Portal => {
            let (a, b) = polygon.edge(link.edge as usize);
            let start = lerp(a, b, RANGE_FRACTIONS[link.range_min as usize]);
            let end = lerp(a, b, RANGE_FRACTIONS[link.range_max as usize]);
            Some(Crossing { target: link.target, kind: CrossingKind::Edge, start, end })
        }
        LinkKind::OffMesh | LinkKind::OffMeshReverse => {
            let own = (polygon.tile.as_ref(), polygon.switches, polygon.origin, polygon.index);
            off_mesh_crossing(mesh, own, (link.target, link.kind, link.off_mesh_index))
        }
    }
}

/// [`link_crossing`] for an off-mesh link (its target, kind and off-mesh
/// index), forward or reverse, out of polygon `index` of `own` (its tile,
/// switches, origin and index: passing the whole polygon kept it in
/// memory in the path search's loop, as passing the whole link, which the
/// table stores packed, made every link be unpacked to memory). The
/// departure and the arrival are the link's stored points, each moved in
/// X/Z onto the polygon it leaves or lands on ([`onto_polygon_xz`]):
/// stitching attaches an end to a polygon within the link's radius, so an
/// end may lie off it, and a path walks on the polygons.
#[inline(never)]
fn off_mesh_crossing(
    mesh: &TiledNavMesh,
    (tile, switches, origin, index): (&NavTile, Option<&TileSwitches>, [f64; 3], usize),
    (target, kind, link_index): (PolyRef, LinkKind, u32),
) -> Option<Crossing> {
    let (owner, owner_switches, owner_origin) = if kind == LinkKind::OffMesh {
        (tile, switches, origin)
    } else {
        let (owner, _, owner_switches) = mesh.tile_and_links(target.tile_ref())?;
        (owner.as_ref(), owner_switches, owner.world_origin())
    };
    if !is_link_enabled(owner_switches, link_index as usize) {
        return None;
    }
    let slot = owner.off_mesh_links().get(link_index as usize)?;
    let (start, end) = (to_world(owner_origin, slot.start), to_world(owner_origin, slot.end));
    let (departure, arrival) = if kind == LinkKind::OffMesh { (start, end) } else { (end, start) };
    let leaving = WorldPolygon::of(tile, origin, &tile.polygon(index)?);
    let landing = QueryPolygon::linked(mesh, target).world();
    Some(Crossing {
        target,
        kind: CrossingKind::OffMesh { area: slot.area, flags: slot.flags },
        start: onto_polygon_xz(&leaving, departure),
        end: onto_polygon_xz(&landing, arrival),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_fractions_are_the_run_time_quotients() {
        for i in 0..=255u8 {
            let divisor = std::hint::black_box(255.0);
            assert_eq!(RANGE_FRACTIONS[i as usize].to_bits(), (f64::from(i) / divisor).to_bits(), "{i}/255");
        }
    }
}
