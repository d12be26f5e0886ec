# Never losing work: a session that changes the terrain and is killed with SIGKILL leaves its autosave; the
# next session's `recover` brings back exactly that terrain, it counts as unsaved (closing asks first, seen in
# the screenshot), and once saved to a project the autosave is gone, so there is nothing left to recover.
source "$(dirname "$0")/common.bash"
REC="$TMP/recovery"

# Session A: generate, erode, note the terrain, then wait for the autosave and be killed mid-session.
cat >a.txt <<'S'
generate fbm size=128 seed=5
erode 3000
wait
export a.r32
frames 1000000
S
xvfb-run -a -s "-screen 0 800x600x24" "$RUNNEL" --size 800x600 --script a.txt --autosave-seconds 1 \
  --recovery-dir "$REC" >a.out 2>a.err &
for _ in $(seq 1 600); do
  [ -f a.r32 ] && ls "$REC"/autosave-*.runnel >/dev/null 2>&1 && [ "$(find "$REC" -name 'autosave-*' -newer a.r32)" ] && break
  sleep 0.1
done
[ -f a.r32 ] || fail "session A did not export its terrain: $(cat a.err)"
[ "$(find "$REC" -name 'autosave-*' -newer a.r32)" ] || fail "no autosave after the erosion: $(ls -la "$REC" 2>&1)"
# The editor itself, not xvfb-run's shell around it.
pkill -KILL -f -- "^$RUNNEL .*--recovery-dir $REC" || fail "session A was not running"
wait
ls "$REC"/autosave-*.runnel >/dev/null || fail "the kill took the autosave with it"
ls -a "$REC" | grep -q 'runnel-tmp' && fail "a half-written autosave is left: $(ls -a "$REC")"

# Session B: recover, check the terrain, then close: the work is unsaved, so the prompt shows.
cat >b.txt <<'S'
recover
export b.r32
frames 3
screenshot before-close.png
close
frames 3
screenshot prompt.png
S
editor --size 800x600 --script b.txt --recovery-dir "$REC" || fail "session B failed: $(cat "$TMP/editor.err")"
cmp -s a.r32 b.r32 || fail "the recovered terrain differs from the one session A had"
grep -q "recover -> ok: recovered" "$TMP/editor.out" || fail "recover said: $(grep recover "$TMP/editor.out")"
[ "$(mean_rgb before-close.png 300 250 200 100)" != "$(mean_rgb prompt.png 300 250 200 100)" ] ||
  fail "closing with unsaved work showed no prompt"
ls "$REC"/autosave-*.runnel >/dev/null || fail "closing without saving dropped the recovered work"

# Session C: recover and save to a project: the autosave has done its job and goes.
printf '%s\n' "recover" "save c.runnel" >c.txt
editor --script c.txt --recovery-dir "$REC" || fail "session C failed: $(cat "$TMP/editor.err")"
[ -f c.runnel ] || fail "session C saved no project"
ls "$REC"/autosave-*.runnel >/dev/null 2>&1 && fail "the autosave outlived the save: $(ls "$REC")"

# Session D: nothing to recover, and it says so.
printf '%s\n' "expect-error recover" >d.txt
editor --script d.txt --recovery-dir "$REC" || fail "recover with nothing to recover did not fail"
grep -q "no autosave of a session that closed without saving" "$TMP/editor.out" ||
  fail "recover's message: $(cat "$TMP/editor.out")"

# A fresh start has nothing unsaved: closing it asks nothing, so the script ends at `close`.
printf '%s\n' "frames 3" "close" "screenshot after-close.png" >e.txt
editor --script e.txt --recovery-dir "$REC" || fail "session E failed: $(cat "$TMP/editor.err")"
[ -e after-close.png ] && fail "closing a fresh start asked about unsaved work"
echo ok
