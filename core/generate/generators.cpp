#include "generators.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <vector>

#include "core/base/error.h"
#include "core/base/random.h"
#include "core/base/row_bands.h"
#include "core/base/value_limits.h"
#include "fault_formation.h"
#include "noise.h"

namespace runnel {

const char* toString(GeneratorKind k) {
  switch (k) {
    case GeneratorKind::Fbm:
      return "fbm";
    case GeneratorKind::Ridged:
      return "ridged";
    case GeneratorKind::Fault:
      return "fault";
  }
  return "?";
}

GeneratorKind generatorKindFromString(const std::string& s) {
  if (s == "fbm") return GeneratorKind::Fbm;
  if (s == "ridged") return GeneratorKind::Ridged;
  if (s == "fault") return GeneratorKind::Fault;
  throw Error("kind: '" + s + "' is not one of fbm, ridged, fault");
}

float effectiveRelief(const GeneratorSettings& s) {
  if (s.relief >= 0) return s.relief;
  const double extent = double(std::max(s.width, s.height)) * double(s.cellSize);
  return float(double(kMaxRelief) * extent / (extent + double(kHalfReliefExtent)));
}

float effectiveRise(const GeneratorSettings& s) {
  if (s.rise >= 0) return s.rise;
  return s.tileable ? 0.0f : kDefaultRise;
}

std::string describeExtent(int width, int height, float cellSize) {
  auto length = [](double metres) {
    char buf[32];
    if (metres >= 1000.0)
      std::snprintf(buf, sizeof buf, "%.3g km", metres / 1000.0);
    else
      std::snprintf(buf, sizeof buf, "%.3g m", metres);
    return std::string(buf);
  };
  char cell[32];
  std::snprintf(cell, sizeof cell, "%g m cells", double(cellSize));
  return length(double(width) * cellSize) + " x " + length(double(height) * cellSize) + ", " + cell;
}

namespace {

void require(bool ok, const char* setting, const std::string& rule, double value) {
  if (!ok) throw Error(std::string(setting) + ": must be " + rule + " (got " + std::to_string(value) + ")");
}

// The octaves of fBm / ridged noise. Octave k has features lacunarity^k times smaller than the first; octaves
// finer than two cells per lattice cell would only alias, so they are left out.
std::vector<NoiseOctave> makeOctaves(const GeneratorSettings& s) {
  std::vector<NoiseOctave> octaves;
  double featureCells = double(s.scale) * std::max(s.width, s.height);
  double step = std::min(0.5, 1.0 / featureCells);  // lattice cells per map cell
  for (int k = 0; k < s.octaves; ++k, step *= s.lacunarity) {
    if (k > 0 && step > 0.5) break;
    DropletRandom r(s.seed, 0xC7A7E000ull + uint64_t(k));
    NoiseOctave o;
    o.seed = uint32_t(r.next());
    if (s.tileable) {  // a whole number of lattice periods across the map, so it wraps
      o.periodX = std::max(1, int(std::lround(s.width * step)));
      o.periodY = std::max(1, int(std::lround(s.height * step)));
      o.stepX = double(o.periodX) / s.width;
      o.stepY = double(o.periodY) / s.height;
      o.offsetX = r.uniformDouble() * o.periodX;
      o.offsetY = r.uniformDouble() * o.periodY;
    } else {
      o.stepX = o.stepY = step;
      o.offsetX = r.uniformDouble() * 256.0;
      o.offsetY = r.uniformDouble() * 256.0;
    }
    octaves.push_back(o);
  }
  return octaves;
}

// fBm: the octaves summed with amplitudes gain^k. Ridged (Musgrave's ridged multifractal): each octave
// contributes (1 - |n|)^2, weighted by the previous octave's signal so ridges carry the fine detail.
void fillNoise(Heightmap& map, const GeneratorSettings& s, GenerateProgress* progress) {
  const std::vector<NoiseOctave> octaves = makeOctaves(s);
  const int width = map.width();
  const bool ridged = s.kind == GeneratorKind::Ridged;
  forEachRowBand(map.height(), size_t(width), [&](int y0, int y1) {
    std::vector<NoiseRowSampler> samplers;
    for (const NoiseOctave& o : octaves) samplers.emplace_back(o, width);
    std::vector<float> n(static_cast<size_t>(width)), weight(static_cast<size_t>(width));
    for (int y = y0; y < y1; ++y) {
      if (progress) {  // a band stops at its next row once cancelled (the rest is thrown away)
        if (progress->cancel.load(std::memory_order_relaxed)) return;
        progress->rowsDone.fetch_add(1, std::memory_order_relaxed);
      }
      float* row = map.row(y);
      std::fill(row, row + width, 0.0f);
      std::fill(weight.begin(), weight.end(), 1.0f);
      float amplitude = 1.0f;
      for (auto& sampler : samplers) {
        sampler.sampleRow(y, n.data());
        if (ridged) {
          for (int x = 0; x < width; ++x) {
            float signal = 1.0f - std::abs(n[size_t(x)]);
            signal = signal * signal * weight[size_t(x)];
            weight[size_t(x)] = std::clamp(signal * 2.0f, 0.0f, 1.0f);
            row[x] += signal * amplitude;
          }
        } else {
          for (int x = 0; x < width; ++x) row[x] += n[size_t(x)] * amplitude;
        }
        amplitude *= s.gain;
      }
    }
  });
}

// The lowest and highest height of a map (on the threads).
void heightRange(const Heightmap& map, float& lo, float& hi) {
  lo = INFINITY, hi = -INFINITY;
  std::mutex m;
  forEachRowBand(map.height(), size_t(map.width()), [&](int y0, int y1) {
    float l = INFINITY, h = -INFINITY;
    for (int y = y0; y < y1; ++y) {
      const float* row = map.row(y);
      for (int x = 0; x < map.width(); ++x) {
        l = std::min(l, row[x]);
        h = std::max(h, row[x]);
      }
    }
    std::lock_guard<std::mutex> lock(m);
    lo = std::min(lo, l);
    hi = std::max(hi, h);
  });
}

// Scales heights to [0, relief] with the height curve: (h - lo) / (hi - lo) raised to `exponent`, plus the
// rise inland (riseAt) times `rise`, scaled back to [0, 1], times the relief. A flat map without a rise stays
// flat at 0.
void normalise(Heightmap& map, float relief, float exponent, float rise, GenerateProgress* progress) {
  float lo, hi;
  heightRange(map, lo, hi);
  const double scale = hi > lo ? 1.0 / (double(hi) - double(lo)) : 0.0;
  forEachRowBand(map.height(), size_t(map.width()), [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      if (progress) progress->rowsDone.fetch_add(1, std::memory_order_relaxed);
      float* row = map.row(y);
      for (int x = 0; x < map.width(); ++x) {
        const double share = std::pow((double(row[x]) - lo) * scale, double(exponent));
        row[x] = rise > 0.0f ? float(share + double(rise) * double(riseAt(x, y, map.width(), map.height())))
                             : std::clamp(float(share * relief), 0.0f, relief);
      }
    }
  });
  if (!(rise > 0.0f)) return;
  heightRange(map, lo, hi);
  const double toRelief = hi > lo ? double(relief) / (double(hi) - double(lo)) : 0.0;
  forEachRowBand(map.height(), size_t(map.width()), [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      float* row = map.row(y);
      for (int x = 0; x < map.width(); ++x)
        row[x] = std::clamp(float((double(row[x]) - lo) * toRelief), 0.0f, relief);
    }
  });
}

}  // namespace

