# The layers' includes point down only: core knows no window, GL, UI or app; render (GL) knows core but no
# app or UI; the CLI knows core but neither the editor nor GL. Inside core, the rooms are layers too (see
# `rooms` below): a room includes its own files and the rooms before it. Fails naming every include that
# points up.
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
# The editor's window-free library (app/CMakeLists.txt, RUNNEL_EDITOR_CORE_FILES): no GL, window or UI, and
# nothing of the editor outside the library.
core_files=$(sed -n '/^set(RUNNEL_EDITOR_CORE_FILES/,/)/p' app/CMakeLists.txt | tr -d '()' | tr ' ' '\n' |
  grep -v -e '^set$' -e '^RUNNEL_EDITOR_CORE_FILES$' -e '^$')
[ -n "$core_files" ] || { echo "app/CMakeLists.txt: no RUNNEL_EDITOR_CORE_FILES list"; bad=1; }
library=$(echo "$core_files" | paste -sd '|')
for f in $core_files; do
  for src in app/editor/$f.h app/editor/$f.cpp; do
    [ -f "$src" ] || continue
    found=$(grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"](render/|GLFW/|glad/|GL/|imgui|backends/|app/editor/)" "$src" |
      grep -vE "app/editor/($library)\.h")
    [ -n "$found" ] && { echo "$found" | sed "s|^|$src:|; s|\$|   <- the editor's window-free library: no GL, window, UI or other editor file|"; bad=1; }
  done
done
# core's rooms, lowest first: base (errors, threads, vectors) < terrain (heightmaps and their cells) < generate
# (noise and generators) < rain (the painted rain and springs) < models (the erosion models and their
# parameters) < sim (running a model: the worker, chunked runs) < io (files and formats) < recipes (presets).
rooms=(base terrain generate rain models sim io recipes)
for ((i = 0; i < ${#rooms[@]}; ++i)); do
  [ -d "core/${rooms[i]}" ] || { echo "core/${rooms[i]}: missing (rooms in tests/layout/check_layers.sh)"; bad=1; }
  above=$(IFS='|'; echo "${rooms[*]:i+1}")
  [ -n "$above" ] && check "core/${rooms[i]}" "core/($above)/" "core/${rooms[i]} is below core/{${above//|/,}}"
done
stray=$(find core -maxdepth 1 -name '*.h' -o -maxdepth 1 -name '*.cpp')
if [ -n "$stray" ]; then
  echo "$stray" | sed 's|$|   <- core/ holds rooms only: put it in one|'
  bad=1
fi
if [ "$bad" -ne 0 ]; then
  echo "check_layers: includes above point up a layer" >&2
  exit 1
fi
echo "check_layers: every include points down ($(grep -rlE '#include' core render app | wc -l) files)"
