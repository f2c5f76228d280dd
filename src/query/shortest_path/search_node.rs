//! `SearchNode`: one node of the exact search, a root (the last place the
//! path turned at, or the start, or an off-mesh arrival) and the interval
//! of an edge through which the root sees into the next polygon; or a
//! polygon the root sees whole (the start polygon, an arrival's polygon);
//! or the goal reached at a known length.

use crate::mesh::poly_ref::PolyRef;

/// One end of an interval: where it is, and the key of the vertex it is
/// (the search may turn there), or [`super::mesh_components::NO_KEY`] for
/// a point where a line of sight crosses an edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct IntervalEnd {
    pub point: [f64; 3],
    pub key: u32,
}

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum NodeView {
    /// The root sees the polygon through the interval `right`–`left` (ends
    /// as a walker entering the polygon has them) on the polygon's edge
    /// `entry_edge`, entered from the polygon `from`.
    Interval { right: IntervalEnd, left: IntervalEnd, entry_edge: u8, from: PolyRef },
    /// The root lies in the polygon (or on its boundary) and sees it whole.
    Whole,
    /// The root reaches the end position; the node's cost is the length.
    Goal,
}

/// One node: the polygon it leads into, its view and its root (an index
/// into the search's roots, which holds the length to it). The lower bound
/// of the length through the node to the end is its open-list key only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SearchNode {
    pub poly: PolyRef,
    pub view: NodeView,
    pub root: u32,
}
