# Exit codes and messages: a usage error exits 2 naming the flag; a bad file, value or output exits 1 with
# one line naming the file or parameter; neither writes anything.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --kind fbm --size 64 --seed 2 -o in.r32
mkdir out

# Usage errors: 2, naming the flag or command.
expect_exit 2 "frobnicate" "$CLI" frobnicate
expect_exit 2 "--bogus" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --bogus
expect_exit 2 "--droplets" "$CLI" erode in.r32 -o out/a.r32 --droplets
expect_exit 2 "--droplets" "$CLI" erode in.r32 -o out/a.r32 --droplets lots
expect_exit 2 "--droplets" "$CLI" erode in.r32 -o out/a.r32 --droplets 1.5
expect_exit 1 "Kq: -inf is outside" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --Kq -inf
expect_exit 1 "droplets: 9223372036854775807 is outside" "$CLI" erode in.r32 -o out/a.r32 \
  --droplets 9223372036854775807
expect_exit 1 "steps: 2000000 is outside" "$CLI" erode in.r32 -o out/a.r32 --model rivers --steps 2000000
expect_exit 2 "--droplets" "$CLI" erode in.r32 -o out/a.r32
expect_exit 2 "--Kq" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --Kq 1,5
expect_exit 2 "--seed" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --seed -3
expect_exit 2 "--mode" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --mode gentle
expect_exit 2 "--edges" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --edges open
expect_exit 2 "--model" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --model glacier
expect_exit 2 "--seed" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --seed 1 --seed 2
expect_exit 2 "--spring" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --spring 3,4
expect_exit 2 "--range" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --range 5
expect_exit 2 "--tileable" "$CLI" generate --tileable=yes -o out/g.png
expect_exit 2 "-o" "$CLI" erode in.r32 --droplets 10
expect_exit 2 "--size" "$CLI" generate --size 12y5 -o out/g.png
expect_exit 2 "--kind" "$CLI" generate --kind perlin -o out/g.png
expect_exit 2 "--iterations" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --iterations 3
expect_exit 2 "--droplets" "$CLI" erode in.r32 -o out/a.r32 --model grid --droplets 10
expect_exit 2 "unexpected argument" "$CLI" erode in.r32 extra.r32 -o out/a.r32 --droplets 10

# Failures: 1, one line naming the file or the parameter, nothing written.
expect_exit 1 "Kq" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --Kq nan
expect_exit 1 "Kr" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --Kr -0.5
expect_exit 1 "min-?slope" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --min-slope inf
expect_exit 1 "droplets" "$CLI" erode in.r32 -o out/a.r32 --droplets -5
expect_exit 1 "missing.png" "$CLI" erode missing.png -o out/a.r32 --droplets 10
expect_exit 1 "missing.png" "$CLI" info missing.png
# A named pipe would block the read for ever; a directory or a device holds no map: each refused by name,
# at once (timeout: a hang fails the test instead of stalling it).
mkfifo pipe.png pipe.r32 rainpipe.png
mkdir folder.png
expect_exit 1 "pipe.png: not a regular file \(a named pipe\)" timeout 10 "$CLI" info pipe.png
expect_exit 1 "pipe.r32: not a regular file" timeout 10 "$CLI" erode pipe.r32 -o out/a.r32 --droplets 10 \
  --size 4x4
expect_exit 1 "rainpipe.png: not a regular file" timeout 10 "$CLI" erode in.r32 -o out/a.r32 --droplets 10 \
  --rain rainpipe.png
expect_exit 1 "folder.png: not a regular file \(a directory\)" timeout 10 "$CLI" info folder.png
ok "$CLI" generate --size 16 --seed 1 -o sided.png
rm sided.png.json && mkdir sided.png.json
expect_exit 1 "sided.png.json: not a regular file \(a directory\)" timeout 10 "$CLI" info sided.png
rm -r pipe.png pipe.r32 rainpipe.png folder.png sided.png sided.png.json
# The memory one file may ask for before it is read: over the limit, refused naming the flag that raises it.
ok "$CLI" generate --size 64 --seed 1 -o small.tif
expect_exit 1 "small.tif: a 64x64 image needs .* over the 8.0 KiB limit \(--max-memory raises it\)" \
  "$CLI" info small.tif --max-memory 8K
