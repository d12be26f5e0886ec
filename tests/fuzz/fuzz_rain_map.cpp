// Painted rain maps (PNG), read as the editor and `runnel-cli erode --rain` read them, at the map's size or
// at their own. A bad file is refused (runnel::Error); anything else is a bug.
#include <cstdint>

#include "core/base/error.h"
#include "core/io/rain_map_io.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = runnel::fuzz::writeInput(data, size, ".png");
  try {
    (void)runnel::readRainMap(path);
    (void)runnel::readRainMap(path, 64, 48);
  } catch (const runnel::Error&) {
  }
  return 0;
}
