# generate + erode + export to every format; the files open in the tools people check them with, at the
# right size and depth, and read back through runnel-cli.
source "$(dirname "$0")/common.bash"

W=96 H=64
ok "$CLI" generate --kind ridged --size ${W}x$H --seed 4 --relief 24 -o base.r32
[ "$(stat -c %s base.r32)" -eq $((W * H * 4)) ] || fail "base.r32 is $(stat -c %s base.r32) bytes"

for ext in png r16 r32 pfm tif exr obj; do
  ok "$CLI" erode base.r32 --size ${W}x$H -o out.$ext --droplets 4000 --seed 1
  [ -s out.$ext ] || fail "erode -o out.$ext wrote nothing"
done

# 16-bit PNG: identify sees the size and depth; the sidecar gives its height range.
[ "$(identify -format '%w %h %z' out.png)" == "$W $H 16" ] || fail "identify out.png: $(identify -format '%w %h %z' out.png)"
[ -s out.png.json ] && [ -s out.r16.json ] || fail "16-bit outputs lack their .json sidecars"
python3 -c "import json; d=json.load(open('out.png.json')); assert d['width']==$W and d['height']==$H" ||
  fail "out.png.json does not describe a ${W}x$H image"
# Raw files: size by bytes.
[ "$(stat -c %s out.r16)" -eq $((W * H * 2)) ] || fail "out.r16 is $(stat -c %s out.r16) bytes"
[ "$(stat -c %s out.r32)" -eq $((W * H * 4)) ] || fail "out.r32 is $(stat -c %s out.r32) bytes"
# Float TIFF: gdalinfo and tiffinfo.
gdalinfo out.tif >gdal.txt 2>&1 || fail "gdalinfo cannot open out.tif: $(cat gdal.txt)"
grep -q "Size is $W, $H" gdal.txt || fail "gdalinfo out.tif: $(grep Size gdal.txt)"
grep -q "Type=Float32" gdal.txt || fail "gdalinfo out.tif is not Float32: $(grep Type= gdal.txt)"
tiffinfo out.tif 2>&1 | grep -q "Image Width: $W Image Length: $H" || fail "tiffinfo out.tif: wrong size"
# EXR.
exrheader out.exr >exr.txt 2>&1 || fail "exrheader cannot open out.exr: $(cat exr.txt)"
grep -q "(0 0) - ($((W - 1)) $((H - 1)))" exr.txt || fail "exrheader out.exr: $(grep -i window exr.txt)"
grep -qi "32-bit floating-point" exr.txt || fail "out.exr is not 32-bit float: $(grep -A2 channels exr.txt)"
# PFM: a grey float header with the size.
head -c 2 out.pfm | grep -q "Pf" || fail "out.pfm is not a grey PFM"
# OBJ: one vertex per sample.
# -jiv: join identical vertices only (the default post-processing splits shared vertices for tangents).
assimp info out.obj -jiv >obj.txt 2>&1 || fail "assimp cannot open out.obj: $(tail -3 obj.txt)"
grep -E "^Vertices: +$((W * H))$" obj.txt >/dev/null || fail "assimp info out.obj: $(grep Vertices obj.txt)"
ok "$CLI" erode base.r32 --size ${W}x$H -o half.obj --droplets 10 --obj-step 2
[ "$(grep -c '^v ' half.obj)" -lt $((W * H / 2)) ] || fail "--obj-step 2 did not decimate the OBJ"

# Every readable output reads back at the same size with nearly the same heights as the exact r32.
ref_min=$(info_field out.r32 min --size ${W}x$H)
ref_max=$(info_field out.r32 max --size ${W}x$H)
for ext in png r16 r32 pfm tif exr; do
  extra=""
  [ $ext == r16 ] || [ $ext == r32 ] && extra="--size ${W}x$H"
  [ "$(info_field out.$ext size $extra)" == "${W}x$H" ] || fail "info out.$ext: size $(info_field out.$ext size $extra)"
  close "$(info_field out.$ext min $extra)" "$ref_min" 0.01 || fail "out.$ext min $(info_field out.$ext min $extra) vs $ref_min"
  close "$(info_field out.$ext max $extra)" "$ref_max" 0.01 || fail "out.$ext max $(info_field out.$ext max $extra) vs $ref_max"
  # And erodes as an input.
  ok "$CLI" erode out.$ext $extra -o again_$ext.r32 --droplets 100
done

# The bookkeeping maps: 8-bit previews as .png, values in float formats.
ok "$CLI" erode base.r32 --size ${W}x$H -o e.r32 --droplets 4000 --eroded er.png --deposited de.png \
  --hillshade hs.png
