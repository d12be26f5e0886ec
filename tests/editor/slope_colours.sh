# A screenshot shows the slope colours where the slopes are: a map that is flat on its western half and a
# 60-degree ramp on its eastern half, seen from straight above with the panel hidden. The ramp must be rock
# coloured (grey) and the flat half ground coloured (green); with the rock threshold raised past 60 degrees the
# ramp turns green too, so the colour follows the slope and nothing else; in metres on 30 m cells the same.
source "$(dirname "$0")/common.bash"

write_r32 ramp.r32 256 "0.0 if x < 128 else (x - 128) * 1.732"
{ echo "import ramp.r32"; top_down_view; } >view.txt
cat >>view.txt <<'S'
screenshot rock.png
view rock-angle 75
frames 2
screenshot norock.png
S
editor --size 800x600 --script view.txt || fail "the script failed: $(cat "$TMP/editor.err")"
[ -s rock.png ] && [ -s norock.png ] || fail "no screenshots written"

# The map fills the middle of the view; sample well inside each half.
read -r fr fg fb <<<"$(mean_rgb rock.png 250 250 100 100)"   # flat, west
read -r rr rg rb <<<"$(mean_rgb rock.png 450 250 100 100)"   # ramp, east
read -r nr ng nb <<<"$(mean_rgb norock.png 450 250 100 100)" # ramp, rock threshold 75 degrees
echo "flat $fr $fg $fb; ramp $rr $rg $rb; ramp without rock $nr $ng $nb"

green() { [ "$2" -gt $(( $1 + 12 )) ] && [ "$2" -gt $(( $3 + 12 )) ]; }
grey() { local d1=$(( $1 - $2 )) d2=$(( $2 - $3 )); [ ${d1#-} -le 10 ] && [ ${d2#-} -le 14 ] && [ "$2" -le $(( $1 + 6 )) ]; }
green "$fr" "$fg" "$fb" || fail "flat ground is not green: $fr $fg $fb"
grey "$rr" "$rg" "$rb" || fail "the 60-degree ramp is not rock grey: $rr $rg $rb"
green "$nr" "$ng" "$nb" || fail "with the rock threshold at 75 degrees the ramp should be ground green: $nr $ng $nb"

# In metres: with 30 m cells, a 60-degree ramp rises 52 m a cell and a 20-degree one 10.9 m. The colours
# follow the true slope (before the cell size reached the shader, every slope over about 2 degrees was rock).
write_r32 steep30.r32 256 "0.0 if x < 128 else (x - 128) * 1.732 * 30"
write_r32 gentle30.r32 256 "0.0 if x < 128 else (x - 128) * 0.364 * 30"
for m in steep30 gentle30; do
  { echo "import $m.r32 cell=30"; top_down_view; echo "screenshot $m.png"; } >$m.txt
  editor --size 800x600 --script $m.txt || fail "the $m script failed: $(cat "$TMP/editor.err")"
done
read -r sr sg sb <<<"$(mean_rgb steep30.png 450 250 100 100)"
read -r gr gg gb <<<"$(mean_rgb gentle30.png 450 250 100 100)"
echo "30 m cells: 60-degree ramp $sr $sg $sb; 20-degree ramp $gr $gg $gb"
grey "$sr" "$sg" "$sb" || fail "a 60-degree ramp of 30 m cells is not rock grey: $sr $sg $sb"
green "$gr" "$gg" "$gb" || fail "a 20-degree ramp of 30 m cells is not ground green: $gr $gg $gb"
echo "ok"