// The rise inland at a cell (0 at the map's edges, 1 from kRiseReach of the smaller side in): smooth, so the
// land leaves the border at its own slope and the rivers cut no step there.
float riseAt(int x, int y, int width, int height) {
  const double reach = double(kRiseReach) * double(std::min(width, height));
  const double fromEdge =
      std::min({double(x) + 0.5, double(width - x) - 0.5, double(y) + 0.5, double(height - y) - 0.5});
  const double t = std::clamp(fromEdge / std::max(reach, 1e-9), 0.0, 1.0);
  return float(t * t * (3.0 - 2.0 * t));
}

void validate(const GeneratorSettings& s) {
  if (s.kind != GeneratorKind::Fbm && s.kind != GeneratorKind::Ridged && s.kind != GeneratorKind::Fault)
    throw Error("kind: not one of fbm, ridged, fault");
  checkSize(s.width, s.height, "generator");
  checkValue(limits::kCellSize, s.cellSize);
  require(std::isfinite(s.exponent) && s.exponent >= 0.25f && s.exponent <= 4.0f, "exponent",
          "between 0.25 and 4", s.exponent);
  require(std::isfinite(s.rise) && s.rise <= 4.0f, "rise",
          "a share of the relief from 0 to 4 (or negative for the default)", s.rise);
  require(std::isfinite(s.relief) && s.relief != 0.0f, "relief",
          "a positive number of metres (or negative for the default for the map's extent)", s.relief);
  require(std::isfinite(s.scale) && s.scale >= 0.001f && s.scale <= 16.0f, "scale", "between 0.001 and 16",
          s.scale);
  require(s.octaves >= 1 && s.octaves <= 16, "octaves", "between 1 and 16", s.octaves);
  require(std::isfinite(s.lacunarity) && s.lacunarity >= 1.0f && s.lacunarity <= 8.0f, "lacunarity",
          "between 1 and 8", s.lacunarity);
  require(std::isfinite(s.gain) && s.gain > 0.0f && s.gain <= 1.0f, "gain", "above 0 and at most 1", s.gain);
  require(s.faults >= 1 && s.faults <= 100000, "faults", "between 1 and 100000", s.faults);
  require(std::isfinite(s.falloff) && s.falloff >= 0.0f && s.falloff <= 1000.0f, "falloff",
          "between 0 (sharp steps) and 1000", s.falloff);
}

Heightmap generate(const GeneratorSettings& s, GenerateProgress* progress) {
  validate(s);
  Heightmap map(s.width, s.height);
  if (s.kind == GeneratorKind::Fault)
    fillFaults(map, s);
  else
    fillNoise(map, s, progress);
  if (progress && progress->cancel.load()) throw GenerateCancelled();
  normalise(map, effectiveRelief(s), s.exponent, effectiveRise(s), progress);
  return map;
}

}  // namespace runnel
