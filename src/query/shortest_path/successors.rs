//! Expanding a node of the exact search: what its root reaches in the
//! node's polygon. Each exit of each edge (the entry edge's other exits
//! included: at a tile border the path may come back across the same
//! line into another polygon) is split by the root's cone: the seen part
//! keeps the root; a part beyond a side gets a new root at that end of the
//! interval, if the end is a vertex at the end of a wall (Polyanya's
//! observable and non-observable successors; a taut path bends only round
//! a wall, `wall_ends.rs`). No node enters a region whose only way out
//! is back into the polygon left (`cut_regions.rs`: a dead end, a room
//! with one door) unless it holds the end. The end position, when
//! the polygon holds it, becomes a goal node at its length; each off-mesh link departing in
//! the polygon becomes a new root at its arrival, which sees its polygon
//! whole, at the length to the departure plus the link's 3D length.

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::crossing::{link_crossing, CrossingKind};
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::polygon_geometry::{distance, distance_xz};
use crate::query::query_filter::QueryFilter;
use crate::query::shortest_path::edge_exits::EdgeExit;
use crate::query::shortest_path::heuristic::lower_bound_through;
use crate::query::shortest_path::interval::{end_at, orient, Cone, Range, SegmentParts, SideLine, Sight};
use crate::query::shortest_path::mesh_components::{MeshComponents, NO_KEY};
use crate::query::shortest_path::search_frontier::{SearchFrontier, SeenAs};
use crate::query::shortest_path::search_node::{IntervalEnd, NodeView, SearchNode};
use crate::query::shortest_path::search_root::{SearchRoot, NO_ROOT};
use crate::stitch::links::LinkKind;

/// What one search looks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Goal<'f> {
    pub poly: PolyRef,
    pub position: [f64; 3],
    pub filter: &'f QueryFilter,
    /// The filter passes every polygon, so the mesh's walls are all the
    /// walls and a path turns only at their ends (and no exit needs the
    /// filter asked).
    pub walls_hold: bool,
    /// The end polygon's number for `Region::excludes` (`cut_regions.rs`).
    pub region: u32,
}

/// A turn made at most once per expansion: not tried yet, or its root
/// (`None` when the end is no vertex or was reached shorter).
type Turn = Option<Option<u32>>;

/// One expansion in progress: the node's polygon, root and cone (not the
/// node itself: only these are read, and copying less keeps them in
/// registers).
struct Expansion<'a> {
    frontier: &'a mut SearchFrontier,
    components: &'a MeshComponents,
    goal: &'a Goal<'a>,
    poly: PolyRef,
    root: u32,
    cone: Cone,
    /// The keys of the cone's right and left ends (through an interval):
    /// an end with a key is that vertex, the guide of its side's line.
    end_keys: (u32, u32),
    right_turn: Turn,
    left_turn: Turn,
}

