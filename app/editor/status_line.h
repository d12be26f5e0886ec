// The last outcome shown at the bottom of the panel: success in green, a success with a warning in amber, a
// failure in red.
#pragma once
#include <string>

namespace runnel::editor {

struct StatusLine {
  std::string text;
  bool error = false;
  bool warning = false;  // done, but with something the artist should know (an 8-bit file's terraces)
  double time = 0;       // glfwGetTime() when set, to fade old messages

  void ok(std::string message, double now) { set(std::move(message), false, false, now); }
  void warn(std::string message, double now) { set(std::move(message), false, true, now); }
  void fail(std::string message, double now) { set(std::move(message), true, false, now); }

 private:
  void set(std::string message, bool isError, bool isWarning, double now) {
    text = std::move(message), error = isError, warning = isWarning, time = now;
  }
};

}  // namespace runnel::editor
