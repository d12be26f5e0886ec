# --smooth-steps: an 8-bit input's terraces made ramps as it is read, every cell within half a level of the
# file (so it still rounds back to the same levels); a 16-bit input is read as it is.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --size 200 --seed 2 -o land16.png --quiet
convert land16.png -depth 8 land8.png || fail "convert failed"
ok "$CLI" tiles land8.png --grid 1x1 -o raw --format r32 --cell-size 10
ok "$CLI" tiles land8.png --grid 1x1 -o smooth --format r32 --cell-size 10 --smooth-steps
python3 "$(dirname "$0")/../common/check_smoothed_levels.py" raw_x0_y0.r32 smooth_x0_y0.r32 $((200 * 200)) ||
  fail "the smoothed read"
ok "$CLI" tiles land16.png --grid 1x1 -o a16 --format r32
ok "$CLI" tiles land16.png --grid 1x1 -o b16 --format r32 --smooth-steps
cmp a16_x0_y0.r32 b16_x0_y0.r32 || fail "--smooth-steps changed a 16-bit input"
echo "smooth_steps: ok"
