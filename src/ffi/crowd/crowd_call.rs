//! The body every function that changes a crowd (`OnavCrowd` or
//! `OnavWorldCrowd`) shares: the panic guard, the NULL check of the crowd
//! and the change itself.

use crate::ffi::args::arg_mut;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;

/// Checks `crowd` (named "crowd" in the NULL error) and runs `change` on
/// it; the status of the whole call.
///
/// # Safety
/// `crowd` is NULL or points to a valid `C` that nothing else uses during
/// the call; `err` is NULL or valid for writing.
pub(crate) unsafe fn change_crowd<C>(
    crowd: *mut C,
    err: *mut OnavError,
    change: impl FnOnce(&mut C) -> Result<(), Failure>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe { guard(err, || change(arg_mut(crowd, "crowd")?)) }
}
