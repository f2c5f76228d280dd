#!/usr/bin/env bash
# Instructions per find_nearest_poly, find_path, find_straight_path and
# raycast on the peer harness's Recast meshes (imported), counted by
# callgrind: repeatable whatever else the machine does. Each count is the
# difference between runs of 2N and N random pairs, so loading the mesh
# cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
bin=$(bench_binary query_work)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

n=${1:-500}
printf '%9s | %18s | %12s | %20s | %8s\n' mesh find_nearest_poly find_path find_straight_path raycast
for mesh in nav_test dungeon; do
    for pairs in "$n" $((2 * n)); do
        valgrind --tool=callgrind --callgrind-out-file="$out/$pairs.out" "$bin" "$mesh" "$pairs" 2>/dev/null
    done
    per() { echo $(( ($(inclusive "$out/$((2 * n)).out" "query_work::$1") - $(inclusive "$out/$n.out" "query_work::$1")) / $2 )); }
    printf '%9s | %18d | %12d | %20d | %8d\n' "$mesh" "$(per nearest_poly $((2 * n)))" "$(per path "$n")" \
        "$(per straight_path "$n")" "$(per ray "$n")"
done
