# A scripted session generates, erodes and exports through the editor's own actions; the export equals what
# runnel-cli makes with the same seeds and parameters, byte for byte (the editor's run stops inside a wave
# of the tiled order and changes its thread count before going on: the droplets in flight carry over). On
# the way, a failed import and a failed export leave the terrain as it was, undo/redo and a project
# save/open give back the same terrain. First, one set of defaults (issue 32): the editor's default terrain is
# `runnel-cli generate --size 512` with no other flag, and eroding it with the editor's defaults is
# `runnel-cli erode` with none (open edges for a map that is not tileable, its 30 m cells from its sidecar):
# Play to a budget of 3000 is a whole job, finished as erode finishes its 3000 (the last walls settled).
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
export default.r32
set budget 3000
play
wait
export default_eroded.r32
set budget 0
generate fbm size=128 seed=5
set seed 9
set Kq 12
set Kr 0.5
set mode classic
erode 3000
wait
set threads 2
erode 2000
wait
export editor.r32
expect-error import does-not-exist.png
expect-error export no-such-folder/out.r32
export after-errors.r32
save session.runnel
generate ridged size=64 seed=2
export ridged.r32
undo
export undone.r32
redo
export redone.r32
open session.runnel
export reopened.r32
show threads
S
editor --size 800x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"

"$CLI" generate --size 512 -o cli_default.r32 --quiet || fail "runnel-cli generate failed"
cmp -s default.r32 cli_default.r32 || fail "the editor's default terrain is not runnel-cli generate's default"
"$CLI" erode cli_default.r32 -o cli_default_eroded.r32 --droplets 3000 --stats default.json >default.out ||
  fail "runnel-cli erode with its defaults failed"
grep -q "30 m cells (recorded in cli_default.r32.json), open edges" default.out || fail "erode's defaults: $(cat default.out)"
python3 -c "import json; s = json.load(open('default.json')); assert s['lost'] > 0, s" ||
  fail "open edges lost nothing at the border: $(cat default.json)"
cmp -s default_eroded.r32 cli_default_eroded.r32 || fail "the editor's default erosion differs from runnel-cli erode's"

"$CLI" generate --size 128 --seed 5 -o base.r32 --quiet || fail "runnel-cli generate failed"
"$CLI" erode base.r32 -o cli.r32 --cell-size 30 --edges clamp --droplets 5000 --seed 9 --Kq 12 --Kr 0.5 --mode classic --quiet ||
  fail "runnel-cli erode failed"

cmp -s editor.r32 base.r32 && fail "the editor's export is the uneroded terrain"
cmp -s editor.r32 cli.r32 || fail "the editor's export differs from runnel-cli erode with the same settings"
cmp -s after-errors.r32 editor.r32 || fail "a failed import or export changed the terrain"
[ -e no-such-folder ] && fail "a failed export created something"
cmp -s undone.r32 editor.r32 || fail "undo of generate did not give back the eroded terrain"
cmp -s redone.r32 ridged.r32 || fail "redo did not give back the generated terrain"
cmp -s reopened.r32 editor.r32 || fail "the project file did not give back the eroded terrain"
grep -q "does-not-exist.png" "$TMP/editor.out" || fail "the import error does not name the file"
grep -qx "threads 2" "$TMP/editor.out" || fail "opening a project changed the thread count: $(grep '^threads' "$TMP/editor.out")"
echo "ok"
