#include "app/editor/editor_options.h"

#include <charconv>
#include <cstring>

#include "core/base/error.h"
#include "core/base/number_text.h"

namespace runnel::editor {

const char* usage() {
  return "usage: runnel [FILE] [--screenshot OUT.png] [--frames N] [--size WxH] [--script FILE]\n"
         "              [--frame-log FILE] [--max-memory SIZE] [--autosave-seconds N] [--recovery-dir DIR]\n"
         "  FILE               a heightmap (.png .r16 .r32 .pfm .tif .exr) or a project (.runnel) to open;\n"
         "                     without one the editor starts on an fBm 512x512 terrain, ready to play\n"
         "  --screenshot OUT   render N frames (--frames, default 3), save the window as a PNG and exit\n"
         "  --size WxH         window size (default 1600x1000)\n"
         "  --script FILE      run editor actions from FILE (one a line) and exit when done; see README\n"
         "  --frame-log FILE   write each frame's time in milliseconds to FILE\n"
         "  --max-memory SIZE  the most memory one file may ask for before it is read (default 4G; e.g. "
         "16G)\n"
         "  --autosave-seconds N  autosave unsaved work every N seconds (default 120; 0: never)\n"
         "  --recovery-dir DIR    where autosaves go (default $XDG_STATE_HOME/runnel/recovery, else\n"
         "                     ~/.local/state/runnel/recovery); a start after a crash offers them back\n";
}

namespace {
int toInt(const std::string& flag, const std::string& text, int lo, int hi) {
  const std::optional<int> v = readNumber<int>(text);
  if (!v || *v < lo || *v > hi)
    throw Error(flag + ": '" + text + "' is not a whole number in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "]");
  return *v;
}
}  // namespace

EditorOptions parseOptions(int argc, char** argv) {
  EditorOptions o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw Error(a + ": needs a value");
      return argv[++i];
    };
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--screenshot") {
      o.screenshot = value();
    } else if (a == "--frames") {
      o.frames = toInt(a, value(), 1, 1000000);
    } else if (a == "--size") {
      std::string v = value();
      size_t x = v.find('x');
      if (x == std::string::npos) throw Error("--size: '" + v + "' is not WxH, e.g. 1280x800");
      o.width = toInt("--size", v.substr(0, x), 64, 16384);
      o.height = toInt("--size", v.substr(x + 1), 64, 16384);
    } else if (a == "--script") {
      o.script = value();
    } else if (a == "--frame-log") {
      o.frameLog = value();
    } else if (a == "--max-memory") {
      const std::string v = value();
      const auto bytes = parseMemorySize(v);
      if (!bytes) throw Error("--max-memory: '" + v + "' is not a size, e.g. 8G or 512M");
      o.maxMemory = *bytes;
    } else if (a == "--autosave-seconds") {
      o.autosaveSeconds = toInt(a, value(), 0, 86400);
    } else if (a == "--recovery-dir") {
      o.recoveryDir = value();
      if (o.recoveryDir.empty()) throw Error("--recovery-dir: needs a folder");
    } else if (!a.empty() && a[0] == '-') {
      throw Error(a + ": unknown option (see --help)");
    } else if (o.open.empty()) {
      o.open = a;
    } else {
      throw Error(a + ": only one file can be opened");
    }
  }
  return o;
}

}  // namespace runnel::editor
