#!/usr/bin/env bash
# Instructions a tick of DetourCrowd's and onav's crowds, side by side,
# and onav's tick by part: callgrind over the peer harness
# (`crowd-count --input SCENARIO`: each library steps a fresh crowd of the
# scenario through the `crowd` table's 150 timed ticks, onav on one
# thread), collecting only inside `dtCrowd::update` and
# `onav::Crowd::run_step` (what `step` and `step_on_calling_thread` run)
# and dumping before each call, so every dump holds
# one tick of one library and the set-up (levels, placements, agents
# added) counts nowhere. Per tick: the median over the 150 ticks (the
# statistic the timed table takes) and the mean over ticks 2-150 (tick 1
# holds onav's path search of every agent; DetourCrowd spreads its
# searches, 8 a tick). onav's parts are the inclusive instructions of its
# functions over ticks 2-150 (the parts are `#[inline(never)]` in
# src/crowd/ for this); ORCA is `avoid` without the local boundary, "the
# rest" the step without every part.
#
# bash scripts/crowd_instructions.sh [MESHES_DIR] [SCENARIO...]
# (default /work/shared/data/meshes or $ONAV_PEER_MESHES; scenarios
# plaza-1000 and dungeon-250 by default, also plaza-100, plaza-5000)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
meshes=${1:-${ONAV_PEER_MESHES:-/work/shared/data/meshes}}
shift $(($# > 0 ? 1 : 0))
if [ $# -gt 0 ]; then scenarios=("$@"); else scenarios=(plaza-1000 dungeon-250); fi
build_peer_with_scratch

onav_step='onav::crowd::crowd::Crowd::run_step'
detour_step='dtCrowd::update(float, dtCrowdAgentDebugInfo*)'
# label<TAB>function, in the order the table lists them.
parts=$(printf '%s\t%s\n' \
    'snapshot and proximity grid' 'onav::crowd::crowd::Crowd::take_snapshot' \
    'path search (requested targets)' 'onav::crowd::agent_update::plan' \
    'topology optimisation' 'onav::crowd::path_corridor::PathCorridor::optimize_topology' \
    'corners (straight path)' 'onav::crowd::path_corridor::PathCorridor::find_corners' \
    'visibility shortcut (raycast)' 'onav::crowd::path_corridor::PathCorridor::optimize_visibility' \
    'neighbours' 'onav::crowd::agent_update::find_neighbours' \
    'steering, lane bias, separation' 'onav::crowd::agent_update::desired_velocity' \
    'local boundary (walls)' 'onav::crowd::local_boundary::LocalBoundary::update' \
    'avoid' 'onav::crowd::agent_update::avoid' \
    'collision resolution' 'onav::crowd::crowd::Crowd::resolve_collisions' \
    'move along surface' 'onav::crowd::path_corridor::PathCorridor::move_position')

# One line per dump of the run $1 (the dumps in order): the dump's total
# instructions, then each part's inclusive instructions (the `calls=`
# arcs into the part's function, summed), tab-separated.
per_dump() {
    local files
    # callgrind numbers the dumps $1.1, $1.2, ... and writes the last,
    # at exit, to $1 itself.
    files="$(ls "$1".* | awk -F. '{ print $NF "\t" $0 }' | sort -n | cut -f2) $1"
    # shellcheck disable=SC2086
    awk -v parts="$parts" '
        BEGIN { n = split(parts, lines, "\n"); for (i = 1; i <= n; i++) { split(lines[i], f, "\t"); part[f[2]] = i } }
        function name_of(spec,    id, rest) {
            if (substr(spec, 1, 1) != "(") return spec
            id = substr(spec, 1, index(spec, ")"))
            rest = substr(spec, length(id) + 2)
            if (rest != "") names[id] = rest
            return names[id]
        }
        function flush(    i, line) {
            if (!started) return
            line = total + 0
            for (i = 1; i <= n; i++) line = line "\t" (cost[i] + 0)
            print line
            delete cost; total = 0
        }
        FNR == 1 { flush(); started = 1; delete names }
        /^(summary|totals):/ { total = $2; next }
        /^cfn=/ { callee = name_of(substr($0, 5)); next }
        /^calls=/ { pending = 1; next }
        pending { m = split($0, c, " "); if (callee in part) cost[part[callee]] += c[m]; pending = 0 }
        END { flush() }
    ' $files
}

printf '| %s | %s | %s | %s | %s | %s | %s |\n' scenario 'DetourCrowd median' 'onav median' 'onav/DetourCrowd' \
    'DetourCrowd mean, ticks 2-150' 'onav mean, ticks 2-150' 'onav/DetourCrowd'
printf '| --- | --- | --- | --- | --- | --- | --- |\n'
for scenario in "${scenarios[@]}"; do
    run="$out/$scenario"
    flock /tmp/onav-build.lock valgrind --tool=callgrind --collect-atstart=no --compress-strings=no \
        --toggle-collect="$onav_step" --toggle-collect="$detour_step" \
        --dump-before="$onav_step" --dump-before="$detour_step" \
        --callgrind-out-file="$run" "$bin" crowd-count --input "$scenario" --meshes "$meshes" >/dev/null 2>&1
    # The first dump is the empty stretch before DetourCrowd's first
    # tick; then 150 ticks of DetourCrowd and 150 of onav.
    per_dump "$run" | tail -n +2 >"$run-ticks.tsv"
    [ "$(wc -l <"$run-ticks.tsv")" -eq 300 ] || { echo "$scenario: $(wc -l <"$run-ticks.tsv") ticks, not 2 x 150" >&2; exit 1; }
    awk -F'\t' -v scenario="$scenario" -v parts="$parts" -v summary="$run-parts.tsv" '
        function median(a, k,    i, j, t) {
            for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
        }
        { tick = NR <= 150 ? NR : NR - 150 }
        NR <= 150 { d[NR] = $1; if (tick > 1) dsum += $1; next }
        { o[tick] = $1; if (tick > 1) { osum += $1; for (i = 2; i <= NF; i++) psum[i - 1] += $i } }
        END {
            dm = median(d, 150); om = median(o, 150); dmean = dsum / 149; omean = osum / 149
            printf "| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |\n", scenario, dm, om, om / dm, dmean, omean, omean / dmean
            n = split(parts, lines, "\n"); rest = omean
            for (i = 1; i <= n; i++) {
                split(lines[i], f, "\t"); label[i] = f[1]; value[i] = psum[i] / 149
                if (label[i] == "local boundary (walls)") boundary = value[i]
            }
            for (i = 1; i <= n; i++) {
                if (label[i] == "avoid") { label[i] = "ORCA (avoid without the local boundary)"; value[i] -= boundary }
                rest -= value[i]
                printf "%s\t%.0f\t%.1f\n", label[i], value[i], 100 * value[i] / omean > summary
            }
            printf "the rest of the step\t%.0f\t%.1f\n", rest, 100 * rest / omean > summary
        }
    ' "$run-ticks.tsv"
done
for scenario in "${scenarios[@]}"; do
    printf '\nonav, %s, by part (mean over ticks 2-150):\n\n' "$scenario"
    printf '| part | instructions a tick | share of the step |\n| --- | --- | --- |\n'
    awk -F'\t' '{ printf "| %s | %s | %s%% |\n", $1, $2, $3 }' "$out/$scenario-parts.tsv"
done
