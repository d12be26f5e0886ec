# The UI stays responsive while a run goes: the frames drawn during a long erosion keep coming (no frame waits
# for the run), their times stay under a bound, and the view shows the run's progress as it happens.
source "$(dirname "$0")/common.bash"

cat >run.txt <<'S'
generate fbm size=256 seed=3
frames 5
erode 400000
wait
stats
S
editor --size 800x600 --script run.txt --frame-log frames.txt || fail "the script failed: $(cat "$TMP/editor.err")"

# frames.txt: "frame ms playing droplets frame_ms", one line a frame; frame_ms includes the buffer swap.
read -r playing maxms progress <<<"$(awk 'NR > 1 && $3 == 1 { n++; if ($5 > m) m = $5; if ($4 != last) { p++; last = $4 } }
  END { printf "%d %.1f %d\n", n, m, p }' frames.txt)"
idlemed=$(awk 'NR > 1 && $3 == 0 { print $5 }' frames.txt | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
echo "frames while eroding: $playing, slowest ${maxms} ms, distinct progress values: $progress, idle median ${idlemed} ms"
[ "$playing" -ge 10 ] || fail "only $playing frames were drawn during the run"
[ "$progress" -ge 5 ] || fail "the view showed the run's progress only $progress times"
# Software rendering on a shared machine is slow, so the bound is loose; a UI that waited for the run would
# show one frame as long as the whole run (several seconds) and few frames in all.
awk -v m="$maxms" 'BEGIN { exit !(m < 1500) }' || fail "a frame took ${maxms} ms during the run"
# After `wait` the stats are the finished run's, not those of the view's last frame during it.
grep -q '"droplets": 400000,' "$TMP/editor.out" || fail "stats after wait: $(grep '"droplets"' "$TMP/editor.out")"
grep -q '"mass_error": -*[0-9.]*e-' "$TMP/editor.out" || fail "stats after wait: $(grep mass_error "$TMP/editor.out")"
echo "ok"
