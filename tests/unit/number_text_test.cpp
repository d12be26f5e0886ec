// Numbers read from text (core/base/number_text.h): every reader of the project, the scripts, the CLI's
// flags and the sidecars takes all of the text as one number or refuses it.
#include "core/base/number_text.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace runnel {
namespace {

TEST(NumberText, ReadsAllOfTheTextOrNothing) {
  EXPECT_EQ(readNumber<int>("42"), 42);
  EXPECT_EQ(readNumber<int>("-7"), -7);
  EXPECT_FLOAT_EQ(*readNumber<float>("1.5"), 1.5f);
  EXPECT_DOUBLE_EQ(*readNumber<double>("-2e3"), -2000.0);
  for (const char* bad : {"", " 1", "1 ", "1x", "+1", "0x10", "1,5", "--1"}) {
    EXPECT_FALSE(readNumber<int>(bad)) << bad;
    EXPECT_FALSE(readNumber<float>(bad)) << bad;
  }
}

TEST(NumberText, RefusesWhatDoesNotFitTheType) {
  EXPECT_FALSE(readNumber<uint64_t>("-1"));
  EXPECT_FALSE(readNumber<uint64_t>("18446744073709551616"));  // 2^64
  EXPECT_EQ(readNumber<uint64_t>("18446744073709551615"), std::numeric_limits<uint64_t>::max());
  EXPECT_FALSE(readNumber<int>("2147483648"));
  EXPECT_FALSE(readNumber<float>("1e999"));
  EXPECT_FALSE(readNumber<int>("1.5"));
}

TEST(NumberText, NamesWhereABadValueCameFrom) {
  EXPECT_EQ(numberFromText<int>("alpine.preset:7", "relief", "12"), 12);
  try {
    numberFromText<float>("alpine.preset:7", "relief", "2k");
    FAIL() << "2k was read";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "alpine.preset:7: 'relief' has the bad value '2k'");
  }
}

TEST(NumberText, ShortCounts) {
  EXPECT_EQ(shortCount(987), "987");
  EXPECT_EQ(shortCount(23456), "23.5k");
  EXPECT_EQ(shortCount(1234567), "1.23M");
  EXPECT_EQ(shortCount(2.5e9), "2.50G");
}

}  // namespace
}  // namespace runnel
