// How alike two maps of the same size are in where they are steep: the Pearson r of their slopes'
// magnitudes (central differences, inside the border). The gauge of a preview that predicts the build.
#pragma once
#include <cmath>
#include <vector>

#include "core/terrain/heightmap.h"

namespace runnel::testing {

inline double slopeAgreement(const Heightmap& a, const Heightmap& b) {
  auto slopes = [](const Heightmap& m) {
    std::vector<double> s;
    for (int y = 1; y + 1 < m.height(); ++y)
      for (int x = 1; x + 1 < m.width(); ++x)
        s.push_back(std::hypot(m.at(x + 1, y) - m.at(x - 1, y), m.at(x, y + 1) - m.at(x, y - 1)));
    return s;
  };
  const std::vector<double> sa = slopes(a), sb = slopes(b);
  double ma = 0, mb = 0;
  for (size_t i = 0; i < sa.size(); ++i) ma += sa[i], mb += sb[i];
  ma /= double(sa.size()), mb /= double(sb.size());
  double ab = 0, aa = 0, bb = 0;
  for (size_t i = 0; i < sa.size(); ++i)
    ab += (sa[i] - ma) * (sb[i] - mb), aa += (sa[i] - ma) * (sa[i] - ma), bb += (sb[i] - mb) * (sb[i] - mb);
  return ab / std::sqrt(aa * bb);
}

}  // namespace runnel::testing
