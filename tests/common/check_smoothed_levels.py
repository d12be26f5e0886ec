# Checks an 8-bit map read smoothed against the same map read as it is (both .r32 of CELLS floats): the raw
# one has at most 256 levels, the smoothed one many more, and no cell moved over half a level.
#   python3 tests/common/check_smoothed_levels.py RAW.r32 SMOOTH.r32 CELLS
import struct
import sys

raw_path, smooth_path, cells = sys.argv[1], sys.argv[2], int(sys.argv[3])
raw = struct.unpack('<%df' % cells, open(raw_path, 'rb').read())
smooth = struct.unpack('<%df' % cells, open(smooth_path, 'rb').read())
levels = sorted(set(raw))
step = min(b - a for a, b in zip(levels, levels[1:]))
assert len(levels) <= 256, len(levels)
assert len(set(smooth)) > 20 * len(levels), (len(set(smooth)), len(levels))
worst = max(abs(s - r) for s, r in zip(smooth, raw))
assert worst <= step / 2 * 1.0001, (worst, step)
