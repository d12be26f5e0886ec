# Quick key taps are never lost: xdotool taps Space (Play) and Ctrl+S (save) with press and release between
# two frames; Play runs its budget and the project is written. Debian 12's ImGui (1.86) kept only whether a
# key was down at a frame, and this test saw 0 droplets run with the editor of 6f71e21. The script gives the
# taps 400 frames to land in (200 were too few on a loaded machine).
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=128 seed=5 cell=30
frames 400
stats
quit
S
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
  "$0" --size 800x600 --script session.txt >"$1/editor.out" 2>"$1/editor.err" &
  for i in $(seq 1 100); do W=$(xdotool search --name "^Runnel" 2>/dev/null | head -1); [ -n "$W" ] && break; sleep 0.1; done
  [ -n "$W" ] || { echo "no Runnel window" >&2; exit 1; }
  sleep 0.5
  xdotool windowfocus --sync "$W" && xdotool key space && sleep 0.3 && xdotool key ctrl+s
  wait' "$RUNNEL" "$TMP" || fail "the editor or xdotool failed: $(cat "$TMP/editor.err")"
droplets=$(sed -n 's/^ *"droplets": \([0-9]*\),*$/\1/p' "$TMP/editor.out" | tail -1)
[ "${droplets:-0}" -gt 0 ] || fail "the Space tap did not start Play (droplets: ${droplets:-none})"
[ -s terrain.runnel ] || fail "the Ctrl+S tap did not save terrain.runnel: $(ls)"
echo "key_taps: ok"
