// CellTable: a value for a few cells of a big map, each read back as it was last set, the rest absent; past
// a sixteenth of the map it becomes a map-sized array and still reads back every value.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/base/cell_table.h"

namespace runnel {
namespace {

TEST(CellTable, ReadsBackWhatWasSetAndAbsentElsewhere) {
  const size_t cells = size_t(8192) * 8192;
  CellTable table(cells, 7);
  EXPECT_EQ(table.get(0), 7u);
  EXPECT_EQ(table.get(uint32_t(cells - 1)), 7u);
  // A basin's cells: neighbours in rows of an 8192-wide map (they would crowd one run of slots if hashed by
  // index alone), enough to make the table grow a few times.
  std::vector<uint32_t> basin;
  for (uint32_t y = 4000; y < 4100; ++y)
    for (uint32_t x = 100; x < 150; ++x) basin.push_back(y * 8192 + x);
  for (size_t k = 0; k < basin.size(); ++k) table.set(basin[k], uint32_t(k));
  table.set(basin[10], 123456);  // set again: the new value
  for (size_t k = 0; k < basin.size(); ++k) EXPECT_EQ(table.get(basin[k]), k == 10 ? 123456u : uint32_t(k));
  EXPECT_EQ(table.get(3999 * 8192 + 100), 7u);  // the row above the basin
  EXPECT_EQ(table.get(4000 * 8192 + 150), 7u);  // beside it
  EXPECT_EQ(table.get(uint32_t(cells - 1)), 7u);
}

TEST(CellTable, PastASixteenthOfTheMapItKeepsEveryValue) {
  const size_t cells = 64 * 64;
  CellTable table(cells);
  for (uint32_t c = 0; c < cells; c += 3) table.set(c, c + 1);  // a third of the map: past a sixteenth
  for (uint32_t c = 0; c < cells; ++c) EXPECT_EQ(table.get(c), c % 3 == 0 ? c + 1 : 0u) << c;
  table.set(1, 99);
  EXPECT_EQ(table.get(1), 99u);
}

}  // namespace
}  // namespace runnel
