// A height sidecar's JSON (core/io/height_sidecar.h), as found beside a 16-bit image: any bytes give a range
// and a cell size, or are refused (runnel::Error naming the sidecar); a crash, a hang or a huge allocation
// is a bug. A range read back is finite and a cell size positive; what the writer writes reads back.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/base/error.h"
#include "core/io/height_sidecar.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The sidecar of input.png, which need not exist: the reader reads only the JSON.
  const std::string sidecar = runnel::fuzz::writeInput(data, size, ".png.json");
  const std::string image = sidecar.substr(0, sidecar.size() - 5);
  const int width = 403, height = 344;  // the corpus' sidecars describe this size
  try {
    if (const auto range = runnel::readHeightSidecar(image, width, height))
      if (!std::isfinite(range->lo) || !std::isfinite(range->hi)) __builtin_trap();
  } catch (const runnel::Error&) {
  }
  try {
    if (const auto cell = runnel::readSidecarCellSize(image, width, height))
      if (!(*cell > 0.0f) || !std::isfinite(*cell)) __builtin_trap();
  } catch (const runnel::Error&) {
  }
  return 0;
}
