# The flow overlay paints where water gathers: a V-shaped valley draining south, seen from straight above
# with the panel hidden. With the overlay on, the valley floor (one river gathering the whole map's water)
# is deep blue, the long planar slopes (a few hectares each) pale, and the ground by the ridge (too little
# water to start a channel) keeps its colour; with the overlay off, nothing is blue. The Export panel's
# flow map (16-bit PNG with its sidecar, or float) is byte for byte the one runnel-cli erode --flow writes.
source "$(dirname "$0")/common.bash"

write_r32 valley.r32 256 "abs(x - 127.5) * 0.5 + (255 - y) * 0.2"
{ echo "import valley.r32 cell=30"; top_down_view; } >view.txt
cat >>view.txt <<'S'
screenshot plain.png
view overlay flow
frames 3
screenshot flow.png
export flowmap.png flow
export flowmap.r32 flow
S
editor --size 800x600 --script view.txt || fail "the script failed: $(cat "$TMP/editor.err")"
[ -s plain.png ] && [ -s flow.png ] || fail "no screenshots written"

# The valley floor runs down the middle of the view; the slopes either side; the ridge at the map's edge.
read -r fr fg fb <<<"$(mean_rgb flow.png 396 200 8 200)"   # floor, overlay on
read -r sr sg sb <<<"$(mean_rgb flow.png 250 200 60 200)"  # west slope, overlay on
read -r rr rg rb <<<"$(mean_rgb flow.png 170 200 20 200)"  # west ridge, overlay on
read -r pr pg pb <<<"$(mean_rgb plain.png 396 200 8 200)"  # floor, overlay off
read -r qr qg qb <<<"$(mean_rgb plain.png 170 200 20 200)" # west ridge, overlay off
echo "floor $fr $fg $fb (plain $pr $pg $pb); slope $sr $sg $sb; ridge $rr $rg $rb (plain $qr $qg $qb)"

[ $((fb - fr)) -gt $((sb - sr + 25)) ] || fail "the valley floor is not bluer than the slopes: $fr $fg $fb, $sr $sg $sb"
[ "$fb" -gt $((fr + 50)) ] || fail "with the flow overlay the valley floor is not blue: $fr $fg $fb"
[ "$pb" -gt $((pr + 20)) ] && fail "without the overlay the valley floor is blue already: $pr $pg $pb"
d=$(((rr - qr) + (rg - qg) + (rb - qb)))
[ ${d#-} -le 30 ] || fail "the flow overlay tinted the ridge, where no channel starts: $rr $rg $rb against $qr $qg $qb"

# The Export panel's flow map is the flow map runnel-cli writes for the same terrain.
[ "$(identify -format '%z' flowmap.png)" == "16" ] || fail "the exported flowmap.png is not 16-bit"
[ -s flowmap.png.json ] || fail "the exported flowmap.png has no sidecar"
"$CLI" erode valley.r32 -o same.r32 --model rivers --steps 0 --cell-size 30 --flow cli.r32 >/dev/null 2>&1 ||
  fail "runnel-cli erode --flow failed"
cmp -s flowmap.r32 cli.r32 || fail "the editor's flow map differs from runnel-cli's"
echo "ok"
