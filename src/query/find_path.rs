//! `find_path`: A* over polygons from a start polygon to an end polygon,
//! returning the polygon corridor.
//!
//! The cost model is `docs/QUERIES.md`'s: a node is a polygon entered
//! through one crossing (`crossing.rs`), placed where the
//! crossing enters it; a step costs the 3D distance from the node to the
//! next crossing times the area cost of the polygon it runs in (plus the
//! link's 3D length times its area cost for an off-mesh link), and reaching
//! the end polygon adds the distance on to the end position times the end
//! polygon's area cost. The heuristic, the straight distance to the end
//! times the filter's cheapest area cost, never overestimates and never
//! drops by more than a step costs, so the first time the end polygon
//! leaves the open list its cost is the least. Equal totals leave in node
//! creation order, so the corridor is the same on every platform.

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::crossing::{collect_crossings, BackStep, CrossingKind};
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::node_pool::{Node, NodePool, NodeState, NO_NODE};
use crate::query::polygon_geometry::distance;
use crate::query::query_filter::QueryFilter;
use crate::query::query_status::{PathOutcome, PathStatus};

/// Where a search stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// No search, or the last one was finalized.
    Idle,
    Running,
    /// The open list emptied or the end polygon left it.
    Finished,
}

/// The state of the current search between slices.
#[derive(Debug, Clone)]
pub(crate) struct PathSearch {
    pub phase: Phase,
    end_ref: PolyRef,
    end: [f64; 3],
    filter: QueryFilter,
    /// The node nearest the end position (the partial corridor's end).
    best: u32,
    /// The straight distance from `best`'s position to the end position
    /// (kept here rather than in every node, which then fits 64 bytes).
    best_distance: f64,
    /// The end polygon's node once it left the open list.
    goal: u32,
    out_of_nodes: bool,
}

impl Default for PathSearch {
    fn default() -> Self {
        PathSearch {
            phase: Phase::Idle,
            end_ref: PolyRef::NULL,
            end: [0.0; 3],
            filter: QueryFilter::default(),
            best: NO_NODE,
            best_distance: f64::INFINITY,
            goal: NO_NODE,
            out_of_nodes: false,
        }
    }
}

/// True when a node created now, `distance` from the end position and
/// costing `cost`, is a better partial end than `best` (`best_distance`
/// from the end): nearer the end position, then cheaper (then created
/// first, which `best` was).
fn nearer_goal(nodes: &NodePool, (distance, cost): (f64, f64), best: u32, best_distance: f64) -> bool {
    distance.total_cmp(&best_distance).then(cost.total_cmp(&nodes.get(best).cost)).is_lt()
}

/// True when an expanded node of the same polygon reaches node `index`'s
/// position, walking straight across the polygon, for no more than
/// `index` cost: then every way on from `index` costs at least as much
/// from that node (triangle inequality), and that node has offered them
/// all already (docs/QUERIES.md, "Dominated entries").
fn is_dominated(nodes: &NodePool, index: u32, filter: &QueryFilter) -> bool {
    let node = nodes.get(index);
    nodes
        .of_polygon(node.poly)
        .map(|other| nodes.get(other))
        .filter(|other| other.state == NodeState::Closed && other.from != node.from)
        .any(|other| other.cost + filter.cost(node.area, distance(other.position, node.position)) <= node.cost)
}

impl NavMeshQuery {
    /// The cheapest corridor from `start_ref` (holding `start`) to
    /// `end_ref` (holding `end`) under `filter`, into `corridor` (replaced;
    /// its first polygon is `start_ref`), creating at most `budget` nodes.
    ///
    /// The outcome says whether the corridor is complete, partial (the end
    /// cannot be reached: it leads to the reached polygon nearest the end)
    /// or cut short by the budget, and what it costs. Errors: invalid
    /// reference for a null or stale `start_ref` or `end_ref`; out of range
    /// for a position outside the coordinate rule, a budget of 0 or above
    /// [`Self::max_nodes`], or a start polygon the filter does not pass.
    #[allow(clippy::too_many_arguments)]
    pub fn find_path(
        &mut self,
        start_ref: PolyRef,
        end_ref: PolyRef,
        start: [f64; 3],
        end: [f64; 3],
        filter: &QueryFilter,
        budget: usize,
        corridor: &mut Vec<PolyRef>,
    ) -> Result<PathOutcome> {
        self.init_sliced_find_path(start_ref, end_ref, start, end, filter, budget)?;
        self.update_sliced_find_path(usize::MAX)?;
        self.finalize_sliced_find_path(corridor)
    }

    /// Checks the arguments and places the start node; the search then runs
    /// by [`Self::search_step`].
    pub(crate) fn start_search(
        &mut self,
        (start_ref, end_ref): (PolyRef, PolyRef),
        (start, end): ([f64; 3], [f64; 3]),
        filter: &QueryFilter,
        budget: usize,
    ) -> Result<()> {
        check_position("start", start)?;
        check_position("end", end)?;
        if budget == 0 || budget > self.max_nodes() {
            return Err(NavMeshError::out_of_range(format!(
                "budget = {budget} is not within 1..={} (the query's max_nodes)",
                self.max_nodes()
            )));
        }
        let start_polygon = self.polygon_or_error(start_ref, "start_ref")?;
        let (flags, area) = (start_polygon.view.record.flags, start_polygon.view.record.area);
        self.polygon_or_error(end_ref, "end_ref")?;
        if !filter.passes(flags, area) {
            return Err(NavMeshError::out_of_range(format!(
                "start_ref {:#x} (flags {flags:#06x}, area {area}) does not pass the filter",
                start_ref.0
            )));
        }
        self.search =
            PathSearch { phase: Phase::Running, end_ref, end, filter: filter.clone(), ..PathSearch::default() };
        self.nodes.start_search(budget);
        self.open.clear();
        let to_end = distance(start, end);
        let at_end = start_ref == end_ref;
        let cost = if at_end { filter.cost(area, to_end) } else { 0.0 };
        let total = if at_end { cost } else { to_end * filter.heuristic_scale() };
        let node = Node {
            poly: start_ref,
            from: PolyRef::NULL,
            parent: NO_NODE,
            position: start,
            cost,
            total,
            state: NodeState::Open,
            area,
        };
        let index = self.nodes.create(node).expect("a budget of at least one node");
        self.open.push(&self.nodes, index);
        (self.search.best, self.search.best_distance) = (index, to_end);
        Ok(())
    }

