# The layers' includes point down only: core knows no window, GL, UI or app; render (GL) knows core but no
# app or UI; the CLI knows core but neither the editor nor GL. Fails naming every include that points up.
#   bash tests/layout/check_layers.sh [REPO]
set -u
repo=${1:-$(dirname "$0")/../..}
cd "$repo" || exit 2
bad=0
# check FOLDER PATTERN WHY: an include line in FOLDER's sources matching the extended regex PATTERN is an error.
check() {
  local found
  found=$(grep -rnE --include='*.h' --include='*.cpp' "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($2)" "$1")
  if [ -n "$found" ]; then
    echo "$found" | sed "s|\$|   <- $3|"
    bad=1
  fi
}
check core 'app/|render/|shaders/|GLFW/|glad/|GL/|imgui|backends/|glm/' "core is the engine: no app, render, window, GL or UI"
check render 'app/|imgui|backends/|GLFW/' "render draws with GL: no app, UI or window"
check app/cli 'app/editor/|render/|GLFW/|glad/|GL/|imgui|backends/|glm/' "the CLI is headless: no editor, render, GL or UI"
if [ "$bad" -ne 0 ]; then
  echo "check_layers: includes above point up a layer" >&2
  exit 1
fi
echo "check_layers: every include points down ($(grep -rlE '#include' core render app | wc -l) files)"
