# Importing an 8-bit heightmap says that its 256 levels will show as terraces (and what keeps slopes
# smooth); a 16-bit one of the same land says nothing of the kind. With smooth=1 (the panel's "Smooth 8-bit
# steps") the terraces become ramps: the imported heights have many more levels, each within half a level
# of the file's.
source "$(dirname "$0")/common.bash"

"$CLI" generate --size 200 --seed 2 -o land16.png --quiet || fail "generate failed"
convert land16.png -depth 8 land8.png || fail "convert failed"
[ "$(identify -format '%z' land8.png)" == "8" ] || fail "land8.png is not 8-bit: $(identify land8.png)"
printf 'import land8.png\nimport land16.png\nimport land8.png smooth=1\nexport smooth.r32\nimport land8.png\nexport raw8.r32\n' >import.txt
editor --size 640x480 --script import.txt || fail "the script failed: $(cat "$TMP/editor.err")"
grep -q "script: import land8.png -> ok: imported land8.png: 200 m x 200 m, 1 m cells (the Cell (m) field: land8.png records none); warning: only [0-9]* height levels (an 8-bit file?)" \
  "$TMP/editor.out" || fail "no terrace warning for the 8-bit file: $(grep land8 "$TMP/editor.out")"
grep -q "script: import land16.png -> ok: imported land16.png: 6 km x 6 km, 30 m cells (recorded in land16.png.json)$" "$TMP/editor.out" ||
  fail "the 16-bit file: $(grep land16 "$TMP/editor.out")"
grep -q "script: import land8.png smooth=1 -> ok: imported land8.png: [^;]*; its [0-9]* height levels (an 8-bit file?) smoothed" \
  "$TMP/editor.out" || fail "smooth=1: $(grep smooth "$TMP/editor.out")"
python3 "$(dirname "$0")/../common/check_smoothed_levels.py" raw8.r32 smooth.r32 $((200 * 200)) ||
  fail "the smoothed import"
echo ok
