# The rivers model from the command line: counted in --steps, in metres with --cell-size, deterministic on
# any thread count; a bad cell size or a droplet count is refused with one line and nothing written.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --kind fbm --size 96 --seed 5 --relief 190 -o t.r32
ok "$CLI" erode t.r32 -o r1.r32 --model rivers --steps 4 --cell-size 30 --threads 1
grep -q "wrote r1.r32" ok.out || fail "rivers: no summary: $(cat ok.out)"
ok "$CLI" erode t.r32 -o r2.r32 --model rivers --steps 4 --cell-size 30 --threads 2
cmp -s r1.r32 r2.r32 || fail "rivers on 1 and 2 threads differ"
ok "$CLI" erode t.r32 -o r3.r32 --model rivers --steps 4 --cell-size 15 --threads 1
cmp -s r1.r32 r3.r32 && fail "rivers: --cell-size changed nothing"
ok "$CLI" erode t.r32 -o r4.r32 --model rivers --steps 4 --cell-size 30 --lake-fill 1 --uplift 0
cmp -s r1.r32 r4.r32 && fail "rivers: --lake-fill 1 --uplift 0 changed nothing"
[ "$(info_field r4.r32 non-finite)" == "0" ] || fail "rivers made non-finite heights"

expect_exit 2 "--droplets" "$CLI" erode t.r32 -o x.r32 --model rivers --droplets 100
expect_exit 2 "--steps" "$CLI" erode t.r32 -o x.r32 --model droplet --steps 3
expect_exit 1 "cell size" "$CLI" erode t.r32 -o x.r32 --model rivers --steps 1 --cell-size 0
expect_exit 1 "cell size" "$CLI" erode t.r32 -o x.r32 --model rivers --steps 1 --cell-size nan
expect_exit 1 "lakeFill" "$CLI" erode t.r32 -o x.r32 --model rivers --steps 1 --lake-fill 2
echo "rivers: ok"
