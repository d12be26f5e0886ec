# The rain brush's circle is drawn on the terrain where it will land: seen from above, the pixels the
# cursor changes form rings (the radius and the falloff's start) around the map point, not a disc, and
# nothing else in the view changes.
source "$(dirname "$0")/common.bash"

top_view_script >session.txt
cat >>session.txt <<'S'
rain cursor 64 64 24
frames 2
screenshot ring.png
S
editor --size 600x600 --script session.txt || fail "the script failed: $(cat "$TMP/editor.err")"
convert none.png ring.png -compose difference -composite -colorspace gray -depth 8 diff.pgm ||
  fail "cannot compare the screenshots"
python3 - <<'PY' || fail "the brush circle is not a ring around the map's centre"
import math
data = open("diff.pgm", "rb").read()
parts = data.split(b"\n", 3)  # P5, size, max, pixels
w, h = map(int, parts[1].split())
pix = parts[3]
pts = [(i % w, i // w) for i, v in enumerate(pix[: w * h]) if v > 40]
assert len(pts) > 300, "only %d pixels changed" % len(pts)
cx = sum(p[0] for p in pts) / len(pts)
cy = sum(p[1] for p in pts) / len(pts)
d = [math.hypot(x - cx, y - cy) for x, y in pts]
far = max(d)
print("changed %d pixels around (%.0f, %.0f), out to %.0f px" % (len(pts), cx, cy, far))
assert abs(cx - w / 2) < 60 and abs(cy - h / 2) < 60, "the circle is not where the map's centre is"
assert min(d) > 0.3 * far, "the cursor fills a disc instead of drawing a ring"
assert 40 < far < 0.4 * w, "the circle's size is off"
PY
echo ok
