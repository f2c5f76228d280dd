//! The C progress callback of the voxel builds, and the thread it runs on.
//!
//! The Rust builder reports each finished tile from whichever rayon worker
//! built it. C code should not be entered from threads it never started
//! (thread-local state, engine main-thread rules, re-entrant calls), so
//! with a callback the build runs on a helper thread and the calling
//! thread, waiting for it, receives each report over a channel and makes
//! every call into C itself.

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use crate::build::voxel::build_progress::{BuildControl, ProgressCallback};
use crate::error::{NavMeshError, Result};

use crate::ffi::error_out::Failure;

/// Progress of a voxel build: `done` tiles finished out of `total`, with the
/// caller's `user_data`. Called on the thread that called the build
/// function (never on the library's worker threads), after each tile, with
/// `done` counting 1, 2, ... up to `total` in order, so the last call has
/// done == total unless the build stops early. Return 0 to go on, nonzero
/// to cancel: the build stops (tiles under way finish, the rest are
/// skipped), the callback is not called again, and the build function
/// returns ONAV_E_INVALID_OPERATION, saying it was cancelled, with no
/// result. The callback must not free or change what the build reads.
pub type OnavBuildProgress =
    Option<unsafe extern "C" fn(done: usize, total: usize, user_data: *mut c_void) -> i32>;

/// Runs `build` for a build of `total` tiles. Without a callback it runs
/// here and reports nothing. With one, it runs on a helper thread with a
/// Rust callback that only posts each finished tile to this thread, which
/// calls the C callback; a nonzero answer cancels, and a cancelled build
/// fails as cancelled even when its last tile had already finished. A
/// panic of the build resumes here, where the entry point's guard turns it
/// into ONAV_E_INTERNAL.
///
/// # Safety
/// `progress`, when not NULL, is safe to call with `user_data` on this
/// thread.
pub(crate) unsafe fn run_build<T: Send>(
    progress: OnavBuildProgress,
    user_data: *mut c_void,
    total: usize,
    build: impl FnOnce(Option<ProgressCallback<'_>>) -> Result<T> + Send,
) -> std::result::Result<T, Failure> {
    let Some(callback) = progress else {
        return Ok(build(None)?);
    };
    let (finished, reports) = mpsc::channel::<()>();
    let cancelled = AtomicBool::new(false);
    let cancelled = &cancelled;
    let (outcome, done) = std::thread::scope(|scope| {
        // `finished` moves into the helper thread, so the channel closes
        // (and the loop below ends) when the build returns.
        let builder = scope.spawn(move || {
            let report = |_: usize, _: usize| {
                // The receiver lives until the channel closes; a send
                // cannot fail before then.
                let _ = finished.send(());
                if cancelled.load(Ordering::Relaxed) {
                    BuildControl::Cancel
                } else {
                    BuildControl::Continue
                }
            };
            build(Some(&report))
        });
        let mut done = 0;
        for () in reports {
            done += 1;
            // SAFETY: callable on this thread, as required above.
            if !cancelled.load(Ordering::Relaxed)
                && unsafe { callback(done, total, user_data) } != 0
            {
                cancelled.store(true, Ordering::Relaxed);
            }
        }
        let outcome = builder
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (outcome, done)
    });
    if cancelled.load(Ordering::Relaxed) {
        return Err(NavMeshError::InvalidOperation(format!(
            "the build was cancelled by its progress callback after {done} of {total} tiles"
        ))
        .into());
    }
    Ok(outcome?)
}
