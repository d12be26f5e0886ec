# Importing an 8-bit heightmap says that its 256 levels will show as terraces (and what keeps slopes
# smooth); a 16-bit one of the same land says nothing of the kind.
source "$(dirname "$0")/common.bash"

"$CLI" generate --size 200 --seed 2 -o land16.png --quiet || fail "generate failed"
convert land16.png -depth 8 land8.png || fail "convert failed"
[ "$(identify -format '%z' land8.png)" == "8" ] || fail "land8.png is not 8-bit: $(identify land8.png)"
printf 'import land8.png\nimport land16.png\n' >import.txt
editor --size 640x480 --script import.txt || fail "the script failed: $(cat "$TMP/editor.err")"
grep -q "script: import land8.png -> ok: imported land8.png; warning: only [0-9]* height levels (an 8-bit file?)" \
  "$TMP/editor.out" || fail "no terrace warning for the 8-bit file: $(grep land8 "$TMP/editor.out")"
grep -q "script: import land16.png -> ok: imported land16.png$" "$TMP/editor.out" ||
  fail "the 16-bit file: $(grep land16 "$TMP/editor.out")"
echo ok
