//! `SearchNode`: one node of the exact search, a root (the last place the
//! path turned at, or the start, or an off-mesh arrival) and the interval
//! of an edge through which the root sees into the next polygon; or a
//! polygon the root sees whole (the start polygon, an arrival's polygon);
//! or the goal reached at a known length.

use crate::mesh::poly_ref::PolyRef;
use crate::query::shortest_path::interval::SideLine;
use crate::query::shortest_path::mesh_components::NO_KEY;

/// One end of an interval: where it is, and the key of the vertex it is
/// (the search may turn there), or [`super::mesh_components::NO_KEY`] for
/// a point where a line of sight crosses an edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct IntervalEnd {
    pub point: [f64; 3],
    pub key: u32,
}

/// One end of a node's interval as the node keeps it: the line of the
/// cone's side there, and the key of the vertex the end is (the line then
/// runs through that vertex, its guide) or [`NO_KEY`] for a point where a
/// side line cuts an edge. Such a point's placed position serves only the
/// node's bound, worked out when the node is made, so it is not kept and
/// an end is no larger than an [`IntervalEnd`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ConeEnd {
    guide: [f64; 3],
    key: u32,
    reversed: bool,
}

impl ConeEnd {
    /// An end at the vertex `end`: the ray through it.
    #[inline(always)]
    pub fn vertex(end: IntervalEnd) -> ConeEnd {
        ConeEnd { guide: end.point, key: end.key, reversed: false }
    }

    /// An end where `line` cuts an edge.
    #[inline(always)]
    pub fn cut(line: SideLine) -> ConeEnd {
        ConeEnd { guide: line.guide, key: NO_KEY, reversed: line.reversed }
    }

    #[inline(always)]
    pub fn line(&self) -> SideLine {
        SideLine { guide: self.guide, reversed: self.reversed }
    }

    /// The vertex's key, or [`NO_KEY`] for a cut.
    #[inline(always)]
    pub fn key(&self) -> u32 {
        self.key
    }
}

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum NodeView {
    /// The root sees the polygon through the interval `right`–`left` (ends
    /// as a walker entering the polygon has them) on the polygon's edge
    /// `entry_edge`, entered from the polygon `from`.
    Interval { right: ConeEnd, left: ConeEnd, entry_edge: u8, from: PolyRef },
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
