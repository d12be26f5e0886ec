// A timelapse of a run: the view saved as numbered PNG frames every N droplets (like article 003's movie).
#pragma once
#include <cstdint>
#include <string>

namespace runnel::editor {

struct FrameRecorder {
  bool enabled = false;
  std::string folder = "frames";
  uint64_t everyDroplets = 20000;
  int framesWritten = 0;
  uint64_t nextAt = 0;  // droplets done at which the next frame is due
  std::string lastError;

  // Whether a frame is due now that `dropletsDone` droplets have run.
  bool due(uint64_t dropletsDone) const { return enabled && dropletsDone >= nextAt; }
  // The path of the next frame: FOLDER/frame_000042.png.
  std::string nextPath() const;
  // After writing a frame at `dropletsDone`.
  void advance(uint64_t dropletsDone);
  void restart() { framesWritten = 0, nextAt = 0, lastError.clear(); }
};

}  // namespace runnel::editor
