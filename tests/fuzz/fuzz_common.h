// Shared by the fuzz targets: the input goes to a file (the readers take paths, as the tools do), in a
// folder of this process's own, and the memory a file may ask for is capped low, so a header that asks
// for gigabytes is refused by the budget instead of being allocated.
#pragma once
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/base/memory_budget.h"

namespace runnel::fuzz {

inline std::string writeInput(const uint8_t* data, size_t size, const std::string& extension) {
  static const std::string folder = [] {
    char name[] = "/tmp/runnel-fuzz-XXXXXX";
    const char* made = mkdtemp(name);
    setMemoryLimit(uint64_t(64) << 20);  // 64 MiB: a fuzz input is never a real 4096² map
    return std::string(made ? made : "/tmp");
  }();
  const std::string path = folder + "/input" + extension;
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {  // out of file descriptors (a reader that leaks them) or a full disk: say which, then stop
    std::perror(path.c_str());
    std::abort();
  }
  if (size) std::fwrite(data, 1, size, f);
  std::fclose(f);
  return path;
}

}  // namespace runnel::fuzz
