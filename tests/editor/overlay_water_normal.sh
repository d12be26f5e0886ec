# Every map Export writes can be seen in the view: the normal overlay shows the normal map's colours (red
# east, green north, blue up) as `runnel-cli export-maps` writes them, and the wetness overlay is
# wettest on a valley's floor, with its key. In the 2D top view, on 30 m cells.
source "$(dirname "$0")/common.bash"

# Ramps of 30 degrees on 30 m cells (17.3 m a cell): one rising east, one rising north (row 0 is north).
write_r32 east.r32 256 "x * 30 * 0.57735"
write_r32 north.r32 256 "(255 - y) * 30 * 0.57735"
# A valley running south: walls rising 5 m a cell either side of column 128, the floor falling to the south.
write_r32 valley.r32 256 "abs(x - 128) * 5.0 + (255 - y) * 0.5"
for m in east north valley; do
  overlay=normal
  [ $m = valley ] && overlay=wetness
  cat >$m.txt <<S
import $m.r32 cell=30
view panel off
view top on
view overlay $overlay
view frame
frames 3
screenshot $m.png
S
  editor --size 800x600 --script $m.txt || fail "the $m script failed: $(cat "$TMP/editor.err")"
  [ -s $m.png ] || fail "no $m.png written"
done

# The normal of a 30-degree slope rising east faces west: (-0.5, 0, 0.866) -> (64, 128, 238); rising north
# it faces south: (0, -0.5, 0.866) -> (128, 64, 238).
near() { local d=$(($1 - $2)); [ ${d#-} -le "$3" ]; }
read -r er eg eb <<<"$(mean_rgb east.png 350 250 100 100)"
read -r nr ng nb <<<"$(mean_rgb north.png 350 250 100 100)"
echo "normal overlay: east ramp $er $eg $eb; north ramp $nr $ng $nb"
near "$er" 64 8 && near "$eg" 128 8 && near "$eb" 238 8 || fail "the east ramp's normal colour: $er $eg $eb"
near "$nr" 128 8 && near "$ng" 64 8 && near "$nb" 238 8 || fail "the north ramp's normal colour: $nr $ng $nb"
# The same colours as the exported normal map.
"$CLI" export-maps east.r32 maps --cell-size 30 --quiet 2>export.err || fail "export-maps: $(cat export.err)"
read -r xr xg xb <<<"$(mean_rgb maps/normal.png 100 100 50 50)"
echo "exported normal map: $xr $xg $xb"
near "$er" "$xr" 8 && near "$eg" "$xg" 8 && near "$eb" "$xb" 8 || fail "the overlay is not the exported map"

# Wetness: the valley's floor (its middle column, about 2 pixels a cell here) is the ramp's wet end, dark
# teal; the tops of its walls, which drain the least, its dry end, sand.
read -r fr fg fb <<<"$(mean_rgb valley.png 399 150 4 200)"
read -r wr wg wb <<<"$(mean_rgb valley.png 122 150 8 200)"
echo "wetness overlay: floor $fr $fg $fb; top of the wall $wr $wg $wb"
[ $((fr + fg + fb)) -lt $((wr + wg + wb - 150)) ] || fail "the valley floor is not wetter than its walls"
[ "$fb" -gt "$fr" ] || fail "the floor is not teal: $fr $fg $fb"
[ "$wr" -gt "$wb" ] || fail "the wall tops are not sand: $wr $wg $wb"
echo "ok"
