# kill -9 at random moments during 200 runs that write five outputs each: every time, once the next
# runnel-cli has started, the outputs are all the old run's or all the new one's (a run killed between its
# renames is finished from its journal), and the temporary files of a killed run do not outlive the next
# run that writes there.
source "$(dirname "$0")/common.bash"
export XDG_STATE_HOME="$TMP/state"  # the commit journals go here

ok "$CLI" generate --size 256 --seed 4 --cell-size 30 -o base.r32
run() {  # run SEED: the five outputs in the working folder (exec: `run &`'s process id is runnel-cli's)
  exec "$CLI" erode base.r32 -o out.r32 --eroded ero.r32 --deposited dep.r32 --flow flow.r32 --hillshade shade.png \
    --droplets 20000 --edges clamp --seed "$1" --cell-size 30 --quiet
}
set_sum() { cat out.r32 ero.r32 dep.r32 flow.r32 shade.png 2>/dev/null | md5sum | cut -d' ' -f1; }
start=$(date +%s%N)
(run 1) || fail "a whole run failed"
ms=$((($(date +%s%N) - start) / 1000000))
one=$(set_sum)
(run 2) || fail "a whole run failed"
two=$(set_sum)
[ "$one" != "$two" ] || fail "seeds 1 and 2 gave the same outputs"
echo "a whole run takes $ms ms"

old=0 new=0
for i in $(seq 1 200); do
  before=$(set_sum)
  seed=$((i % 2 + 1))
  run $seed &
  pid=$!
  # Anywhere from before the first write to just after the last.
  sleep "$(awk -v ms="$ms" -v r="$RANDOM" 'BEGIN { printf "%.4f", ms * 1.2 * r / 32767 / 1000 }')"
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  "$CLI" info out.r32 >/dev/null 2>&1 || fail "run $i: out.r32 unreadable after the kill"
  now=$(set_sum)
  if [ "$now" == "$before" ]; then
    old=$((old + 1))
  elif [ "$now" == "$one" ] || [ "$now" == "$two" ]; then
    new=$((new + 1))
  else
    fail "run $i (killed): the outputs are a mix of two runs"
  fi
  # A run that wrote (left a temporary file or new outputs) removed what killed runs before it left.
  wrote=0
  [ "$now" != "$before" ] && wrote=1
  ls -A | grep -q "^\.runnel-tmp-$pid-" && wrote=1
  if [ $wrote == 1 ]; then
    stale=$(ls -A | grep '^\.runnel-tmp-' | grep -v "^\.runnel-tmp-$pid-")
    [ -z "$stale" ] || fail "run $i: $stale outlived the next run that wrote"
  fi
  [ -z "$(ls -A "$XDG_STATE_HOME/runnel/commits" 2>/dev/null | grep -v '^\.runnel-tmp-')" ] ||
    fail "run $i: a commit journal outlived the next start: $(ls -A "$XDG_STATE_HOME/runnel/commits")"
done
echo "200 killed runs: $old left the old outputs, $new the new ones, none a mix"
(run 1) || fail "a whole run after the kills failed"
[ -z "$(ls -A | grep '^\.runnel-tmp-')" ] || fail "temporary files left after a whole run: $(ls -A)"
echo "ok"
