#!/usr/bin/env bash
# What adding a tile from bytes and loading a whole mesh cost, in
# instructions per tile, onav's by part against Detour's whole call, from
# callgrind over the peer harness (`edits --rounds 1 --input INPUT`: a
# warm-up round and one round, both libraries on the same tiles; issue 24).
# Each figure is a function's inclusive instructions over its calls
# (callgrind's call counts), a whole-mesh row's over its tiles:
#   Detour add: `add_all` of Detour's side (`addTile` of every tile: the
#     add-from-bytes row's Detour side) over the tiles;
#   Detour load: `load_mset` (allocate, copy, `addTile`) over the tiles;
#   onav read: `read_tile_checked` a call, split into the rules
#     (`check_shape` + `check_contents`: every check of
#     src/tile/tile_rules.rs and what it calls), derived tables and portal
#     table (`NavTile::assemble` without `check_contents`) and parse + copy
#     (the rest: header, allocation, copying the sections);
#   onav add: `add_all_from_bytes` of onav's side over the tiles, less one
#     read (stitching, and the harness's loop);
#   onav load: `read_mesh` over the tiles.
# The last columns: the rules alone over Detour's whole add and load.
#
# bash scripts/add_work.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

side='<onav_peer::%s as onav_peer::edit_round::EditSide>::%s'
patterns=$(printf '%s\t%s\n' \
    "$(printf "$side" detour_edits::DetourEdits add_all)" 'Detour add all' \
    'onav_peer::mset::load_mset' 'Detour load' \
    "$(printf "$side" onav_edits::OnavEdits add_all_from_bytes)" 'onav add all from bytes' \
    'onav::format::tile_format::read_tile_checked' 'onav read' \
    'onav::tile::nav_tile::NavTile::assemble' 'onav assemble' \
    'onav::tile::tile_rules::check_shape' 'onav check_shape' \
    'onav::tile::tile_rules::check_contents' 'onav check_contents' \
    'onav::format::mesh_format::read_mesh' 'onav load')

printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' input 'Detour add' 'onav parse + copy' \
    'onav rules' 'onav derived + portal table' 'onav add (stitching)' 'onav add from bytes' 'Detour load' \
    'onav load' 'rules / Detour add' 'rules / Detour load'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
for input in dungeon nav_test flat; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$input.out" "$bin" edits --rounds 1 --input "$input" \
        --meshes "$meshes" >"$out/$input.txt" 2>/dev/null
    per_call "$out/$input.out" "$patterns" >"$out/$input.tsv"
    tiles=$(awk -F'|' '/what a loaded mesh holds/ { table = 1 } table && $3 ~ /[0-9]+ \/ [0-9]+/ { split($3, t, "/"); print t[1] + 0; exit }' "$out/$input.txt")
    awk -F'\t' -v input="$input" -v tiles="$tiles" '
        { per[$1] = $2 }
        END {
            add = per["Detour add all"] / tiles; load = per["Detour load"] / tiles
            rules = per["onav check_shape"] + per["onav check_contents"]
            derived = per["onav assemble"] - per["onav check_contents"]
            parse = per["onav read"] - per["onav assemble"] - per["onav check_shape"]
            from_bytes = per["onav add all from bytes"] / tiles
            printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f |\n", input, add, parse, rules, derived,
                from_bytes - per["onav read"], from_bytes, load, per["onav load"] / tiles, rules / add, rules / load
        }' "$out/$input.tsv"
done
