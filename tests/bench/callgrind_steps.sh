#!/usr/bin/env bash
# Instructions per droplet step under callgrind, counting only DropletModel::run.
#   tests/bench/callgrind_steps.sh BUILD_DIR [SIZE] [DROPLETS] [MODE] [ORDER]   (ORDER: tiled or sequential,
#   on one thread)
# e.g. tests/bench/callgrind_steps.sh build 256 20000 conserving
# Counts the AVX2 path where the CPU has it; RUNNEL_DROPLET_CPU=baseline in the environment counts SSE2.
# Prints two figures a step: all of DropletModel::run, and the droplets' own (the same without the
# conserving mode's settle pass, DropletModel::settleSlopes: angles of repose, a grid pass every few
# thousand droplets whose cost is per cell, not per step).
set -euo pipefail
build=${1:-build}
size=${2:-256}
droplets=${3:-20000}
mode=${4:-conserving}
order=${5:-tiled}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" --toggle-collect='runnel::DropletModel::run*' \
  "$build/tests/bench/bench_droplets" --once "$size" "$droplets" "$mode" "$order" >"$out/stats.json" 2>"$out/log"
steps=$(sed -n 's/.*"steps": \([0-9]*\).*/\1/p' "$out/stats.json")
ir=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out/cg.out")
settle=$(callgrind_annotate --inclusive=yes --threshold=100 "$out/cg.out" 2>/dev/null |
  sed -n 's/^ *\([0-9,]*\) .*runnel::DropletModel::settleSlopes(.*/\1/p' | tr -d , | head -n 1)
settle=${settle:-0}
awk -v ir="$ir" -v settle="$settle" -v steps="$steps" -v mode="$mode" -v size="$size" -v n="$droplets" \
  'BEGIN { printf "%s %dx%d, %d droplets: %d steps, %d instructions, %.1f instructions/step (droplets %.1f, settle pass %.1f)\n", mode, size, size, n, steps, ir, ir / steps, (ir - settle) / steps, settle / steps }'
