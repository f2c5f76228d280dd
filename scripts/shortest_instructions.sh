#!/usr/bin/env bash
# Instructions per call of onav's exact find_shortest_path and of the
# shortest path Detour offers (findPath + findStraightPath) over the same
# pairs, the pairs find_path completed apart from the rest (unreachable):
# callgrind over the peer harness (`queries --smoke --input MESH`: 300
# seeded pairs, a warm-up round and one round), one run per kind of pair
# collecting only inside query_round's `shortest_of_complete_pair` or
# `shortest_of_incomplete_pair`, so each figure is the inclusive
# instructions of the library's own functions over the calls made for
# that kind of pair (the harness around them does not count), less the
# one-off build of the mesh version's components (`MeshComponents::build`,
# made by the first search of the warm-up round).
#
# bash scripts/shortest_instructions.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

patterns=$(printf '%s\t%s\n' \
    'onav::query::shortest_path::shortest_path_search::<impl onav::query::nav_mesh_query::NavMeshQuery>::find_shortest_path' 'onav' \
    'onav::query::shortest_path::mesh_components::MeshComponents::build' 'onav components' \
    'dtNavMeshQuery::findPath(unsigned int, unsigned int, float const*, float const*, dtQueryFilter const*, unsigned int*, int*, int) const' 'Detour find_path' \
    'dtNavMeshQuery::findStraightPath(float const*, float const*, unsigned int const*, int, float*, unsigned char*, unsigned int*, int*, int, int) const' 'Detour find_straight_path')

# Calls from function $2 to function $3 (whole callgrind names) in
# callgrind output $1. callgrind counts calls whether or not it collects,
# so the calls made for one kind of pair are those from its wrapper.
calls_from() {
    awk -v caller="$2" -v callee="$3" '
        function name_of(spec,    id, rest) {
            id = substr(spec, 1, index(spec, ")"))
            rest = substr(spec, length(id) + 2)
            if (rest != "") names[id] = rest
            return names[id]
        }
        /^fn=/ { fn = name_of(substr($0, 4)); next }
        /^cfn=/ { cfn = name_of(substr($0, 5)); next }
        /^calls=/ && fn == caller && cfn == callee { split(substr($0, 7), c, " "); n += c[1] }
        END { print n + 0 }
    ' "$1"
}

# Over the current run ($run, $detour_calls, $onav): label $1's
# instructions; Detour's find_path (label $1) + find_straight_path per
# call; onav's count over $1.
total() { awk -F'\t' -v l="$1" '$1 == l { print $4; found = 1 } END { if (!found) print 0 }' "$run.tsv"; }
per_detour_call() {
    awk -v p="$(total "$1")" -v s="$(total 'Detour find_straight_path')" -v n="$detour_calls" \
        'BEGIN { if (n > 0) printf "%d", (p + s) / n; else print 0 }'
}
ratio() { awk -v d="$1" -v o="$onav" 'BEGIN { if (d > 0 && o > 0) printf "%.2f", o / d; else print "?" }'; }

side='<onav_peer::%s as onav_peer::query_round::QuerySide>::shortest_path'
printf '| %s | %s | %s | %s | %s | %s | %s |\n' mesh pairs calls 'Detour find_path + find_straight_path' \
    '(without dtNodePool::clear)' 'onav find_shortest_path' 'onav/Detour (without clear)'
printf '| --- | --- | --- | --- | --- | --- | --- |\n'
for mesh in nav_test dungeon; do
    for kind in complete incomplete; do
        run="$out/$mesh-$kind"
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect="*shortest_of_${kind}_pair*" \
            --callgrind-out-file="$run.out" "$bin" queries --smoke --input "$mesh" --meshes "$meshes" >/dev/null 2>&1
        per_call "$run.out" "$patterns" >"$run.tsv"
        wrapper="onav_peer::query_round::shortest_of_${kind}_pair"
        detour_calls=$(calls_from "$run.out" "$wrapper" "$(printf "$side" detour_queries::DetourQueries)")
        onav_calls=$(calls_from "$run.out" "$wrapper" "$(printf "$side" onav_queries::OnavQueries)")
        detour=$(per_detour_call 'Detour find_path')
        unclear=$(per_detour_call 'Detour find_path without dtNodePool::clear')
        onav=$(awk -v t="$(total onav)" -v b="$(total 'onav components')" -v n="$onav_calls" \
            'BEGIN { if (n > 0) printf "%d", (t - b) / n; else print 0 }')
        label=$([ "$kind" = complete ] && echo complete || echo unreachable)
        printf '| %s | %s | %s | %s | %s | %s | %s (%s) |\n' "$mesh" "$label" "$onav_calls" "$detour" "$unclear" "$onav" \
            "$(ratio "$detour")" "$(ratio "$unclear")"
    done
done
