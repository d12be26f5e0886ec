# A scripted session paints rain, erodes and exports. The painted map, exported as 16-bit PNG and given to
# runnel-cli --rain with the same springs and seed, gives the editor's terrain (Play to a budget: a whole
# job) byte for byte; the result differs from uniform rain the way the map says (the dry east quarter
# barely changes, the wet west does);
# undo and redo of strokes and springs give back the maps; the first stroke on the new map's full rain starts
# from a dry map (the stroke is where rain falls); a stroke that changes nothing (painting where it rains
# fully, erasing where it is dry) says why in the status line and records no undo step; the rain map survives a project save and open.
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=128 seed=5
set seed 9
set edges clamp
rain overlay on
rain stroke 60 60 70 70 radius=8 strength=1
rain clear
rain export cleared.png
rain stroke 60 60 70 70 radius=8 strength=1 erase
rain stroke 10 -8 10 136 radius=14 strength=1 falloff=0
rain export one-stroke.png
rain stroke 10 20 10 30 radius=4 strength=1 falloff=0
rain stroke 30 -8 30 136 50 136 50 -8 radius=14 strength=1 falloff=0
rain stroke 24 64 radius=6 strength=1 falloff=0.5 erase
rain export painted.png
spring add 100.5 40.5 300 2
spring add 110 90 50 1
spring move 1 112 96
spring remove 1
undo
undo
redo
redo
rain export painted-again.png 16
set budget 6000
play
wait
export painted.r32
save rain.runnel
rain clear
rain export cleared-again.png
undo
rain export undone-clear.png
# Back over the run, the four spring steps, the erase and the second stroke.
undo
undo
undo
undo
undo
undo
undo
rain export undone-three.png
redo
redo
redo
open rain.runnel
rain export reopened.png
export reopened.r32
screenshot shot.png
expect-error rain import missing.png
expect-error rain stroke 5
expect-error rain stroke 5 5 radius=0
expect-error spring remove 7
expect-error rain export bad.r16
# Painting while erosion runs: strokes and a spring between batches, then the budget ends the run.
set budget 40000
play
rain stroke 70 10 120 120 radius=10 strength=1
spring add 90 60 100 2
rain stroke 120 10 70 120 radius=10 erase
rain blur 2
wait
stats
rain export live.png
S
editor --size 800x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"
[ -e bad.r16 ] && fail "a refused rain export wrote a file"
grep -q "60 60 70 70 radius=8 strength=1 -> ok: painted rain: rain now falls only where you paint" "$TMP/editor.out" ||
  fail "painting on the new map's full rain did not start from a dry map: $(grep '60 60 70 70' "$TMP/editor.out")"
grep -q "10 20 10 30 radius=4 strength=1 falloff=0 -> ok: painting added no rain: it already rains fully here" \
  "$TMP/editor.out" || fail "painting where it rains fully gave no hint: $(grep '10 20 10 30' "$TMP/editor.out")"
grep -q "rain clear -> ok: cleared the rain map: no rain falls until you paint" "$TMP/editor.out" ||
  fail "rain clear: $(grep 'rain clear' "$TMP/editor.out")"
grep -q "erase -> ok: erasing took no rain away" "$TMP/editor.out" ||
  fail "erasing where it is dry gave no hint: $(grep '60 60 70 70' "$TMP/editor.out")"
ran=$(grep -o '"droplets": *[0-9]*' "$TMP/editor.out" | tail -1 | grep -o '[0-9]*$')
[ "${ran:-0}" -ge 30000 ] || fail "the run with strokes during it stopped early: ${ran:-none} droplets"
cmp -s live.png painted.png && fail "the strokes during the run did not change the rain map"

# The maps as the session saw them.
identify -format '%[type] %z %wx%h\n' painted.png | grep -q "Grayscale 16 128x128" || fail "painted.png is not 16-bit grey"
cmp -s painted.png painted-again.png || fail "undo and redo of the springs changed the rain map"
cmp -s cleared.png cleared-again.png || fail "clear did not clear"
cmp -s undone-clear.png painted.png || fail "undo of clear did not give back the painted map"
cmp -s undone-three.png one-stroke.png || fail "undoing back to the first stroke did not give back the map it made"
cmp -s reopened.png painted.png || fail "the project did not keep the rain map"
cmp -s reopened.r32 painted.r32 || fail "the project did not keep the eroded terrain"

# The same run headless: the exported map and the spring the script left (spring 0 only).
"$CLI" generate --size 128 --seed 5 -o base.r32 --quiet || fail "runnel-cli generate failed"
"$CLI" erode base.r32 -o cli.r32 --cell-size 30 --droplets 6000 --seed 9 --edges clamp --rain painted.png \
  --spring 100.5,40.5,300,2 --quiet || fail "runnel-cli erode --rain failed"
cmp -s painted.r32 cli.r32 || fail "the editor's painted run differs from runnel-cli --rain with the exported map"
"$CLI" erode base.r32 -o uniform.r32 --cell-size 30 --droplets 6000 --seed 9 --edges clamp --quiet || fail "uniform run failed"
cmp -s painted.r32 uniform.r32 && fail "painted rain gave the same terrain as uniform rain"

# Where the terrain changed, against the map: painted columns are x < 64 (the strokes reach x = 64 at most),
# the spring sits at (100, 40) and runs downhill from there. Mean |change| over the wet west half, and over
# the dry east quarter rows away from the spring's reach (y >= 80); for uniform rain both are comparable.
python3 - <<'PY' || fail "the painted run does not follow the map"
import struct
n = 128
def load(p):
    with open(p, "rb") as f:
        return struct.unpack("<%df" % (n * n), f.read())
base, painted, uniform = load("base.r32"), load("painted.r32"), load("uniform.r32")
def mean_change(t, x0, x1, y0, y1):
    s = sum(abs(t[y * n + x] - base[y * n + x]) for y in range(y0, y1) for x in range(x0, x1))
    return s / ((x1 - x0) * (y1 - y0))
wet, dry = mean_change(painted, 0, 60, 0, n), mean_change(painted, 100, n, 80, n)
uwet, udry = mean_change(uniform, 0, 60, 0, n), mean_change(uniform, 100, n, 80, n)
print("painted: wet %.5f dry %.5f   uniform: wet %.5f dry %.5f" % (wet, dry, uwet, udry))
assert wet > 0.0
assert dry < 0.2 * wet, "the dry corner changed almost as much as the painted half"
assert udry > 0.3 * uwet, "control: uniform rain should change both alike"
assert wet > 1.3 * uwet, "the painted half should get more droplets than under uniform rain"
PY
echo "ok"
