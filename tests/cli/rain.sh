# --rain MAP and --spring X,Y,RATE: droplets start where the map says and at the springs.
source "$(dirname "$0")/common.bash"

# A tilted plane (high in the west) so water runs east; rain only on the south half.
python3 - <<'PY'
import struct
W = H = 64
open("plane.r32", "wb").write(struct.pack(f"<{W*H}f", *[float(W - x) * 0.5 for y in range(H) for x in range(W)]))
PY
convert -size 64x32 xc:black -size 64x32 xc:white -append -depth 8 -type Grayscale rain.png ||
  fail "ImageMagick could not make rain.png"
[ "$(identify -format '%w %h' rain.png)" == "64 64" ] || fail "rain.png is not 64x64"

# Eroded volume by half (north rows 0..31, south rows 32..63) of a float eroded map.
halves() {
  python3 - "$1" <<'PY'
import struct, sys
v = struct.unpack("<4096f", open(sys.argv[1], "rb").read())
print(sum(v[:2048]), sum(v[2048:]))
PY
}

# No slides at the angles of repose in these runs: the walls of channels by the dry half's border would
# slide into them, and this is about where droplets start.
noslides=(--sediment-angle 90 --rock-angle 90)
ok "$CLI" erode plane.r32 -o r.r32 --droplets 8000 --edges clamp --rain rain.png --eroded rain_er.r32 \
  "${noslides[@]}"
read north south < <(halves rain_er.r32)
python3 -c "import sys; sys.exit(0 if $south > 0 and $north < 0.02 * $south else 1)" ||
  fail "rain on the south half only: eroded north $north, south $south"
# The same map at a quarter of the size is resampled to the terrain: the same halves.
convert rain.png -resize 32x32 -depth 8 -type Grayscale rain32.png
ok "$CLI" erode plane.r32 -o r32.r32 --droplets 8000 --edges clamp --rain rain32.png --eroded rain32_er.r32 "${noslides[@]}"
read north south < <(halves rain32_er.r32)
python3 -c "import sys; sys.exit(0 if $south > 0 and $north < 0.05 * $south else 1)" ||
  fail "a 32x32 rain map on the south half: eroded north $north, south $south"
ok "$CLI" erode plane.r32 -o u.r32 --droplets 8000 --edges clamp --eroded uni_er.r32 "${noslides[@]}"
read north south < <(halves uni_er.r32)
python3 -c "import sys; sys.exit(0 if $north > 0.5 * $south else 1)" ||
  fail "uniform rain: eroded north $north, south $south"

# Springs only: every droplet starts within the spring's radius, so erosion begins there; the rows far
# from the spring get nothing (water runs east along the plane, it does not climb north or south much).
ok "$CLI" erode plane.r32 -o s.r32 --droplets 4000 --edges clamp --no-rain --spring 8,40,1,2 --eroded sp_er.r32 "${noslides[@]}"
python3 - <<'PY' || fail "springs only: erosion not where the spring is"
import struct
v = struct.unpack("<4096f", open("sp_er.r32", "rb").read())
near = sum(v[y * 64 + x] for y in range(36, 45) for x in range(4, 13))
far = sum(v[y * 64 + x] for y in range(0, 20) for x in range(64))
assert near > 0 and far == 0, (near, far)
PY
# Two springs with rates 3:1: both are used, and the busier spring's half erodes more.
ok "$CLI" erode plane.r32 -o s2.r32 --droplets 8000 --edges clamp --no-rain --spring 8,12,3 --spring 8,52,1 \
  --eroded sp2_er.r32 "${noslides[@]}"
python3 - <<'PY' || fail "two springs: shares do not follow the rates"
import struct
v = struct.unpack("<4096f", open("sp2_er.r32", "rb").read())
a = sum(v[y * 64 + x] for y in range(0, 32) for x in range(64))
b = sum(v[y * 64 + x] for y in range(32, 64) for x in range(64))
assert b > 0 and a > b, (a, b)
PY
# A rain map with no rain at all, a density out of range.
convert -size 64x64 xc:black -depth 8 -type Grayscale dry.png
expect_exit 1 "dry.png" "$CLI" erode plane.r32 -o x.r32 --droplets 10 --rain dry.png
python3 -c "
import struct; open('wet.r32','wb').write(struct.pack('<4096f', *([2.0]*4096)))"
expect_exit 1 "wet.r32" "$CLI" erode plane.r32 -o x.r32 --droplets 10 --rain wet.r32
expect_exit 2 "--no-rain" "$CLI" erode plane.r32 -o x.r32 --droplets 10 --no-rain
expect_exit 1 "spring" "$CLI" erode plane.r32 -o x.r32 --droplets 10 --spring 10,10,-1
expect_exit 1 "spring" "$CLI" erode plane.r32 -o x.r32 --droplets 10 --spring 10,10,1,100
# A 32 KB 1-bit PNG of 16384² as the rain map of a small terrain is refused from its header (it was decoded
# to 3 GB first), under a few MB of memory.
python3 -c "
import struct, zlib
w = h = 16384
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open('huge.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 1, 0, 0, 0, 0)) +
                              chunk(b'IDAT', zlib.compress((b'\0' * (1 + w // 8)) * h, 9)) + chunk(b'IEND', b''))"
expect_exit_within 65536 1 \
  "huge.png: a 16384x16384 image needs 1.0 GiB: more than a rain map for a [0-9]+x[0-9]+ terrain takes" \
  "$CLI" erode plane.r32 -o x.r32 --droplets 10 --rain huge.png
echo "rain: ok"
