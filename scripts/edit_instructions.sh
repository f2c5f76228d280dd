#!/usr/bin/env bash
# Instructions per tile of onav's and Detour's edits and loads, side by
# side, from callgrind over the peer harness (`edits --rounds 1 --input
# INPUT`: a warm-up round and one round, both libraries on the same tiles;
# issue 24). Each figure is a function's inclusive instructions over its
# calls (callgrind's call counts), a whole-mesh function's also over the
# tiles. Two tables:
#
# Removal: each side's `remove_all` (the `remove (all tiles)` row: a full
# mesh emptied in set order; Detour's `getTileRefAt` + `removeTile` a
# tile, onav's `remove_tile`) over the tiles.
#
# Add and load, onav's by part against Detour's whole call:
#   Detour add: `add_all` of Detour's side (`addTile` of every tile: the
#     add-from-bytes row's Detour side) over the tiles;
#   Detour load: `load_mset` (allocate, copy, `addTile`) over the tiles;
#   onav read: `read_tile_checked` a call, split into the rules
#     (`check_shape` + `check_contents`: every check of
#     src/tile/tile_rules.rs and what it calls), derived tables and portal
#     table (`NavTile::assemble` without `check_contents`) and parse + copy
#     (the rest: header, allocation, copying the sections);
#   onav add: `add_all_from_bytes` of onav's side over the tiles, less one
#     read (stitching, the tile's `Arc`, and the harness's loop);
#   onav load: `read_mesh` over the tiles;
#   and the rules alone over Detour's whole add and load.
#
# bash scripts/edit_instructions.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

# Function (as callgrind names it), a tab, its label.
patterns=$(cat <<PATTERNS
$(edit_side detour_edits::DetourEdits remove_all)	Detour remove all
$(edit_side onav_edits::OnavEdits remove_all)	onav remove all
$(edit_side detour_edits::DetourEdits add_all)	Detour add all
onav_peer::mset::load_mset	Detour load
$(edit_side onav_edits::OnavEdits add_all_from_bytes)	onav add all from bytes
onav::format::tile_format::read_tile_checked	onav read
onav::tile::nav_tile::NavTile::assemble	onav assemble
onav::tile::tile_rules::check_shape	onav check_shape
onav::tile::tile_rules::check_contents	onav check_contents
onav::format::mesh_format::read_mesh	onav load
PATTERNS
)

removal='| input | Detour remove all, a tile | onav remove all, a tile | onav/Detour |
| --- | --- | --- | --- |'
parts='| input | Detour add | onav parse + copy | onav rules | onav derived + portal table | onav add (stitching) | onav add from bytes | Detour load | onav load | rules / Detour add | rules / Detour load |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |'
for input in dungeon nav_test flat; do
    edits_per_call "$input" "$patterns"
    rows=$(awk -F'\t' -v input="$input" -v tiles="$tiles" '
        { per[$1] = $2 }
        END {
            d = per["Detour remove all"] / tiles; o = per["onav remove all"] / tiles
            printf "| %s | %d | %d | %.2f |\n", input, d, o, o / d
            add = per["Detour add all"] / tiles; load = per["Detour load"] / tiles
            rules = per["onav check_shape"] + per["onav check_contents"]
            derived = per["onav assemble"] - per["onav check_contents"]
            parse = per["onav read"] - per["onav assemble"] - per["onav check_shape"]
            from_bytes = per["onav add all from bytes"] / tiles
            printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f |\n", input, add, parse, rules, derived,
                from_bytes - per["onav read"], from_bytes, load, per["onav load"] / tiles, rules / add, rules / load
        }' "$out/$input.tsv")
    removal+=$'\n'$(head -1 <<<"$rows")
    parts+=$'\n'$(tail -1 <<<"$rows")
done
printf '%s\n\n%s\n' "$removal" "$parts"
