//! The library version at run time; the header's ONAV_VERSION_* macros are
//! generated from the same Cargo.toml version by build.rs.

/// Decimal digits to a number, at compile time (a non-digit fails the build).
const fn decimal(digits: &str) -> u32 {
    let bytes = digits.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii_digit(), "version parts are decimal");
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

/// major * 10000 + minor * 100 + patch of this crate.
const VERSION_NUMBER: u32 = decimal(env!("CARGO_PKG_VERSION_MAJOR")) * 10000
    + decimal(env!("CARGO_PKG_VERSION_MINOR")) * 100
    + decimal(env!("CARGO_PKG_VERSION_PATCH"));

/// The loaded library's version, major * 10000 + minor * 100 + patch;
/// compare with ONAV_VERSION_NUMBER to detect a header/library mismatch.
///
/// Thread safety: may be called concurrently.
#[no_mangle]
pub extern "C" fn onav_version() -> u32 {
    // A compile-time constant: nothing here can panic, so no panic guard.
    VERSION_NUMBER
}
