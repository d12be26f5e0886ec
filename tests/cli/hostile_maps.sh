# Small hostile maps (issue 33 item 1): files of 134 bytes to 1.6 MB whose headers declare 8192² or 16384²
# images their data cannot deliver (TIFF strips and tiles past the end or of junk, in every sample type and
# codec; EXR chunks of junk in every compression; PNG junk in every colour type, depth and interlace;
# tests/common/make_hostile_maps.py says what each is). With the default settings each is refused, naming
# the file and saying why, under 64 MB of peak memory (they took 1-2.5 GB), and nothing is written. Valid
# large maps still read, and say what they need when it is over --max-memory.
source "$(dirname "$0")/common.bash"
maps=$(dirname "$0")/../common/make_hostile_maps.py

mkdir hostile
python3 "$maps" hostile >names.txt || fail "make_hostile_maps.py failed"
[ "$(wc -l <names.txt)" -ge 80 ] || fail "make_hostile_maps.py made $(wc -l <names.txt) files"
while read -r name; do
  expect_exit_within 65536 1 "^runnel-cli: hostile/$name: .*(truncated|corrupt)" "$CLI" info "hostile/$name"
  expect_exit_within 65536 1 "^runnel-cli: hostile/$name: .*(truncated|corrupt)" \
    "$CLI" erode "hostile/$name" -o out.r32 --droplets 10 --cell-size 30
done <names.txt
# The issue's own five, by their words.
expect_exit_within 65536 1 \
  "strip-past-end-f32.tif: its strips need 1.0 GiB of pixel data but the file holds 134 bytes: truncated or corrupt" \
  "$CLI" info hostile/strip-past-end-f32.tif
expect_exit_within 65536 1 "tiled-deflate-f32.tif: its tiles need 1.0 GiB of pixel data but its 32 bytes of deflate" \
  "$CLI" info hostile/tiled-deflate-f32.tif
expect_exit_within 65536 1 "dwab-16384.exr: corrupt or truncated EXR \(chunk 1: " "$CLI" info hostile/dwab-16384.exr
expect_exit_within 65536 1 "grey1-16384.png: corrupt or truncated PNG" "$CLI" info hostile/grey1-16384.png
expect_exit_within 65536 1 "rgb16-interlaced-16384.png: corrupt or truncated PNG" \
  "$CLI" info hostile/rgb16-interlaced-16384.png
rm -r hostile names.txt

# Valid maps that ask for far more than their length (only decoding them tells them from junk) read.
mkdir valid
python3 "$maps" --valid valid >/dev/null || fail "make_hostile_maps.py --valid failed"
[ "$(info_field valid/valid-grey1-8192.png size)" == 8192x8192 ] || fail "a valid 1-bit 8192² PNG does not read"
[ "$(info_field valid/valid-grey1-8192.png mean)" == 1024 ] || fail "a valid 1-bit 8192² PNG reads wrong"
# An interlaced image's passes go straight into the heights: the same heights as when it was read whole.
[ "$(info_field valid/valid-rgb16-interlaced-1024.png max)" == 237.288467 ] &&
  [ "$(info_field valid/valid-rgb16-interlaced-1024.png mean)" == 118.644235 ] ||
  fail "a valid interlaced 16-bit RGB PNG reads wrong: $("$CLI" info valid/valid-rgb16-interlaced-1024.png)"
# Generated 4096² maps in the three formats read, and say what they need over the limit.
for ext in png tif exr; do
  ok "$CLI" generate --size 4096 -o "valid/big.$ext" -q
  [ "$(info_field "valid/big.$ext" size)" == 4096x4096 ] || fail "a generated 4096² .$ext does not read"
  expect_exit 1 "valid/big.$ext: a 4096x4096 image needs 6[0-9.]+ MiB: over the 32.0 MiB limit \(--max-memory raises it\)" \
    "$CLI" info "valid/big.$ext" --max-memory 32M
done
echo "hostile_maps: ok"
