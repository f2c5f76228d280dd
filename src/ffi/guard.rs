//! The panic boundary. Every entry point runs its body through [`guard`]
//! (fallible functions) or [`catch_panic`] (the few infallible ones), so no
//! panic unwinds into C: it becomes `ONAV_E_INTERNAL` with its message.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::error_out::{Failure, OnavError};
use super::status::OnavStatus;

/// Runs `body`; a panic comes back as its message.
pub(crate) fn catch_panic<T>(body: impl FnOnce() -> T) -> Result<T, String> {
    // AssertUnwindSafe: after a panic nothing the body captured is used
    // again; the entry point only reports the failure. A non-const handle
    // (a mesh being edited) may be left half-edited, which is why
    // ONAV_E_INTERNAL tells the caller to free such a handle.
    catch_unwind(AssertUnwindSafe(body)).map_err(|payload| panic_message(payload.as_ref()))
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    format!("internal error (a panic inside onav): {text}")
}

/// Runs a fallible entry point's `body` and returns its status: `ONAV_OK`,
/// the failure's status (after filling `err`), or `ONAV_E_INTERNAL` for a
/// panic.
///
/// # Safety
/// `err` is NULL or valid for writing one `OnavError`.
pub(crate) unsafe fn guard(err: *mut OnavError, body: impl FnOnce() -> Result<(), Failure>) -> i32 {
    let failure = match catch_panic(body) {
        Ok(Ok(())) => return OnavStatus::ONAV_OK.code(),
        Ok(Err(failure)) => failure,
        Err(panic) => Failure::new(OnavStatus::ONAV_E_INTERNAL, panic),
    };
    // SAFETY: `err` is NULL or writable, as this function requires.
    unsafe { failure.report(err) }
}

#[cfg(test)]
mod tests {
    use std::mem::MaybeUninit;

    use super::*;

    #[test]
    fn a_panic_becomes_internal_with_its_message() {
        let mut err = MaybeUninit::<OnavError>::uninit();
        // SAFETY: `err` is writable storage for one OnavError.
        let status = unsafe { guard(err.as_mut_ptr(), || panic!("deliberate")) };
        assert_eq!(status, OnavStatus::ONAV_E_INTERNAL.code());
        // SAFETY: a failing guard wrote the whole struct.
        let err = unsafe { err.assume_init() };
        assert_eq!(err.status, status);
        let message: Vec<u8> = err.message.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
        assert!(String::from_utf8(message).unwrap().contains("deliberate"));
    }
}
