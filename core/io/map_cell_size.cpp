#include "map_cell_size.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "format_table.h"
#include "height_sidecar.h"

namespace runnel {

namespace {

// The median of the steepest rise per cell (central differences, one-sided at the border) over up to a
// million cells spread evenly over the map: the slope's tangent at 1 m cells.
double medianRisePerCell(const Heightmap& map) {
  const int w = map.width(), h = map.height();
  if (w < 2 && h < 2) return 0.0;
  const int stride = std::max(1, int(std::ceil(std::sqrt(double(map.cellCount()) / 1e6))));
  std::vector<float> rises;
  rises.reserve(size_t((w + stride - 1) / stride) * size_t((h + stride - 1) / stride));
  for (int y = 0; y < h; y += stride)
    for (int x = 0; x < w; x += stride) {
      const int x0 = std::max(0, x - 1), x1 = std::min(w - 1, x + 1);
      const int y0 = std::max(0, y - 1), y1 = std::min(h - 1, y + 1);
      const double dx = x1 > x0 ? (double(map.at(x1, y)) - map.at(x0, y)) / (x1 - x0) : 0.0;
      const double dy = y1 > y0 ? (double(map.at(x, y1)) - map.at(x, y0)) / (y1 - y0) : 0.0;
      rises.push_back(float(std::hypot(dx, dy)));
    }
  if (rises.empty()) return 0.0;
  std::nth_element(rises.begin(), rises.begin() + ptrdiff_t(rises.size() / 2), rises.end());
  return rises[rises.size() / 2];
}

}  // namespace

std::string MapCellSize::origin() const {
  switch (source) {
    case Source::Given:
      return where;
    case Source::Recorded:
      return "recorded in " + where;
    case Source::Assumed:
      break;
  }
  return assumedBy + ": " + where + " records none";
}

std::string MapCellSize::describe() const {
  char cells[48];
  std::snprintf(cells, sizeof cells, "%g m cells", double(metres));
  return std::string(cells) + " (" + origin() + ")";
}

MapCellSize chooseCellSize(const std::string& path, const Heightmap& map, std::optional<float> given,
                           const std::string& givenName, float assumed, const std::string& assumedBy) {
  MapCellSize c;
  if (given) {
    c.metres = float(checkValue(limits::kCellSize, *given));
    c.source = MapCellSize::Source::Given;
    c.where = givenName;
  } else if (auto recorded = readRecordedCellSize(path, map.width(), map.height())) {
    c.metres = *recorded;
    c.source = MapCellSize::Source::Recorded;
    const FormatEntry* format = formatOfPath(path);
    c.where = format && format->readCellSize ? path : sidecarPath(path);
  } else {
    c.metres = assumed;
    c.source = MapCellSize::Source::Assumed;
    c.where = path;
    c.assumedBy = assumedBy;
  }
  return c;
}

double medianSlopeDegrees(const Heightmap& map, float cellSize) {
  return std::atan(medianRisePerCell(map) / double(cellSize)) * 180.0 / M_PI;
}

void refuseImplausibleCellSize(const MapCellSize& cell, const Heightmap& map, const std::string& path,
                               const std::string& howToSet) {
  if (cell.source != MapCellSize::Source::Assumed) return;  // the file's own, or the user's word
  const double rise = medianRisePerCell(map);
  const double degrees = std::atan(rise / double(cell.metres)) * 180.0 / M_PI;
  if (degrees <= kSteepestMedianSlope) return;
  auto at = [&](double metres) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.0f degrees at %g m cells", std::atan(rise / metres) * 180.0 / M_PI,
                  metres);
    return std::string(buf);
  };
  char slope[32];
  std::snprintf(slope, sizeof slope, "%.0f", degrees);
  throw Error(path + ": at " + cell.describe() + " its median slope is " + slope +
              " degrees, steeper than any real terrain's (" + std::to_string(int(kSteepestMedianSlope)) +
              "): the heights look like metres over larger cells; " + howToSet +
              " (its median slope: " + at(10.0) + ", " + at(30.0) + ")");
}

}  // namespace runnel
