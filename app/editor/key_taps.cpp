#include "app/editor/key_taps.h"

#include <GLFW/glfw3.h>

#include <utility>

namespace runnel::editor {

bool KeyTaps::Tap::ctrl() const {
  return (mods & GLFW_MOD_CONTROL) != 0;
}
bool KeyTaps::Tap::shift() const {
  return (mods & GLFW_MOD_SHIFT) != 0;
}

void KeyTaps::record(int key, int action, int mods) {
  if (action != GLFW_PRESS && action != GLFW_REPEAT) return;
  if (taps_.size() >= 256) return;  // a stuck key while nothing takes them: the newest are dropped
  taps_.push_back({key, mods, action == GLFW_REPEAT});
}

std::vector<KeyTaps::Tap> KeyTaps::take() {
  return std::exchange(taps_, {});
}

}  // namespace runnel::editor
