#!/usr/bin/env bash
# Every test of the project: the formatting (rustfmt.toml) of the crate, the
# peer harness and the fuzz targets, the Rust tests, the API documentation
# (built with every rustdoc warning an error, so no doc link rots), then the
# C tests under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
if cargo fmt --version >/dev/null 2>&1; then
  for manifest in Cargo.toml peer/Cargo.toml fuzz/Cargo.toml; do
    cargo fmt --check --manifest-path "$manifest"
  done
else
  echo "scripts/test_all.sh: rustfmt is not installed (rustup component add rustfmt); formatting not checked" >&2
fi
cargo test --locked
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked
bash scripts/c_tests.sh
