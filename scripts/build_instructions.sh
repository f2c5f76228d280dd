#!/usr/bin/env bash
# Instructions per tile of the peer harness's `build` rows, counted by
# callgrind (repeatable whatever else the machine does): the inclusive
# instructions of Recast's per-tile function (`recast_build::build_tile`,
# RecastDemo's pipeline through dtCreateNavMeshData) and of onav's
# (`tile_build::build_tile`, through NavTile::create) over one build of
# every tile by `onav-peer build-count`. Build the harness first:
#   flock /tmp/onav-build.lock cargo build --release --locked --manifest-path peer/Cargo.toml
# Usage: scripts/build_instructions.sh [ROW...], a row as input/partition
# (default: dungeon, nav_test and flat, each watershed and monotone).
# PEER_BIN=PATH counts a copy of the harness saved elsewhere (a build from
# before a change, say) instead of peer/target/release/onav-peer.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind_lib.sh
bin=${PEER_BIN:-peer/target/release/onav-peer}
[ -x "$bin" ] || { echo "no $bin: build the peer harness first (see the top of this script)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(dungeon/watershed dungeon/monotone nav_test/watershed nav_test/monotone
    flat/watershed flat/monotone)
echo "| input | partition | Recast instructions | onav instructions | onav/Recast |"
echo "| --- | --- | --- | --- | --- |"
for row in "${rows[@]}"; do
    input=${row%/*} partition=${row#*/}
    valgrind --tool=callgrind --callgrind-out-file="$out/$input-$partition.out" \
        "$bin" build-count --input "$input" --partition "$partition" >/dev/null 2>&1
    recast=$(inclusive "$out/$input-$partition.out" onav_peer::recast_build::build_tile)
    onav=$(inclusive "$out/$input-$partition.out" onav::build::voxel::tile_build::build_tile)
    awk -v i="$input" -v p="$partition" -v r="$recast" -v o="$onav" \
        'BEGIN { printf "| %s | %s | %.1f M | %.1f M | %.2f |\n", i, p, r / 1e6, o / 1e6, o / r }'
done
