#include "fault_formation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/random.h"
#include "core/base/row_bands.h"

namespace runnel {

namespace {

// A fault as a phase t along the map: t = x * dtdx + y * dtdy + c.
//  line:     t is the signed distance in cells from a straight fault; +1 where t > 0, -1 elsewhere.
//  periodic: (tileable maps) t = a x / W + b y / H + c with integers a, b, so the pattern repeats at the map
//            edge; +1 where frac(t) < 1/2, -1 elsewhere: two parallel faults per period.
// The step is softened to a linear ramp `halfWidth` (in t) either side of each crossing.
struct Fault {
  bool periodic = false;
  double dtdx = 0, dtdy = 0, c = 0;
  double halfWidth = 0;
  double displacement = 1;

  double sharp(double t) const {
    if (!periodic) return t > 0 ? 1.0 : -1.0;
    return t - std::floor(t) < 0.5 ? 1.0 : -1.0;
  }
  double smooth(double t) const {
    if (halfWidth <= 0) return sharp(t);
    if (!periodic) return std::clamp(t / halfWidth, -1.0, 1.0);
    double u = t - std::floor(t);
    if (u < 0.5) return std::min(1.0, std::min(u, 0.5 - u) / halfWidth);
    return -std::min(1.0, std::min(u - 0.5, 1.0 - u) / halfWidth);
  }
  // The sharp value just past crossing t_c = m / 2 when t increases through it.
  double above(long m) const { return periodic ? (m % 2 == 0 ? 1.0 : -1.0) : 1.0; }
};

std::vector<Fault> makeFaults(const GeneratorSettings& s) {
  std::vector<Fault> faults(size_t(s.faults));
  double halfCells = s.falloff > 0 ? 0.5 / s.falloff : 0.0;  // the ramp spans about 1 / falloff cells
  for (int i = 0; i < s.faults; ++i) {
    DropletRandom r(s.seed ^ 0xFA017ull, uint64_t(i));
    Fault& f = faults[size_t(i)];
    f.displacement = 1.0 - 0.9 * double(i) / double(s.faults);  // large features first
    if (s.tileable) {
      long a = 0, b = 0;
      while (a == 0 && b == 0) {
        a = long(r.below(7)) - 3;
        b = long(r.below(7)) - 3;
      }
      f.periodic = true;
      f.dtdx = double(a) / s.width;
      f.dtdy = double(b) / s.height;
      f.c = r.uniformDouble();
      double cellsPerUnit = 1.0 / std::hypot(f.dtdx, f.dtdy);
      f.halfWidth = std::min(0.25, halfCells / cellsPerUnit);  // ramps of neighbouring faults never overlap
    } else {
      double px = r.uniformDouble() * s.width, py = r.uniformDouble() * s.height;
      double angle = r.uniformDouble() * 2.0 * 3.14159265358979323846;
      f.dtdx = std::cos(angle);
      f.dtdy = std::sin(angle);
      f.c = -(px * f.dtdx + py * f.dtdy);
      f.halfWidth = halfCells;
    }
  }
  return faults;
}

// Adds one fault's displacement along row y. A sharp fault changes value only where the row crosses it, so
// it is recorded as steps in the difference array `steps` (O(crossings)); only ramp cells go to `direct`.
void addFaultRow(const Fault& f, int y, int width, std::vector<double>& steps, std::vector<double>& direct) {
  double t0 = y * f.dtdy + f.c, dt = f.dtdx, d = f.displacement;
  double reach = dt != 0 ? f.halfWidth / std::abs(dt) : 0;  // ramp half-width in cells along the row
  if (dt == 0) {                                            // the row runs along the fault: one height
    steps[0] += d * f.smooth(t0);
    return;
  }
  if (reach > 4.0 * width) {  // nearly along the fault: the ramp covers the row
    for (int x = 0; x < width; ++x) direct[size_t(x)] += d * f.smooth(t0 + dt * x);
    return;
  }
  double tA = t0 - dt * reach, tB = t0 + dt * (width - 1 + reach);
  double tLo = std::min(tA, tB), tHi = std::max(tA, tB);
  long mLo, mHi;  // crossings at t = m / 2 (periodic) or t = 0 (line, m = 0)
  if (f.periodic) {
    mLo = long(std::ceil(2 * tLo));
    mHi = long(std::floor(2 * tHi));
  } else {
    mLo = 0;
    mHi = (tLo <= 0 && 0 <= tHi) ? 0 : -1;
  }
  if (mLo > mHi) {
    steps[0] += d * f.sharp(t0);
    return;
  }
  bool first = true;
  for (long i = 0; i <= mHi - mLo; ++i) {
    long m = dt > 0 ? mLo + i : mHi - i;  // in the order the row meets them
    double tc = f.periodic ? 0.5 * double(m) : 0.0;
    double after = dt > 0 ? f.above(m) : -f.above(m), before = -after;
    if (first) steps[0] += d * before;
    first = false;
    double xc = (tc - t0) / dt;
    double k = std::clamp(std::ceil(xc), 0.0, double(width));
    steps[size_t(k)] += d * (after - before);
    if (reach > 0) {
      int xa = int(std::clamp(std::ceil(xc - reach), 0.0, double(width)));
      int xb = int(std::clamp(std::floor(xc + reach), -1.0, double(width - 1)));
      for (int x = xa; x <= xb; ++x) {
        double ramp = std::clamp((x - xc) / reach, -1.0, 1.0) * after;
        direct[size_t(x)] += d * (ramp - (x >= xc ? after : before));
      }
    }
  }
}

}  // namespace

void fillFaults(Heightmap& map, const GeneratorSettings& s) {
  const std::vector<Fault> faults = makeFaults(s);
  const int width = map.width();
  forEachRowBand(map.height(), size_t(width), [&](int y0, int y1) {
    std::vector<double> steps(static_cast<size_t>(width) + 1), direct(static_cast<size_t>(width));
    for (int y = y0; y < y1; ++y) {
      std::fill(steps.begin(), steps.end(), 0.0);
      std::fill(direct.begin(), direct.end(), 0.0);
      for (const Fault& f : faults) addFaultRow(f, y, width, steps, direct);
      float* row = map.row(y);
      double level = 0;
      for (int x = 0; x < width; ++x) {
        level += steps[size_t(x)];
        row[x] = float(level + direct[size_t(x)]);
      }
    }
  });
}

}  // namespace runnel
