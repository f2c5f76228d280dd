//! include/onav.h is the header build.rs generates with cbindgen.toml
//! (into OUT_DIR); this test fails while the committed copy differs.
//!
//! Refresh the committed header with:
//!     ONAV_UPDATE_HEADER=1 cargo test --test header_is_current

use std::fs;
use std::path::Path;

const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/onav.h"));
const REFRESH: &str = "ONAV_UPDATE_HEADER=1 cargo test --test header_is_current";

fn committed_path() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/include/onav.h"))
}

fn committed() -> String {
    fs::read_to_string(committed_path()).unwrap_or_default()
}

/// The first line where the two headers differ, for the failure message.
fn first_difference(committed: &str, generated: &str) -> String {
    let mut committed_lines = committed.lines();
    for (number, generated_line) in generated.lines().enumerate() {
        let committed_line = committed_lines.next();
        if committed_line != Some(generated_line) {
            return format!(
                "line {}: committed {:?}, generated {:?}",
                number + 1,
                committed_line.unwrap_or("<end of file>"),
                generated_line
            );
        }
    }
    "the committed header has extra lines at the end".to_string()
}

#[test]
fn committed_header_is_current() {
    if std::env::var_os("ONAV_UPDATE_HEADER").is_some() {
        fs::write(committed_path(), GENERATED).expect("writing include/onav.h");
        return;
    }
    let committed = committed();
    assert!(
        committed == GENERATED,
        "include/onav.h is out of date with src/ffi/ and cbindgen.toml ({}).\nRefresh it with: {REFRESH}",
        first_difference(&committed, GENERATED)
    );
}

/// The generated header carries the Cargo.toml version; with the test
/// above, so does the committed one.
#[test]
fn header_version_macros_match_cargo_toml() {
    for (part, value) in [
        ("MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
        ("MINOR", env!("CARGO_PKG_VERSION_MINOR")),
        ("PATCH", env!("CARGO_PKG_VERSION_PATCH")),
    ] {
        let line = format!("#define ONAV_VERSION_{part} {value}\n");
        assert!(GENERATED.contains(&line), "the generated header lacks `{}`", line.trim_end());
    }
}
