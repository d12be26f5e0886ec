#include "core/base/names.h"

#include <gtest/gtest.h>

namespace runnel {
namespace {

TEST(Names, OneNameInAnySpelling) {
  EXPECT_TRUE(sameName("minSlope", "min-slope"));
  EXPECT_TRUE(sameName("MIN_SLOPE", "minSlope"));
  EXPECT_TRUE(sameName("Rivers", "rivers"));
  EXPECT_TRUE(sameName("channel-head", "channelHead"));
  EXPECT_FALSE(sameName("minSlopes", "minSlope"));
  EXPECT_FALSE(sameName("Kq", "Kw"));
  EXPECT_EQ(nameKey("batch-ms"), "batchms");
}

}  // namespace
}  // namespace runnel
