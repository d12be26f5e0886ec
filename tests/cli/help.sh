# --help for runnel-cli and each command exits 0 and shows the command's usage; no arguments is a usage error.
source "$(dirname "$0")/common.bash"

ok "$CLI" --help
grep -q "usage: runnel-cli COMMAND" ok.out || fail "runnel-cli --help lacks the usage line"
for c in generate erode info bench; do
  grep -q "  $c " ok.out || fail "runnel-cli --help does not list $c"
done
for c in generate erode info bench; do
  ok "$CLI" $c --help
  grep -q "usage: runnel-cli $c" ok.out || fail "$c --help lacks its usage line"
done
# Every command that prints on success takes -q as --quiet, named alike in its help.
for c in generate erode export export-maps tiles make; do
  ok "$CLI" $c --help
  grep -qe "--quiet, -q" ok.out || fail "$c --help does not list --quiet, -q: $(grep -e quiet ok.out)"
done
# -h works too, even after other (possibly wrong) flags.
ok "$CLI" erode --bogus -h
grep -q "usage: runnel-cli erode" ok.out || fail "erode -h lacks its usage line"
# erode --help lists every flag scripts rely on and the models' parameters from the catalog.
ok "$CLI" erode --help
for f in -o --droplets --seed --mode --edges --Kq --Kw --Kr --Kd --Ki --min-slope --g --rain --spring --size \
  --range --eroded --deposited --stats --progress --model --iterations --threads; do
  grep -qe "^ *$f[ ,]" ok.out || fail "erode --help does not list $f"
done
for m in droplet grid particle normal raindrop thermal; do
  grep -qe "^  $m (" ok.out || fail "erode --help does not list the $m model"
done
ok "$CLI" generate --help
for f in --kind --size --seed --relief --tileable -o --scale --octaves --lacunarity --gain --faults --falloff; do
  grep -qe "^ *$f[ ,]" ok.out || fail "generate --help does not list $f"
done

status=0
"$CLI" >/dev/null 2>&1 || status=$?
[ $status -eq 2 ] || fail "runnel-cli without a command exits $status, wanted 2"
echo "help: ok"
