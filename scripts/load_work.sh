#!/usr/bin/env bash
# Instructions per tile of reading ONPT bytes (with validation), adding a
# read tile, removing it, and reading a whole mesh (per tile), on a 64 x 64
# grid of tiles of 1 and of 16 polygons, counted by callgrind (issue 24).
# Each count is the difference between runs of 2N and N rounds, so building
# the grid cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
bin=$(bench_binary load_work)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
side=64
tiles=$((side * side))

printf '%8s | %10s %10s %10s | %14s\n' polygons read add remove "read_mesh/tile"
for cells in 1 4; do
    n=2
    for rounds in "$n" $((2 * n)); do
        valgrind --tool=callgrind --callgrind-out-file="$out/$rounds.out" "$bin" "$side" "$cells" "$rounds" 2>/dev/null
    done
    # Instructions per call of a function called `calls` times a tile a round.
    per_call() {
        local a b
        a=$(inclusive "$out/$((2 * n)).out" "$1")
        b=$(inclusive "$out/$n.out" "$1")
        echo $(( (a - b) / (n * tiles * $2) ))
    }
    # A round reads each tile twice: once to add it, once in the whole mesh.
    printf '%8d | %10d %10d %10d | %14d\n' $((cells * cells)) \
        "$(per_call tile_format::read_tile_checked 2)" "$(per_call TiledNavMesh::add_tile 1)" \
        "$(per_call TiledNavMesh::remove_tile 1)" "$(per_call mesh_format::read_mesh 1)"
done
