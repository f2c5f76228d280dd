//! Opaque handles: a boxed value whose pointer C holds until it passes it to
//! the type's `onav_*_free`. Every handle type (`OnavMesh`, `OnavTile`,
//! `OnavNavMesh`, ...) is created through [`into_handle`] and released
//! through [`free_handle`]; the bodies shared by the functions that make a
//! handle or read one value of it are here too.

use super::args::{arg_ref, arg_slice, out_arg, Out};
use super::error_out::{Failure, OnavError};
use super::guard::{catch_panic, guard};

/// A new handle owning `value`, released by [`free_handle`].
pub(crate) fn into_handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Releases a handle from [`into_handle`]. NULL is a no-op. A panic while
/// dropping can only come from a library bug; there is no status to report
/// it through, so it is contained and dropped.
///
/// # Safety
/// `handle` is NULL or came from [`into_handle`] and is not yet freed; no
/// other call uses it meanwhile or afterwards.
pub(crate) unsafe fn free_handle<T>(handle: *mut T) {
    if handle.is_null() {
        return;
    }
    let _ = catch_panic(|| {
        // SAFETY: a non-NULL `handle` came from `into_handle`
        // (Box::into_raw) and is freed once, as required above.
        drop(unsafe { Box::from_raw(handle) });
    });
}

/// For a guard's body: reads the caller's `(data, len)` bytes with `read`
/// into a new handle stored in `*out`; `data` is checked before `read`
/// runs. A failure leaves `*out` NULL (cleared when it was checked).
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0).
pub(crate) unsafe fn read_into_handle<T>(
    data: *const u8,
    len: usize,
    out: Out<'_, *mut T>,
    read: impl FnOnce(&[u8]) -> Result<T, Failure>,
) -> Result<(), Failure> {
    // SAFETY: forwarded from this function's contract.
    store_new_handle(out, || read(unsafe { arg_slice(data, len, "data") }?))
}

/// For a guard's body: runs `make` and stores its value in `*out` as a new
/// handle. The caller checked (and so cleared) `out` first, so a failing
/// `make`, which is where the caller's other arguments are checked, leaves
/// `*out` NULL.
pub(crate) fn store_new_handle<T>(
    out: Out<'_, *mut T>,
    make: impl FnOnce() -> Result<T, Failure>,
) -> Result<(), Failure> {
    out.write(into_handle(make()?));
    Ok(())
}

/// The whole body of a function writing one value of a handle to `*out`:
/// checks (and clears) `out`, then `handle` (named `name` in the NULL
/// error), then writes `get(handle)`; a failure leaves `*out` cleared.
///
/// # Safety
/// `handle` is NULL or points to a valid `H` that stays unchanged during
/// the call; `out` and `err` are NULL or valid for writing.
pub(crate) unsafe fn write_handle_value<H, T: Copy>(
    handle: *const H,
    name: &str,
    out: *mut T,
    err: *mut OnavError,
    get: impl FnOnce(&H) -> Result<T, Failure>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let handle = arg_ref(handle, name)?;
            out.write(get(handle)?);
            Ok(())
        })
    }
}
