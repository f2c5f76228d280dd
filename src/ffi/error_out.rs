//! `OnavError`, the caller-owned error struct, and `Failure`, what an
//! entry point's body fails with before it is copied into that struct.

use std::ffi::c_char;

use crate::error::NavMeshError;

use super::status::OnavStatus;

/// Size of `OnavError::message`, including the terminating NUL.
pub const ONAV_ERROR_MESSAGE_LEN: usize = 512;

/// Details of a failed call, filled only when the call fails. Caller-owned
/// plain data: declare one on the stack and pass its address (or NULL).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct OnavError {
    /// The status the call returned.
    pub status: i32,
    /// For `ONAV_E_VERSION`: the version found in the bytes; else 0.
    pub found_version: u16,
    /// For `ONAV_E_VERSION`: the version this library reads; else 0.
    pub expected_version: u16,
    /// NUL-terminated UTF-8 description, cut at a character boundary when
    /// longer than the array.
    pub message: [c_char; ONAV_ERROR_MESSAGE_LEN],
}

/// A failed call: its status, version details and message.
#[derive(Debug)]
pub(crate) struct Failure {
    status: OnavStatus,
    found_version: u16,
    expected_version: u16,
    message: String,
}

impl Failure {
    pub(crate) fn new(status: OnavStatus, message: impl Into<String>) -> Self {
        Failure { status, found_version: 0, expected_version: 0, message: message.into() }
    }

    /// A required pointer argument named `name` was NULL.
    pub(crate) fn null_argument(name: &str) -> Self {
        Failure::new(OnavStatus::ONAV_E_NULL_ARGUMENT, format!("argument `{name}` is NULL"))
    }

    /// Index `index` of `what` lies beyond its `count` elements.
    pub(crate) fn not_found(what: &str, index: u32, count: usize) -> Self {
        Failure::new(OnavStatus::ONAV_E_NOT_FOUND, format!("{what} {index} does not exist ({count} in all)"))
    }

    /// Writes the failure into `err` (when not NULL) and returns its status.
    ///
    /// # Safety
    /// `err` is NULL or valid for writing one `OnavError`.
    pub(crate) unsafe fn report(self, err: *mut OnavError) -> i32 {
        if !err.is_null() {
            let filled = OnavError {
                status: self.status.code(),
                found_version: self.found_version,
                expected_version: self.expected_version,
                message: message_array(&self.message),
            };
            // SAFETY: non-null and writable by this function's contract; a
            // whole-struct write never reads the caller's (maybe
            // uninitialised) memory.
            unsafe { err.write(filled) };
        }
        self.status.code()
    }
}

impl From<NavMeshError> for Failure {
    fn from(error: NavMeshError) -> Self {
        let message = error.to_string();
        match error {
            NavMeshError::Format(_) => Failure::new(OnavStatus::ONAV_E_FORMAT, message),
            NavMeshError::Version { found, expected, .. } => Failure {
                status: OnavStatus::ONAV_E_VERSION,
                found_version: found,
                expected_version: expected,
                message,
            },
            NavMeshError::Fingerprint(_) => Failure::new(OnavStatus::ONAV_E_FINGERPRINT, message),
            NavMeshError::OutOfRange(_) => Failure::new(OnavStatus::ONAV_E_OUT_OF_RANGE, message),
            NavMeshError::InvalidOperation(_) => Failure::new(OnavStatus::ONAV_E_INVALID_OPERATION, message),
            NavMeshError::InvalidReference(_) => Failure::new(OnavStatus::ONAV_E_INVALID_REFERENCE, message),
        }
    }
}

/// `message` as a NUL-terminated array, cut at the last character boundary
/// that leaves room for the NUL so C never sees half a UTF-8 sequence.
fn message_array(message: &str) -> [c_char; ONAV_ERROR_MESSAGE_LEN] {
    let mut cut = message.len().min(ONAV_ERROR_MESSAGE_LEN - 1);
    while !message.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut out = [0 as c_char; ONAV_ERROR_MESSAGE_LEN];
    for (slot, &byte) in out.iter_mut().zip(&message.as_bytes()[..cut]) {
        *slot = byte as c_char;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(array: &[c_char; ONAV_ERROR_MESSAGE_LEN]) -> String {
        let bytes: Vec<u8> = array.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
        String::from_utf8(bytes).expect("the cut keeps UTF-8 valid")
    }

    #[test]
    fn long_message_is_cut_at_a_char_boundary() {
        let message = format!("{}é", "a".repeat(ONAV_ERROR_MESSAGE_LEN - 2));
        let array = message_array(&message);
        assert_eq!(text(&array), "a".repeat(ONAV_ERROR_MESSAGE_LEN - 2));
        assert_eq!(array[ONAV_ERROR_MESSAGE_LEN - 1], 0);
    }

    #[test]
    fn version_error_keeps_found_and_expected() {
        let failure = Failure::from(NavMeshError::Version { what: "ONPT tile", found: 3, expected: 2 });
        assert_eq!(
            (failure.status, failure.found_version, failure.expected_version),
            (OnavStatus::ONAV_E_VERSION, 3, 2)
        );
    }
}
