#!/usr/bin/env bash
# Every test of the project: the Rust tests, then the C tests under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked
bash scripts/c_tests.sh
