//! What a search reports besides its answer, as data: the `ONAV_PATH_*`
//! status values, `OnavPathOutcome` and `OnavSliceProgress`. A query that
//! cannot run fails with a status code instead (ONAV_E_INVALID_REFERENCE,
//! ONAV_E_OUT_OF_RANGE, ...).

use crate::query::query_status::{PathOutcome, PathStatus, SliceProgress, StraightPathStatus};

/// Path status: the corridor (or straight path) reaches the goal; a
/// corridor is then the cheapest under the filter's costs.
pub const ONAV_PATH_COMPLETE: i32 = 0;
/// Path status: the goal cannot be reached (or a sliced search was
/// finalized early): the corridor leads to the reached polygon nearest the
/// goal. For a straight path: two corridor neighbours are not joined, and
/// the path stops in the last joined polygon.
pub const ONAV_PATH_PARTIAL: i32 = 1;
/// Path status: the node budget ran out; the corridor leads to the goal if
/// the search reached it (then maybe not the cheapest), else as partial.
pub const ONAV_PATH_OUT_OF_NODES: i32 = 2;

/// The `ONAV_PATH_*` value of a path search's status.
pub(crate) fn path_status_code(status: PathStatus) -> i32 {
    match status {
        PathStatus::Complete => ONAV_PATH_COMPLETE,
        PathStatus::Partial => ONAV_PATH_PARTIAL,
        PathStatus::OutOfNodes => ONAV_PATH_OUT_OF_NODES,
    }
}

/// The `ONAV_PATH_*` value of a straight path's status.
pub(crate) fn straight_path_status_code(status: StraightPathStatus) -> i32 {
    match status {
        StraightPathStatus::Complete => ONAV_PATH_COMPLETE,
        StraightPathStatus::Partial => ONAV_PATH_PARTIAL,
    }
}

/// How a path search ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavPathOutcome {
    /// ONAV_PATH_COMPLETE, ONAV_PATH_PARTIAL or ONAV_PATH_OUT_OF_NODES.
    pub status: i32,
    /// The corridor's cost under the filter's cost model (docs/QUERIES.md):
    /// to the end position for a complete corridor, else to where its last
    /// polygon was entered.
    pub cost: f64,
}

impl From<PathOutcome> for OnavPathOutcome {
    fn from(outcome: PathOutcome) -> Self {
        OnavPathOutcome { status: path_status_code(outcome.status), cost: outcome.cost }
    }
}

/// How far a sliced search got in one update.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavSliceProgress {
    /// Nodes expanded in this update.
    pub iterations: u32,
    /// 1 once the search has finished (finalize it for the corridor), else 0.
    pub finished: u8,
}

impl From<SliceProgress> for OnavSliceProgress {
    fn from(progress: SliceProgress) -> Self {
        OnavSliceProgress {
            // At most the uint32_t the caller allowed.
            iterations: progress.iterations as u32,
            finished: u8::from(progress.finished),
        }
    }
}
