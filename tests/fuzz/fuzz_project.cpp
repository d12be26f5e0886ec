// The editor's project file (.runnel): header lines, then the maps. A damaged file is refused
// (runnel::Error); a crash, a leak or an allocation past the budget is a bug.
#include <cstdint>

#include "core/base/error.h"
#include "core/io/project_file.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = runnel::fuzz::writeInput(data, size, ".runnel");
  try {
    (void)runnel::readProject(path);
  } catch (const runnel::Error&) {
  }
  return 0;
}
