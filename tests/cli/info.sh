# runnel-cli info: size, heights, non-finite count, format details and the sidecar's range.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --kind fbm --size 100x60 --seed 1 --relief 30 -o t.png
ok "$CLI" info t.png
cat ok.out
grep -qx "size: 100x60" ok.out || fail "info t.png: no 'size: 100x60'"
grep -qx "cells: 6000" ok.out || fail "info t.png: no 'cells: 6000'"
grep -q "^format: PNG, 16-bit grey, 100x60" ok.out || fail "info t.png: format line"
grep -qx "non-finite: 0" ok.out || fail "info t.png: non-finite count"
grep -qx "sidecar: t.png.json: samples 0 and 65535 are heights 0 and 30" ok.out || fail "info t.png: sidecar line"
close "$(info_field t.png min)" 0 0.001 || fail "min $(info_field t.png min), wanted 0"
close "$(info_field t.png max)" 30 0.001 || fail "max $(info_field t.png max), wanted 30"
mean=$(info_field t.png mean)
python3 -c "import sys; sys.exit(0 if 0 < $mean < 30 else 1)" || fail "mean $mean outside (0, 30)"

# A float file with known values.
python3 -c "
import struct
open('k.r32','wb').write(struct.pack('<16f', *[float(i) for i in range(16)]))"
ok "$CLI" info k.r32
grep -qx "size: 4x4" ok.out || fail "info k.r32: size"
grep -qx "min: 0" ok.out && grep -qx "max: 15" ok.out && grep -qx "mean: 7.5" ok.out || fail "info k.r32: $(cat ok.out)"
grep -q "^format: RAW r32 (32-bit float little-endian" ok.out || fail "info k.r32: format"
grep -qx "sidecar: none" ok.out || fail "info k.r32: sidecar"

# NaN and infinities are counted and left out of min, max and mean.
python3 -c "
import struct
v = [float(i) for i in range(16)]; v[3] = float('nan'); v[7] = float('inf'); v[15] = float('nan')
open('nan.r32','wb').write(struct.pack('<16f', *v))"
ok "$CLI" info nan.r32
grep -qx "non-finite: 3" ok.out || fail "info nan.r32: $(grep non-finite ok.out)"
grep -qx "min: 0" ok.out && grep -qx "max: 14" ok.out && grep -qx "mean: 7.30769231" ok.out ||
  fail "info nan.r32: $(cat ok.out)"

ok "$CLI" generate --size 32 -o t.tif
ok "$CLI" info t.tif
grep -q "^format: TIFF, 32-bit float" ok.out || fail "info t.tif: $(grep format ok.out)"
ok "$CLI" generate --size 32 -o t.exr
ok "$CLI" info t.exr
grep -q "^format: OpenEXR, channels .*float" ok.out || fail "info t.exr: $(grep format ok.out)"
echo "info: ok"
