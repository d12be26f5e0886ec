// The editor's command line.
#pragma once
#include <cstdint>
#include <string>

#include "core/base/memory_budget.h"

namespace runnel::editor {

struct EditorOptions {
  std::string open;                 // a heightmap or a .runnel project to open at start
  std::string screenshot;           // --screenshot OUT.png: render `frames` frames, save the window, exit
  int frames = 3;                   // --frames N
  int width = 1600, height = 1000;  // --size WxH (window size)
  std::string script;               // --script FILE: run editor actions, exit when done
  std::string frameLog;             // --frame-log FILE: one line per frame with its time (for tests)
  uint64_t maxMemory = kDefaultMemoryLimit;  // --max-memory SIZE: the most one file may ask for
  int autosaveSeconds = 120;  // --autosave-seconds N: unsaved work is autosaved this often (0: never)
  std::string recoveryDir;    // --recovery-dir DIR: where autosaves go (blank: RecoveryFolder's default)
  bool help = false;
};

// Throws Error naming the bad argument.
EditorOptions parseOptions(int argc, char** argv);
const char* usage();

}  // namespace runnel::editor
