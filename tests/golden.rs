//! Golden bytes: "the same mesh writes the same bytes on every platform".
//!
//! A deterministic generator (`tests/golden/cases.rs`) builds a set of tiles
//! covering every tile feature, and meshes of them; the SHA-256 of each
//! one's bytes is committed in `tests/golden/tiles.sha256` (ONPT),
//! `meshes.sha256` (ONPM), `snapshots.sha256` (ONPS), `nav_meshes.sha256`
//! (ONNM) and `nav_worlds.sha256` (ONNW), `<hex>  <name>` per line, and
//! checked on every run, so any change to the bytes is caught. Every case
//! also reads back and writes the same bytes. `queries.sha256` holds the
//! digests of the answers of a fixed set of queries on those meshes
//! (`golden/query_answers.rs`) and `shortest_paths.sha256` those of the
//! exact shortest paths between the same pairs; they are answers, not a
//! layout, so they have no read-back.
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
//! Adding a layout is one more entry in [`GOLDEN_FILES`] with a generator
//! and a round trip in `cases.rs`; adding a case to a layout is one more
//! entry in that generator's list.

#[path = "golden/cases.rs"]
mod cases;
mod input_2d;
mod mesh_common;
#[path = "golden/query_answers.rs"]
mod query_answers;
mod query_common;
mod tile_fixture;

use std::collections::BTreeMap;
use std::path::PathBuf;

use cases::GoldenCase;
use onav::TileContentId;
use sha2::{Digest, Sha256};

/// A layout's read-then-write round trip.
type Reread = fn(&[u8]) -> onav::Result<Vec<u8>>;

/// One digest file under `tests/golden/`: the generator of its cases and,
/// for a layout, its round trip.
struct GoldenFile {
    file: &'static str,
    generate: fn() -> Vec<GoldenCase>,
    reread: Option<Reread>,
}

const GOLDEN_FILES: &[GoldenFile] = &[
    GoldenFile { file: "tiles.sha256", generate: cases::tiles, reread: Some(cases::reread_tile) },
    GoldenFile { file: "meshes.sha256", generate: cases::meshes, reread: Some(cases::reread_mesh) },
    GoldenFile { file: "snapshots.sha256", generate: cases::snapshots, reread: Some(cases::reread_snapshot) },
    GoldenFile { file: "nav_meshes.sha256", generate: cases::nav_meshes, reread: Some(cases::reread_nav_mesh) },
    GoldenFile { file: "nav_worlds.sha256", generate: cases::nav_worlds, reread: Some(cases::reread_nav_world) },
    GoldenFile { file: "queries.sha256", generate: query_answers::cases, reread: None },
    GoldenFile { file: "shortest_paths.sha256", generate: query_answers::shortest_path_cases, reread: None },
];

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
    for GoldenFile { file, generate, .. } in GOLDEN_FILES {
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
    for GoldenFile { file, generate, .. } in GOLDEN_FILES {
        let cases = generate();
        assert_eq!(parse(&render(&cases)).len(), cases.len(), "{file} has a repeated case name");
    }
}

/// Every golden case is valid: it reads back and writes the same bytes.
#[test]
fn golden_cases_read_back_byte_identically() {
    for GoldenFile { file, generate, reread } in GOLDEN_FILES {
        let Some(reread) = reread else { continue };
        for case in generate() {
            let again =
                reread(&case.bytes).unwrap_or_else(|e| panic!("{file}: golden case {} does not read: {e}", case.name));
            assert!(again == case.bytes, "{file}: golden case {} writes other bytes", case.name);
        }
    }
}

/// A tile's content id is the first 16 bytes of its bytes' SHA-256.
#[test]
fn golden_tile_content_ids_are_digest_prefixes() {
    for case in cases::tiles() {
        let id = TileContentId::of_bytes(&case.bytes);
        assert_eq!(id.to_hex(), sha256_hex(&case.bytes)[..32], "{}", case.name);
    }
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
