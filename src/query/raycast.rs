//! `raycast`: walks a segment over the surface from a start polygon until
//! it reaches the end or hits a wall.
//!
//! The cast is 2D: the segment and the polygons are taken in X/Z, and the
//! end's Y is ignored. In each polygon the segment is clipped against the
//! edges (the exact orientation predicate decides inside and outside), and
//! it leaves through the edge that cuts it first; through a corner, by the
//! first of the two edges (in edge order) that opens there, else the first.
//! It goes on into the polygon that edge opens into at the exit point
//! (`edge_openings.rs`: an in-tile neighbour, or the part of a portal edge
//! a portal link covers, measured exactly), if the filter passes it;
//! anything else is the wall it hits.
//! Off-mesh links are never taken.

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::edge_openings::opening_at;
use crate::query::local_search::check_start;
use crate::query::nav_mesh_query::{check_position, stale_reference, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{distance, lerp, orient_around, orient_xz, segment_parameter_xz, to_world};
use crate::query::query_filter::QueryFilter;
use crate::query::segment_xz::{inward_normal, nearest_on_segment_xz};
use crate::query::surface_points::height_at;

/// What [`NavMeshQuery::raycast`] reports besides its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RaycastOptions {
    /// Also sum the cost of the walk under the filter's cost model.
    pub path_cost: bool,
}

/// The wall a ray hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaycastWall {
    /// The polygon whose edge stopped the ray (the last one visited).
    pub poly_ref: PolyRef,
    /// The edge's index in that polygon (edge k runs from corner k to
    /// corner k + 1).
    pub edge: usize,
    /// The edge's unit normal in X/Z (Y = 0), pointing into the polygon,
    /// back toward where the ray came from.
    pub normal: [f64; 3],
}

/// The answer of [`NavMeshQuery::raycast`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaycastHit {
    /// How far along the segment the ray got, in 0..=1: 1 when it reached
    /// the end, else where it hit the wall (`start + (end − start)·t` in
    /// X/Z).
    pub t: f64,
    /// The wall hit, `None` when the ray reached the end.
    pub wall: Option<RaycastWall>,
    /// With [`RaycastOptions::path_cost`]: the 3D length of the walk in each
    /// polygon times its area cost, summed. The walk runs from `start` (its
    /// Y as given) through the exit points (at the height of their edges)
    /// to the end on the last polygon's surface, or to the wall.
    pub path_cost: Option<f64>,
}

/// Where the segment leaves a polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Exit {
    t: f64,
    /// The edge it leaves by; `None` when the end lies in the polygon.
    edge: Option<usize>,
    /// A later edge it leaves by at the same t (through a corner).
    tied: Option<usize>,
    /// Some edge's orientation went past [`orient_around`]'s filter to the
    /// exact predicate, whose value is not shown to be the negation, bit
    /// for bit, of its reversed edge's: the in-tile neighbour entered next
    /// clips all its edges ([`Entered::entry`]).
    exact: bool,
}

/// The edges [`exit_of`] clips a polygon of `n` corners by: from corner
/// `from` round through corners `from + 1..n`, then `0..wrap_end`, each
/// corner to the next, with the segment entering no earlier than `enter`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Entry {
    from: usize,
    wrap_end: usize,
    enter: f64,
}

impl Entry {
    /// Every edge, from corner 0 round to corner 0.
    const WHOLE: Entry = Entry { from: 0, wrap_end: 1, enter: 0.0 };

    /// Every edge but the one ending at corner `from`, the segment entering
    /// no earlier than `enter` (≥ 0).
    fn after(from: usize, enter: f64) -> Entry {
        Entry { from, wrap_end: from, enter }
    }
}

