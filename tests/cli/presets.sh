# Landscape presets headless: every built-in preset is listed and builds at a small size to a heightmap, a
# hillshade and an editor project (the project's maps exported again by export-maps); the same preset, size
# and seed give the same bytes; the artist's own folder and file work; mistakes name the preset and the line.
source "$(dirname "$0")/common.bash"

ok "$CLI" presets
for name in alpine badlands canyon rolling-hills; do
  grep -q "^$name " "$TMP/ok.out" || fail "presets does not list $name: $(cat "$TMP/ok.out")"
done
for name in alpine badlands canyon rolling-hills; do
  ok "$CLI" make --preset $name --size 96 -o $name.png --hillshade $name-shade.png --project $name.runnel
  [ "$(identify -format '%w %h %z' $name.png)" == "96 96 16" ] || fail "$name.png: $(identify $name.png)"
  [ "$(identify -format '%w %h' $name-shade.png)" == "96 96" ] || fail "$name-shade.png"
  mkdir maps-$name
  ok "$CLI" export-maps $name.runnel maps-$name --format r32
  [ -s maps-$name/eroded.r32 ] || fail "$name.runnel has no erosion to export: $(ls maps-$name)"
done
# A finer map of the same extent: the cell size follows (alpine is 1024 cells of 30 m).
ok "$CLI" make --preset alpine --size 64 -o a64.png --quiet
grep -q '"cell_size_m": 480$' a64.png.json || fail "64 cells over alpine's 30.7 km should be 480 m cells: $(cat a64.png.json)"
ok "$CLI" make --preset Alpine --size 64 -o A64.png --quiet  # a preset's name in any letter case
cmp -s a64.png A64.png || fail "--preset Alpine is not --preset alpine"
# Deterministic, and another seed is another landscape.
ok "$CLI" make --preset badlands --size 80 -o one.r32 --quiet --threads 1
ok "$CLI" make --preset badlands --size 80 -o two.r32 --quiet --threads 2
cmp -s one.r32 two.r32 || fail "badlands differs between 1 and 2 threads"
ok "$CLI" make --preset badlands --size 80 -o other.r32 --quiet --seed 99
cmp -s one.r32 other.r32 && fail "--seed 99 made the same landscape"
# The artist's own preset, by name from their folder and as a file.
mkdir -p config/runnel/presets
printf 'title Mine\nabout a test\nsize 64\ngenerator fault\nstage thermal iterations 3\n' >config/runnel/presets/mine.preset
XDG_CONFIG_HOME=$TMP/config ok "$CLI" presets
grep -q "^mine .*Mine: a test" "$TMP/ok.out" || fail "presets does not list the artist's own: $(cat "$TMP/ok.out")"
XDG_CONFIG_HOME=$TMP/config ok "$CLI" make --preset mine -o mine.r32 --quiet
ok "$CLI" make --preset config/runnel/presets/mine.preset -o mine2.r32 --quiet
cmp -s mine.r32 mine2.r32 || fail "the same preset by name and by file made different maps"
# Mistakes: each names what is wrong, writes nothing.
expect_exit 1 "no landscape preset 'volcano'.*alpine" "$CLI" make --preset volcano -o v.png
printf 'title Bad\nstage rivers steps 5 Kq 3\n' >bad.preset
expect_exit 1 "bad.preset:2: the rivers model has no parameter 'Kq'" "$CLI" make --preset ./bad.preset -o v.png
expect_exit 2 "--preset" "$CLI" make -o v.png
expect_exit 1 "v.exe" "$CLI" make --preset alpine -o v.exe
printf 'relief lots\n' >config/runnel/presets/broken.preset
XDG_CONFIG_HOME=$TMP/config "$CLI" presets >list.out 2>list.err && fail "presets hid a broken preset"
grep -q "broken.preset:1: 'relief' has the bad value 'lots'" list.err || fail "presets: $(cat list.err)"
grep -q "^alpine " list.out || fail "a broken preset hid the others"
echo "presets: ok"
