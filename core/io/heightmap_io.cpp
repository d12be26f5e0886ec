// readHeightmap / writeHeightmap: the format from the extension, integer samples to world heights and back,
// and the checks every format shares. The formats themselves live in format_*.cpp.
#include "heightmap_io.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>

#include "atomic_file.h"
#include "core/base/error.h"
#include "core/terrain/terrace_smoothing.h"
#include "format_table.h"
#include "formats.h"
#include "height_sidecar.h"
#include "input_file.h"

namespace runnel {

namespace {

// Integer samples become world heights: the caller's range, else the file's sidecar (16-bit only: it records
// the heights of 0 and 65535), else 0..N/4, the generators' default relief.
Heightmap toWorldHeights(formats::Decoded d, const std::string& path, const ReadOptions& options) {
  if (d.sampleMax == 0) return std::move(d.samples);
  Heightmap& map = d.samples;
  std::optional<HeightRange> range = options.range;
  if (!range && d.sampleMax == 65535.0) range = readHeightSidecar(path, map.width(), map.height());
  if (!range) range = HeightRange{0.0f, float(std::max(map.width(), map.height())) / 4.0f};
  const double lo = range->lo, step = (double(range->hi) - lo) / d.sampleMax;
  float* h = map.data();
  for (size_t i = 0; i < map.cellCount(); ++i) h[i] = float(lo + double(h[i]) * step);
  return std::move(map);
}

// The 16-bit samples of a map over `range` (heights outside it are clamped), row 0 first.
formats::Samples16 quantise(const Heightmap& map, HeightRange range) {
  formats::Samples16 samples(map.cellCount());
  const double lo = range.lo, scale = 65535.0 / (double(range.hi) - lo);
  const float* h = map.data();
  for (size_t i = 0; i < samples.size(); ++i) {
    double v = std::round((double(h[i]) - lo) * scale);
    samples[i] = uint16_t(std::clamp(v, 0.0, 65535.0));
  }
  return samples;
}

// The file and its sidecar (the map's size and cell size, and a 16-bit file's range): both complete on disk
// before either replaces what was there.
void writeWithSidecar(const std::string& path, const FormatEntry& format, const Heightmap& map,
                      const WriteOptions& options) {
  std::optional<HeightRange> range;
  AtomicFile image(path), sidecar(sidecarPath(path));
  if (format.sixteenBit()) {
    if (options.range) {
      range = *options.range;
    } else {
      range.emplace();
      map.minMax(range->lo, range->hi);
      if (!(range->lo < range->hi)) range->hi = range->lo + 1.0f;  // a flat map: any non-empty range will do
    }
    formats::Samples16 samples = quantise(map, *range);
    format.write16(image, map.width(), map.height(), samples.data(), options);
  } else {
    format.writeHeights(image, map, options);
  }
  std::string json = heightSidecarJson(path, map.width(), map.height(), range, options.cellSize);
  sidecar.write(json.data(), json.size());
  image.finish();
  sidecar.finish();
  image.publish();
  sidecar.publish();
}

}  // namespace

namespace formats {

void checkFinite(const Heightmap& map, const std::string& what) {
  int64_t i = map.firstNonFinite();
  if (i < 0) return;
  float v = map.data()[i];
  throw Error(what + ": the height at x=" + std::to_string(i % map.width()) +
              ", y=" + std::to_string(i / map.width()) + " is " +
              (std::isnan(v) ? "NaN"
               : v > 0       ? "+inf"
                             : "-inf") +
              " (heights must be finite)");
}

}  // namespace formats

// The file's heights, NaN and infinities included.
static Heightmap readAnyFormat(const std::string& path, ReadOptions options) {
  const FormatEntry* known = formatOfPath(path);
  if (!known) {
    const size_t slash = path.find_last_of('/'), dot = path.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    throw Error(path + ": unknown heightmap format '" + (hasExtension ? path.substr(dot) : "(no extension)") +
                "' (Runnel reads " + knownExtensions(true) + ")");
  }
  const FormatEntry& format = *known;
  if (!format.readable())
    throw Error(path + ": " + format.name + " is written, not read; read " + knownExtensions(true));
  // A headerless file's size, when the caller gives none: its sidecar's (Runnel writes one), else a square.
  if (format.headerless && options.width == 0)
    if (const auto size = readSidecarSize(path)) std::tie(options.width, options.height) = *size;
  return toWorldHeights(format.read(path, options), path, options);
}

Heightmap readHeightmap(const std::string& path, const ReadOptions& options) {
  if (options.range && !(std::isfinite(options.range->lo) && std::isfinite(options.range->hi) &&
                         options.range->lo < options.range->hi))
    throw Error(path + ": the height range must be finite with LO < HI");
  requireRegularFile(path);
  Heightmap map = readAnyFormat(path, options);
  // One check for every format (integer samples are always finite).
  if (!options.allowNonFinite) formats::checkFinite(map, path);
  if (options.smoothSteps)
    if (const std::optional<float> spacing = levelSpacing(map)) map = smoothTerraces(map, *spacing);
  return map;
}

std::optional<float> readRecordedCellSize(const std::string& path, int width, int height) {
  requireRegularFile(path);
  const FormatEntry& format = formatEntry(formatFromPath(path));
  if (format.readCellSize) return format.readCellSize(path);
  return readSidecarCellSize(path, width, height);
}

void writeHeightmap(const std::string& path, const Heightmap& map, const WriteOptions& options) {
  const FileFormat format = formatFromPath(path);
  const std::string what = "cannot write " + path;
  if (map.empty()) throw Error(what + ": the heightmap is empty");
  formats::checkFinite(map, what);
  if (options.range && !(std::isfinite(options.range->lo) && std::isfinite(options.range->hi) &&
                         options.range->lo < options.range->hi))
    throw Error(what + ": the height range must be finite with LO < HI");
  if (options.objStep < 1) throw Error(what + ": the OBJ step must be 1 or more");

  const FormatEntry& entry = formatEntry(format);
  if (entry.writesSidecar()) return writeWithSidecar(path, entry, map, options);
  AtomicFile file(path);
  entry.writeHeights(file, map, options);
  file.commit();
}

}  // namespace runnel
