#!/bin/bash
# The rivers step against the reference research code, fastscapelib, on the same terrain and in the same run
# (alternate rounds), so the ratio holds on a machine whose speed moves by a third between days. Each round:
# fastscapelib's median of STEPS steps (D8 with its minimum-spanning-tree sink resolver, then with
# --mfd), then bench_rivers' median of 5 at one thread. Needs Debian's xtensor-dev and a fastscapelib
# checkout (v0.3: `git clone -b v0.3.0 https://github.com/fastscape-lem/fastscapelib`); nothing of it
# enters the project.
#   tests/bench/fastscapelib_compare.sh FASTSCAPELIB_DIR BUILD_DIR [SIZE] [ROUNDS] [STEPS]
set -eu
FS=${1:?usage: fastscapelib_compare.sh FASTSCAPELIB_DIR BUILD_DIR [SIZE] [ROUNDS] [STEPS]}
BUILD=${2:?usage: fastscapelib_compare.sh FASTSCAPELIB_DIR BUILD_DIR [SIZE] [ROUNDS] [STEPS]}
SIZE=${3:-1024}
ROUNDS=${4:-3}
STEPS=${5:-5}
[ -d "$FS/include/fastscapelib" ] || { echo "$FS: no include/fastscapelib (a fastscapelib checkout?)" >&2; exit 1; }
[ -f /usr/include/xtensor/xtensor.hpp ] || { echo "needs xtensor: apt-get install xtensor-dev" >&2; exit 1; }
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# fastscapelib 0.3 includes xtensor 0.26's paths (xtensor/containers/xtensor.hpp); Debian 12 has 0.24, whose
# headers are flat (xtensor/xtensor.hpp): one forwarding header per path it asks for.
grep -rhoE '[<"]xtensor/[a-z_]+/[a-z_]+\.hpp[>"]' "$FS/include" | tr -d '<>"' | sort -u | while read -r path; do
  [ -f "/usr/include/$path" ] && continue
  mkdir -p "$WORK/shim/$(dirname "$path")"
  echo "#include <xtensor/$(basename "$path")>" >"$WORK/shim/$path"
done
echo "building the fastscapelib driver (about 20 s)..."
g++ -std=c++17 -O3 -march=native -DNDEBUG -DFASTSCAPELIB_VERSION_MAJOR=0 -DFASTSCAPELIB_VERSION_MINOR=3 \
  -DFASTSCAPELIB_VERSION_PATCH=0 -I"$WORK/shim" -I"$FS/include" "$HERE/reference/fastscapelib_step.cpp" \
  -o "$WORK/fastscapelib_step" -pthread

# bench_rivers' terrain: the default generator, seed 7, 30.72 km across.
CELL=$(awk -v n="$SIZE" 'BEGIN { print 30 * 1024 / n }')
"$BUILD/app/runnel-cli" generate --size "$SIZE" --seed 7 --cell-size "$CELL" -o "$WORK/terrain.r32" >/dev/null
for round in $(seq 1 "$ROUNDS"); do
  for router in "" --mfd; do
    "$WORK/fastscapelib_step" "$WORK/terrain.r32" "$SIZE" "$CELL" "$STEPS" $router |
      awk -v r="$round" -v how="${router:-d8}" '/median/ { print "fastscapelib round " r " (" how "):", $4, "ms" }'
  done
  "$BUILD/tests/bench/bench_rivers" --benchmark_filter="riversStep/$SIZE/1/" --benchmark_repetitions=5 \
    --benchmark_report_aggregates_only=true 2>/dev/null |
    awk -v r="$round" '/_median/ { print "runnel rivers round " r ":", $2, $3 }'
done
