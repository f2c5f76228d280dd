//! Status codes returned by every fallible function, and their names.
//!
//! The values are part of the ABI and never reused. Callers pass statuses
//! back as plain integers ([`onav_status_name`]); they are matched, never
//! transmuted, so an unknown value is harmless.

use std::ffi::{c_char, CStr};

use super::guard::catch_panic;

/// Status of a call: `ONAV_OK` or the kind of failure. Functions return it
/// as `int32_t`.
#[repr(i32)]
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnavStatus {
    /// Success.
    ONAV_OK = 0,
    /// Bytes or hand-built data break a rule of the format.
    ONAV_E_FORMAT = 1,
    /// A layout version this library does not read; `OnavError` carries the
    /// found and expected versions.
    ONAV_E_VERSION = 2,
    /// A tile built with other parameters (build fingerprint mismatch).
    ONAV_E_FINGERPRINT = 3,
    /// A value passed in lies outside its allowed range.
    ONAV_E_OUT_OF_RANGE = 4,
    /// The call is not allowed in the object's current state.
    ONAV_E_INVALID_OPERATION = 5,
    /// A required pointer argument was NULL.
    ONAV_E_NULL_ARGUMENT = 6,
    /// The output buffer is NULL or too small; the needed length was written.
    ONAV_E_BUFFER_TOO_SMALL = 7,
    /// No element at the given index or key.
    ONAV_E_NOT_FOUND = 8,
    /// A polygon reference that names no polygon of the mesh: null, stale
    /// (its tile left or was replaced) or past its tile's polygon count; or
    /// an agent handle that names no agent of the crowd (removed, or of a
    /// class the crowd does not have).
    ONAV_E_INVALID_REFERENCE = 9,
    /// A bug inside the library (a caught panic); the message says where.
    /// The process keeps running; a non-const handle passed to the failing
    /// call should be freed rather than used again.
    ONAV_E_INTERNAL = 100,
}

impl OnavStatus {
    /// The value returned across the ABI.
    pub fn code(self) -> i32 {
        self as i32
    }
}

/// Every status with its name; the one place a status value meets a string.
const STATUS_NAMES: [(OnavStatus, &CStr); 11] = [
    (OnavStatus::ONAV_OK, c"ONAV_OK"),
    (OnavStatus::ONAV_E_FORMAT, c"ONAV_E_FORMAT"),
    (OnavStatus::ONAV_E_VERSION, c"ONAV_E_VERSION"),
    (OnavStatus::ONAV_E_FINGERPRINT, c"ONAV_E_FINGERPRINT"),
    (OnavStatus::ONAV_E_OUT_OF_RANGE, c"ONAV_E_OUT_OF_RANGE"),
    (OnavStatus::ONAV_E_INVALID_OPERATION, c"ONAV_E_INVALID_OPERATION"),
    (OnavStatus::ONAV_E_NULL_ARGUMENT, c"ONAV_E_NULL_ARGUMENT"),
    (OnavStatus::ONAV_E_BUFFER_TOO_SMALL, c"ONAV_E_BUFFER_TOO_SMALL"),
    (OnavStatus::ONAV_E_NOT_FOUND, c"ONAV_E_NOT_FOUND"),
    (OnavStatus::ONAV_E_INVALID_REFERENCE, c"ONAV_E_INVALID_REFERENCE"),
    (OnavStatus::ONAV_E_INTERNAL, c"ONAV_E_INTERNAL"),
];

const UNKNOWN_STATUS: &CStr = c"ONAV_E_UNKNOWN";

/// The name of a status value, e.g. "ONAV_E_FORMAT"; "ONAV_E_UNKNOWN" for a
/// value that is not a status. The string is static: never free it.
///
/// Thread safety: may be called concurrently.
#[no_mangle]
pub extern "C" fn onav_status_name(status: i32) -> *const c_char {
    let name = catch_panic(|| {
        STATUS_NAMES.iter().find(|(known, _)| known.code() == status).map_or(UNKNOWN_STATUS, |&(_, name)| name)
    });
    name.unwrap_or(UNKNOWN_STATUS).as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_spell_their_variants() {
        for (status, name) in STATUS_NAMES {
            assert_eq!(name.to_str().unwrap(), format!("{status:?}"));
        }
    }
}
