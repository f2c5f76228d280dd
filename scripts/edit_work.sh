#!/usr/bin/env bash
# Instructions per add and per remove (with stitching) at 16 and at 4096
# tiles, counted by callgrind: repeatable whatever else the machine does.
# Each count is the difference between runs of 2N and N edit pairs, so the
# grid's construction cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
bin=$(bench_binary edit_work)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions per call of add_tile and remove_tile for one configuration.
per_edit() {
    local side=$1 cells=$2 links=$3 n=$4
    for pairs in "$n" $((2 * n)); do
        valgrind --tool=callgrind --callgrind-out-file="$out/$pairs.out" "$bin" "$side" "$cells" "$links" "$pairs" 2>/dev/null
    done
    local add=$(( ($(inclusive "$out/$((2 * n)).out" TiledNavMesh::add_tile) - $(inclusive "$out/$n.out" TiledNavMesh::add_tile)) / n ))
    local remove=$(( ($(inclusive "$out/$((2 * n)).out" TiledNavMesh::remove_tile) - $(inclusive "$out/$n.out" TiledNavMesh::remove_tile)) / n ))
    echo "$add $remove"
}

printf '%9s %8s | %22s | %22s | %s\n' polygons links "16 tiles: add remove" "4096 tiles: add remove" "ratio add remove"
for cells in 4 16; do
    for links in no-links links; do
        n=$(( cells == 4 ? 4000 : 500 ))
        read -r a16 r16 < <(per_edit 4 "$cells" "$links" "$n")
        read -r a4k r4k < <(per_edit 64 "$cells" "$links" "$n")
        awk -v c=$((cells * cells)) -v l="$links" -v a="$a16" -v r="$r16" -v A="$a4k" -v R="$r4k" \
            'BEGIN { printf "%9d %8s | %10d %11d | %10d %11d | %.3f %.3f\n", c, l, a, r, A, R, A / a, R / r }'
    done
done
