# A map handed to each engine: the file it takes at a size it takes (resampled on purpose, corners kept), the
# import numbers beside it, read back by real clients; mistakes name what is wrong and write nothing.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --size 300 --seed 3 --cell-size 30 -o land.tif --quiet
# Unity: 300 -> 257 (the nearest 2^n + 1), 16-bit little-endian raw, the spacing stretched to keep the ground.
ok "$CLI" export land.tif --for unity -o out.raw
[ "$(stat -c %s out.raw)" -eq $((257 * 257 * 2)) ] || fail "out.raw: $(stat -c %s out.raw) bytes"
grep -q "Width 257, Height 257, Byte Order: Windows" out.import.txt || fail "out.import.txt: $(cat out.import.txt)"
# 299 cells of 30 m = 256 of 35.039 m: the same 8970 m from edge sample to edge sample.
grep -q "Terrain Size: X 8970.00" out.import.txt || fail "unity extent: $(cat out.import.txt)"
ok "$CLI" info out.raw --size 257x257
grep -q "size: 257x257" ok.out || fail "info of out.raw: $(cat ok.out)"
# Unity's raw holds the whole relief: samples 0 and 65535 are the lowest and highest heights, so the
# terrain's height Y is max - min and its position the min.
relief=$(python3 -c "import re,sys; t=open('ok.out').read(); lo=float(re.search(r'^min: (\S+)',t,re.M).group(1)); hi=float(re.search(r'^max: (\S+)',t,re.M).group(1)); print('Y %.2f' % (hi-lo))")
grep -q "$relief" out.import.txt || fail "unity height is not $relief: $(cat out.import.txt)"
# Unreal: 300 -> 253, a 16-bit PNG with its Z scale.
ok "$CLI" export land.tif --for unreal -o ue.png
[ "$(identify -format '%w %h %z' ue.png)" == "253 253 16" ] || fail "ue.png: $(identify ue.png)"
grep -q "Scale: X 3" ue.import.txt || fail "ue.import.txt: $(cat ue.import.txt)"
# GIS: the size kept, a float GeoTIFF with its pixel scale.
ok "$CLI" export land.tif --for gis -o dem.tif
gdalinfo dem.tif > gdal.txt 2>&1 || fail "gdalinfo dem.tif: $(cat gdal.txt)"
grep -q "Size is 300, 300" gdal.txt || fail "dem.tif: $(cat gdal.txt)"
grep -q "Type=Float32" gdal.txt || fail "dem.tif is not float: $(cat gdal.txt)"
grep -q "Pixel Size = (30" gdal.txt || fail "dem.tif has no 30 m pixels: $(cat gdal.txt)"
# Godot and Blender: float EXR at any size.
ok "$CLI" export land.tif --for godot -o g.exr --resolution 1024
exrheader g.exr | grep -q "(0 0) - (1023 1023)" || fail "g.exr: $(exrheader g.exr)"
grep -q "vertex_spacing: 8.768" g.import.txt || fail "g.import.txt: $(cat g.import.txt)"

# Mistakes: each names what is wrong, exits 1 or 2, and writes nothing.
rm -f out.raw out.import.txt
expect_exit 1 "Unity terrain takes RAW" "$CLI" export land.tif --for unity -o out.png
expect_exit 2 "maya" "$CLI" export land.tif --for maya -o out.raw
expect_exit 1 "takes sides 33, 65" "$CLI" export land.tif --for unity -o out.raw --resolution 300
ok "$CLI" generate --size 300x200 --seed 3 --cell-size 30 -o wide.tif --quiet
expect_exit 1 "square" "$CLI" export wide.tif --for unity -o out.raw
ok "$CLI" generate --size 64 --seed 3 -o bare.r32 --quiet
rm bare.r32.json  # a raw file from elsewhere: no cell size recorded
expect_exit 1 "--cell-size" "$CLI" export bare.r32 --for unreal -o out.png
[ ! -e out.raw ] && [ ! -e out.png ] && [ ! -e out.import.txt ] || fail "a refused export wrote: $(ls)"
# A project exports its terrain as its heightmap does (the cell size is the project's); a format Runnel
# only writes is refused listing what it reads.
ok "$CLI" make --preset rolling-hills --size 65 -o proj.tif --project proj.runnel --quiet
ok "$CLI" export proj.runnel --for unity -o proj.raw -q
ok "$CLI" export proj.tif --for unity -o tif.raw -q
cmp -s proj.raw tif.raw || fail "the project's export differs from its heightmap's"
expect_exit 1 "Runnel reads .png .r16 .raw .r32 .pfm .tif .tiff .exr\)" "$CLI" export x.bmp --for unity -o y.raw
echo "export: ok"
