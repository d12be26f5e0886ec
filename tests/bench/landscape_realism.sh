#!/bin/bash
# Issue 30's figures in docs/performance.md ("Landforms at every scale"): for each size and seed, over the same
# 30.7 km, the rivers model's own build (no --steps) on the generated landscape and the alpine preset; every
# gauge of landform_metrics.py --reach 5 at the map's own resolution, '*' where it is outside the issue's
# range; the time and peak memory; how well the input's large forms stay (both box-averaged to 64², r); and
# the alpine preview's parity (512² against the 4096² box-averaged to 512²: heights and slope magnitudes).
# Needs python3-numpy (../shared/realism/landform_metrics.py). A 4096² map takes about 30 s to build and
# 90 s to measure.
#   tests/bench/landscape_realism.sh build/app/runnel-cli "1024 4096" "7 21" [rivers|alpine|both]
set -eu
CLI=$(realpath "${1:?usage: landscape_realism.sh RUNNEL_CLI [SIZES] [SEEDS] [rivers|alpine|both]}")
SIZES=${2:-1024}
SEEDS=${3:-7}
WHAT=${4:-both}
HERE=$(realpath "$(dirname "$0")")
METRICS=$(realpath "$HERE/../../../shared/realism/landform_metrics.py")
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
cd "$DIR"

gauges() {  # FILE SIZE CELL LABEL
  /usr/bin/python3 "$METRICS" "$1" "$2" "$2" --cell-size "$3" --reach 5 --json >m.json
  /usr/bin/python3 - "$4" <<'PY'
import json, sys
j = json.load(open("m.json"))
rows = [("HI", "hypsometric_integral", 0.30, 0.45), ("fill", "fill_volume_rel", -1, 0.004),
        ("depr", "depression_frac", -1, 0.16), ("p90/med", "slope_p90_over_median", 1.8, 4.3),
        ("theta", "theta", 0.35, 0.60), ("R2", "sa_r2", 0.8, 9), ("grid", "grid_marks", 0, 1.2),
        ("axis", "axis_bias", 0, 1.15), ("flat", "flat_patch_frac", -1, 0.02),
        ("hill", "hillslope_len_rel", 0, 0.72), ("rho", "curv_area_rho", 0.60, 9)]
out, bad = [], 0
for name, key, lo, hi in rows:
    v = j.get(key)
    ok = v is not None and lo <= v <= hi
    bad += not ok
    out.append("%s %s%s" % (name, "n/a" if v is None else "%.3f" % v, "" if ok else "*"))
print("%s: %s | median %.1f deg, over 50 %.1f%% | outside %d" % (sys.argv[1], "  ".join(out),
      j["slope_deg_median"], 100 * j["slope_deg_over50"], bad))
PY
}

correlate() {  # A NA B NB K LABEL: both box-averaged to K², the outer ring left out
  /usr/bin/python3 - "$@" <<'PY'
import sys, numpy as np
def load(f, n, k):
    s = n // k
    return np.fromfile(f, "<f4").reshape(n, n).astype(np.float64).reshape(k, s, k, s).mean(axis=(1, 3))[1:-1, 1:-1]
a, b = load(sys.argv[1], int(sys.argv[2]), int(sys.argv[5])), load(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
slope = lambda z: np.hypot(*np.gradient(z))
print("%s: heights r %.3f, slope magnitudes r %.3f" % (sys.argv[6], np.corrcoef(a.ravel(), b.ravel())[0, 1],
      np.corrcoef(slope(a).ravel(), slope(b).ravel())[0, 1]))
PY
}

for n in $SIZES; do
  cell=$(/usr/bin/python3 -c "print(30 * 1024 / $n)")
  for seed in $SEEDS; do
    if [ "$WHAT" != alpine ]; then
      "$CLI" generate --size "$n" --seed "$seed" --cell-size "$cell" -o "in.r32" -q
      /usr/bin/time -f "rivers $n² seed $seed at $cell m: %e s, %M KB peak" "$CLI" erode in.r32 -o out.r32 \
        --model rivers --cell-size "$cell" --threads 2 -q 2>&1
      gauges out.r32 "$n" "$cell" "rivers $n² seed $seed"
      correlate in.r32 "$n" out.r32 "$n" 64 "rivers $n² seed $seed, the input's forms at 64²"
    fi
  done
  if [ "$WHAT" != rivers ]; then
    /usr/bin/time -f "alpine $n²: %e s, %M KB peak" "$CLI" make --preset alpine --size "$n" -o "alpine$n.r32" \
      --threads 2 -q 2>&1
    gauges "alpine$n.r32" "$n" "$cell" "alpine $n²"
  fi
done
if [ "$WHAT" != rivers ]; then
  [ -f alpine512.r32 ] || "$CLI" make --preset alpine --size 512 -o alpine512.r32 --threads 2 -q
  for n in $SIZES; do
    [ "$n" -gt 512 ] && correlate alpine512.r32 512 "alpine$n.r32" "$n" 512 "alpine preview parity 512² / $n²"
  done
fi
