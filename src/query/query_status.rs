//! What a path search reports besides its corridor. Failures that stop a
//! query before it answers (a null or stale reference, a coordinate outside
//! the coordinate rule) are errors ([`crate::NavMeshError::InvalidReference`],
//! [`crate::NavMeshError::OutOfRange`]); these are outcomes of a search
//! that ran.

/// How a path search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathStatus {
    /// The corridor reaches the goal polygon and is the cheapest under the
    /// filter's cost model.
    Complete,
    /// The goal cannot be reached: the corridor leads to the reached
    /// polygon nearest the goal.
    Partial,
    /// The node budget ran out before the search finished: the corridor
    /// leads to the goal if the search reached it (then it may not be the
    /// cheapest), else to the reached polygon nearest the goal.
    OutOfNodes,
}

/// How a straight path ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StraightPathStatus {
    /// The path runs through the whole corridor to the end position.
    Complete,
    /// Two consecutive corridor polygons are not connected (or one is
    /// stale): the path stops at the last connected polygon, at the point
    /// of it nearest the end position.
    Partial,
}

/// What a path search returns besides its corridor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathOutcome {
    pub status: PathStatus,
    /// The corridor's cost under the filter's cost model
    /// (`docs/QUERIES.md`): to the end position for a complete corridor,
    /// else to where the corridor's last polygon was entered.
    pub cost: f64,
}

/// How far a sliced search got in one update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SliceProgress {
    /// Nodes expanded in this update.
    pub iterations: usize,
    /// True once the search has finished; finalize it for the corridor.
    pub finished: bool,
}