/// Clips the segment from `start` along `d` (X/Z) against the convex
/// polygon of `n` corners whose X and Z `corner(i)` gives, in order
/// (Cyrus–Beck), by the edges `entry` names: where it leaves, or `None`
/// when it misses the polygon. Each corner is read once (corner 0 again
/// for [`Entry::WHOLE`]'s last edge, rather than kept in registers
/// through the loop), and its offset from `start` computed once for the
/// two edges that share it; neither loop wraps. The answer does not
/// depend on the corner the clip begins at ([`Clip::edge`] keeps a
/// corner's edges by index). Always inlined (left to LLVM it stayed a
/// call, fat LTO too): as a call it cost a frame, the polygon stored for
/// it and the answer read back, each step.
#[inline(always)]
fn exit_of(n: usize, entry: Entry, corner: impl Fn(usize) -> [f64; 2], start: [f64; 2], d: [f64; 2]) -> Option<Exit> {
    if n == 0 {
        return None;
    }
    let placed = |i: usize| {
        let c = corner(i);
        (c, [c[0] - start[0], c[1] - start[1]])
    };
    let exit = Exit { t: 1.0, edge: None, tied: None, exact: false };
    let mut clip = Clip { start, d, enter: entry.enter, exit };
    let (mut k, mut a) = (entry.from, placed(entry.from));
    for c in entry.from + 1..n {
        let b = placed(c);
        clip.edge(k, a, b)?;
        (k, a) = (c, b);
    }
    for c in 0..entry.wrap_end {
        let b = placed(c);
        clip.edge(k, a, b)?;
        (k, a) = (c, b);
    }
    (clip.enter <= clip.exit.t).then_some(clip.exit)
}

/// [`exit_of`] part way round the polygon: the segment from `start`
/// along `d`, entering no earlier than `enter` and leaving as `exit`
/// says, by the edges clipped so far.
struct Clip {
    start: [f64; 2],
    d: [f64; 2],
    enter: f64,
    exit: Exit,
}

impl Clip {
    /// Clips by edge `k` from corner `a` to corner `b` (each in X/Z with
    /// its offset from the start); `None` when the segment runs parallel
    /// outside it, so misses the polygon.
    #[inline(always)]
    fn edge(&mut self, k: usize, (a, a_rel): ([f64; 2], [f64; 2]), (b, b_rel): ([f64; 2], [f64; 2])) -> Option<()> {
        // Inside edge k is left of it: inside_by ≥ t·away. `away` is the
        // turn (b − a) × d negated, bit for bit (x − y and y − x round to
        // opposite values), so `inside_by / away` has the bits of
        // `−inside_by / turn` without negating either.
        let start = self.start;
        let exact = || {
            self.exit.exact = true;
            orient_xz([a[0], 0.0, a[1]], [b[0], 0.0, b[1]], [start[0], 0.0, start[1]])
        };
        let inside_by = orient_around(a_rel, b_rel, exact);
        let away = (b[1] - a[1]) * self.d[0] - (b[0] - a[0]) * self.d[1];
        if away > 0.0 {
            let t = inside_by / away;
            if t < self.exit.t {
                self.exit = Exit { t, edge: Some(k), tied: None, exact: self.exit.exact };
            } else if t == self.exit.t {
                if let Some(edge) = self.exit.edge {
                    // A corner: the lowest of its edges leaves and the
                    // highest other ties, whichever corner the clip began
                    // at (in edge order from corner 0: the first and the
                    // last met).
                    let tied = self.exit.tied.map_or(edge.max(k), |tied| tied.max(k));
                    (self.exit.edge, self.exit.tied) = (Some(edge.min(k)), Some(tied));
                }
            }
        } else if away < 0.0 {
            // An edge the segment starts inside of lets it in at t ≤ 0,
            // which cannot move `enter` (≥ 0): no division. The quotient
            // here is > 0 or +0, never NaN or −0, so a comparison keeps
            // what `f64::max` kept without its NaN handling.
            if inside_by < 0.0 {
                let t = inside_by / away;
                if t > self.enter {
                    self.enter = t;
                }
            }
        } else if inside_by < 0.0 {
            return None;
        }
        Some(())
    }
}

