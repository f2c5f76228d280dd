#!/usr/bin/env bash
# Instructions per find_nearest_poly, find_path, find_straight_path and
# raycast on the peer harness's Recast meshes (imported), counted by
# callgrind: repeatable whatever else the machine does. Each count is the
# difference between runs of 2N and N random pairs, so loading the mesh
# cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "query_work.sh needs valgrind" >&2; exit 1; }
cargo bench --no-default-features --bench query_work --no-run 2>/dev/null
bin=$(ls -t target/release/deps/query_work-* | grep -v '\.d$' | head -1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Inclusive instructions of one of the program's query functions in a
# callgrind output.
inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
        awk -v f="query_work::$2" 'index($0, f " [") { gsub(",", "", $1); print $1; exit }'
}

n=${1:-500}
printf '%9s | %18s | %12s | %20s | %8s\n' mesh find_nearest_poly find_path find_straight_path raycast
for mesh in nav_test dungeon; do
    for pairs in "$n" $((2 * n)); do
        valgrind --tool=callgrind --callgrind-out-file="$out/$pairs.out" "$bin" "$mesh" "$pairs" 2>/dev/null
    done
    per() { echo $(( ($(inclusive "$out/$((2 * n)).out" "$1") - $(inclusive "$out/$n.out" "$1")) / $2 )); }
    printf '%9s | %18d | %12d | %20d | %8d\n' "$mesh" "$(per nearest_poly $((2 * n)))" "$(per path "$n")" \
        "$(per straight_path "$n")" "$(per ray "$n")"
done
