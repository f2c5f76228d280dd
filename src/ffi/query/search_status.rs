//! How a local search ended, as data: the `ONAV_SEARCH_*` values that
//! move_along_surface, the circle and neighbourhood searches, the distance
//! to the wall and the random point around a circle report.

use crate::query::search_status::SearchStatus;

/// Local search status: every polygon in reach was searched.
pub const ONAV_SEARCH_COMPLETE: i32 = 0;
/// Local search status: the node budget (the query's max_nodes) ran out;
/// the answer comes from the polygons reached before it did.
pub const ONAV_SEARCH_OUT_OF_NODES: i32 = 1;

/// The `ONAV_SEARCH_*` value of a local search's status.
pub(crate) fn search_status_code(status: SearchStatus) -> i32 {
    match status {
        SearchStatus::Complete => ONAV_SEARCH_COMPLETE,
        SearchStatus::OutOfNodes => ONAV_SEARCH_OUT_OF_NODES,
    }
}
