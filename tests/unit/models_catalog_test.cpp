// The model catalog: one list for the CLI's flags and the editor's sliders.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/base/error.h"
#include "core/models/model_catalog.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

TEST(ModelCatalog, ListsEveryModelWithSaneParameterTables) {
  std::set<std::string> names;
  for (const ModelInfo& m : modelCatalog()) {
    names.insert(m.name);
    EXPECT_FALSE(m.params.empty()) << m.name;
    std::set<std::string> params;
    for (const ParamInfo& p : m.params) {
      EXPECT_TRUE(params.insert(p.name).second) << m.name << " repeats " << p.name;
      EXPECT_LE(p.lo, p.defaultValue) << m.name << "." << p.name;
      EXPECT_LE(p.defaultValue, p.hi) << m.name << "." << p.name;
      EXPECT_GT(std::string(p.tooltip).size(), 10u) << m.name << "." << p.name;
    }
  }
  for (const char* n : {"droplet", "grid", "particle", "normal", "raindrop", "thermal", "smooth"})
    EXPECT_TRUE(names.count(n)) << n;
  EXPECT_EQ(findModel("droplet").amount, AmountKind::Droplets);
  EXPECT_EQ(findModel("grid").amount, AmountKind::Iterations);
  EXPECT_EQ(findModel("thermal").amount, AmountKind::Iterations);
}

TEST(ModelCatalog, UnknownNameListsTheKnownOnes) {
  try {
    findModel("lava");
    FAIL();
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("lava"), std::string::npos);
    EXPECT_NE(msg.find("grid"), std::string::npos);
    EXPECT_NE(msg.find("droplet"), std::string::npos);
  }
}

TEST(ModelCatalog, EveryModelBuildsFromItsDefaultsAndErodesACone) {
  for (const ModelInfo& m : modelCatalog()) {
    auto model = m.create(defaultValues(m), ModelCommon{});
    ASSERT_TRUE(model);
    EXPECT_EQ(std::string(model->name()), m.name);
    Terrain t = testing::cone(64, 48.0f);  // steeper than the default talus
    const Heightmap before = t.height;
    ErosionStats stats;
    model->run(t, nullptr, 0, m.amount == AmountKind::Droplets ? 2000 : 50, stats);
    EXPECT_EQ(t.height.firstNonFinite(), -1) << m.name;
    EXPECT_FALSE(t.height == before) << m.name << " changed nothing";
    auto copy = model->clone();
    EXPECT_EQ(std::string(copy->name()), m.name);
  }
}

TEST(ModelCatalog, BadValuesAreRefusedNamingTheParameter) {
  for (const ModelInfo& m : modelCatalog()) {
    std::vector<float> values = defaultValues(m);
    EXPECT_NO_THROW(validateValues(m, values));
    values.back() = m.params.back().hi * 2 + 1;
    try {
      validateValues(m, values);
      FAIL() << m.name;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(m.params.back().name), std::string::npos) << e.what();
    }
    EXPECT_THROW(m.create(values, ModelCommon{}), Error) << m.name;
    EXPECT_THROW(m.create({}, ModelCommon{}), Error) << m.name;
  }
}

}  // namespace
}  // namespace runnel
