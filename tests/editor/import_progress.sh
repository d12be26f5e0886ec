# Importing runs off the UI thread: frames keep coming while a 4096² file is read (the frame log's busy
# column), the imported terrain is the file's, and a cancelled import leaves the terrain as it was.
source "$(dirname "$0")/common.bash"

"$CLI" generate --size 4096 --seed 3 -o big.exr --quiet || fail "generate failed"
"$CLI" generate --size 300 --seed 4 -o small.r32 --quiet || fail "generate failed"
cat >import.txt <<'S'
import small.r32 size=300x300
export before.r32
import big.exr background=1
frames 3
cancel
wait
export after-cancel.r32
import big.exr background=1
frames 2
wait
export big.r32
S
editor --size 800x600 --script import.txt --frame-log frames.txt || fail "the script failed: $(cat "$TMP/editor.err")"
cmp -s before.r32 small.r32 || fail "the imported small.r32 is not the file"
cmp -s after-cancel.r32 small.r32 || fail "a cancelled import changed the terrain"
"$CLI" info big.r32 >info.txt && grep -q "size: 4096x4096" info.txt || fail "big.exr was not imported: $(cat info.txt)"
busy=$(awk 'NR > 1 && $6 == 1' frames.txt | wc -l)
[ "$busy" -ge 3 ] || fail "only $busy frames were drawn while importing"
echo ok
