# The editor's import takes every map format at the cell size the file records (issue 32): a 256² map of
# 30 m cells from runnel-cli, in each format the CLI lists, imports as "7.68 km x 7.68 km, 30 m cells
# (recorded in ...)", and `show cell-size` gives 30. A DEM in metres that records none is refused at the
# Cell field's 1 m (its median slope would be 87 degrees), naming the field, and the terrain stays as it was;
# with cell=83 it imports, saying the cell size is the field's.
source "$(dirname "$0")/common.bash"

known=$("$CLI" generate --size 8 -o x.bmp 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p')
[ -n "$known" ] || fail "no list of known extensions"
: >script.txt
exts=()
for dotted in $known; do
  ext=${dotted#.}
  [ "$ext" == obj ] && continue  # a mesh: written only
  "$CLI" generate --size 256 --seed 4 --cell-size 30 -o "x.$ext" --quiet || fail "generate x.$ext"
  printf 'import x.%s\nshow cell-size\n' "$ext" >>script.txt
  exts+=("$ext")
done
# A tileable map imports with wrapping edges (as runnel-cli erode takes it); any other with open ones.
"$CLI" generate --size 128 --seed 4 --tileable -o tile.r32 --quiet || fail "generate tile.r32"
printf '%s\n' "import tile.r32" "show edges" "import x.r32" "show edges" >>script.txt
cp "$DATA/jacksboro_u16.png" dem.png
printf '%s\n' "generate fbm size=64 seed=2" "export before.r32" "expect-error import dem.png range=236:1076" \
  "export after.r32" "import dem.png range=236:1076 cell=83" "show cell-size" >>script.txt
editor --size 800x600 --script script.txt || fail "the script failed: $(tail -3 "$TMP/editor.err")"
for ext in "${exts[@]}"; do
  grep -q "script: import x.$ext -> ok: imported x.$ext: 7.68 km x 7.68 km, 30 m cells (recorded in x.$ext" \
    "$TMP/editor.out" || fail "x.$ext: $(grep "import x.$ext" "$TMP/editor.out")"
done
[ "$(grep -c '^cell-size 30$' "$TMP/editor.out")" -eq "${#exts[@]}" ] ||
  fail "show cell-size: $(grep '^cell-size' "$TMP/editor.out")"
grep -q "dem.png: at 1 m cells (the Cell (m) field: dem.png records none) its median slope is 87 degrees.*Cell (m) field" \
  "$TMP/editor.out" || fail "the DEM at 1 m: $(grep 'dem.png' "$TMP/editor.out")"
cmp -s before.r32 after.r32 || fail "a refused import changed the terrain"
grep -q "imported dem.png: 33.4 km x 28.6 km, 83 m cells (the Cell (m) field: dem.png records none)" "$TMP/editor.out" ||
  fail "the DEM at 83 m: $(grep 'import dem.png' "$TMP/editor.out")"
grep -q '^cell-size 83$' "$TMP/editor.out" || fail "the DEM's cell size: $(grep '^cell-size' "$TMP/editor.out")"
grep -q "imported tile.r32: .*, tileable: wrapping edges" "$TMP/editor.out" || fail "tile.r32: $(grep 'tile.r32' "$TMP/editor.out")"
[ "$(grep '^edges ' "$TMP/editor.out" | tr '\n' ' ')" == "edges wrap edges clamp " ] ||
  fail "edges after the imports: $(grep '^edges ' "$TMP/editor.out")"
echo ok
