# Every model of the catalog runs from the command line with its own amount flag and parameter flags,
# changes the terrain, and gives the same bytes twice.
source "$(dirname "$0")/common.bash"

# Steep at 1 m cells (93 m of relief over 64 m), so every model has slopes to work on.
ok "$CLI" generate --kind fbm --size 64 --seed 8 --cell-size 1 --relief 93.02 -o t.r32
ok "$CLI" erode --help
models=$(sed -n 's/^  \([a-z]*\) (--\(droplets\|iterations\|steps\) N):.*/\1:\2/p' ok.out)
[ "$(echo "$models" | wc -l)" -ge 8 ] || fail "erode --help lists too few models: $models"
for entry in $models; do
  m=${entry%%:*} amount=${entry##*:}
  n=3000
  [ "$amount" == iterations ] && n=20
  [ "$amount" == steps ] && n=3
  ok "$CLI" erode t.r32 -o a_$m.r32 --model $m --$amount $n --seed 4
  ok "$CLI" erode t.r32 -o b_$m.r32 --model $m --$amount $n --seed 4
  cmp -s a_$m.r32 b_$m.r32 || fail "--model $m twice with seed 4 differs"
  cmp -s a_$m.r32 t.r32 && fail "--model $m changed nothing"
  [ "$(info_field a_$m.r32 non-finite)" == "0" ] || fail "--model $m made non-finite heights"
  # Its first parameter, set to its default through its flag, gives the same bytes.
  flag=$(sed -n "/^  $m (/,/^  [a-z]* (/p" ok.out | sed -n 's/^    \(--[A-Za-z-]*\) *\([^ ]*\) .*/\1 \2/p' | head -1)
  if [ -n "$flag" ]; then
    ok "$CLI" erode t.r32 -o c_$m.r32 --model $m --$amount $n --seed 4 $flag
    cmp -s a_$m.r32 c_$m.r32 || fail "--model $m with $flag (its default) differs from the default run"
  fi
done
# The grid models take their own parameters; the droplet model's are refused for them.
ok "$CLI" erode t.r32 -o g.r32 --model grid --iterations 10 --Kc 2 --evaporation 0.05
expect_exit 2 "--Kq" "$CLI" erode t.r32 -o x.r32 --model grid --iterations 10 --Kq 5
expect_exit 2 "--mode" "$CLI" erode t.r32 -o x.r32 --model thermal --iterations 10 --mode classic
# --threads reaches the whole-grid passes and never changes the result.
for m in grid thermal; do
  ok "$CLI" erode t.r32 -o t1_$m.r32 --model $m --iterations 15 --threads 1
  ok "$CLI" erode t.r32 -o t3_$m.r32 --model $m --iterations 15 --threads 3
  cmp -s t1_$m.r32 t3_$m.r32 || fail "--model $m with 1 and 3 threads differs"
done
echo "models: ok"