impl Expansion<'_> {
    /// The root that reaches what lies at `sight`.
    #[inline(always)]
    fn root_for(&mut self, sight: Sight) -> Option<u32> {
        let (turn, end) = match (sight, self.cone) {
            (Sight::Seen, _) | (_, Cone::Whole) => return Some(self.root),
            (Sight::Right, Cone::Through { right, .. }) => {
                (&mut self.right_turn, IntervalEnd { point: right.guide, key: self.end_keys.0 })
            }
            (Sight::Left, Cone::Through { left, .. }) => {
                (&mut self.left_turn, IntervalEnd { point: left.guide, key: self.end_keys.1 })
            }
        };
        let may_turn = !self.goal.walls_hold || self.components.is_wall_end(end.key);
        *turn.get_or_insert_with(|| if may_turn { self.frontier.turn(self.root, end, self.poly) } else { None })
    }

    /// The root reaching `p` and the length to `p` through it.
    fn reach(&mut self, p: [f64; 3]) -> Option<(u32, f64)> {
        let sides = self.cone.sides(p);
        let mut sight = sides.sight();
        if sight == Sight::Seen && sides.on_both() {
            if let Some(line) = self.edge_on().filter(|line| !line.reached(p)) {
                sight = line.near_sight;
            }
        }
        let root = self.root_for(sight)?;
        let at = self.frontier.roots[root as usize];
        Some((root, at.g + distance_xz(at.position, p)))
    }

    /// Offers the parts of `exit` right of the cone, seen, and left of it,
    /// in that order.
    #[inline(always)]
    fn offer_exit(&mut self, exit: &EdgeExit) {
        if exit.behind.excludes(self.goal.region) {
            return;
        }
        let (at_start, at_end) = (self.cone.sides(exit.start.point), self.cone.sides(exit.end.point));
        let parts = SegmentParts::between(at_start, at_end);
        if let Some(range) = parts.right {
            let beyond = self.beyond();
            self.offer_part(exit, range, Sight::Right, (beyond, beyond));
        }
        if let Some(range) = parts.seen {
            if self.root_lies_across(exit) {
                self.offer_turn_onto(exit, Sight::Right);
                self.offer_turn_onto(exit, Sight::Left);
            } else if let Some(line) = (at_start.on_both() && at_end.on_both()).then(|| self.edge_on()).flatten() {
                let (short, beyond) = Self::split_at_near_end(exit, line);
                if let Some(short) = short {
                    let cuts = (SideLine::through(short.start.point), SideLine::through(short.end.point));
                    self.offer_part(&short, (0.0, 1.0), line.near_sight, cuts);
                }
                if let Some(beyond) = beyond {
                    let cuts = (SideLine::through(beyond.start.point), SideLine::through(beyond.end.point));
                    self.offer_part(&beyond, (0.0, 1.0), Sight::Seen, cuts);
                }
            } else {
                let cuts = (self.cone.cut_line(exit.start.point, at_start), self.cone.cut_line(exit.end.point, at_end));
                self.offer_part(exit, range, Sight::Seen, cuts);
            }
        }
        if let Some(range) = parts.left {
            let beyond = self.beyond();
            self.offer_part(exit, range, Sight::Left, (beyond, beyond));
        }
    }

    /// The line a part beyond a side is cut by: seen from the root turned
    /// at that side's end, the side's line continued.
    #[inline(always)]
    fn beyond(&self) -> SideLine {
        SideLine::beyond(self.frontier.roots[self.root as usize].position)
    }

    /// A node for the part `(t0, t1)` of `exit`, which lies at `sight` and
    /// is cut by the lines `cuts` where its ends lie inside the exit.
    #[inline(always)]
    fn offer_part(&mut self, exit: &EdgeExit, (t0, t1): Range, sight: Sight, cuts: (SideLine, SideLine)) {
        let Some(root) = self.root_for(sight) else { return };
        let (right_at, right) = end_at(exit.start, exit.end, t0, cuts.0);
        let (left_at, left) = end_at(exit.start, exit.end, t1, cuts.1);
        let at = self.frontier.roots[root as usize];
        let root_side = orient(right_at, left_at, at.position);
        let (bound, view) = if lies_on(root_side, at.position, right_at, left_at) {
            if self.root_beyond_entry(sight) || !self.frontier.first_sight(root, exit.target, SeenAs::Whole) {
                return;
            }
            (distance_xz(at.position, self.goal.position), NodeView::Whole)
        } else {
            if root_side == 0.0 && !self.frontier.first_sight(root, exit.target, SeenAs::edge_on(right_at, left_at)) {
                return;
            }
            let bound = lower_bound_through(at.position, (right_at, left_at), root_side, self.goal.position);
            (bound, NodeView::Interval { right, left, entry_edge: exit.target_edge, from: self.poly })
        };
        self.frontier.push(SearchNode { poly: exit.target, view, root }, at.g + bound);
    }

    /// True when the root reaching a part at `sight` is the node's own
    /// root seen through its interval, which lies beyond the entry and not
    /// in the polygon ([`Cone::Through`]). Such a root on an exit part, in
    /// X/Z, is not on the polygon's boundary but on a floor stacked over
    /// it, where the path came from along the entry's line: the target is
    /// not reached from there. (The part beyond a side, from the cone's
    /// end, reaches it the way the path goes.)
    #[inline(always)]
    fn root_beyond_entry(&self, sight: Sight) -> bool {
        sight == Sight::Seen && matches!(self.cone, Cone::Through { .. })
    }

    /// The cone's line when it is edge-on (the root on the line of its
    /// interval, so both side lines are that one line), else `None`.
    #[inline(always)]
    fn edge_on(&self) -> Option<EdgeOn> {
        let Cone::Through { root, right, left } = self.cone else { return None };
        if right.reversed || left.reversed || orient(root, right.guide, left.guide) != 0.0 {
            return None;
        }
        let (dx, dz) = (right.guide[0] - root[0], right.guide[2] - root[2]);
        let axis = if dx.abs() >= dz.abs() { 0 } else { 2 };
        let line = EdgeOn {
            axis,
            forward: right.guide[axis] >= root[axis],
            near: IntervalEnd { point: root, key: NO_KEY },
            near_sight: Sight::Right,
        };
        let (near, near_sight) = if line.ahead(right.guide) <= line.ahead(left.guide) {
            (IntervalEnd { point: right.guide, key: self.end_keys.0 }, Sight::Right)
        } else {
            (IntervalEnd { point: left.guide, key: self.end_keys.1 }, Sight::Left)
        };
        Some(EdgeOn { near, near_sight, ..line })
    }

    /// An exit along an edge-on cone's line split at the interval's nearer
    /// end, which is where the path along the line came into the polygon:
    /// the part short of it and the part at or beyond it, `None` where
    /// nothing is. A point of the line nearer the root is on the polygons
    /// the path passed before, which on floors stacked over a tile border
    /// are not this polygon's floor: the path reaches it by turning at the
    /// nearer end and coming back along the line inside the polygon.
    fn split_at_near_end(exit: &EdgeExit, line: EdgeOn) -> (Option<EdgeExit>, Option<EdgeExit>) {
        match (line.reached(exit.start.point), line.reached(exit.end.point)) {
            (true, true) => (None, Some(*exit)),
            (false, false) => (Some(*exit), None),
            (false, true) => (Some(EdgeExit { end: line.near, ..*exit }), Some(EdgeExit { start: line.near, ..*exit })),
            (true, false) => (Some(EdgeExit { start: line.near, ..*exit }), Some(EdgeExit { end: line.near, ..*exit })),
        }
    }

    /// True when the root lies strictly on the far side of a portal
    /// `exit`'s line, the target's side. The path came into the polygon
    /// over that line (a tile border), so no straight line from the root
    /// crosses it back: a target there is another layer stacked over the
    /// root's own (two floors of one tile column, both joined to the
    /// neighbour tile's polygon across the border). Seen from there the
    /// cone's sides are swapped, and its test, by the sides alone, would
    /// call the target's points in the wedge behind the root seen. An
    /// in-tile exit leads onto the polygon's own layer, where the root
    /// lies across only at a corner the entry edge shares.
    #[inline(always)]
    fn root_lies_across(&self, exit: &EdgeExit) -> bool {
        !exit.in_tile
            && orient(exit.start.point, exit.end.point, self.frontier.roots[self.root as usize].position) < 0.0
    }

    /// The target of `exit`, whose root lies across its line, reached by
    /// turning at the cone's end at `sight` (where a path may turn: a wall
    /// end, `root_for`): seen whole from there when that end lies on the
    /// exit (the target's boundary). A path that bends onto the other
    /// layer elsewhere on the border is not found (docs/QUERIES.md,
    /// "layers joined over a tile border").
    fn offer_turn_onto(&mut self, exit: &EdgeExit, sight: Sight) {
        let Some(root) = self.root_for(sight) else { return };
        let at = self.frontier.roots[root as usize];
        let (a, b) = (exit.start.point, exit.end.point);
        if lies_on(orient(a, b, at.position), at.position, a, b)
            && self.frontier.first_sight(root, exit.target, SeenAs::Whole)
        {
            let bound = distance_xz(at.position, self.goal.position);
            self.frontier.push(SearchNode { poly: exit.target, view: NodeView::Whole, root }, at.g + bound);
        }
    }

    fn offer_goal(&mut self) {
        if let Some((root, length)) = self.reach(self.goal.position) {
            self.frontier.push(SearchNode { poly: self.goal.poly, view: NodeView::Goal, root }, length);
        }
    }
}

