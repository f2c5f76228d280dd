//! Progress of a voxel build: tiles done out of the tiles the build covers,
//! reported through the caller's callback after each tile, which may cancel
//! the build. Reporting never changes what is built.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::error::{NavMeshError, Result};

/// The callback's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildControl {
    Continue,
    /// Stop: tiles not started yet are skipped and the build fails with an
    /// invalid-operation error.
    Cancel,
}

/// A progress callback: `(tiles done, tiles in total)`. Tiles build on
/// several threads, so it is called from them, once per tile, each count
/// from 1 to the total exactly once (not necessarily in order).
pub type ProgressCallback<'a> = &'a (dyn Fn(usize, usize) -> BuildControl + Sync);

/// Counts finished tiles for one build.
pub(crate) struct BuildProgress<'a> {
    callback: Option<ProgressCallback<'a>>,
    total: usize,
    done: AtomicUsize,
    cancelled: AtomicBool,
}

impl<'a> BuildProgress<'a> {
    pub fn new(callback: Option<ProgressCallback<'a>>, total: usize) -> BuildProgress<'a> {
        BuildProgress { callback, total, done: AtomicUsize::new(0), cancelled: AtomicBool::new(false) }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Counts one finished tile and asks the callback whether to go on.
    pub fn tile_done(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(callback) = self.callback {
            if callback(done, self.total) == BuildControl::Cancel {
                self.cancelled.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The error of a cancelled build, else Ok.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            return Err(NavMeshError::InvalidOperation(format!(
                "the build was cancelled by its progress callback after {} of {} tiles",
                self.done.load(Ordering::Relaxed),
                self.total
            )));
        }
        Ok(())
    }
}
