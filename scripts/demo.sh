#!/usr/bin/env bash
# The README's demo: build a small mesh (six tiles with portals, a second
# layer, one-way, two-way and unconnected off-mesh links), save it as ONNM
# and ONPM, then look at it with the onav command: inspect, validate, a
# picture as SVG, and the main job: a path on the mesh, drawn over that
# picture. Then the voxel builder: build the shared level nav_test.obj
# (../shared/data/meshes/ beside the repository; skipped, saying so, when
# it is missing), draw it, find a path across it and walk a crowd of 100
# agents over it for 30 simulated seconds, drawing their trails.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/demo

cargo build --release --quiet --example demo --bin onav
bin="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/release"

"$bin/examples/demo" "$out"
echo
echo "\$ onav inspect $out/mesh.onnm"
"$bin/onav" inspect "$out/mesh.onnm"
echo
echo "\$ onav validate $out/mesh.onpm"
"$bin/onav" validate "$out/mesh.onpm"
"$bin/onav" svg "$out/mesh.onpm" -o "$out/mesh.svg"
echo
echo "\$ onav path $out/mesh.onpm --from 6,0,2 --to 44,0,31 --svg $out/path.svg"
"$bin/onav" path "$out/mesh.onpm" --from 6,0,2 --to 44,0,31 --svg "$out/path.svg"
echo
echo "pictures: $out/mesh.svg, and the path over it: $out/path.svg (debug geometry as JSON: onav debug $out/mesh.onpm --json)"

level=../shared/data/meshes/nav_test.obj
echo
if [ ! -f "$level" ]; then
    echo "$level is missing: skipping the build of the shared level"
    exit 0
fi
echo "\$ onav build $level -o $out/nav_test.onnm"
"$bin/onav" build "$level" -o "$out/nav_test.onnm"
"$bin/onav" svg "$out/nav_test.onnm" -o "$out/nav_test.svg"
echo
echo "\$ onav path $out/nav_test.onnm --from -20.8,-2.3,-18.9 --to 16.9,-2.3,20 --svg $out/nav_test_path.svg"
"$bin/onav" path "$out/nav_test.onnm" --from -20.8,-2.3,-18.9 --to 16.9,-2.3,20 --svg "$out/nav_test_path.svg"
echo
echo "\$ onav crowd $out/nav_test.onnm --agents 100 --ticks 900 --svg $out/nav_test_crowd.svg"
"$bin/onav" crowd "$out/nav_test.onnm" --agents 100 --ticks 900 --svg "$out/nav_test_crowd.svg"
echo
echo "the built level: $out/nav_test.svg, the path over it: $out/nav_test_path.svg, a crowd's trails over it: $out/nav_test_crowd.svg"