/// The parameter along edge `k` of `polygon` of the point of its line
/// nearest `crossing` in X/Z.
fn crossing_parameter(polygon: &QueryPolygon<'_>, k: usize, crossing: [f64; 3]) -> f64 {
    let (a, b) = polygon.edge(k);
    segment_parameter_xz(a, b, crossing)
}

/// The edge of the polygon of `n` edges (`edge(k)` placing edge k) nearest
/// `p` in X/Z (the lower index on ties).
fn nearest_edge(n: usize, edge: impl Fn(usize) -> ([f64; 3], [f64; 3]), p: [f64; 3]) -> usize {
    let distances = (0..n).map(|k| nearest_on_segment_xz(p, edge(k)).1).enumerate();
    distances.fold((0, f64::INFINITY), |best, (k, d)| if d < best.1 { (k, d) } else { best }).0
}

/// The walk's cost so far, when asked for.
struct CostSum<'f> {
    filter: &'f QueryFilter,
    sum: Option<f64>,
    at: [f64; 3],
}

impl CostSum<'_> {
    /// Walks on to the point `to` gives, in a polygon of `area`; the point
    /// is only worked out when the cost is asked for.
    fn walk_to(&mut self, area: u8, to: impl FnOnce() -> [f64; 3]) {
        if let Some(sum) = self.sum.as_mut() {
            let to = to();
            *sum += self.filter.cost(area, distance(self.at, to));
            self.at = to;
        }
    }
}

impl NavMeshQuery {
    /// Casts the segment `start`–`end` (in X/Z; the end's Y is ignored)
    /// over the surface from polygon `start_ref`, as the module text says.
    /// `visited` is replaced with the polygons the ray crossed, in order,
    /// from `start_ref`. A `start` outside `start_ref` in X/Z is clipped
    /// onto it; a segment that misses `start_ref` hits, at t = 0, the edge
    /// nearest `start`.
    ///
    /// Errors: invalid reference for a null or stale `start_ref`; out of
    /// range for a position outside the coordinate rule or a start polygon
    /// the filter does not pass.
    pub fn raycast(
        &mut self,
        start_ref: PolyRef,
        start: [f64; 3],
        end: [f64; 3],
        filter: &QueryFilter,
        options: RaycastOptions,
        visited: &mut Vec<PolyRef>,
    ) -> Result<RaycastHit> {
        check_position("start", start)?;
        check_position("end", end)?;
        let mesh = &self.mesh;
        let polygon = QueryPolygon::of(mesh, start_ref).ok_or_else(|| stale_reference("start_ref", start_ref))?;
        check_start(filter, start_ref, &polygon)?;
        visited.clear();
        let cost = CostSum { filter, sum: options.path_cost.then_some(0.0), at: start };
        let (start_xz, d) = ([start[0], start[2]], [end[0] - start[0], end[2] - start[2]]);
        let ray = Ray { mesh, filter, start, end, start_xz, d, visited, cost };
        Ok(ray.run(start_ref, polygon))
    }
}

/// How the ray came into a polygon: out of polygon `from` by its edge
/// `edge`, at `t`, `exact` as [`Exit::exact`] says of `from`'s clip.
struct Entered<'p, 'a> {
    from: &'p QueryPolygon<'a>,
    edge: usize,
    t: f64,
    exact: bool,
}

