# The Export panel's "For" menu: the editor's terrain written for Unity (resampled to 2^n + 1) and for GIS
# (as it is) is byte for byte what runnel-cli export writes from the same heights, with the same import
# steps; a wrong extension or a side the engine does not take is refused and writes nothing. A screenshot
# shows the panel with the steps.
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=200 seed=5 cell=30
erode 2000
wait
export height.tif
export-for unity land.raw
export-for gis dem.tif
export-for unreal big.png 505
expect-error export-for unity wrong.png
expect-error export-for unity odd.raw 300
expect-error export-for maya m.raw
panel Terrain closed
panel Export open
expect-error panel Exports open
export-for unity land.raw
frames 3
screenshot shot.png
S
editor --size 1280x720 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"

[ "$(stat -c %s land.raw)" -eq $((257 * 257 * 2)) ] || fail "land.raw: $(stat -c %s land.raw) bytes, not 257²x2"
"$CLI" export height.tif --for unity -o cli.raw --quiet || fail "runnel-cli export failed"
cmp land.raw cli.raw || fail "the editor's land.raw differs from runnel-cli export's"
diff <(sed 's/land\.raw/X/' land.import.txt) <(sed 's/cli\.raw/X/' cli.import.txt) || fail "import steps differ"
"$CLI" export height.tif --for gis -o cli.tif --quiet || fail "runnel-cli export for gis failed"
cmp dem.tif cli.tif || fail "the editor's dem.tif differs from runnel-cli export's"
[ "$(identify -format '%w %h %z' big.png)" == "505 505 16" ] || fail "big.png: $(identify big.png)"
grep -q "Z " big.import.txt || fail "big.import.txt: $(cat big.import.txt)"
for f in wrong.png odd.raw m.raw odd.import.txt; do [ -e "$f" ] && fail "$f was written by a refused export"; done
grep -q "Unity terrain takes RAW" "$TMP/editor.out" || fail "wrong extension: $(grep wrong "$TMP/editor.out")"
grep -q "takes sides 33, 65" "$TMP/editor.out" || fail "bad side: $(grep odd "$TMP/editor.out")"
grep -q "no section 'Exports' (there are Terrain, Erosion" "$TMP/editor.out" || fail "panel Exports: $(grep Exports "$TMP/editor.out")"
[ -s shot.png ] || fail "no screenshot"
echo "export_for_engine: ok"
