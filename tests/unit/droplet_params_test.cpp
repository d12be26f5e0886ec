// The droplet parameter table, parameter checks, mode names and the stats' JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/error.h"
#include "core/models/droplet/droplet_params.h"
#include "core/models/erosion_stats.h"

namespace runnel {
namespace {

TEST(DropletParams, TableHoldsTheArticlesDefaultsInOrder) {
  const std::vector<ParamInfo> info = dropletParamInfo();
  const DropletParams defaults;
  // The article's seven, then the angles of repose (degrees) of the conserving mode.
  const char* names[] = {"Kq", "Kw", "Kr", "Kd", "Ki", "minSlope", "g", "sedimentAngle", "rockAngle"};
  const float article[] = {10, 0.001f, 0.9f, 0.02f, 0.1f, 0.05f, 20, 35, 40};
  ASSERT_EQ(info.size(), kDropletParamCount);
  for (size_t i = 0; i < kDropletParamCount; ++i) {
    EXPECT_STREQ(info[i].name, names[i]);
    EXPECT_EQ(info[i].defaultValue, article[i]);
    EXPECT_EQ(defaults.*(dropletParamFields()[i].field), article[i]);
    EXPECT_LE(info[i].lo, info[i].defaultValue);
    EXPECT_GE(info[i].hi, info[i].defaultValue);
    EXPECT_GT(std::string(info[i].tooltip).size(), 20u);
  }
  // Values in table order make the struct, as the catalog builds the model from the sliders.
  const DropletParams p =
      paramsFromValues(dropletParamFields(), {10, 0.001f, 0.9f, 0.02f, 0.1f, 0.5f, 20, 33, 50}, "droplet");
  EXPECT_EQ(p.minSlope, 0.5f);
  EXPECT_EQ(p.rockAngle, 50.0f);
  EXPECT_NO_THROW(validate(defaults));
}

TEST(DropletParams, CheckNamesTheParameterAndTheProblem) {
  const ParamInfo kr = dropletParamInfo()[2];
  try {
    checkParam(kr, 1.5f);
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Kr: 1.5 is outside [0, 1]");
  }
  try {
    checkParam(kr, std::nanf(""));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("Kr: ", 0), 0u);
    EXPECT_NE(std::string(e.what()).find("is not a number"), std::string::npos);
  }
  EXPECT_THROW(checkParam(kr, -INFINITY), Error);
  EXPECT_NO_THROW(checkParam(kr, 0.0f));
  EXPECT_NO_THROW(checkParam(kr, 1.0f));
}

TEST(DropletParams, ModeNamesRoundTripAndUnknownOnesAreRefused) {
  EXPECT_EQ(dropletModeFromString(toString(DropletMode::Classic)), DropletMode::Classic);
  EXPECT_EQ(dropletModeFromString(toString(DropletMode::Conserving)), DropletMode::Conserving);
  try {
    dropletModeFromString("fast");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'fast'"), std::string::npos);
  }
}

TEST(DropletStats, JsonHasExactlyTheDocumentedKeysAndMassErrorIsRelative) {
  ErosionStats s;
  s.droplets = 4;
  s.steps = 100;
  s.seconds = 0.5;
  s.eroded = 2.0;
  s.deposited = 1.5;
  s.lost = 0.5;
  s.soilBefore = 1000.0;
  s.soilAfter = 999.5 + 1e-4;
  EXPECT_NEAR(s.massError(), 0.5e-4, 1e-12);
  EXPECT_EQ(s.avgPath(), 25.0);
  EXPECT_EQ(s.stepsPerSecond(), 200.0);
  const std::string json = s.toJson();
  const char* keys[] = {"droplets",    "steps",     "avg_path",       "long_paths",
                        "random_dirs", "seconds",   "droplets_per_s", "steps_per_s",
                        "eroded",      "deposited", "lost",           "mass_error"};
  size_t at = 0;
  for (const char* k : keys) {
    const size_t p = json.find("\"" + std::string(k) + "\":");
    ASSERT_NE(p, std::string::npos) << k;
    EXPECT_GT(p, at) << "order of " << k;
    at = p;
  }
  EXPECT_EQ(std::count(json.begin(), json.end(), ':'), 12);
  EXPECT_NE(s.summary().find("25.00 average path length"), std::string::npos) << s.summary();

  ErosionStats total;
  total.add(s);
  ErosionStats next = s;
  next.soilBefore = s.soilAfter;
  next.soilAfter = 42;
  total.add(next);
  EXPECT_EQ(total.droplets, 8u);
  EXPECT_EQ(total.soilBefore, 1000.0);
  EXPECT_EQ(total.soilAfter, 42.0);
}

}  // namespace
}  // namespace runnel
