# runnel-cli bench prints its figures; erode --progress draws a bar that reaches 100%.
source "$(dirname "$0")/common.bash"

ok "$CLI" bench --size 64 --droplets 3000
cat ok.out
for key in "droplets/s" "steps/s" "ns/step"; do
  v=$(sed -n "s|^$key: ||p" ok.out)
  python3 -c "import sys; sys.exit(0 if float('$v') > 0 else 1)" 2>/dev/null || fail "bench: '$key: $v'"
done
grep -q "^map: 64x64 fBm" ok.out || fail "bench: map line"
ok "$CLI" bench --size 64 --droplets 3000 --mode classic --threads 2 --seed 3
grep -q "droplet classic, 3000 droplets, seed 3" ok.out || fail "bench --mode classic: $(grep model: ok.out)"
expect_exit 2 "--mode" "$CLI" bench --mode fast

ok "$CLI" generate --size 64 -o t.r32
ok "$CLI" erode t.r32 -o e.r32 --droplets 20000 --progress
grep -q "100%" ok.err || fail "erode --progress: no bar reaching 100% on stderr: $(cat ok.err)"
grep -q "ETA" ok.err || fail "erode --progress: no ETA"
ok "$CLI" erode t.r32 -o e.r32 --droplets 20000
[ ! -s ok.err ] || fail "erode without --progress into a file wrote to stderr: $(cat ok.err)"
echo "bench: ok"
