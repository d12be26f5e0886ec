// The last outcome shown at the bottom of the panel: success in plain text, a failure in red.
#pragma once
#include <string>

namespace runnel::editor {

struct StatusLine {
  std::string text;
  bool error = false;
  double time = 0;  // glfwGetTime() when set, to fade old messages

  void ok(std::string message, double now) { text = std::move(message), error = false, time = now; }
  void fail(std::string message, double now) { text = std::move(message), error = true, time = now; }
};

}  // namespace runnel::editor