ok "$CLI" info small.tif --max-memory=1G
expect_exit 2 "--max-memory: 'lots' is not a size" "$CLI" info small.tif --max-memory lots
rm small.tif
expect_exit 1 "no/such/folder/a.png" "$CLI" erode in.r32 -o no/such/folder/a.png --droplets 10
expect_exit 1 "out/a.xyz" "$CLI" erode in.r32 -o out/a.xyz --droplets 10
expect_exit 1 "out/s.xyz" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --eroded out/s.xyz
expect_exit 1 "out/h.tif" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --hillshade out/h.tif
expect_exit 1 "no/dir/s.json" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --stats no/dir/s.json
expect_exit 1 "out/a.png" "$CLI" erode in.r32 -o out/a.png --droplets 10 --stats out/a.png.json
expect_exit 1 "size" "$CLI" generate --size 20000 -o out/g.png
expect_exit 1 "threads" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --threads 0
expect_exit 1 "spring" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --spring 500,4,10
expect_exit 1 "chunk" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --chunk 0

# A truncated PNG and a PNG that claims to be 100000x100000.
ok "$CLI" generate --size 64 -o good.png
expect_exit 2 "--size" "$CLI" erode good.png --size 64x64 -o out/a.r32 --droplets 10
head -c 300 good.png >trunc.png
expect_exit 1 "trunc.png" "$CLI" erode trunc.png -o out/a.r32 --droplets 10
expect_exit 1 "trunc.png" "$CLI" info trunc.png
python3 - <<'PY'
import struct, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
ihdr = struct.pack(">IIBBBBB", 100000, 100000, 16, 0, 0, 0, 0)
open("huge.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b""))
PY
expect_exit 1 "huge.png" "$CLI" erode huge.png -o out/a.r32 --droplets 10

# NaN heights in a raw input; a rain map that is not an image.
python3 -c "
import struct
v=[1.0]*64; v[9]=float('nan')
open('nan.r32','wb').write(struct.pack('<64f',*v))"
expect_exit 1 "nan.r32" "$CLI" erode nan.r32 -o out/a.r32 --droplets 10
echo "not a png" >rain.png
expect_exit 1 "rain.png" "$CLI" erode in.r32 -o out/a.r32 --droplets 10 --rain rain.png

# An output folder without write permission (root may write anywhere, so only as a normal user).
if [ "$(id -u)" -ne 0 ]; then
  mkdir ro && chmod 555 ro
  expect_exit 1 "ro/a.png" "$CLI" erode in.r32 -o ro/a.png --droplets 10
fi

# An existing output is left as it was when a run fails.
ok "$CLI" erode in.r32 -o out/keep.r32 --droplets 100
cp out/keep.r32 keep.orig
expect_exit 1 "Kd" "$CLI" erode in.r32 -o out/keep.r32 --droplets 100 --Kd nan
cmp -s out/keep.r32 keep.orig || fail "a failed run changed an existing output"
[ -z "$(ls out | grep -v '^keep.r32\(.json\)\?$')" ] || fail "stray files in out/: $(ls out)"
# Heights beyond any land's (a sidecar range of +-3.4e38) are refused naming the input, before any work:
# eroded, they overflowed into a non-finite height the model seemed to make itself.
python3 -c "
import struct
v = [0.0] * (32 * 32); v[0] = 3.4e38; v[5] = -3.4e38
open('huge.r32', 'wb').write(struct.pack('<%df' % len(v), *v))"
for m in droplet grid thermal rivers; do
  expect_exit 1 "huge.r32: the heights run from -3.4e\\+38 to 3.4e\\+38 m" \
    "$CLI" erode huge.r32 -o out/huge.r32 --model $m --cell-size 30 $([ $m == droplet ] && echo --droplets 10) \
    $([ $m == grid ] || [ $m == thermal ] && echo --iterations 2) $([ $m == rivers ] && echo --steps 1)
done
echo "errors: ok"
