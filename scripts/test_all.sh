#!/usr/bin/env bash
# Every test of the project: the Rust tests, the API documentation (built
# with every rustdoc warning an error, so no doc link rots), then the C
# tests under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked
bash scripts/c_tests.sh
