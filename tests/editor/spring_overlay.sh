# Placing a spring on rain that falls the same everywhere leaves the view as it was away from the spring's
# marker: such rain says nothing, so its overlay stays hidden (a spring used to wash the whole terrain in
# the overlay's colour until the map was painted).
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=128 seed=5
view panel 0
view pitch 89
view yaw 0
view frame
frames 3
screenshot none.png
spring add 10 10 300 2
frames 2
screenshot spring.png
S
editor --size 600x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"
before=$(mean_rgb none.png 250 250 100 100)
after=$(mean_rgb spring.png 250 250 100 100)
[ "$before" == "$after" ] || fail "placing a spring changed the view away from it: $before -> $after"
echo ok
