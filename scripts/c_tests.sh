#!/usr/bin/env bash
# Configures, builds and runs the C ABI tests (c_tests/, dotnet/) with ctest.
# Needs cargo, cmake >= 3.25 and a C/C++ compiler; valgrind and mono
# (mono-mcs, mono-runtime) for the valgrind and P/Invoke tests.
# Usage: scripts/c_tests.sh [build-dir]   (default: build/)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$repo/build}"
jobs="$(nproc 2>/dev/null || echo 2)"

cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON -DONAV_TEST_HOOKS=ON
cmake --build "$build" --parallel "$jobs"
ctest --test-dir "$build" --output-on-failure --parallel "$jobs"