    /// Expands the cheapest open node; finishes the search when the open
    /// list is empty or that node is in the end polygon.
    pub(crate) fn search_step(&mut self) {
        let NavMeshQuery { mesh, nodes, open, search, crossings, .. } = self;
        let Some(current) = open.pop(nodes) else {
            search.phase = Phase::Finished;
            return;
        };
        let node = *nodes.get(current);
        if node.poly == search.end_ref {
            search.goal = current;
            search.phase = Phase::Finished;
            return;
        }
        if is_dominated(nodes, current, &search.filter) {
            return;
        }
        // Nodes are created only for polygons of the query's frozen mesh.
        let polygon = QueryPolygon::of(mesh, node.poly).expect("a node's polygon is in the frozen mesh");
        let own_area = polygon.view.record.area;
        let filter = &search.filter;
        // Back into the polygon the node was entered from, at the very
        // point it was entered: that costs nothing, and every way on from
        // there costs at least what it costs from the node that made this
        // one (triangle inequality), so the step can make no cheaper
        // corridor (docs/QUERIES.md, "Back-steps"); it is not even placed.
        let back = BackStep { from: node.from, position: node.position };
        collect_crossings(mesh, node.poly, &polygon, back, crossings);
        for crossing in crossings.iter() {
            let entry = crossing.entry();
            let target = if crossing.target.tile_ref() == node.poly.tile_ref() {
                polygon.sibling_record(crossing.target.polygon() as usize)
            } else {
                mesh.polygon_record(crossing.target)
            };
            let Some(target) = target else { continue };
            if !crossing.passes(filter, target.flags, target.area) {
                continue;
            }
            let mut cost = node.cost
                + match crossing.kind {
                    CrossingKind::Edge => filter.cost(own_area, distance(node.position, entry)),
                    CrossingKind::OffMesh { area, .. } => {
                        filter.cost(own_area, distance(node.position, crossing.start))
                            + filter.cost(area, distance(crossing.start, crossing.end))
                    }
                };
            let to_end = distance(entry, search.end);
            let total = if crossing.target == search.end_ref {
                cost += filter.cost(target.area, to_end);
                cost
            } else {
                cost + to_end * filter.heuristic_scale()
            };
            match nodes.find(crossing.target, node.poly) {
                Some(index) => {
                    let known = nodes.get_mut(index);
                    if known.state == NodeState::Open && total < known.total {
                        (known.cost, known.total, known.parent) = (cost, total, current);
                        open.decreased(nodes, index);
                    }
                }
                None => {
                    let created = Node {
                        poly: crossing.target,
                        from: node.poly,
                        parent: current,
                        position: entry,
                        cost,
                        total,
                        state: NodeState::Open,
                        area: target.area,
                    };
                    let Some(index) = nodes.create(created) else {
                        search.out_of_nodes = true;
                        continue;
                    };
                    open.push(nodes, index);
                    if nearer_goal(nodes, (to_end, cost), search.best, search.best_distance) {
                        (search.best, search.best_distance) = (index, to_end);
                    }
                }
            }
        }
    }

    /// The corridor to the goal (or, when the search did not reach it, to
    /// `fallback`), into `corridor`, with its outcome; ends the search.
    pub(crate) fn finish_search(&mut self, fallback: Option<u32>, corridor: &mut Vec<PolyRef>) -> PathOutcome {
        let search = &self.search;
        let reached = search.goal != NO_NODE;
        let last = if reached { search.goal } else { fallback.unwrap_or(search.best) };
        let status = match (search.out_of_nodes, reached) {
            (true, _) => PathStatus::OutOfNodes,
            (false, true) => PathStatus::Complete,
            (false, false) => PathStatus::Partial,
        };
        corridor.clear();
        let mut at = last;
        while at != NO_NODE {
            corridor.push(self.nodes.get(at).poly);
            at = self.nodes.get(at).parent;
        }
        corridor.reverse();
        self.search.phase = Phase::Idle;
        PathOutcome { status, cost: self.nodes.get(last).cost }
    }

    /// Among the reached nodes, the cheapest in the polygon latest in
    /// `existing` that the search reached (ties to the first created).
    pub(crate) fn furthest_reached(&self, existing: &[PolyRef]) -> Option<u32> {
        existing.iter().rev().find_map(|&poly| {
            let nodes = self.nodes.nodes();
            let in_poly = (0..nodes.len() as u32).filter(|&i| nodes[i as usize].poly == poly);
            in_poly.min_by(|&a, &b| nodes[a as usize].cost.total_cmp(&nodes[b as usize].cost).then(a.cmp(&b)))
        })
    }
}
