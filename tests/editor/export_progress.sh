# An export runs off the UI thread, as the Export button runs it: while a 1024² OBJ (about 90 MB of text) is
# written, frames keep coming (frame log: none over 250 ms) and a second export is refused until it is done;
# the file is whole when the editor quits.
source "$(dirname "$0")/common.bash"

cat >session.txt <<'S'
generate fbm size=1024 seed=5 cell=30
frames 3
export big.obj height background=1
expect-error export other.png
frames 40
S
editor --size 800x600 --script session.txt --frame-log frames.txt || fail "the script failed: $(cat "$TMP/editor.err")"
grep -q "export: still writing big.obj" "$TMP/editor.out" || fail "a second export was not refused: $(grep other "$TMP/editor.out")"
[ ! -e other.png ] || fail "the refused export wrote other.png"
head -1 big.obj | grep -q "1024x1024 map, every 1 sample(s): 1024x1024 vertices" || fail "big.obj: $(head -2 big.obj)"
tail -1 big.obj | grep -q "^f " || fail "big.obj is not whole: $(tail -c 200 big.obj)"
# The 40 frames after the export started: none held up by it.
worst=$(tail -n 40 frames.txt | awk '{ if ($5 > m) m = $5 } END { print m + 0 }')
awk -v w="$worst" 'BEGIN { exit !(w < 250) }' || fail "a frame took $worst ms while the export ran: $(tail -n 40 frames.txt | sort -k5 -n | tail -3)"
echo "export_progress: ok ($(stat -c %s big.obj) bytes, worst frame $worst ms)"