impl Entered<'_, '_> {
    /// The edges to clip `next`, the polygon entered, by: `None` for all
    /// of them. Entered from an in-tile neighbour (a polygon of the same
    /// tile: portal links join different tiles), its entry edge is the
    /// neighbour's exit edge reversed on the same vertex indices (the tile
    /// rules), which are distinct in a polygon: the edge of `next` ending
    /// at the exit edge's first corner. Its corners are placed to the same
    /// bits, so it turns the other way bit for bit: `away` is the
    /// difference of the same two products swapped, and so is the
    /// filter's determinant, whose error bound is the same. So, where the
    /// filter decides, it lets the segment in exactly where the neighbour
    /// let it out: at the exit's t when that is above 0 (its quotient has
    /// the same bits, a negation over a negation), and nowhere when not;
    /// and it never sets the exit (its `away` is below 0). The clip leaves
    /// it out, beginning at that corner with `enter` already there.
    #[inline(always)]
    fn entry(&self, next: &QueryPolygon<'_>) -> Option<Entry> {
        if !std::ptr::eq(self.from.tile, next.tile) || self.exact {
            return None;
        }
        debug_assert!(self.from.view.neighbours[self.edge] != 0, "an in-tile step crosses an in-tile neighbour's edge");
        let first = self.from.view.indices[self.edge];
        let from = next.view.indices.iter().position(|&i| i == first)?;
        Some(Entry::after(from, if self.t > 0.0 { self.t } else { 0.0 }))
    }
}

/// One cast in progress.
struct Ray<'a> {
    mesh: &'a TiledNavMesh,
    filter: &'a QueryFilter,
    start: [f64; 3],
    end: [f64; 3],
    /// The start in X/Z and the segment's direction `end − start` in X/Z,
    /// worked out once for every polygon clipped.
    start_xz: [f64; 2],
    d: [f64; 2],
    visited: &'a mut Vec<PolyRef>,
    cost: CostSum<'a>,
}

impl<'a> Ray<'a> {
    fn run(mut self, start_ref: PolyRef, mut start_polygon: QueryPolygon<'a>) -> RaycastHit {
        self.visited.push(start_ref);
        let Some(mut exit) = self.exit_of(&start_polygon, None) else {
            let edge = nearest_edge(start_polygon.corner_count(), |k| start_polygon.edge(k), self.start);
            return self.hit(0.0, start_ref, &start_polygon, edge);
        };
        // Two places for polygons: the one the ray is in and the one its
        // way out leads to, written there by `opening_at`; moving on swaps
        // the references, so no polygon is copied a step.
        let mut there = start_polygon;
        let (mut current, mut next) = (&mut start_polygon, &mut there);
        let mut current_ref = start_ref;
        let mut t = 0.0f64;
        // Where in `visited` the polygons leaving at the current t begin:
        // a polygon met twice among them is a cycle of rounding at a
        // corner, and the ray stops there.
        let mut same_t_from = 0;
        loop {
            let area = current.view.record.area;
            let Some(k) = exit.edge else {
                let (end, current) = (self.end, &*current);
                self.cost.walk_to(area, || [end[0], height_at(current, &current.world(), end), end[2]]);
                return RaycastHit { t: 1.0, wall: None, path_cost: self.cost.sum };
            };
            if exit.t > t {
                same_t_from = self.visited.len() - 1;
                t = exit.t;
            }
            let (used, next_ref) = self.way_out(current_ref, current, &exit, next);
            let (start, end, current_now) = (self.start, self.end, &*current);
            self.cost.walk_to(area, || {
                let crossing = lerp(start, end, exit.t);
                let (a, b) = current_now.edge(used);
                [
                    crossing[0],
                    lerp(a, b, crossing_parameter(current_now, used, crossing).clamp(0.0, 1.0))[1],
                    crossing[2],
                ]
            });
            let entered = Entered { from: current, edge: used, t: exit.t, exact: exit.exact };
            let Some((next_ref, next_exit)) = self.enter(next_ref, next, same_t_from, entered) else {
                return self.hit(t, current_ref, current, k);
            };
            self.visited.push(next_ref);
            std::mem::swap(&mut current, &mut next);
            (current_ref, exit) = (next_ref, next_exit);
        }
    }

