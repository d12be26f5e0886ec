# The same seed and inputs give the same bytes; another seed gives another terrain; the chunking of a run
# (progress updates) never changes the result.
source "$(dirname "$0")/common.bash"

for kind in fbm ridged fault; do
  ok "$CLI" generate --kind $kind --size 96x80 --seed 3 -o g1_$kind.r32
  ok "$CLI" generate --kind $kind --size 96x80 --seed 3 -o g2_$kind.r32
  ok "$CLI" generate --kind $kind --size 96x80 --seed 4 -o g3_$kind.r32
  cmp -s g1_$kind.r32 g2_$kind.r32 || fail "generate --kind $kind twice with seed 3 differs"
  cmp -s g1_$kind.r32 g3_$kind.r32 && fail "generate --kind $kind with seeds 3 and 4 gives the same map"
done

ok "$CLI" generate --kind fbm --size 128 --seed 3 -o t.r32
for mode in conserving classic; do
  ok "$CLI" erode t.r32 -o a_$mode.r32 --droplets 20000 --seed 5 --mode $mode --eroded ea_$mode.r32
  ok "$CLI" erode t.r32 -o b_$mode.r32 --droplets 20000 --seed 5 --mode $mode --eroded eb_$mode.r32
  ok "$CLI" erode t.r32 -o c_$mode.r32 --droplets 20000 --seed 6 --mode $mode
  cmp -s a_$mode.r32 b_$mode.r32 || fail "erode --mode $mode twice with seed 5 differs"
  cmp -s ea_$mode.r32 eb_$mode.r32 || fail "erode --mode $mode twice with seed 5: eroded maps differ"
  cmp -s a_$mode.r32 c_$mode.r32 && fail "erode --mode $mode with seeds 5 and 6 gives the same terrain"
  cmp -s a_$mode.r32 t.r32 && fail "erode --mode $mode changed nothing"
  # The default chunking (here 4096 droplets), chunks of 3001 (ending inside the tiled order's waves) and
  # one chunk give the same terrain.
  ok "$CLI" erode t.r32 -o d_$mode.r32 --droplets 20000 --seed 5 --mode $mode --chunk 3001
  ok "$CLI" erode t.r32 -o e_$mode.r32 --droplets 20000 --seed 5 --mode $mode --chunk 20480
  cmp -s a_$mode.r32 d_$mode.r32 || fail "erode --mode $mode in chunks of 3001 differs from the default"
  cmp -s a_$mode.r32 e_$mode.r32 || fail "erode --mode $mode in one chunk differs from the default"
done
cmp -s a_conserving.r32 a_classic.r32 && fail "conserving and classic modes give the same terrain"
# A grid model in chunks of 16 iterations (the default) and in one chunk.
ok "$CLI" erode t.r32 -o ga.r32 --model grid --iterations 40
ok "$CLI" erode t.r32 -o gb.r32 --model grid --iterations 40 --chunk 40
cmp -s ga.r32 gb.r32 || fail "the grid model in one chunk differs from chunks of 16 iterations"

# 16-bit output with its sidecar is deterministic too.
ok "$CLI" erode t.r32 -o p1.png --droplets 5000 --seed 9
ok "$CLI" erode t.r32 -o p2.png --droplets 5000 --seed 9
cmp -s p1.png p2.png || fail "erode to .png twice differs"
echo "determinism: ok"
