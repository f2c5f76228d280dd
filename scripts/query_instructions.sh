#!/usr/bin/env bash
# Instructions per call of onav's and Detour's queries, side by side, from
# callgrind over the peer harness (`queries --smoke --input MESH`: 300
# seeded pairs, a warm-up round and one round, both libraries on the same
# tiles). Each figure is the inclusive instructions of the library's own
# function over the calls made to it (callgrind's call counts), so the
# harness around it does not count. Detour's find_path is also given
# without `dtNodePool::clear`, the memset of its whole node hash that
# every search starts with.
#
# bash scripts/query_instructions.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

onav='onav::query::%s::<impl onav::query::nav_mesh_query::NavMeshQuery>::%s'
# onav's find_straight_path is counted by its shared body, `straight_path`:
# the public method is a thin wrapper the release build inlines away.
patterns=$(printf '%s\t%s\n' \
    "$(printf "$onav" nearest_poly find_nearest_poly)" 'onav find_nearest_poly' \
    'dtNavMeshQuery::findNearestPoly(float const*, float const*, dtQueryFilter const*, unsigned int*, float*) const' 'Detour find_nearest_poly' \
    "$(printf "$onav" find_path find_path)" 'onav find_path' \
    'dtNavMeshQuery::findPath(unsigned int, unsigned int, float const*, float const*, dtQueryFilter const*, unsigned int*, int*, int) const' 'Detour find_path' \
    'onav::query::straight_path::straight_path' 'onav find_straight_path' \
    'dtNavMeshQuery::findStraightPath(float const*, float const*, unsigned int const*, int, float*, unsigned char*, unsigned int*, int*, int, int) const' 'Detour find_straight_path' \
    "$(printf "$onav" raycast raycast)" 'onav raycast' \
    'dtNavMeshQuery::raycast(unsigned int, float const*, float const*, dtQueryFilter const*, float*, float*, unsigned int*, int*, int) const' 'Detour raycast')

printf '| %s | %s | %s | %s | %s |\n' mesh operation Detour onav onav/Detour
printf '| --- | --- | --- | --- | --- |\n'
for mesh in nav_test dungeon; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$mesh.out" "$bin" queries --smoke --input "$mesh" \
        --meshes "$meshes" >/dev/null 2>&1
    per_call "$out/$mesh.out" "$patterns" >"$out/$mesh.tsv"
    count() { awk -F'\t' -v l="$1" '$1 == l { print $2; found = 1 } END { if (!found) print "?" }' "$out/$mesh.tsv"; }
    for op in find_nearest_poly find_path find_straight_path raycast; do
        d=$(count "Detour $op") o=$(count "onav $op")
        printf '| %s | %s | %s | %s | %s |\n' "$mesh" "$op" "$d" "$o" \
            "$(awk -v d="$d" -v o="$o" 'BEGIN { if (d + 0 > 0 && o + 0 > 0) printf "%.2f", o / d; else print "?" }')"
    done
    printf '| %s | %s | %s | | |\n' "$mesh" 'find_path (Detour without dtNodePool::clear)' \
        "$(count 'Detour find_path without dtNodePool::clear')"
done