    /// Where the ray leaves `polygon`, if it meets it ([`exit_of`] by the
    /// edges `entry` names, [`Entry::WHOLE`] when `None`), its corners
    /// placed as [`QueryPolygon::corner`] places them. Inlined, so the
    /// polygon each step enters is clipped where it lies rather than
    /// copied out for a call; the fields the clip reads are held in
    /// locals, which read through the reference were loaded again for
    /// every corner. The two kinds of entry are two inlined clips: one
    /// clip taking either was slower for both.
    #[inline(always)]
    fn exit_of(&self, polygon: &QueryPolygon<'_>, entry: Option<Entry>) -> Option<Exit> {
        let (indices, vertices, origin) = (polygon.view.indices, polygon.vertices, polygon.origin);
        let corner_xz = |i: usize| {
            let corner = to_world(origin, vertices[indices[i] as usize]);
            [corner[0], corner[2]]
        };
        match entry {
            Some(entry) => exit_of(indices.len(), entry, corner_xz, self.start_xz, self.d),
            None => exit_of(indices.len(), Entry::WHOLE, corner_xz, self.start_xz, self.d),
        }
    }

    /// The polygon `next_ref` names (placed in `next`, reached as
    /// `entered` says) and where the ray leaves it, unless it is none, was
    /// met among `visited[same_t_from..]` (the polygons left at the
    /// current t) or the ray misses it.
    #[inline(always)]
    fn enter(
        &self,
        next_ref: Option<PolyRef>,
        next: &QueryPolygon<'_>,
        same_t_from: usize,
        entered: Entered<'_, '_>,
    ) -> Option<(PolyRef, Exit)> {
        let next_ref = next_ref?;
        // The run is almost always the polygon being left alone: compared
        // directly, without the search's loop.
        let met = match &self.visited[same_t_from..] {
            [only] => *only == next_ref,
            run => run.contains(&next_ref),
        };
        if met {
            return None;
        }
        Some((next_ref, self.exit_of(next, entered.entry(next))?))
    }

    /// The edge the ray leaves by at `exit.t` (the crossing): the first of
    /// `exit`'s edges that opens there, else the first; with the polygon it
    /// opens into, named and placed in `next`. The second edge of a corner
    /// is rare and asked out of line ([`Self::tied_way_out`]), so the usual
    /// exit stays one straight path.
    #[inline(always)]
    fn way_out(
        &self,
        current_ref: PolyRef,
        current: &QueryPolygon<'a>,
        exit: &Exit,
        next: &mut QueryPolygon<'a>,
    ) -> (usize, Option<PolyRef>) {
        let k = exit.edge.expect("the ray leaves by an edge");
        if let Some(next_ref) = self.opening(current_ref, current, k, exit.t, next) {
            return (k, Some(next_ref));
        }
        match exit.tied {
            Some(tied) => self.tied_way_out(current_ref, current, k, tied, exit.t, next),
            None => (k, None),
        }
    }

    /// [`Self::way_out`] through the second edge `tied` of a corner, when
    /// the first, `k`, opens into nothing there.
    #[cold]
    #[inline(never)]
    fn tied_way_out(
        &self,
        current_ref: PolyRef,
        current: &QueryPolygon<'a>,
        k: usize,
        tied: usize,
        t: f64,
        next: &mut QueryPolygon<'a>,
    ) -> (usize, Option<PolyRef>) {
        match self.opening(current_ref, current, tied, t, next) {
            Some(next_ref) => (tied, Some(next_ref)),
            None => (k, None),
        }
    }

    /// The polygon edge `k` of `current` opens into where the ray crosses
    /// it at `t` ([`opening_at`]), placed in `next`. The crossing and its
    /// parameter along the edge are worked out only for an opening that
    /// covers part of the edge (a portal's), or an edge with several portal
    /// links.
    #[inline(always)]
    fn opening(
        &self,
        current_ref: PolyRef,
        current: &QueryPolygon<'a>,
        k: usize,
        t: f64,
        next: &mut QueryPolygon<'a>,
    ) -> Option<PolyRef> {
        // Pure, and asked for at most once a portal link: not kept.
        let parameter = || crossing_parameter(current, k, lerp(self.start, self.end, t));
        opening_at(self.mesh, current_ref, current, k, self.filter, parameter, next)
    }