/// An edge-on cone's line ([`Expansion::edge_on`]): the axis that orders
/// its points (X or Z, whichever the line runs more along, so comparing
/// that coordinate orders the exactly collinear points exactly), its
/// direction from the root, and the interval's end nearer the root.
#[derive(Debug, Clone, Copy)]
struct EdgeOn {
    axis: usize,
    /// The line runs toward larger values of `axis` from the root.
    forward: bool,
    near: IntervalEnd,
    /// The side whose end `near` is (a turn there is that side's).
    near_sight: Sight,
}

impl EdgeOn {
    /// How far along the line `p` lies (in the line's direction).
    fn ahead(&self, p: [f64; 3]) -> f64 {
        if self.forward {
            p[self.axis]
        } else {
            -p[self.axis]
        }
    }

    /// True when the path along the line has reached `p` (a point of the
    /// line) inside the polygon: at or beyond the interval's nearer end.
    fn reached(&self, p: [f64; 3]) -> bool {
        self.ahead(p) >= self.ahead(self.near.point)
    }
}

/// True when `p` lies on the segment `a`–`b` in X/Z (exactly), given
/// `side`, `orient(a, b, p)`: a root there is on the boundary of the
/// polygon beyond and sees it whole.
#[inline(always)]
fn lies_on(side: f64, p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> bool {
    let within = |axis: usize| a[axis].min(b[axis]) <= p[axis] && p[axis] <= a[axis].max(b[axis]);
    side == 0.0 && within(0) && within(2)
}

/// Expands node `index` (an interval or whole-polygon node) of `frontier`.
pub(crate) fn expand(
    mesh: &TiledNavMesh,
    components: &MeshComponents,
    frontier: &mut SearchFrontier,
    goal: &Goal<'_>,
    index: u32,
) {
    let SearchNode { poly, view, root } = frontier.nodes[index as usize];
    let position = frontier.roots[root as usize].position;
    let (cone, end_keys, entry) = match view {
        NodeView::Interval { right, left, entry_edge, from } => {
            let cone = Cone::Through { root: position, right: right.line(), left: left.line() };
            (cone, (right.key(), left.key()), Some((entry_edge, from)))
        }
        NodeView::Whole | NodeView::Goal => (Cone::Whole, (NO_KEY, NO_KEY), None),
    };
    let (exits, off_mesh) = components.exits(poly);
    let mut expansion =
        Expansion { frontier, components, goal, poly, root, cone, end_keys, right_turn: None, left_turn: None };
    if poly == goal.poly {
        expansion.offer_goal();
    }
    for exit in exits {
        let passes = goal.walls_hold || goal.filter.passes(exit.flags, exit.area);
        if passes && !leads_back(entry, exit) {
            expansion.offer_exit(exit);
        }
    }
    if off_mesh {
        offer_links(mesh, components, &mut expansion);
    }
}

/// True when `exit` goes back the way the node came in (`entry`: its edge
/// and the polygon before): an in-tile edge's only exit, or at a tile
/// border the exit into that polygon (the edge's other exits lead on).
#[inline(always)]
fn leads_back(entry: Option<(u8, PolyRef)>, exit: &EdgeExit) -> bool {
    matches!(entry, Some((edge, from)) if edge == exit.edge && (exit.in_tile || exit.target == from))
}

/// The off-mesh links departing in the node's polygon, each a root at its
/// arrival seeing the landing polygon whole: out of line, as few polygons
/// have them.
#[inline(never)]
fn offer_links(mesh: &TiledNavMesh, components: &MeshComponents, expansion: &mut Expansion<'_>) {
    let filter = expansion.goal.filter;
    let polygon = QueryPolygon::of(mesh, expansion.poly).expect("nodes name polygons of the frozen mesh");
    for link in polygon.links() {
        let reverse = match link.kind {
            LinkKind::Portal => continue,
            LinkKind::OffMesh => false,
            LinkKind::OffMeshReverse => true,
        };
        let Some(crossing) = link_crossing(mesh, &polygon, &link) else { continue };
        let Some(target) = mesh.polygon_record(link.target) else { continue };
        if link.target == expansion.poly || !crossing.passes(filter, target.flags, target.area) {
            continue;
        }
        debug_assert!(matches!(crossing.kind, CrossingKind::OffMesh { .. }));
        let Some((departure_root, to_departure)) = expansion.reach(crossing.start) else { continue };
        let owner = if reverse { link.target } else { expansion.poly };
        let arrival = SearchRoot {
            position: crossing.end,
            parent: departure_root,
            poly: link.target,
            g: to_departure + distance(crossing.start, crossing.end),
            key: components.link_key(owner, link.off_mesh_index, reverse),
            departure: Some(crossing.start),
            seen: NO_ROOT,
        };
        let Some(root) = expansion.frontier.add_root(arrival) else { continue };
        if !expansion.frontier.first_sight(root, link.target, SeenAs::Whole) {
            continue;
        }
        let f = arrival.g + distance_xz(arrival.position, expansion.goal.position);
        expansion.frontier.push(SearchNode { poly: link.target, view: NodeView::Whole, root }, f);
    }
}
