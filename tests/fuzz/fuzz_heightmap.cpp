// Every heightmap reader in the format table: the first byte picks the format (its extension), the rest is
// the file. A reader may refuse the file (runnel::Error); anything else (a crash, a leak, an allocation past
// the budget, a hang) is a bug.
#include <cstdint>

#include "core/base/error.h"
#include "core/io/format_table.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace runnel;
  std::vector<const FormatEntry*> readable;
  for (const FormatEntry& e : formatTable())
    if (e.readable()) readable.push_back(&e);
  if (size < 1) return 0;
  const FormatEntry& format = *readable[data[0] % readable.size()];
  const std::string path = fuzz::writeInput(data + 1, size - 1, format.extension());
  ReadOptions options;
  options.bigEndian = (data[0] / readable.size()) % 2;
  try {
    Heightmap map = readHeightmap(path, options);
    (void)readRecordedCellSize(path, map.width(), map.height());
  } catch (const Error&) {
  }
  return 0;
}
