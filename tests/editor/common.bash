# Shared by the editor tests (sourced; not a test itself). Each test runs as:
#   bash TEST.sh RUNNEL RUNNEL_CLI TEST_DATA
set -u
RUNNEL=${1:?usage: bash TEST.sh RUNNEL RUNNEL_CLI TEST_DATA}
CLI=${2:?usage: bash TEST.sh RUNNEL RUNNEL_CLI TEST_DATA}
DATA=${3:?usage: bash TEST.sh RUNNEL RUNNEL_CLI TEST_DATA}
RUNNEL=$(realpath "$RUNNEL")
CLI=$(realpath "$CLI")
TMP=$(mktemp -d)
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$TMP"' EXIT
cd "$TMP"
# Recent files and autosaves go to scratch folders, not the user's.
export XDG_CONFIG_HOME="$TMP/config"
export XDG_STATE_HOME="$TMP/state"

fail() {
  echo "FAIL ($(basename "$0")): $*" >&2
  exit 1
}

# editor ARGS...: runs the editor in its own virtual X server; output in $TMP/editor.out / .err.
editor() {
  xvfb-run -a -s "-screen 0 1600x1000x24" "$RUNNEL" "$@" >"$TMP/editor.out" 2>"$TMP/editor.err"
}

# top_view_script: the script lines that generate the 128² test map and look straight down on it without the
# panel, then save none.png (the view before whatever the test does next).
top_view_script() {
  printf '%s\n' "generate fbm size=128 seed=5" "view panel 0" "view pitch 89" "view yaw 0" "view frame" \
    "frames 3" "screenshot none.png"
}

# mean_rgb PNG X Y W H: the mean colour of a rectangle as "R G B" (0-255).
mean_rgb() {
  convert "$1" -crop "${4}x${5}+${2}+${3}" +repage -resize '1x1!' -format '%[fx:int(255*r+0.5)] %[fx:int(255*g+0.5)] %[fx:int(255*b+0.5)]' info:
}

# write_r32 FILE SIZE PYTHON_EXPR: a SIZE x SIZE map of little-endian floats, height = EXPR of x and y.
write_r32() {
  python3 - "$1" "$2" "$3" <<'PY'
import struct, sys, math
path, n, expr = sys.argv[1], int(sys.argv[2]), sys.argv[3]
f = eval("lambda x, y: " + expr, {"math": math})
with open(path, "wb") as out:
    out.write(b"".join(struct.pack("<f", f(x, y)) for y in range(n) for x in range(n)))
PY
}

# The script lines that show the terrain from straight above, lit from overhead, without the panel, framed
# and drawn (for tests that read colours at places on the map).
top_down_view() {
  printf '%s\n' "view panel off" "view yaw 0" "view pitch 89" "view sun-elevation 90" "view frame" "frames 3"
}
