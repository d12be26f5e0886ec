# Values that would break the view are refused with a message naming the setting, and the editor goes on:
# a NaN or absurd exaggeration, pitch or resolution; a project whose description runs to megabytes is refused
# naming its line (its header is read a bounded line at a time), and one of 4,000 characters (X refused a
# window title of megabytes and closed the editor) opens, and the terrain is still drawn. A project naming a
# parameter its model does not have is refused naming the file; one whose header lines end in "\r\n" opens.
source "$(dirname "$0")/common.bash"

cat >save.txt <<'S'
generate fbm size=64 seed=3 cell=30
save long.runnel
quit
S
editor --size 640x480 --script save.txt || fail "could not save a project: $(cat "$TMP/editor.err")"
python3 - <<'PY'
lines = open("long.runnel", "rb").read().split(b"\n")
lines = [b"description " + b"x" * (17 << 20) if l.startswith(b"description ") else l for l in lines]
open("long.runnel", "wb").write(b"\n".join(lines))
text = open("long.runnel", "rb").read()
head, maps = text.split(b"\nend\n", 1)
head = head.replace(b"\ndescription " + b"x" * (17 << 20), b"\ndescription short")
open("badparam.runnel", "wb").write(head.replace(b"\nparam Kq ", b"\nparam Kx ") + b"\nend\n" + maps)
open("longok.runnel", "wb").write(head.replace(b"\ndescription short", b"\ndescription " + b"y" * 4000) + b"\nend\n" + maps)
open("crlf.runnel", "wb").write(head.replace(b"\n", b"\r\n") + b"\r\nend\r\n" + maps)
PY
cat >view.txt <<'S'
expect-error open badparam.runnel
open crlf.runnel
expect-error open long.runnel
open longok.runnel
expect-error view exaggeration nan
expect-error view exaggeration 0
expect-error view pitch 200
expect-error view resolution inf
view exaggeration 2
view panel off
view frame
frames 3
screenshot shot.png
S
editor --size 640x480 --script view.txt || fail "the script failed: $(cat "$TMP/editor.err")"
grep -q "view exaggeration: nan is not a number" "$TMP/editor.err" "$TMP/editor.out" ||
  fail "no message naming the exaggeration: $(cat "$TMP/editor.err")"
grep -q "badparam.runnel: set: 'Kx' is not a setting of the droplet model" "$TMP/editor.err" "$TMP/editor.out" ||
  fail "the project's unknown parameter is not named with the file: $(grep -i kx "$TMP/editor.err")"
[ -s shot.png ] || fail "no screenshot after opening the project with a 17 MB description"
read -r r g b <<<"$(mean_rgb shot.png 270 190 100 100)"
[ $((r + g + b)) -gt 60 ] || fail "the terrain is not drawn: $r $g $b"
echo "ok"
