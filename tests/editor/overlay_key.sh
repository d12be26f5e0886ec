# The overlays read as maps: the 2D top view (view top on) shows the terrain straight down with north up;
# the slope overlay colours a 45-degree slope orange and flat ground green; the key in the view's corner
# shows the same ramp (green at its left end, purple at its right); the eroded overlay's automatic range
# makes a run's gullies show where a fixed scale of 100 km shows nothing.
source "$(dirname "$0")/common.bash"

# North half: a slope rising 1 m a cell towards the north edge (45 degrees on 1 m cells); south half flat.
write_r32 north.r32 256 "(128 - y) * 1.0 if y < 128 else 0.0"
cat >view.txt <<'S'
import north.r32
view panel off
view top on
view sun-elevation 90
view overlay slope
view frame
frames 3
screenshot slope.png
generate fbm size=256 seed=3
view overlay eroded
view frame
frames 2
erode 30000
wait
frames 3
screenshot auto.png
view overlay-scale 100000
frames 2
screenshot fixed.png
view overlay none
frames 2
screenshot plain.png
S
editor --size 800x600 --script view.txt || fail "the script failed: $(cat "$TMP/editor.err")"
for f in slope auto fixed plain; do [ -s $f.png ] || fail "no $f.png written"; done

# Top view, north up: the upper half of the map is the slope (orange), the lower half flat (green).
read -r nr ng nb <<<"$(mean_rgb slope.png 340 120 120 100)"  # north
read -r sr sg sb <<<"$(mean_rgb slope.png 340 380 120 100)"  # south
echo "north $nr $ng $nb; south $sr $sg $sb"
[ "$nr" -gt $((ng + 40)) ] && [ "$nr" -gt $((nb + 60)) ] || fail "the north slope is not orange: $nr $ng $nb"
[ "$sg" -gt $((sr + 15)) ] && [ "$sg" -gt $((sb + 15)) ] || fail "the flat south is not green: $sr $sg $sb"

# The key: a bar in the bottom left corner from the ramp's green to its purple.
read -r lr lg lb <<<"$(mean_rgb slope.png 24 541 8 8)"
read -r rr rg rb <<<"$(mean_rgb slope.png 208 541 8 8)"
echo "key left $lr $lg $lb; right $rr $rg $rb"
[ "$lg" -gt $((lr + 40)) ] && [ "$lg" -gt $((lb + 40)) ] || fail "the key does not start green: $lr $lg $lb"
[ "$rr" -gt $((rg + 40)) ] && [ "$rb" -gt $((rg + 20)) ] || fail "the key does not end purple: $rr $rg $rb"

# The eroded overlay: with the automatic range the gullies are coloured (warmer than the plain view); with
# 100 km at full colour they are not.
warmth() { read -r r g b <<<"$(mean_rgb "$1" 250 150 300 300)"; echo $((r - b)); }
wa=$(warmth auto.png) wf=$(warmth fixed.png) wp=$(warmth plain.png)
echo "red minus blue: auto range $wa, fixed 100 km $wf, no overlay $wp"
[ "$wa" -gt $((wp + 15)) ] || fail "with the automatic range the eroded overlay shows nothing ($wa against $wp)"
d=$((wf - wp))
[ ${d#-} -le 6 ] || fail "at 100 km full colour the eroded overlay still shows ($wf against $wp)"
echo "ok"
