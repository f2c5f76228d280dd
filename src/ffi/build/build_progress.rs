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
pub type OnavBuildProgress = Option<unsafe extern "C" fn(done: usize, total: usize, user_data: *mut c_void) -> i32>;

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
            if !cancelled.load(Ordering::Relaxed) && unsafe { callback(done, total, user_data) } != 0 {
                cancelled.store(true, Ordering::Relaxed);
            }
        }
        let outcome = builder.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
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

#[cfg(test)]
mod tests {
    use std::mem::MaybeUninit;
    use std::thread::ThreadId;

    use super::*;
    use crate::ffi::error_out::OnavError;
    use crate::ffi::guard::guard;
    use crate::ffi::status::OnavStatus;

    /// What the C callback saw: the threads it ran on and the counts.
    struct Seen {
        threads: Vec<ThreadId>,
        done: Vec<usize>,
    }

    unsafe extern "C" fn record(done: usize, _total: usize, user_data: *mut c_void) -> i32 {
        // SAFETY: the tests pass a `Seen` as user_data.
        // BYTE-ORDER: user_data is the test's own `Seen`, passed through C as an opaque pointer; no bytes are reinterpreted.
        let seen = unsafe { &mut *user_data.cast::<Seen>() };
        seen.threads.push(std::thread::current().id());
        seen.done.push(done);
        0
    }

    /// Reports `tiles` tiles from rayon's workers, as the builder does.
    fn report_from_workers(tiles: usize, progress: Option<ProgressCallback<'_>>) -> Result<usize> {
        use rayon::prelude::*;
        (0..tiles).into_par_iter().for_each(|_| {
            if let Some(callback) = progress {
                callback(0, tiles);
            }
        });
        Ok(tiles)
    }

    #[test]
    fn the_callback_runs_on_the_calling_thread_counting_in_order() {
        let mut seen = Seen { threads: Vec::new(), done: Vec::new() };
        // BYTE-ORDER: user_data is the test's own `Seen`, passed through C as an opaque pointer; no bytes are reinterpreted.
        let user_data = (&mut seen as *mut Seen).cast::<c_void>();
        // SAFETY: `record` reads user_data as the `Seen` above.
        let built = unsafe { run_build(Some(record), user_data, 64, |progress| report_from_workers(64, progress)) };
        assert_eq!(built.unwrap(), 64);
        assert_eq!(seen.done, (1..=64).collect::<Vec<_>>());
        assert!(seen.threads.iter().all(|&id| id == std::thread::current().id()));
    }

    #[test]
    fn a_panic_of_the_build_becomes_internal_on_the_calling_thread() {
        let mut seen = Seen { threads: Vec::new(), done: Vec::new() };
        // BYTE-ORDER: user_data is the test's own `Seen`, passed through C as an opaque pointer; no bytes are reinterpreted.
        let user_data = (&mut seen as *mut Seen).cast::<c_void>();
        let mut err = MaybeUninit::<OnavError>::uninit();
        // SAFETY: `err` is writable; `record` reads user_data as `Seen`.
        let status = unsafe {
            guard(err.as_mut_ptr(), || {
                run_build(Some(record), user_data, 1, |progress| -> Result<()> {
                    if let Some(callback) = progress {
                        callback(1, 1);
                    }
                    panic!("deliberate panic inside a build")
                })
            })
        };
        assert_eq!(status, OnavStatus::ONAV_E_INTERNAL.code());
        assert_eq!(seen.done, [1]);
    }
}
