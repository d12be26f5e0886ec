#include "file_holds.h"

#include <sys/stat.h>

#include "core/base/error.h"
#include "core/base/memory_budget.h"

namespace runnel {

void requireFileHolds(const std::string& path, const std::string& what, uint64_t needed, uint64_t stored,
                      uint64_t maxRatio, const std::string& codec) {
  if (maxRatio == ratio::kUnbounded) return;
  // stored * maxRatio without overflow: stored is at most a file's length, maxRatio a few thousand.
  const uint64_t most = stored > UINT64_MAX / maxRatio ? UINT64_MAX : stored * maxRatio;
  if (needed <= most) return;
  const std::string holds = maxRatio == 1 ? "the file holds " + describeBytes(stored)
                                          : "its " + describeBytes(stored) + " of " + codec +
                                                " data hold at most " + describeBytes(most);
  throw Error(path + ": its " + what + " need " + describeBytes(needed) + " of pixel data but " + holds +
              ": truncated or corrupt");
}

void requireInsideFile(const std::string& path, const std::string& what, uint64_t offset, uint64_t count,
                       uint64_t fileBytes) {
  if (offset <= fileBytes && count <= fileBytes - offset) return;
  const uint64_t end = count > UINT64_MAX - offset ? UINT64_MAX : offset + count;
  throw Error(path + ": " + what + " runs past the end of the file (bytes " + std::to_string(offset) +
              " to " + std::to_string(end) + " of " + std::to_string(fileBytes) + "): truncated or corrupt");
}

bool allocatableOnItsWord(uint64_t bytes, uint64_t fileBytes) {
  if (bytes <= kOnItsWordFloor) return true;
  return fileBytes >= bytes / kOnItsWordFactor + (bytes % kOnItsWordFactor != 0);
}

uint64_t fileLength(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  return uint64_t(st.st_size);
}

}  // namespace runnel
