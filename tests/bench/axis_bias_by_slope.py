#!/usr/bin/env python3
"""Where a terrain's grid alignment lives: landform_metrics.py's axis bias (the Hessian's principal
directions near 0/45/90/135 degrees, weighted by lineness) split by the ground's slope, so walls, hillslopes
and valley floors can be told apart. 1 is no preferred grid direction.

    python3 tests/bench/axis_bias_by_slope.py MAP.r32 WIDTH HEIGHT --cell-size M [--metrics PATH]
"""
import argparse
import os
import sys

import numpy as np

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("map")
parser.add_argument("width", type=int)
parser.add_argument("height", type=int)
parser.add_argument("--cell-size", type=float, required=True)
here = os.path.dirname(os.path.abspath(__file__))
parser.add_argument("--metrics", default=os.path.join(here, "..", "..", "..", "shared", "realism"),
                    help="the folder of landform_metrics.py (default ../shared/realism)")
args = parser.parse_args()
sys.path.insert(0, args.metrics)
import landform_metrics as metrics  # noqa: E402

z = np.fromfile(args.map, dtype="<f4")
if z.size != args.width * args.height:
    sys.exit(f"{args.map}: {z.size} floats, not {args.width} x {args.height}")
z = z.reshape(args.height, args.width).astype(np.float64)
zxx, zyy, zxy = metrics.gaussian_hessian(z, metrics.AXIS_SIGMA)
r = (z.shape[0] - zxx.shape[0]) // 2
gy, gx = np.gradient(z[r:-r, r:-r], args.cell_size)
slope = np.degrees(np.arctan(np.hypot(gx, gy)))
line = np.hypot(zxx - zyy, 2 * zxy)
theta = (0.5 * np.degrees(np.arctan2(2 * zxy, zxx - zyy))) % 45.0
near = (theta < metrics.AXIS_HALF) | (theta > 45.0 - metrics.AXIS_HALF)
uniform = 2 * metrics.AXIS_HALF / 45.0
for name, mask in [("all", slope >= 0), ("over 45 deg", slope > 45), ("35-45 deg", (slope > 35) & (slope <= 45)),
                   ("15-35 deg", (slope > 15) & (slope <= 35)), ("under 15 deg", slope <= 15)]:
    weight = line[mask].sum()
    bias = line[mask & near].sum() / weight / uniform if weight > 0 else float("nan")
    print(f"{name:13s} axis bias {bias:.3f}  share of lineness {weight / line.sum():.2f}  of cells {mask.mean():.2f}")
