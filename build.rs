//! Generates the C header from src/ffi/ with cbindgen into `$OUT_DIR/onav.h`.
//!
//! Build scripts may only write under OUT_DIR, so the committed copy in
//! include/onav.h is refreshed by `ONAV_UPDATE_HEADER=1 cargo test --test
//! header_is_current`, and that test fails while the two differ.

use std::env;
use std::path::PathBuf;

fn main() {
    declare_test_hooks_cfg();
    name_shared_library();
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=Cargo.toml");

    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("reading cbindgen.toml: {e}"));
    let after_includes = config.after_includes.get_or_insert_with(String::new);
    after_includes.push_str(&version_macros());

    let header = out_dir.join("onav.h");
    cbindgen::Builder::new()
        // Only the ffi module: the rest of the crate has no C surface, and
        // its public constants must not leak into the header as macros.
        .with_src(crate_dir.join("src/ffi/mod.rs"))
        .with_config(config)
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen could not generate the C header: {e}"))
        .write_to_file(&header);
}

/// `onav_test_hooks` is a cfg the CMake build passes (`--cfg
/// onav_test_hooks`) to compile the panic test hook; declaring it keeps
/// rustc's unexpected-cfg check quiet.
fn declare_test_hooks_cfg() {
    println!("cargo:rustc-check-cfg=cfg(onav_test_hooks)");
}

/// The ABI version (README "Versioning"): `0.MINOR` while the major version
/// is 0, since a 0.x minor release may change the ABI, then `MAJOR`.
/// cmake/onavNames.cmake derives the same string; the ctest `soname`
/// check compares the two.
fn abi_version() -> String {
    match package_version_part("MAJOR").as_str() {
        "0" => format!("0.{}", package_version_part("MINOR")),
        major => major.to_string(),
    }
}

/// Gives the cdylib the name a loader looks for: an ELF SONAME
/// (`libonav.so.<abi>`) or a Mach-O install name
/// (`@rpath/libonav.<abi>.dylib`). Windows DLLs carry no such name. Set
/// here rather than by the CMake build, so every cargo build of the
/// library is the same file.
fn name_shared_library() {
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    let abi = abi_version();
    if os == "macos" || os == "ios" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libonav.{abi}.dylib");
    } else if family == "unix" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libonav.so.{abi}");
    }
}

/// ONAV_VERSION_MAJOR/MINOR/PATCH/NUMBER from the package version, so the
/// header always states the version of the library it was generated from.
fn version_macros() -> String {
    let (major, minor, patch) =
        (package_version_part("MAJOR"), package_version_part("MINOR"), package_version_part("PATCH"));
    format!(
        "\n/** Version of the library this header belongs to; onav_version() returns\n \
         * ONAV_VERSION_NUMBER of the library actually loaded. */\n\
         #define ONAV_VERSION_MAJOR {major}\n\
         #define ONAV_VERSION_MINOR {minor}\n\
         #define ONAV_VERSION_PATCH {patch}\n\
         /** major * 10000 + minor * 100 + patch, the value of onav_version(). */\n\
         #define ONAV_VERSION_NUMBER (ONAV_VERSION_MAJOR * 10000 + ONAV_VERSION_MINOR * 100 + ONAV_VERSION_PATCH)\n\
         /** The ABI version: the SONAME suffix (libonav.so.<abi>), \"0.MINOR\" during 0.x. */\n\
         #define ONAV_ABI_VERSION \"{abi}\"\n\
         /** 1 when the loaded library serves programs built with this header, see\n \
         * onav_abi_compatible(). */\n\
         #define ONAV_ABI_IS_COMPATIBLE() (onav_abi_compatible(ONAV_VERSION_NUMBER))\n",
        abi = abi_version()
    )
}

/// One part of the package version (`MAJOR`, `MINOR` or `PATCH`).
fn package_version_part(part: &str) -> String {
    let name = format!("CARGO_PKG_VERSION_{part}");
    env::var(&name).unwrap_or_else(|_| panic!("cargo sets {name}"))
}
