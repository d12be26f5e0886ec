# Play stops at the budget, counted per model: droplets after a grid run get their own budget (not what is
# left of the grid's), Reset starts the count again, and the Play button says how much is left.
source "$(dirname "$0")/common.bash"

cat >budget.txt <<'S'
generate fbm size=128 seed=5
show budget
set model thermal
show budget
set budget 7
play
wait
stats
set model droplet
set budget 5000
play
wait
stats
play
wait
stats
reset
play
wait
stats
S
editor --size 1280x720 --script budget.txt || fail "the script failed: $(cat "$TMP/editor.err")"
grep -q "^budget 400000$" "$TMP/editor.out" || fail "the droplet model's default budget: $(grep ^budget "$TMP/editor.out")"
grep -q "^budget 300$" "$TMP/editor.out" || fail "the thermal model's default budget: $(grep ^budget "$TMP/editor.out")"
# "droplets": units since the last reset (7 iterations, then 5000 droplets on top; a second Play adds none).
runs=$(grep -o '"droplets": [0-9]*' "$TMP/editor.out" | awk '{ print $2 }' | tr '\n' ' ')
[ "$runs" == "7 5007 5007 5000 " ] || fail "units after each run: $runs (wanted 7 5007 5007 5000)"
echo ok
