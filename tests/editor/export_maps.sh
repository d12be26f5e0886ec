# The Export panel's maps in the format asked for: an eroded map as .exr is 32-bit float metres (it used to
# come out as an 8-bit PNG under the .exr name), slope as a float TIFF in degrees, the flow map as 16-bit
# .raw with its sidecar; a map a format cannot hold is refused and nothing is written. Every map at once,
# from the CLI and from the editor, alike.
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

# runnel-cli export-maps on a project the editor saved: every map, one format, listed in maps.json.
printf '%s\n' "generate fbm size=128 seed=5 cell=30" "rain clear" "rain stroke 10 10 100 100 radius=30" \
  "erode 3000" "wait" "save p.runnel" "export-maps editor-maps exr" "expect-error export-maps objs obj" >project.txt
editor --size 800x600 --script project.txt || fail "saving the project failed: $(cat "$TMP/editor.err")"
"$CLI" export-maps p.runnel maps --format exr --quiet || fail "export-maps p.runnel failed"
for m in height eroded deposited flow wetness slope rain; do
  exrheader "maps/$m.exr" 2>&1 | grep -qi "32-bit floating-point" || fail "maps/$m.exr is not a float EXR"
done
[ "$(identify -format '%w %h' maps/hillshade.png)" == "128 128" ] || fail "maps/hillshade.png"
python3 - <<'PY' || fail "maps.json: $(cat maps/maps.json)"
import json
d = json.load(open("maps/maps.json"))
assert d["width"] == 128 and d["height"] == 128 and d["cell_size"] == 30 and d["units"] == "metres", d
names = {m["name"]: m for m in d["maps"]}
assert set(names) == {"height", "eroded", "deposited", "flow", "wetness", "slope", "rain", "hillshade", "normal"}, names
assert names["eroded"]["min"] == 0 and names["eroded"]["max"] > 0, names["eroded"]
assert 0 <= names["rain"]["min"] < names["rain"]["max"] <= 1, names["rain"]
assert d["model"] == "droplet" and "Kq" in d["params"], d
PY
# The editor's Export all maps writes the same maps as runnel-cli export-maps of the saved project.
for f in height.exr eroded.exr deposited.exr flow.exr wetness.exr slope.exr rain.exr hillshade.png normal.exr; do
  cmp -s "maps/$f" "editor-maps/$f" || fail "editor-maps/$f differs from runnel-cli export-maps' maps/$f"
done
[ -s editor-maps/maps.json ] || fail "the editor wrote no maps.json"
[ ! -e objs ] || fail "export-maps as OBJ made a folder"
echo ok
