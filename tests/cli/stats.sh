# --stats writes the run's stats as JSON with every documented key and values that agree with each other.
source "$(dirname "$0")/common.bash"

ok "$CLI" generate --kind fbm --size 128 --seed 1 -o t.r32
for mode in conserving classic; do
  ok "$CLI" erode t.r32 -o e.r32 --droplets 30000 --seed 2 --mode $mode --stats s_$mode.json
  python3 - "s_$mode.json" "$mode" <<'PY' || fail "stats of --mode $mode: see above"
import json, math, sys
path, mode = sys.argv[1], sys.argv[2]
s = json.load(open(path))
keys = "droplets steps avg_path long_paths random_dirs seconds droplets_per_s steps_per_s eroded deposited lost mass_error".split()
missing = [k for k in keys if k not in s]
assert not missing, f"{path}: missing keys {missing}"
for k in keys:
    assert isinstance(s[k], (int, float)) and math.isfinite(s[k]), f"{path}: {k} = {s[k]!r} is not a finite number"
assert s["droplets"] == 30000, f"droplets = {s['droplets']}"
assert s["steps"] > s["droplets"], f"steps = {s['steps']}: droplets should walk more than one step"
assert abs(s["avg_path"] - s["steps"] / s["droplets"]) < 1e-6 * s["avg_path"], "avg_path != steps / droplets"
assert 0 <= s["long_paths"] <= s["droplets"] and 0 <= s["random_dirs"] <= s["steps"]
assert s["seconds"] > 0 and s["droplets_per_s"] > 0 and s["steps_per_s"] > 0
assert abs(s["steps_per_s"] * s["seconds"] - s["steps"]) <= 1e-3 * s["steps"], "steps_per_s * seconds != steps"
assert s["eroded"] > 0 and s["deposited"] > 0 and s["lost"] >= 0, "no soil moved"
if mode == "conserving":
    assert abs(s["mass_error"]) < 1e-4, f"conserving mode: mass_error = {s['mass_error']}"
print(f"{mode}: {s['steps']} steps, eroded {s['eroded']:.1f}, mass_error {s['mass_error']:.2e}")
PY
done
# Open edges: soil leaves the map and is counted as lost, not as a mass error.
ok "$CLI" erode t.r32 -o e.r32 --droplets 30000 --seed 2 --edges clamp --stats s_clamp.json
python3 -c "
import json; s = json.load(open('s_clamp.json'))
assert s['lost'] > 0, 'clamp edges: nothing lost over the edges'
assert abs(s['mass_error']) < 1e-4, s['mass_error']" || fail "stats with --edges clamp"
echo "stats: ok"
