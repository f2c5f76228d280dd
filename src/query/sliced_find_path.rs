//! The sliced form of [`NavMeshQuery::find_path`], for frame budgets:
//! `init`, then `update` with a number of node expansions per call until it
//! reports the search finished, then `finalize` for the corridor. It runs
//! the same search as `find_path` (which is `init`, one unbounded `update`
//! and `finalize`), so both give the same corridor. The query reads a
//! frozen version of the mesh, so no tile can leave in the middle of a
//! search; moving the query to another version ([`NavMeshQuery::set_mesh`])
//! ends the search.

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::find_path::Phase;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_filter::QueryFilter;
use crate::query::query_status::{PathOutcome, SliceProgress};

impl NavMeshQuery {
    /// Starts a search as [`Self::find_path`] describes (same arguments
    /// and errors) and expands nothing yet; a search in progress is
    /// dropped.
    pub fn init_sliced_find_path(
        &mut self,
        start_ref: PolyRef,
        end_ref: PolyRef,
        start: [f64; 3],
        end: [f64; 3],
        filter: &QueryFilter,
        budget: usize,
    ) -> Result<()> {
        self.start_search((start_ref, end_ref), (start, end), filter, budget)
    }

    /// Expands at most `max_iterations` nodes. Without a search started by
    /// [`Self::init_sliced_find_path`] (or after it was finalized) it is an
    /// invalid-operation error.
    pub fn update_sliced_find_path(&mut self, max_iterations: usize) -> Result<SliceProgress> {
        self.check_search_started("update")?;
        let mut iterations = 0;
        while iterations < max_iterations && self.search.phase == Phase::Running {
            self.search_step();
            iterations += 1;
        }
        Ok(SliceProgress { iterations, finished: self.search.phase == Phase::Finished })
    }

    /// The corridor of the search into `corridor` (replaced) and its
    /// outcome, and the search ends. Finalizing before the search finished
    /// gives the corridor to the reached polygon nearest the end, as
    /// partial. Without a search it is an invalid-operation error.
    pub fn finalize_sliced_find_path(&mut self, corridor: &mut Vec<PolyRef>) -> Result<PathOutcome> {
        self.check_search_started("finalize")?;
        Ok(self.finish_search(None, corridor))
    }

    /// As [`Self::finalize_sliced_find_path`], but when the search did not
    /// reach the end polygon the corridor leads to the polygon latest in
    /// `existing` (a corridor being replaced) that the search reached, so
    /// an agent keeps the part of its old route the new one shares; when
    /// it reached none of them, to the polygon nearest the end.
    pub fn finalize_sliced_find_path_partial(
        &mut self,
        existing: &[PolyRef],
        corridor: &mut Vec<PolyRef>,
    ) -> Result<PathOutcome> {
        self.check_search_started("finalize")?;
        let fallback = self.furthest_reached(existing);
        Ok(self.finish_search(fallback, corridor))
    }

    fn check_search_started(&self, action: &str) -> Result<()> {
        if self.search.phase == Phase::Idle {
            return Err(NavMeshError::InvalidOperation(format!(
                "cannot {action} a sliced path search: none was started (init_sliced_find_path) since the last finalize"
            )));
        }
        Ok(())
    }
}
