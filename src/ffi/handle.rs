//! Opaque handles: a boxed value whose pointer C holds until it passes it to
//! the type's `onav_*_free`. Every handle type (`OnavMesh`, `OnavTile`,
//! `OnavNavMesh`, ...) is created through [`into_handle`] and released
//! through [`free_handle`].

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
