#!/usr/bin/env bash
# Where adding and loading spend beyond their instructions: callgrind's
# simulated caches over the peer harness (`edits --rounds 1 --input INPUT`,
# as scripts/edit_instructions.sh), each side's add and load inclusive, per
# tile: instructions, first-level data read and write misses (D1mr, D1mw),
# last-level data misses (DLmr + DLmw) and first-level instruction misses
# (I1mr). Then the heap allocations per tile of onav's two, counted as the
# calls into malloc, realloc and calloc in the parts callgrind dumps when
# that function returns (`--dump-before` and `--dump-after` of it: each
# such part holds one call and nothing else). `--toggle-collect` does not
# do: callgrind counts the calls of an arc it first saw while collecting
# also while it is not collecting, so the other operation's tile reads and
# growing vectors were counted too (addload's 12-13 a tile were 5.3-5.5).
# Issue 24 asks which part of the work an unmet ratio is: instructions,
# allocations or misses. Each callgrind run holds the build lock.
#
#   Detour add: `add_all` of Detour's side (`addTile` of every lent tile);
#   onav add from bytes: `add_all_from_bytes` (read, validate, add);
#   Detour load: `load_mset` (allocate, copy, `addTile`);
#   onav load: `read_mesh`.
#
# bash scripts/edit_misses.sh [MESHES_DIR]  (default /work/shared/data/meshes
# or $ONAV_PEER_MESHES)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
build_peer_with_scratch

onav_add=$(edit_side onav_edits::OnavEdits add_all_from_bytes)
patterns="$(edit_side detour_edits::DetourEdits add_all)	Detour add
$onav_add	onav add from bytes
onav_peer::mset::load_mset	Detour load
onav::format::mesh_format::read_mesh	onav load"

# Per call of each pattern's function (name<TAB>label lines in $2) in
# callgrind output $1, every event: label, then each event's cost over the
# calls, in the order of the `events:` line.
events_per_call() {
    awk -F'\t' -v patterns="$2" "$callgrind_names_awk"'
        /^events:/ { events = split(substr($0, 9), event_names, " "); next }
        /^fn=/ { name_of(substr($0, 4)); next }
        /^cfn=/ { callee = name_of(substr($0, 5)); next }
        /^calls=/ { split(substr($0, 7), c, " "); pending = c[1]; next }
        pending != "" {
            split($0, cost, " ")
            label = label_of(callee)
            if (label != "") {
                calls[label] += pending
                for (e = 1; e <= events; e++) sum[label, e] += cost[e + 1]
            }
            pending = ""
        }
        END {
            for (label in calls) {
                line = label
                for (e = 1; e <= events; e++) line = line "\t" event_names[e] "=" sum[label, e] / calls[label]
                print line
            }
        }
    ' "$1"
}

# Calls into the C allocator in the callgrind outputs named.
allocator_calls() {
    awk -v patterns="" "$callgrind_names_awk"'
        /^fn=/ { name_of(substr($0, 4)); next }
        /^cfn=/ { callee = name_of(substr($0, 5)); next }
        /^calls=/ { if (callee ~ /^(malloc|realloc|calloc)$/) { split(substr($0, 7), c, " "); n += c[1] } }
        END { print n + 0 }
    ' "$@"
}

table='| input | side | instructions | D1 read misses | D1 write misses | LL data misses | I1 misses | allocations |
| --- | --- | --- | --- | --- | --- | --- | --- |'
for input in dungeon nav_test flat; do
    flock /tmp/onav-build.lock valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$out/$input.out" \
        "$bin" edits --rounds 1 --input "$input" --meshes "$meshes" >"$out/$input.txt" 2>/dev/null
    tiles=$(tiles_in_report "$out/$input.txt")
    events_per_call "$out/$input.out" "$patterns" >"$out/$input.tsv"
    declare -A allocations=()
    for pair in "$onav_add	onav add from bytes" "onav::format::mesh_format::read_mesh	onav load"; do
        function=${pair%%	*}
        rm -f "$out"/alloc.*
        flock /tmp/onav-build.lock valgrind --tool=callgrind "--dump-before=$function" "--dump-after=$function" \
            --callgrind-out-file="$out/alloc" "$bin" edits --rounds 1 --input "$input" --meshes "$meshes" \
            >/dev/null 2>&1
        mapfile -t parts < <(grep -l "^desc: Trigger: --dump-after=" "$out"/alloc.*)
        mallocs=$(allocator_calls "${parts[@]}")
        calls=${#parts[@]}
        allocations[${pair#*	}]=$(awk -v m="$mallocs" -v c="$calls" -v t="$tiles" 'BEGIN { printf "%.2f", m / c / t }')
    done
    for label in "Detour add" "onav add from bytes" "Detour load" "onav load"; do
        row=$(awk -F'\t' -v label="$label" -v tiles="$tiles" -v alloc="${allocations[$label]:-}" '
            $1 == label {
                for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] / tiles }
                printf "%d | %.1f | %.1f | %.1f | %.2f | %s", v["Ir"], v["D1mr"], v["D1mw"], v["DLmr"] + v["DLmw"], v["I1mr"], alloc
            }' "$out/$input.tsv")
        table+=$'\n'"| $input | $label | $row |"
    done
done
printf '%s\n' "$table"
