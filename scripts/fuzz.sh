#!/usr/bin/env bash
# Runs every fuzz target for a bounded time (issue 8): seeds first, then
# each target for SECONDS (default 30) under libFuzzer's -max_total_time.
#
#   bash scripts/fuzz.sh [SECONDS]
#
# Needs the nightly toolchain (rustup's nightly-x86_64-unknown-linux-gnu)
# and cargo-fuzz; cargo-fuzz is installed from crates.io when missing.
# Exits non-zero on the first crash; the reproducer is left under
# fuzz/artifacts/<target>/ (replay: cargo +nightly fuzz run <target> <file>).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
targets=(read_tile tile_create read_mesh snapshot_restore nav_mesh_load nav_world_load mesh_edits import_detour query_local build_3d shortest_path build_planar crowd_requests)

if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

# The corpora are generated, never committed: the golden cases of
# tests/golden/cases.rs, which cover every tile, mesh, snapshot and
# envelope feature, and for import_detour synthetic Detour blobs and sets
# (tests/detour_blob) plus the Recast-built sets of tests/data/detour and
# each of their tile blobs.
cargo run --quiet --manifest-path fuzz/Cargo.toml --bin make_seeds -- fuzz/corpus

for target in "${targets[@]}"; do
  echo "== fuzz $target for ${seconds}s"
  cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -timeout=10 -print_final_stats=1
done
echo "fuzz: ${#targets[@]} targets ran ${seconds}s each without a crash"