for f in er.png de.png hs.png; do
  [ "$(identify -format '%w %h %z' $f)" == "$W $H 8" ] || fail "identify $f: $(identify -format '%w %h %z' $f)"
done
ok "$CLI" erode base.r32 --size ${W}x$H -o e.r32 --droplets 4000 --eroded er.tif --deposited de.exr
[ "$(info_field er.tif size)" == "${W}x$H" ] || fail "--eroded er.tif has the wrong size"
python3 -c "import sys; sys.exit(0 if float('$(info_field er.tif max)') > 0 else 1)" || fail "--eroded er.tif is all zero"
python3 -c "import sys; sys.exit(0 if float('$(info_field de.exr min)') >= 0 else 1)" || fail "--deposited de.exr is negative"

# export-maps on a heightmap: the maps that follow from heights, in the format asked for, listed in maps.json.
ok "$CLI" export-maps base.r32 --size ${W}x$H --cell-size 30 maps --format tif
for m in height flow slope; do
  gdalinfo "maps/$m.tif" 2>&1 | grep -q "Type=Float32" || fail "maps/$m.tif is not a float TIFF"
done
[ "$(identify -format '%w %h %z' maps/hillshade.png)" == "$W $H 8" ] || fail "maps/hillshade.png"
[ "$(identify -format '%w %h %z %[channels]' maps/normal.png)" == "$W $H 16 srgb" ] ||
  [ "$(identify -format '%w %h %z %[channels]' maps/normal.png)" == "$W $H 16 rgb" ] ||
  fail "maps/normal.png: $(identify -format '%w %h %z %[channels]' maps/normal.png)"
# Normals lean against the rise: a ramp rising 3 m a 30 m cell eastwards and 6 m southwards reads red
# 0.5 - 0.05, green 0.5 + 0.1 (up the texture is north), blue near 1.
python3 -c "
import struct
open('ramp.r32', 'wb').write(b''.join(struct.pack('<f', 3.0 * x + 6.0 * y) for y in range(16) for x in range(16)))"
ok "$CLI" export-maps ramp.r32 --size 16x16 --cell-size 30 ramps --format r32
convert ramps/normal.png -crop 1x1+8+8 -depth 16 txt:- | python3 -c "
import sys, re, math
r, g, b = (int(v) / 65535 * 2 - 1 for v in re.search(r'\((\d+),(\d+),(\d+)\)', sys.stdin.read().splitlines()[1]).groups())
n = math.sqrt(0.1 ** 2 + 0.2 ** 2 + 1)
assert abs(r + 0.1 / n) < 1e-3 and abs(g - 0.2 / n) < 1e-3 and abs(b - 1 / n) < 1e-3, (r, g, b)" ||
  fail "normal.png of a ramp: $(convert ramps/normal.png -crop 1x1+8+8 -depth 16 txt:-)"
# As float EXR: the components as they are, in channels R, G and B (red read back through runnel-cli info,
# which takes an EXR's R when it has no Y).
ok "$CLI" export-maps ramp.r32 --size 16x16 --cell-size 30 ramps-exr --format exr
exrheader ramps-exr/normal.exr | grep -A4 "^channels" | grep -cE "^ +[RGB], 32-bit floating-point" | grep -qx 3 ||
  fail "normal.exr channels: $(exrheader ramps-exr/normal.exr | grep -A4 '^channels')"
python3 -c "
import math, sys; n = math.sqrt(0.1 ** 2 + 0.2 ** 2 + 1)
lo, hi = float('$(info_field ramps-exr/normal.exr min)'), float('$(info_field ramps-exr/normal.exr max)')
sys.exit(0 if abs(lo + 0.1 / n) < 1e-4 and abs(hi + 0.1 / n) < 1e-4 else 1)" ||
  fail "normal.exr's red of a ramp: $("$CLI" info ramps-exr/normal.exr)"
grep -q '"file": "normal.exr"' ramps-exr/maps.json || fail "maps.json does not name normal.exr"
python3 -c "
import json; d = json.load(open('maps/maps.json'))
assert d['cell_size'] == 30 and [m['name'] for m in d['maps']] == ['height', 'flow', 'wetness', 'slope', 'normal', 'hillshade'], d
assert 0 <= d['maps'][3]['min'] <= d['maps'][3]['max'] < 90, d['maps'][3]" || fail "maps.json: $(cat maps/maps.json)"
expect_exit 2 "format" "$CLI" export-maps base.r32 --size ${W}x$H bad --format obj
expect_exit 1 "missing.r32" "$CLI" export-maps missing.r32 none
[ -e none ] && fail "a failed export-maps made its folder"
echo "formats: ok"
