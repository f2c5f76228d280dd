//! Opaque handles: a boxed value whose pointer C holds until it passes it to
//! the type's `onav_*_free`. Every handle type (`OnavMesh`, `OnavTile`,
//! `OnavNavMesh`, ...) is created through [`into_handle`] and released
//! through [`free_handle`].

use super::args::{arg_slice, out_arg};
use super::error_out::Failure;
use super::guard::catch_panic;

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
/// into a new handle stored in `*out`. `data` is checked, then `out`, both
/// before `read` runs, so a failing call writes nothing.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); `out`
/// is NULL or valid for writing one pointer.
pub(crate) unsafe fn read_into_handle<T>(
    data: *const u8,
    len: usize,
    out: *mut *mut T,
    read: impl FnOnce(&[u8]) -> Result<T, Failure>,
) -> Result<(), Failure> {
    // SAFETY: forwarded from this function's contract.
    let (bytes, out) = unsafe { (arg_slice(data, len, "data")?, out_arg(out, "out")?) };
    out.write(into_handle(read(bytes)?));
    Ok(())
}
