# Generating a 4096² terrain does not freeze the editor: frames keep coming while it generates (none over
# 250 ms or three times the median frame), a progress bar shows, and the new terrain arrives.
source "$(dirname "$0")/common.bash"

cat >gen.txt <<'S'
frames 5
generate fbm size=4096 seed=3 background=1
frames 10
screenshot progress.png
wait
frames 3
export done.r32
S
editor --size 800x600 --script gen.txt --frame-log frames.txt || fail "the script failed: $(cat "$TMP/editor.err")"
[ "$(stat -c %s done.r32)" -eq $((4096 * 4096 * 4)) ] || fail "the 4096² terrain did not arrive"
# frames.txt: "frame ms playing droplets frame_ms generating"
read -r n worst median <<<"$(awk 'NR > 1 && $6 == 1 { print $5 }' frames.txt | sort -n |
  awk '{ v[NR] = $1 } END { print NR, v[NR], v[int((NR + 1) / 2)] }')"
echo "frames while generating: $n, slowest ${worst} ms, median ${median} ms"
[ "$n" -ge 10 ] || fail "only $n frames were drawn while generating"
awk -v w="$worst" -v m="$median" 'BEGIN { limit = 3 * m; if (limit < 250) limit = 250; exit !(w <= limit) }' ||
  fail "a frame took ${worst} ms while generating (median ${median} ms)"
echo ok
