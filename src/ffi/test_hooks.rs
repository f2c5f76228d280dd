//! A hook that proves the panic boundary from C: compiled only with
//! `--cfg onav_test_hooks` (the CMake option ONAV_TEST_HOOKS), declared in
//! the header only when ONAV_TEST_HOOKS is defined.

use super::error_out::OnavError;
use super::guard::guard;

/// Test hook: panics inside the library. Returns ONAV_E_INTERNAL with the
/// panic message in `err`; the process keeps running. Present only in
/// builds with test hooks (define ONAV_TEST_HOOKS to declare it).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `err` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_debug_panic(err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or a valid `err`.
    unsafe { guard(err, || panic!("onav_debug_panic: a deliberate panic to test the panic boundary")) }
}
