//! The searches of the local queries: one node per polygon (keyed with a
//! null "entered from", unlike the path search's nodes), created when the
//! search first reaches it, and the checks every search makes of its start
//! and radius.
//!
//! A breadth-first search needs no queue: nodes are numbered in creation
//! order, so expanding them by number is breadth-first order. A Dijkstra
//! search keeps its frontier in the open list, keyed by the cost from the
//! start, so equal costs leave in creation order on every platform.

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::node_pool::{Node, NodePool, NodeState, NO_NODE};
use crate::query::open_list::OpenList;
use crate::query::query_filter::QueryFilter;

/// What [`reach`] found.
pub(crate) enum Reached {
    /// A node made now.
    New(u32),
    /// The node the polygon already has.
    Known(u32),
    /// The polygon has no node and the budget is spent.
    OutOfNodes,
}

fn node(poly: PolyRef, parent: u32, position: [f64; 3], cost: f64) -> Node {
    Node { poly, from: PolyRef::NULL, parent, position, cost, total: cost, state: NodeState::Open, area: 0 }
}

/// Forgets the last search and makes the start node (number 0), open.
pub(crate) fn start(nodes: &mut NodePool, open: &mut OpenList, poly: PolyRef, position: [f64; 3]) -> u32 {
    nodes.start_search(nodes.capacity());
    open.clear();
    nodes.create(node(poly, NO_NODE, position, 0.0)).expect("a pool holds at least one node")
}

/// How many nodes the search has made: node numbers run below it.
pub(crate) fn created(nodes: &NodePool) -> u32 {
    nodes.nodes().len() as u32
}

/// The node of `poly`, made (open, with these values) if it has none.
pub(crate) fn reach(nodes: &mut NodePool, poly: PolyRef, parent: u32, position: [f64; 3], cost: f64) -> Reached {
    match nodes.find(poly, PolyRef::NULL) {
        Some(index) => Reached::Known(index),
        None => nodes.create(node(poly, parent, position, cost)).map_or(Reached::OutOfNodes, Reached::New),
    }
}

/// The Dijkstra step: reaches `poly` from node `parent` at `cost`,
/// entering at `position`, and opens it or lowers its cost; false when the
/// polygon has no node and the budget is spent.
pub(crate) fn relax(
    nodes: &mut NodePool,
    open: &mut OpenList,
    parent: u32,
    poly: PolyRef,
    position: [f64; 3],
    cost: f64,
) -> bool {
    match reach(nodes, poly, parent, position, cost) {
        Reached::New(index) => open.push(nodes, index),
        Reached::Known(index) => {
            let known = nodes.get_mut(index);
            if known.state == NodeState::Open && cost < known.cost {
                *known = node(poly, parent, position, cost);
                open.decreased(nodes, index);
            }
        }
        Reached::OutOfNodes => return false,
    }
    true
}

/// The cheapest open node, now closed.
pub(crate) fn close_cheapest(nodes: &mut NodePool, open: &mut OpenList) -> Option<u32> {
    open.pop(nodes)
}

/// The reference of node `index`'s parent ([`PolyRef::NULL`] for the start).
pub(crate) fn parent_ref(nodes: &NodePool, index: u32) -> PolyRef {
    match nodes.get(index).parent {
        NO_NODE => PolyRef::NULL,
        parent => nodes.get(parent).poly,
    }
}

/// Replaces `out` with the polygons from the start to node `index`.
pub(crate) fn path_to(nodes: &NodePool, index: u32, out: &mut Vec<PolyRef>) {
    out.clear();
    let mut at = index;
    while at != NO_NODE {
        out.push(nodes.get(at).poly);
        at = nodes.get(at).parent;
    }
    out.reverse();
}

/// A search starts in a polygon the filter passes; else an out-of-range
/// error naming the polygon's flags and area.
pub(crate) fn check_start(filter: &QueryFilter, start_ref: PolyRef, polygon: &QueryPolygon<'_>) -> Result<()> {
    let (flags, area) = (polygon.view.record.flags, polygon.view.record.area);
    if filter.passes(flags, area) {
        return Ok(());
    }
    Err(NavMeshError::out_of_range(format!(
        "start_ref {:#x} (flags {flags:#06x}, area {area}) does not pass the filter",
        start_ref.0
    )))
}

/// Checks a search radius: finite and ≥ 0, else an out-of-range error.
pub(crate) fn check_radius(name: &str, radius: f64) -> Result<()> {
    if radius.is_finite() && radius >= 0.0 {
        return Ok(());
    }
    Err(NavMeshError::out_of_range(format!("{name} = {radius:?} is not a finite value ≥ 0")))
}