    /// The answer for a wall: edge `edge` of `polygon` stopped the ray at
    /// `t`. Always inlined: as a call the wall paid for the call, its
    /// frame and its arguments, about 12 instructions a cast.
    #[inline(always)]
    fn hit(&self, t: f64, poly_ref: PolyRef, polygon: &QueryPolygon<'_>, edge: usize) -> RaycastHit {
        let (a, b) = polygon.edge(edge);
        let wall = RaycastWall { poly_ref, edge, normal: inward_normal(a, b) };
        RaycastHit { t, wall: Some(wall), path_cost: self.cost.sum }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corners of a 4 × 4 square, counter-clockwise.
    const SQUARE: [[f64; 3]; 4] = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [4.0, 0.0, 4.0], [0.0, 0.0, 4.0]];

    fn square_exit(start: [f64; 3], end: [f64; 3]) -> Option<Exit> {
        let d = [end[0] - start[0], end[2] - start[2]];
        exit_of(SQUARE.len(), Entry::WHOLE, |i| [SQUARE[i][0], SQUARE[i][2]], [start[0], start[2]], d)
    }

    #[test]
    fn a_segment_leaves_by_the_edge_that_cuts_it_first() {
        let exit = square_exit([1.0, 0.0, 1.0], [9.0, 0.0, 3.0]).unwrap();
        assert_eq!(exit, Exit { t: 0.375, edge: Some(1), tied: None, exact: false });
        let inside = square_exit([1.0, 0.0, 1.0], [3.0, 7.0, 4.0]).unwrap();
        assert_eq!(inside, Exit { t: 1.0, edge: None, tied: None, exact: false }, "an end on the boundary is inside");
        // Through the corner (4, 4): edges 1 and 2 cut it at once.
        let corner = square_exit([2.0, 0.0, 2.0], [6.0, 0.0, 6.0]).unwrap();
        assert_eq!((corner.edge, corner.tied), (Some(1), Some(2)));
    }

    #[test]
    fn dividing_by_the_turn_negated_gives_the_bits_of_the_negated_quotient() {
        let values: [f64; 10] = [-1024.5, -3.0, -1e-300, -0.0, 0.0, 1e-300, 0.1, 2.0, 7.25, 4096.0 + 1e-9];
        let mut divided = 0;
        for &ax in &values {
            for &bz in &values {
                for &dx in &values {
                    for &dz in &values {
                        let (a, b, d) = ([ax, 1.5], [-2.25, bz], [dx, dz]);
                        let turn = (b[0] - a[0]) * d[1] - (b[1] - a[1]) * d[0];
                        let away = (b[1] - a[1]) * d[0] - (b[0] - a[0]) * d[1];
                        // A zero either way is divided by in neither branch.
                        assert_eq!(away == 0.0, turn == 0.0);
                        if turn == 0.0 {
                            continue;
                        }
                        assert_eq!(away.to_bits(), (-turn).to_bits());
                        for inside_by in [-3.5f64, -0.0, 0.0, 1e-310, 5.0] {
                            divided += 1;
                            assert_eq!(
                                (inside_by / away).to_bits(),
                                (-inside_by / turn).to_bits(),
                                "{a:?} {b:?} {d:?}"
                            );
                        }
                    }
                }
            }
        }
        assert!(divided > 20_000, "divided {divided} times");
    }

    /// The bits of a clip's answer.
    fn exit_bits(exit: Option<Exit>) -> Option<(u64, Option<usize>, Option<usize>, bool)> {
        exit.map(|e| (e.t.to_bits(), e.edge, e.tied, e.exact))
    }

