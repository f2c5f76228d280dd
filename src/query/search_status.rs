//! How a local search ended ([`crate::NavMeshQuery::move_along_surface`],
//! the circle and neighbourhood searches, the distance to the wall and the
//! random point around a circle). Failures that stop a query before it
//! answers (a null or stale reference, a coordinate outside the coordinate
//! rule, a negative or non-finite radius) are errors, as for the path
//! searches.

/// How a local search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchStatus {
    /// Every polygon the search could reach was searched.
    Complete,
    /// The node budget ([`crate::NavMeshQuery::max_nodes`]) ran out: the
    /// answer is from the polygons reached before it did.
    OutOfNodes,
}
