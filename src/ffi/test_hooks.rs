//! A hook that proves the panic boundary from C: compiled only with
//! `--cfg onav_test_hooks` (the CMake option ONAV_TEST_HOOKS), declared in
//! the header only when ONAV_TEST_HOOKS is defined.

use super::args::arg_slice;
use super::error_out::OnavError;
use super::guard::guard;

/// Test hook: panics inside the library with `message` (UTF-8, `len` bytes;
/// invalid sequences are replaced). Returns ONAV_E_INTERNAL with the panic
/// message in `err`, cut to fit; the process keeps running. Present only in
/// builds with test hooks (define ONAV_TEST_HOOKS to declare it).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `message` holds `len` readable bytes (may be NULL when `len` is 0);
/// `err` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_debug_panic(message: *const u8, len: usize, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes `len` readable bytes and a NULL
    // or valid `err`.
    unsafe {
        guard(err, || {
            let message = arg_slice(message, len, "message")?;
            panic!("{}", String::from_utf8_lossy(message))
        })
    }
}
