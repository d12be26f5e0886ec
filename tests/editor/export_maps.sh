# The Export panel's maps in the format asked for: an eroded map as .exr is 32-bit float metres (it used to
# come out as an 8-bit PNG under the .exr name), slope as a float TIFF in degrees, the flow map as 16-bit
# .raw with its sidecar; a map a format cannot hold is refused and nothing is written.
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=128 seed=5 cell=30
erode 4000
wait
export eroded.exr eroded
export slope.tif slope
export flow.raw flow
export eroded.png eroded
expect-error export shade.exr hillshade
expect-error export dep.obj deposited
expect-error export x.png rivers
S
editor --size 800x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"

exrheader eroded.exr >exr.txt 2>&1 || fail "exrheader cannot open eroded.exr: $(cat exr.txt)"
grep -qi "32-bit floating-point" exr.txt || fail "eroded.exr is not float: $(cat exr.txt)"
grep -q "(0 0) - (127 127)" exr.txt || fail "eroded.exr has the wrong size: $(grep -i window exr.txt)"
# Eroded metres: none negative, some cut (4000 droplets on 128²).
[ "$("$CLI" info eroded.exr | sed -n 's/^min: //p')" == "0" ] || fail "eroded.exr: $("$CLI" info eroded.exr)"
awk -v m="$("$CLI" info eroded.exr | sed -n 's/^max: //p')" 'BEGIN { exit !(m > 0 && m < 100) }' ||
  fail "eroded.exr max $("$CLI" info eroded.exr | sed -n 's/^max: //p') m"

gdalinfo slope.tif 2>&1 | grep -q "Type=Float32" || fail "slope.tif is not float: $(gdalinfo slope.tif 2>&1 | head)"
awk -v m="$("$CLI" info slope.tif | sed -n 's/^max: //p')" 'BEGIN { exit !(m > 1 && m < 90) }' ||
  fail "slope.tif is not in degrees: max $("$CLI" info slope.tif | sed -n 's/^max: //p')"

[ "$(stat -c %s flow.raw)" -eq $((128 * 128 * 2)) ] && [ -s flow.raw.json ] || fail "flow.raw: size or sidecar"
[ "$(identify -format '%z' eroded.png)" == "8" ] || fail "eroded.png is not the 8-bit preview"

for f in shade.exr dep.obj x.png; do [ -e "$f" ] && fail "$f was written by a refused export"; done
grep -q "a hillshade is an 8-bit image" "$TMP/editor.out" || fail "hillshade as .exr: $(grep shade "$TMP/editor.out")"
grep -q "an OBJ mesh holds heights" "$TMP/editor.out" || fail "deposited as .obj: $(grep dep.obj "$TMP/editor.out")"
echo ok
