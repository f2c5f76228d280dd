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

/// Whether a program compiled against the header of version
/// `header_version` (major * 10000 + minor * 100 + patch, i.e. the
/// program's ONAV_VERSION_NUMBER) can use this library: 1 when the majors
/// are equal and, during 0.x, the minors too (a 0.x minor release may
/// change the ABI), or from 1.0 on the library's minor is at least the
/// header's (later minors only add); else 0. Patch releases never change
/// the ABI. Call it once at start-up as `onav_abi_compatible(ONAV_VERSION_NUMBER)`
/// (the ONAV_ABI_IS_COMPATIBLE() macro) when the library is loaded at run
/// time, as P/Invoke and plugin hosts do.
///
/// Thread safety: may be called concurrently.
#[no_mangle]
pub extern "C" fn onav_abi_compatible(header_version: u32) -> u8 {
    // Plain arithmetic: nothing here can panic, so no panic guard.
    u8::from(abi_compatible(header_version, VERSION_NUMBER))
}

/// The rule of [`onav_abi_compatible`] between two version numbers.
fn abi_compatible(header: u32, library: u32) -> bool {
    let major_minor = |version: u32| (version / 10000, version / 100 % 100);
    let ((header_major, header_minor), (library_major, library_minor)) = (major_minor(header), major_minor(library));
    header_major == library_major
        && if library_major == 0 { header_minor == library_minor } else { header_minor <= library_minor }
}

#[cfg(test)]
mod tests {
    use super::abi_compatible;

    #[test]
    fn during_0_x_only_the_same_minor_is_compatible() {
        assert!(abi_compatible(100, 100));
        assert!(abi_compatible(100, 105), "patches keep the ABI");
        assert!(abi_compatible(105, 100), "patches keep the ABI");
        assert!(!abi_compatible(100, 200));
        assert!(!abi_compatible(200, 100));
    }

    #[test]
    fn from_1_0_a_library_serves_headers_of_its_major_up_to_its_minor() {
        assert!(abi_compatible(1_00_00, 1_02_00));
        assert!(abi_compatible(1_02_03, 1_02_00));
        assert!(!abi_compatible(1_03_00, 1_02_00), "the header may use functions a later minor added");
        assert!(!abi_compatible(2_00_00, 1_09_00));
        assert!(!abi_compatible(1_00_00, 2_00_00));
    }
}
