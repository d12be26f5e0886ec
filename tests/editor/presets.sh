# Landscape presets in the editor: a preset made from a script is the same terrain runnel-cli make builds,
# arrives as one undo step with its last stage's model selected, and can be cancelled; the artist's settings
# saved as a preset are listed and made again; a preset that does not exist is an error that names it. A
# preset's rain comes with it and is saved again while it is not painted over; the Rain panel's weather lays
# a pattern the same way.
source "$(dirname "$0")/common.bash"

cat >presets.txt <<'S'
panel landscape-presets
frames 2
screenshot thumbnails.png
export before.r32
preset badlands size=96
export made.r32
save made.runnel
undo
export undone.r32
redo
expect-error preset volcano
preset alpine size=1024 background=1
frames 12
screenshot making.png
cancel
wait
export after-cancel.r32
generate fbm size=64 seed=4 cell=50
set model thermal
set budget 5
save-preset my-hills My own hills
expect-error save-preset bad/name
preset my-hills size=64
export mine.r32
preset alpine size=64
save-preset alpine-again
rain stroke 10 10 30 30 radius=6
save-preset painted
rain pattern gradient west 1 0.2
save-preset laid
expect-error rain pattern drizzle 1
S
editor --size 1280x720 --script presets.txt || fail "the script failed: $(cat "$TMP/editor.err")"
"$CLI" make --preset badlands --size 96 -o cli.r32 --quiet || fail "runnel-cli make failed"
cmp -s made.r32 cli.r32 || fail "the editor's badlands is not runnel-cli make's"
# A script opens the presets' header (inside the Terrain section) and its thumbnails show: the panel column
# beside them holds the pale hillshades, not the panel's dark background.
grep -q "script: panel landscape-presets -> ok" "$TMP/editor.out" || fail "panel landscape-presets: $(grep 'panel ' "$TMP/editor.out")"
bright=$(convert thumbnails.png -crop 60x260+10+380 +repage -colorspace gray -format '%[fx:int(100*mean)]' info:)
[ "$bright" -ge 40 ] || fail "no thumbnails in view (mean grey $bright%)"
cmp -s undone.r32 before.r32 || fail "undo did not bring back the terrain before the preset"
cmp -s after-cancel.r32 made.r32 || fail "a cancelled make changed the terrain (or was not cancelled)"
grep -q "^model droplet$" <(head -c 2000 made.runnel | tr -d '\0') ||
  fail "the project does not carry badlands' last stage (droplet): $(head -c 300 made.runnel | tr -d '\0')"
grep -q "no landscape preset 'volcano'" "$TMP/editor.out" || fail "volcano: $(grep volcano "$TMP/editor.out")"
[ -f "$XDG_CONFIG_HOME/runnel/presets/my-hills.preset" ] || fail "save-preset wrote nothing"
grep -q "^stage thermal iterations 5 " "$XDG_CONFIG_HOME/runnel/presets/my-hills.preset" ||
  fail "the saved preset: $(cat "$XDG_CONFIG_HOME/runnel/presets/my-hills.preset")"
"$CLI" make --preset my-hills --size 64 -o mine-cli.r32 --quiet || fail "runnel-cli cannot make the saved preset"
cmp -s mine.r32 mine-cli.r32 || fail "the saved preset made in the editor differs from runnel-cli make's"
[ "$(identify -format '%w %h' making.png)" == "1280 720" ] || fail "making.png: $(identify making.png)"
saved=$XDG_CONFIG_HOME/runnel/presets
grep -q "^rain windward west 1 0.35$" "$saved/alpine-again.preset" ||
  fail "alpine's rain was not saved with it: $(grep -c rain "$saved/alpine-again.preset") rain lines"
! grep -q "^rain " "$saved/painted.preset" || fail "painted rain was saved as alpine's pattern"
grep -q "without the painted rain" "$TMP/editor.out" || fail "no word that painted rain is left out"
grep -q "^rain gradient west 1 0.2$" "$saved/laid.preset" || fail "the laid pattern was not saved"
grep -q "rain is uniform, gradient or windward, not 'drizzle'" "$TMP/editor.out" ||
  fail "a bad pattern: $(grep drizzle "$TMP/editor.out")"
echo ok
