#include "app/editor/frame_recorder.h"

#include <cstdio>

namespace runnel::editor {

std::string FrameRecorder::nextPath() const {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%06d.png", framesWritten);
  return folder + "/" + name;
}

void FrameRecorder::advance(uint64_t dropletsDone) {
  ++framesWritten;
  uint64_t every = everyDroplets ? everyDroplets : 1;
  nextAt = (dropletsDone / every + 1) * every;
}

}  // namespace runnel::editor
