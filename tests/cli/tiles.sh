# Unreal's landscape tiles: a 2017² map in 2x2 tiles of 1009² that share their edge rows and columns, named
# NAME_x0_y0.png (x across, y down); every shared edge is the same pixels in both tiles (one height range
# for all), and a size that does not cut evenly is refused naming the sizes that do.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --size 2017 --seed 3 --cell-size 30 -o big.r32 --quiet
mkdir out
ok "$CLI" tiles big.r32 --grid 2x2 -o out/land
for t in x0_y0 x1_y0 x0_y1 x1_y1; do
  [ "$(identify -format '%w %h %z' out/land_$t.png)" == "1009 1009 16" ] || fail "out/land_$t.png: $(identify out/land_$t.png)"
  [ -s out/land_$t.png.json ] || fail "out/land_$t.png has no sidecar"
done
# Shared edges, pixel for pixel: the last column of x0 is the first of x1, the last row of y0 the first of y1.
edge() { convert "$1" -crop "$2" +repage -depth 16 gray:- | md5sum; }
[ "$(edge out/land_x0_y0.png 1x1009+1008+0)" == "$(edge out/land_x1_y0.png 1x1009+0+0)" ] || fail "x0_y0 | x1_y0 seam"
[ "$(edge out/land_x0_y1.png 1x1009+1008+0)" == "$(edge out/land_x1_y1.png 1x1009+0+0)" ] || fail "x0_y1 | x1_y1 seam"
[ "$(edge out/land_x0_y0.png 1009x1+0+1008)" == "$(edge out/land_x0_y1.png 1009x1+0+0)" ] || fail "x0_y0 / x0_y1 seam"
[ "$(edge out/land_x1_y0.png 1009x1+0+1008)" == "$(edge out/land_x1_y1.png 1009x1+0+0)" ] || fail "x1_y0 / x1_y1 seam"
# The same height range in every tile's sidecar: per-tile ranges would step at the seams.
[ "$(python3 -c "import json; a=json.load(open('out/land_x0_y0.png.json')); b=json.load(open('out/land_x1_y1.png.json')); print(a['world_height_at_0']==b['world_height_at_0'] and a['world_height_at_65535']==b['world_height_at_65535'])")" == True ] ||
  fail "the tiles' sidecars give different height ranges"
# Float tiles too, and a map that does not cut evenly.
ok "$CLI" tiles big.r32 --grid 4x4 -o out/f --format exr
[ "$(ls out/f_x*_y*.exr | wc -l)" -eq 16 ] || fail "4x4 EXR tiles: $(ls out)"
ok "$CLI" generate --size 2000 --seed 3 -o odd.r32 --quiet
expect_exit 1 "2017" "$CLI" tiles odd.r32 --grid 2x2 -o out/odd
expect_exit 2 "--grid" "$CLI" tiles big.r32 -o out/nogrid
# A folder in -o is made when missing (once the input has been read: a bad input makes none), and a
# project's terrain cuts as its heightmap does. -q prints nothing.
ok "$CLI" make --preset rolling-hills --size 129 -o small.png --project small.runnel --quiet
expect_exit 1 "missing.png" "$CLI" tiles missing.png --grid 2x2 -o new/sub/t
[ ! -e new ] || fail "a failed tiles run made its folder"
"$CLI" tiles small.runnel --grid 2x2 -o new/sub/t --format r32 -q >q.out || fail "tiles of a project into a new folder"
[ ! -s q.out ] || fail "tiles -q printed: $(cat q.out)"
[ "$(ls new/sub/t_x*_y*.r32 | wc -l)" -eq 4 ] || fail "tiles into a new folder: $(ls -R new)"
[ "$(info_field new/sub/t_x1_y1.r32 size)" == "65x65" ] || fail "a project's tile: $(info_field new/sub/t_x1_y1.r32 size)"
expect_exit 1 "small.png is a file, not a folder" "$CLI" tiles small.png --grid 2x2 -o small.png/t
echo "tiles: ok"
