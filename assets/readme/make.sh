#!/usr/bin/env bash
# Makes the README's before/after images: one fBm terrain, each model run on it by runnel-cli, shown as
# hillshades side by side. Usage: assets/readme/make.sh [BUILD_DIR]   (default: build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$(cd "${1:-build}" && pwd)/app/runnel-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$cli" generate --kind fbm --size 384 --seed 11 -o base.r32 -q
"$cli" erode base.r32 -o before.r32 --droplets 0 --hillshade before.png -q
run() {  # NAME ARGS...
  local name=$1
  shift
  "$cli" erode base.r32 -o "$name.r32" --hillshade "$name.png" -q "$@"
  # No date or time chunks: remade images that look the same are the same bytes.
  convert before.png "$name.png" -bordercolor white -border 2 +append -resize 50% \
    -define png:exclude-chunks=date,time "$here/$name.png"
}
run droplet --droplets 150000
run droplet-open --droplets 150000 --edges clamp
run grid --model grid --iterations 400
run particle --model particle --droplets 150000
run normal --model normal --droplets 150000
run raindrop --model raindrop --droplets 150000
run thermal --model thermal --iterations 200
run smooth --model smooth --iterations 20
