# kill -9 at random moments while the editor saves a project again and again: after each kill the project
# file is whole (runnel-cli reads every map of it), and killed saves' temporary files do not outlive the
# next save. KILLS (default 15 in the suite; the closing note's figure is 50) sets how many.
source "$(dirname "$0")/common.bash"
KILLS=${KILLS:-15}

{
  echo "generate fbm size=512 seed=5 cell=30"
  echo "save p.runnel"
  for i in $(seq 1 300); do printf '%s\n' "erode 200" "wait" "save p.runnel"; done
} >saves.txt
whole=0 midSave=0
for i in $(seq 1 "$KILLS"); do
  xvfb-run -a -s "-screen 0 640x480x24" "$RUNNEL" --size 640x480 --script saves.txt --autosave-seconds 0 \
    --recovery-dir "$TMP/rec-$i" >/dev/null 2>&1 &
  # The editor's start and first save take about a second; then a save every few tens of milliseconds.
  sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.3f", 0.8 + 2.0 * r / 32767 }')"
  pkill -KILL -f -- "^$RUNNEL .*--recovery-dir $TMP/rec-$i" || true
  wait
  ls -A | grep -q '^\.runnel-tmp-' && midSave=$((midSave + 1))  # this kill or an earlier one cut a save
  [ -f p.runnel ] || continue  # killed before the first save
  rm -rf maps
  "$CLI" export-maps p.runnel maps --format r32 >maps.out 2>&1 ||
    fail "kill $i: the project is not whole: $(cat maps.out)"
  whole=$((whole + 1))
done
[ "$whole" -gt 0 ] || fail "no kill came after a save"
# One whole session: its saves remove what the killed ones left.
printf '%s\n' "open p.runnel" "save p.runnel" >last.txt
editor --size 640x480 --script last.txt --autosave-seconds 0 || fail "the last session failed: $(cat "$TMP/editor.err")"
stale=$(ls -A | grep '^\.runnel-tmp-' || true)
[ -z "$stale" ] || fail "temporary files outlived the next save: $stale"
echo "$KILLS kills: the project read whole after each of the $whole that came after a save; after $midSave a" \
  "half-written save's temporary file was there; none left after the next session saved"
echo "ok"
