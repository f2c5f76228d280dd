//! Golden bytes: "the same mesh writes the same bytes on every platform".
//!
//! A deterministic generator (`tests/golden/cases.rs`) builds a set of tiles
//! covering every tile feature, and meshes of them; the SHA-256 of each
//! one's bytes is committed in `tests/golden/tiles.sha256` (ONPT) and
//! `tests/golden/meshes.sha256` (ONPM), `<hex>  <name>` per line, and
//! checked on every run, so any change to the bytes is caught.
//!
//! A deliberate layout change (which is format version 3, see "Version
//! policy") regenerates the files with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test golden
//! ```
//!
//! and the diff of the `.sha256` files shows which cases changed.
//!
//! Adding a layout (ONPS, ONNM, ONNW) is one more entry in
//! [`GOLDEN_FILES`] with a generator in `cases.rs`; adding a case to a
//! layout is one more entry in that generator's list.

mod tile_fixture;
#[path = "golden/cases.rs"]
mod cases;

use std::collections::BTreeMap;
use std::path::PathBuf;

use cases::GoldenCase;
use onav::{read_mesh, read_tile, write_mesh, NavTile, TileContentId};
use sha2::{Digest, Sha256};

/// Each digest file under `tests/golden/` and the generator of its cases.
const GOLDEN_FILES: &[(&str, fn() -> Vec<GoldenCase>)] =
    &[("tiles.sha256", cases::tiles), ("meshes.sha256", cases::meshes)];

const UPDATE_VARIABLE: &str = "ONAV_UPDATE_GOLDEN";

fn golden_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(file)
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The digest file's text for `cases`, one `<hex>  <name>` line each (the
/// `sha256sum` format).
fn render(cases: &[GoldenCase]) -> String {
    cases.iter().map(|c| format!("{}  {}\n", sha256_hex(&c.bytes), c.name)).collect()
}

/// Name → hex digest from a digest file's text.
fn parse(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (hex, name) = line.split_once("  ").unwrap_or_else(|| panic!("malformed golden line {line:?}"));
            (name.to_string(), hex.to_string())
        })
        .collect()
}

/// Every difference between the committed digests and the generated ones.
fn differences(committed: &BTreeMap<String, String>, generated: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    for (name, hex) in generated {
        match committed.get(name) {
            None => out.push(format!("{name}: new case, not committed")),
            Some(old) if old != hex => out.push(format!("{name}: bytes changed, {old} -> {hex}")),
            Some(_) => {}
        }
    }
    for name in committed.keys().filter(|name| !generated.contains_key(*name)) {
        out.push(format!("{name}: committed but no longer generated"));
    }
    out
}

#[test]
fn golden_digests_match_the_committed_files() {
    let update = std::env::var_os(UPDATE_VARIABLE).is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (file, generate) in GOLDEN_FILES {
        let text = render(&generate());
        let path = golden_path(file);
        if update {
            std::fs::write(&path, &text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        failures.extend(differences(&parse(&committed), &parse(&text)).into_iter().map(|d| format!("{file}: {d}")));
    }
    assert!(
        failures.is_empty(),
        "golden bytes differ (if the change is intended, rerun with {UPDATE_VARIABLE}=1):\n{}",
        failures.join("\n")
    );
}

#[test]
fn case_names_are_unique_within_each_file() {
    for (file, generate) in GOLDEN_FILES {
        let cases = generate();
        assert_eq!(parse(&render(&cases)).len(), cases.len(), "{file} has a repeated case name");
    }
}

/// The golden tiles are valid ONPT: each reads back against its parameters,
/// writes the same bytes, and its content id is the digest's first 16 bytes.
#[test]
fn golden_tiles_read_back_byte_identically() {
    for case in cases::tiles() {
        let tile = read_against_any_golden_params(&case);
        assert_eq!(tile.to_bytes(), case.bytes, "{}", case.name);
        let id = TileContentId::of_bytes(&case.bytes);
        assert_eq!(id.to_hex(), sha256_hex(&case.bytes)[..32], "{}", case.name);
    }
}

#[test]
fn golden_meshes_read_back_byte_identically() {
    for case in cases::meshes() {
        let mesh = read_mesh(&case.bytes).unwrap_or_else(|e| panic!("golden mesh {}: {e}", case.name));
        assert_eq!(write_mesh(&mesh), case.bytes, "{}", case.name);
    }
}

fn read_against_any_golden_params(case: &GoldenCase) -> NavTile {
    cases::golden_params()
        .iter()
        .find_map(|p| read_tile(p, &case.bytes).ok())
        .unwrap_or_else(|| panic!("golden tile {} reads against none of the golden parameters", case.name))
}

#[test]
fn a_changed_byte_is_reported() {
    let generated = parse(&render(&cases::tiles()));
    let mut altered = generated.clone();
    let first = altered.keys().next().unwrap().clone();
    altered.insert(first.clone(), sha256_hex(b"other bytes"));
    altered.insert("dropped".to_string(), sha256_hex(b""));
    let found = differences(&altered, &generated);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with(&format!("{first}: bytes changed")), "{found:?}");
    assert!(found[1].starts_with("dropped: committed but no longer generated"), "{found:?}");
}
