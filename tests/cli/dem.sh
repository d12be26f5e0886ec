# A real elevation model: the Jacksboro fault DEM (16-bit PNG, 236..1076 m) with --range, eroded and checked.
source "$(dirname "$0")/common.bash"

DEM=$DATA/jacksboro_u16.png
[ -f "$DEM" ] || fail "missing $DEM"
close "$(info_field "$DEM" min --range 236:1076)" 236 0.01 || fail "info --range: min is not 236"
close "$(info_field "$DEM" max --range 236:1076)" 1076 0.01 || fail "info --range: max is not 1076"

# The PNG records no cell size: at the 1 m assumed its median slope is 87 degrees, so erode asks for it and
# writes nothing. Its cells are 74.5 x 92.8 m: 83 m square keeps its area.
expect_exit 1 "--cell-size" "$CLI" erode "$DEM" --range 236:1076 -o dem.png --droplets 100
[ ! -e dem.png ] || fail "a refused erode wrote dem.png"
ok "$CLI" erode "$DEM" --range 236:1076 --cell-size 83 -o dem.png --droplets 20000 --seed 3 \
  --stats dem.json --eroded eroded.png
[ "$(identify -format '%w %h %z' dem.png)" == "403 344 16" ] || fail "dem.png: $(identify -format '%w %h %z' dem.png)"
[ "$(identify -format '%w %h' eroded.png)" == "403 344" ] || fail "eroded.png has the wrong size"
[ "$(info_field dem.png non-finite)" == "0" ] || fail "the eroded DEM has non-finite heights"
# Heights stay within the input's range (erosion lowers peaks and fills valleys).
python3 - "$(info_field dem.png min)" "$(info_field dem.png max)" <<'PY' || fail "eroded DEM heights out of range"
import sys
lo, hi = map(float, sys.argv[1:])
assert 236 - 1 <= lo and hi <= 1076 + 1 and hi - lo > 400, (lo, hi)
PY
python3 -c "
import json; s = json.load(open('dem.json'))
assert s['droplets'] == 20000 and s['eroded'] > 0, s
assert s['cell_size_m'] == 83 and s['cell_size_from'] == '--cell-size', s
assert abs(s['mass_error']) < 1e-4, s['mass_error']" || fail "dem stats: $(cat dem.json)"
# Open edges drain to the base level (the DEM's lowest point) instead of digging the border without limit
# (before the base level this run reached -3979).
ok "$CLI" erode "$DEM" --range 236:1076 --cell-size 83 -o open.r32 --droplets 20000 --seed 3 --edges clamp
python3 - "$(info_field open.r32 min --size 403x344)" <<'PY' || fail "open edges dug below the base level"
import sys
assert float(sys.argv[1]) > 236 - 200, sys.argv[1]
PY
# The sidecar carries the range and the cell size, so a second run needs neither flag.
ok "$CLI" erode dem.png -o dem2.r32 --droplets 1000 --stats dem2.json
grep -q '"cell_size_from": "dem.png.json"' dem2.json || fail "dem.png's cell size not read back: $(cat dem2.json)"
echo "dem: ok"
