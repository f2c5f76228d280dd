#!/usr/bin/env bash
# Instructions per tile of onav's and Detour's edits, side by side, from
# callgrind over the peer harness (`edits --rounds 1 --input INPUT`: a
# warm-up round and one round, both libraries on the same tiles). Each
# figure is the inclusive instructions of the function that runs one row
# over its calls, per tile: removing every tile of a full mesh in set
# order (`remove_all` of each side, as the `remove (all tiles)` row times
# it, Detour's `getTileRefAt` and `removeTile` a tile), and of the calls
# inside it, `TiledNavMesh::remove_tile` and Detour's `removeTile`.
#
# bash scripts/edit_instructions.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

side='<onav_peer::%s as onav_peer::edit_round::EditSide>::%s'
patterns=$(printf '%s\t%s\n' \
    "$(printf "$side" detour_edits::DetourEdits remove_all)" 'Detour remove all' \
    "$(printf "$side" onav_edits::OnavEdits remove_all)" 'onav remove all' \
    'dtNavMesh::removeTile(unsigned int, unsigned char**, int*)' 'Detour removeTile' \
    'onav::mesh::tiled_nav_mesh::TiledNavMesh::remove_tile' 'onav remove_tile')

printf '| %s | %s | %s | %s | %s |\n' input operation Detour onav onav/Detour
printf '| --- | --- | --- | --- | --- |\n'
for input in dungeon nav_test flat; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$input.out" "$bin" edits --rounds 1 --input "$input" \
        --meshes "$meshes" >"$out/$input.txt" 2>/dev/null
    per_call "$out/$input.out" "$patterns" >"$out/$input.tsv"
    tiles=$(awk -F'|' '/what a loaded mesh holds/ { table = 1 } table && $3 ~ /[0-9]+ \/ [0-9]+/ { split($3, t, "/"); print t[1] + 0; exit }' "$out/$input.txt")
    # Instructions per call of `label`, divided by `per` (the tile count for a whole-mesh row).
    count() { awk -F'\t' -v l="$1" -v per="$2" '$1 == l { printf "%d", $2 / per; found = 1 } END { if (!found) print "?" }' "$out/$input.tsv"; }
    row() {
        local d o
        d=$(count "Detour $2" "$3") o=$(count "onav $2" "$3")
        printf '| %s | %s | %s | %s | %s |\n' "$input" "$1" "$d" "$o" \
            "$(awk -v d="$d" -v o="$o" 'BEGIN { if (d + 0 > 0 && o + 0 > 0) printf "%.2f", o / d; else print "?" }')"
    }
    row 'remove all, a tile' 'remove all' "$tiles"
    printf '| %s | %s | %s | %s | |\n' "$input" 'removeTile / remove_tile, a call (remove all and churn)' \
        "$(count 'Detour removeTile' 1)" "$(count 'onav remove_tile' 1)"
done
