#!/usr/bin/env bash
# The README's demo: build a small mesh (six tiles with portals, a second
# layer, one-way, two-way and unconnected off-mesh links), save it as ONNM
# and ONPM, then look at it with the onav command: inspect, validate, a
# picture as SVG, and the main job: a path on the mesh, drawn over that
# picture.
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
