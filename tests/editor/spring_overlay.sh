# Placing a spring on rain that falls the same everywhere leaves the view as it was away from the spring's
# marker: such rain says nothing, so its overlay stays hidden (a spring used to wash the whole terrain in
# the overlay's colour until the map was painted).
source "$(dirname "$0")/common.bash"

top_view_script >session.txt
cat >>session.txt <<'S'
spring add 10 10 300 2
frames 2
screenshot spring.png
S
editor --size 600x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"
before=$(mean_rgb none.png 250 250 100 100)
after=$(mean_rgb spring.png 250 250 100 100)
[ "$before" == "$after" ] || fail "placing a spring changed the view away from it: $before -> $after"
echo ok
