# --threads T gives the same bytes for any T (the droplet model's tiled order); --order sequential is the
# one-droplet-at-a-time reference, a different terrain; bad values are refused by name.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --kind fbm --size 320x192 --seed 3 -o t.r32
S="--size 320x192"
for mode in conserving classic; do
  for t in 1 2 3 8; do
    ok "$CLI" erode t.r32 $S -o e$t.r32 --droplets 12288 --seed 5 --mode $mode --threads $t --eroded r$t.r32 \
      --stats s$t.json
  done
  for t in 2 3 8; do
    cmp -s e1.r32 e$t.r32 || fail "--mode $mode: --threads $t differs from --threads 1"
    cmp -s r1.r32 r$t.r32 || fail "--mode $mode: --threads $t: eroded map differs from --threads 1"
    python3 -c "
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for k in ('steps', 'long_paths', 'random_dirs', 'eroded', 'deposited', 'lost', 'mass_error'):
    assert a[k] == b[k], (k, a[k], b[k])" s1.json s$t.json || fail "--mode $mode: stats of --threads $t differ"
  done
done
ok "$CLI" erode t.r32 $S -o q.r32 --droplets 12288 --seed 5 --mode classic --order sequential
cmp -s q.r32 e1.r32 && fail "--order sequential gives the tiled order's terrain"
ok "$CLI" bench --size 256 --droplets 8192 --threads 2
grep -q "threads 2" "$TMP/ok.out" || fail "bench --threads 2 does not say so: $(cat "$TMP/ok.out")"

expect_exit 1 "threads" "$CLI" erode t.r32 $S -o x.r32 --droplets 10 --threads 0
expect_exit 2 "order" "$CLI" erode t.r32 $S -o x.r32 --droplets 10 --order random
expect_exit 2 "order" "$CLI" erode t.r32 $S -o x.r32 --model grid --iterations 2 --order tiled
echo "threads: ok"
