# Every map format Runnel writes, Runnel reads back at its cell size (issue 32): for each extension of the
# format table (as the CLI lists them), a 256² map of 30 m cells shows 30 m in `info`, and erode without
# --cell-size runs at 30 m and says so in its output and its --stats JSON. A file that records none is taken
# at 1 m, said aloud; erode refuses it when 1 m makes it steeper than any real terrain, naming --cell-size.
source "$(dirname "$0")/common.bash"

# The extensions from the table, as generate's error for an unknown one lists them.
known=$("$CLI" generate --size 8 -o x.bmp 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p')
[ -n "$known" ] || fail "no list of known extensions"
tested=0
for dotted in $known; do
  ext=${dotted#.}
  ok "$CLI" generate --size 256 --seed 4 --cell-size 30 -o "x.$ext" --quiet
  if ! "$CLI" info "x.$ext" >info.out 2>info.err; then
    grep -q "is written, not read" info.err || fail "info x.$ext: $(cat info.err)"
    continue  # a mesh: written only
  fi
  grep -qx "cell size: 30 m (recorded in x\.$ext\(\.json\)\?)" info.out || fail "info x.$ext: $(grep cell info.out)"
  grep -qx "extent: 7.68 km x 7.68 km, 30 m cells" info.out || fail "info x.$ext: $(grep extent info.out)"
  ok "$CLI" erode "x.$ext" -o "e_$ext.r32" --droplets 2000 --stats "s_$ext.json"
  grep -q "at 30 m cells (recorded in x\.$ext" ok.out || fail "erode x.$ext does not say its cell size: $(cat ok.out)"
  python3 -c "
import json, sys; s = json.load(open('s_$ext.json'))
assert s['cell_size_m'] == 30 and s['cell_size_from'].startswith('x.$ext'), s" || fail "s_$ext.json: $(cat "s_$ext.json")"
  # The output carries it on.
  [ "$(info_field "e_$ext.r32" 'cell size')" == "30 m (recorded in e_$ext.r32.json)" ] ||
    fail "e_$ext.r32 lost the cell size: $(info_field "e_$ext.r32" 'cell size')"
  tested=$((tested + 1))
done
[ "$tested" -ge 7 ] || fail "only $tested formats read back"

# --cell-size wins over what the file records, and says so.
ok "$CLI" erode x.tif -o given.r32 --droplets 100 --cell-size 10 --stats given.json
grep -q '"cell_size_from": "--cell-size"' given.json || fail "--cell-size not taken: $(cat given.json)"

# A file that records none: 1 m assumed, said; a DEM in metres at 1 m is refused before anything is written.
cp x.r32 bare.r32 # no sidecar beside it
[ "$(info_field bare.r32 'cell size')" == "none recorded (commands assume 1 m; --cell-size sets it)" ] ||
  fail "bare.r32: $(info_field bare.r32 'cell size')"
expect_exit 1 "bare.r32: at 1 m cells \(assumed: bare.r32 records none\) its median slope is [0-9]+ degrees.*--cell-size" \
  "$CLI" erode bare.r32 -o out.r32 --droplets 100
expect_exit 1 "--cell-size" "$CLI" export-maps bare.r32 maps
ok "$CLI" erode bare.r32 -o out.r32 --droplets 100 --cell-size 30
# A gentle map at 1 m runs, and says the 1 m is assumed (and its output records none).
ok "$CLI" generate --size 64 --seed 4 --cell-size 1 --relief 8 -o gentle.r32 --quiet
rm gentle.r32.json
ok "$CLI" erode gentle.r32 -o gentle_out.r32 --droplets 100
grep -q "at 1 m cells (assumed: gentle.r32 records none)" ok.out || fail "the assumed 1 m not said: $(cat ok.out)"
[ "$(info_field gentle_out.r32 'cell size')" == "none recorded (commands assume 1 m; --cell-size sets it)" ] ||
  fail "an assumed cell size was written as if known: $(info_field gentle_out.r32 'cell size')"
echo "cell_size: ok"
