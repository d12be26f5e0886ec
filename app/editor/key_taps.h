// Key presses as they happen, not as the keys stand when a frame looks. GLFW can report a quick tap's press
// and release between two frames, and ImGui 1.86 (Debian 12's) keeps only whether a key is down, so a tap
// shorter than a frame was lost (a busy frame at 4096² lasts 50 ms and more). The window's key callback
// records every press here; the editor takes them once a frame, each with the modifiers held at that moment.
#pragma once
#include <vector>

namespace runnel::editor {

class KeyTaps {
 public:
  struct Tap {
    int key;      // GLFW_KEY_*
    int mods;     // GLFW_MOD_* held when it was pressed
    bool repeat;  // a held key's repeat (the brush size keys step on with it)
    bool ctrl() const;
    bool shift() const;
  };
  // From GLFW's key callback: presses and repeats are kept, releases are not.
  void record(int key, int action, int mods);
  // The taps recorded since the last take, oldest first.
  std::vector<Tap> take();

 private:
  std::vector<Tap> taps_;
};

}  // namespace runnel::editor
