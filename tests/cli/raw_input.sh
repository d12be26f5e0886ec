# A raw input takes --size WxH, else the size its sidecar records (Runnel writes one), else is square by its
# length; a length that fits none is refused.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --size 80x48 --seed 2 -o rect.r32
ok "$CLI" generate --size 64 --seed 2 -o square.r32
ok "$CLI" generate --size 64 --seed 2 -o square.r16

ok "$CLI" erode rect.r32 --size 80x48 -o rect_out.r32 --droplets 1000
[ "$(info_field rect_out.r32 size --size 80x48)" == "80x48" ] || fail "rect.r32 with --size 80x48"
ok "$CLI" erode square.r32 -o square_out.r32 --droplets 1000
[ "$(info_field square_out.r32 size)" == "64x64" ] || fail "square.r32 not read as 64x64 by its length"
ok "$CLI" erode square.r16 -o square_out.png --droplets 1000
[ "$(identify -format '%w %h' square_out.png)" == "64 64" ] || fail "square.r16 not read as 64x64"
# The r16's sidecar restores its heights: the generator spans 0..93.02 m on a 64 map of 30 m cells (1.92 km:
# 3000 m x 1.92 / 61.92, the default relief).
close "$(info_field square.r16 max)" 93.02 0.01 || fail "square.r16 max $(info_field square.r16 max), wanted 93.02"

# Runnel's own raw file reads back at its size from its sidecar.
ok "$CLI" erode rect.r32 -o rect_side.r32 --droplets 10
[ "$(info_field rect_side.r32 size)" == "80x48" ] || fail "rect.r32 not read as 80x48 from its sidecar"
# Without the sidecar 80x48 is not square, and --size must match the length.
rm rect.r32.json
expect_exit 1 "rect.r32" "$CLI" erode rect.r32 -o x.r32 --droplets 10
expect_exit 1 "rect.r32" "$CLI" erode rect.r32 --size 64x48 -o x.r32 --droplets 10
# .raw (Unity, World Machine): 16-bit, little-endian unless --byte-order big; the same samples either way.
ok "$CLI" generate --size 64 --seed 2 -o le.raw
ok "$CLI" generate --size 64 --seed 2 -o be.raw --byte-order big
[ "$(stat -c %s le.raw)" -eq $((64 * 64 * 2)) ] && [ -s le.raw.json ] || fail "le.raw: size or sidecar"
python3 -c "
a = open('le.raw', 'rb').read(); b = open('be.raw', 'rb').read()
assert a != b and all(a[i] == b[i ^ 1] for i in range(len(a))), 'the byte orders are not each other swapped'" ||
  fail "--byte-order big did not swap the bytes"
[ "$(info_field be.raw max --byte-order big)" == "$(info_field le.raw max)" ] || fail "be.raw read back differs"
expect_exit 2 "byte-order" "$CLI" generate --size 64 -o x.raw --byte-order middle
echo "raw_input: ok"
