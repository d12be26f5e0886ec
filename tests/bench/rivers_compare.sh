#!/bin/bash
# Two builds' rivers step at 1024² (or SIZE), 1 and 2 threads, run alternately (old, new, old, new, ...) so a
# noisy machine weighs on both alike; prints each round's medians of 5, with the stages' ms where the build
# reports them (docs/performance.md quotes them).
#   tests/bench/rivers_compare.sh OLD/tests/bench/bench_rivers NEW/tests/bench/bench_rivers [ROUNDS] [SIZE]
set -eu
OLD=${1:?usage: rivers_compare.sh OLD_BENCH NEW_BENCH [ROUNDS] [SIZE]}
NEW=${2:?usage: rivers_compare.sh OLD_BENCH NEW_BENCH [ROUNDS] [SIZE]}
for round in $(seq 1 "${3:-3}"); do
  for side in old new; do
    bench=$OLD
    [ "$side" = new ] && bench=$NEW
    "$bench" --benchmark_filter="riversStep/${4:-1024}/" --benchmark_repetitions=5 \
      --benchmark_report_aggregates_only=true 2>/dev/null | awk -v s="$side" -v r="$round" \
      '/_median/ { split($1, name, "/"); stages = "";
                   for (i = 7; i <= NF; i++) if ($i !~ /^(cells|ns\/cell)=/) stages = stages " " $i;
                   print s, "round " r ":", name[3], "thread(s)", $2, $3 stages }'
  done
done
