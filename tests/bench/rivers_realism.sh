#!/bin/bash
# The rivers model's realism figures in docs/performance.md: the default landscape of each size over the
# same 30.7 km (seed 7), the model's own build (coarse to fine; tests/bench/landscape_realism.sh has every
# gauge of issue 30), the five landform gauges, and the preview parity of 512 at 60 m
# against 2048 at 15 m. Needs python3-numpy (../shared/realism/landform_metrics.py).
#   tests/bench/rivers_realism.sh build/app/runnel-cli [SIZES...]     (default: 512 1024 2048; 4096 takes
#   about two minutes to erode and six to measure)
set -eu
CLI=$(realpath "${1:?usage: rivers_realism.sh RUNNEL_CLI [SIZES...]}")
shift
SIZES=("${@:-512 1024 2048}")
METRICS=$(realpath "$(dirname "$0")/../../../shared/realism/landform_metrics.py")
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
cd "$DIR"
for n in ${SIZES[@]}; do
  cell=$(python3 -c "print(30 * 1024 / $n)")
  "$CLI" generate --size "$n" --seed 7 --cell-size "$cell" -o "in$n.r32" >/dev/null
  /usr/bin/time -f "$n² at $cell m: %e s, %M KB" "$CLI" erode "in$n.r32" -o "out$n.r32" --model rivers \
    --cell-size "$cell" --no-progress >/dev/null
  /usr/bin/python3 "$METRICS" "out$n.r32" "$n" "$n" --cell-size "$cell"
done
if [ -f out512.r32 ] && [ -f out2048.r32 ]; then
  /usr/bin/python3 - <<'PY'
import numpy as np
def change(n):
    before = np.fromfile("in%d.r32" % n, "<f4").reshape(n, n).astype(np.float64)
    return np.fromfile("out%d.r32" % n, "<f4").reshape(n, n) - before
small, big = change(512), change(2048).reshape(512, 4, 512, 4).mean(axis=(1, 3))
print("preview parity, 512 at 60 m against 2048 at 15 m box-averaged: r = %.3f"
      % np.corrcoef(small.ravel(), big.ravel())[0, 1])
PY
fi
