// Whole-map buffers: a map's worth of cells starts on a huge page, keeps its values through growth and
// copies, and a small buffer comes from the usual heap.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/base/huge_pages.h"
#include "core/terrain/heightmap.h"

using namespace runnel;

TEST(HugePages, AMapSizedBufferStartsOnAHugePageAndKeepsItsValues) {
  MapVector<float> map(size_t(1024) * 1024);  // 4 MiB
  EXPECT_EQ(reinterpret_cast<uintptr_t>(map.data()) % kHugePage, 0u);
  for (size_t i = 0; i < map.size(); ++i) map[i] = float(i % 1000);
  map.resize(map.size() + 12345, -1.0f);  // grows into a new buffer
  EXPECT_EQ(reinterpret_cast<uintptr_t>(map.data()) % kHugePage, 0u);
  for (size_t i = 0; i < size_t(1024) * 1024; i += 4099) ASSERT_EQ(map[i], float(i % 1000));
  EXPECT_EQ(map.back(), -1.0f);
  const MapVector<float> copy = map;
  EXPECT_EQ(copy, map);
  MapVector<uint8_t> small(100, 7);  // under a huge page: the heap's
  EXPECT_EQ(small[99], 7);
}

TEST(HugePages, AHeightmapIsOneOfThem) {
  Heightmap h(2048, 1024, 3.0f);  // 8 MiB
  EXPECT_EQ(reinterpret_cast<uintptr_t>(h.data()) % kHugePage, 0u);
  h.at(2047, 1023) = 5.0f;
  Heightmap copy = h;
  EXPECT_TRUE(copy == h);
  EXPECT_EQ(copy.at(0, 0), 3.0f);
}
