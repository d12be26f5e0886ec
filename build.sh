#!/usr/bin/env bash
# Runnel's one build helper. On a fresh Debian 12 machine (as root or with sudo):
#   ./build.sh run    install what is missing, build, open the editor on a default terrain
#   ./build.sh test   install what is missing, build, run every test (plain, ASan+UBSan, TSan, fuzzing)
# Both are idempotent: packages already installed are not fetched again, builds are incremental.
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-run}
shift || true

# Every dependency comes from Debian's packages.
packages=(
  cmake g++ make pkg-config python3-glad
  libgtest-dev libbenchmark-dev libstb-dev libpng-dev libtiff-dev libopenexr-dev
  libglfw3-dev libglm-dev libimgui-dev libgl-dev libgl1-mesa-dri
  xvfb xauth xdotool imagemagick gdal-bin libtiff-tools openexr assimp-utils valgrind time
  clang libfuzzer-14-dev
  r-base-core python-matplotlib-data
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "== installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs=$(nproc)

# build DIR [cmake options...]
build() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

install_missing
case "$mode" in
  run)
    build build
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      echo "no display: running the editor under xvfb-run with a screenshot (build/runnel-shot.png)"
      exec xvfb-run -a -s "-screen 0 1600x1000x24" build/app/runnel --screenshot build/runnel-shot.png --frames 60 "$@"
    fi
    exec build/app/runnel "$@"
    ;;
  test)
    build build
    (cd build && ctest --output-on-failure -j "$jobs")
    # The unit tests again under AddressSanitizer + UBSan, the editor's actions without a window included.
    build build-asan -DRUNNEL_SANITIZE=address -DRUNNEL_BENCH=OFF
    (cd build-asan && ctest --output-on-failure -j "$jobs" -L unit)
    # The threaded tests under ThreadSanitizer.
    build build-tsan -DRUNNEL_SANITIZE=thread -DRUNNEL_EDITOR=OFF -DRUNNEL_BENCH=OFF
    (cd build-tsan && TSAN_OPTIONS="halt_on_error=1" ctest --output-on-failure -j "$jobs" -L threaded)
    # The file readers under libFuzzer (clang, ASan+UBSan): a bounded run of each target from its seed
    # corpus in tests/fuzz/corpus.
    CC=clang CXX=clang++ build build-fuzz -DRUNNEL_SANITIZE=address -DRUNNEL_EDITOR=OFF -DRUNNEL_BENCH=OFF \
      -DRUNNEL_FUZZ=ON
    (cd build-fuzz && ctest --output-on-failure -j "$jobs" -L fuzz)
    ;;
  *)
    echo "usage: ./build.sh run|test" >&2
    exit 2
    ;;
esac
