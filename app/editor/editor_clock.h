// The editor's clock: seconds since it started, on the steady clock. The status line, the progress windows,
// autosaves and the frame log time themselves by it; unlike GLFW's timer it needs no window system, so the
// editor's actions run in tests without a display.
#pragma once
#include <chrono>

namespace runnel::editor {

inline double editorSeconds() {
  static const auto start = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace runnel::editor