    #[test]
    fn a_neighbour_clipped_without_its_entry_edge_gives_the_whole_clip() {
        // Polygon P and its neighbour Q share edge a–b (P's edge 0 from a
        // to b, Q's the other way round at a random place). Corners on a
        // grid of 1/8 and segments through corners or along the shared
        // edge's line make ties and orientations the filter cannot decide.
        let mut rng = crate::test_rng::TestRng(0x2545_F491_4F6C_DD1D);
        let grid = |rng: &mut crate::test_rng::TestRng| (rng.below(129) as f64 - 64.0) / 8.0;
        let (mut compared, mut exact, mut ties) = (0, 0, 0);
        for round in 0..200_000 {
            let (a, b) = ([grid(&mut rng), grid(&mut rng)], [grid(&mut rng), grid(&mut rng)]);
            let mut p = vec![a, b];
            p.extend((0..1 + rng.below(4)).map(|_| [grid(&mut rng), grid(&mut rng)]));
            let mut q = vec![b, a];
            q.extend((0..1 + rng.below(4)).map(|_| [grid(&mut rng), grid(&mut rng)]));
            let turn = rng.below(q.len() as u64) as usize;
            q.rotate_left(turn);
            let a_in_q = (1 + q.len() - turn) % q.len();
            let start = match round % 3 {
                0 => [grid(&mut rng), grid(&mut rng)],
                // On the shared edge's line, a rounding off it at most.
                1 => {
                    let s = rng.unit() * 3.0 - 1.0;
                    [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s]
                }
                _ => p[rng.below(p.len() as u64) as usize],
            };
            let end = match round % 2 {
                0 => [grid(&mut rng), grid(&mut rng)],
                _ => {
                    let through = [a, b][rng.below(2) as usize];
                    [start[0] + (through[0] - start[0]) * 2.0, start[1] + (through[1] - start[1]) * 2.0]
                }
            };
            let d = [end[0] - start[0], end[1] - start[1]];
            let clip = |corners: &[[f64; 2]], entry| exit_of(corners.len(), entry, |i| corners[i], start, d);
            let Some(left) = clip(&p, Entry::WHOLE) else { continue };
            ties += usize::from(left.tied.is_some());
            if ![left.edge, left.tied].contains(&Some(0)) {
                continue;
            }
            if left.exact {
                exact += 1;
                continue;
            }
            compared += 1;
            let entry = Entry::after(a_in_q, if left.t > 0.0 { left.t } else { 0.0 });
            assert_eq!(exit_bits(clip(&q, entry)), exit_bits(clip(&q, Entry::WHOLE)), "{p:?} {q:?} {start:?} {end:?}");
        }
        assert!(compared > 5_000 && exact > 500 && ties > 1_000, "compared {compared}, exact {exact}, ties {ties}");
    }

    #[test]
    fn a_clip_from_any_corner_keeps_a_corner_s_edges_by_index() {
        // Through the square's corner (4, 4), edges 1 and 2 cut the
        // segment at once, whichever corner the clip begins at.
        let d = [4.0, 4.0];
        let corner = |i: usize| [SQUARE[i][0], SQUARE[i][2]];
        for from in 0..4 {
            let whole_from = Entry { from, wrap_end: from + 1, enter: 0.0 };
            let exit = exit_of(4, whole_from, corner, [2.0, 2.0], d).unwrap();
            assert_eq!((exit.t, exit.edge, exit.tied), (0.5, Some(1), Some(2)), "from corner {from}");
        }
    }

    #[test]
    fn a_start_outside_is_clipped_and_a_miss_is_none() {
        let exit = square_exit([-4.0, 0.0, 2.0], [12.0, 0.0, 2.0]).unwrap();
        assert_eq!(exit, Exit { t: 0.5, edge: Some(1), tied: None, exact: false });
        assert_eq!(square_exit([-4.0, 0.0, 2.0], [-1.0, 0.0, 2.0]), None);
        assert_eq!(square_exit([-4.0, 0.0, 2.0], [-4.0, 0.0, 2.0]), None, "a point outside");
        assert_eq!(nearest_edge(4, |k| (SQUARE[k], SQUARE[(k + 1) % 4]), [-4.0, 0.0, 2.0]), 3);
    }
}
