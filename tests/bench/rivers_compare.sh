#!/bin/bash
# Two builds' rivers step at 1024², 1 and 2 threads, run alternately (old, new, old, new, ...) so a noisy
# machine weighs on both alike; prints each round's medians of 5 (docs/performance.md quotes them).
#   tests/bench/rivers_compare.sh OLD/tests/bench/bench_rivers NEW/tests/bench/bench_rivers [ROUNDS]
set -eu
OLD=${1:?usage: rivers_compare.sh OLD_BENCH NEW_BENCH [ROUNDS]}
NEW=${2:?usage: rivers_compare.sh OLD_BENCH NEW_BENCH [ROUNDS]}
for round in $(seq 1 "${3:-3}"); do
  for side in old new; do
    bench=$OLD
    [ "$side" = new ] && bench=$NEW
    "$bench" --benchmark_filter='riversStep/1024/' --benchmark_repetitions=5 \
      --benchmark_report_aggregates_only=true 2>/dev/null | awk -v s="$side" -v r="$round" \
      '/_median/ { split($1, name, "/"); print s, "round " r ":", name[3], "thread(s)", $2, $3 }'
  done
done
