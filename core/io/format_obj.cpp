// The terrain as a Wavefront OBJ mesh for Blender and engines: one vertex per (decimated) sample with a
// texture coordinate and a normal, two triangles per cell, counter-clockwise seen from above.
// Axes: x = column (east), y = height (up), z = row (south; row 0 = north at z = 0).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include "core/base/error.h"
#include "core/base/work_progress.h"
#include "formats.h"

namespace runnel::formats {

namespace {

// Sample positions along a side of n cells with every step-th taken; the last is always included so the
// mesh covers the whole map.
std::vector<int> samplePositions(int n, int step) {
  std::vector<int> p;
  for (int i = 0; i < n; i += step) p.push_back(i);
  if (p.back() != n - 1) p.push_back(n - 1);
  return p;
}

// Buffered text output with shortest-round-trip floats.
class ObjText {
 public:
  explicit ObjText(AtomicFile& out) : out_(out) { buffer_.reserve(kFlushAt + 256); }
  ~ObjText() = default;
  ObjText& operator<<(const char* s) {
    buffer_ += s;
    return *this;
  }
  ObjText& operator<<(float v) { return number(v); }
  ObjText& operator<<(uint64_t v) { return number(v); }
  ObjText& operator<<(int v) { return number(v); }
  void endLine() {
    buffer_ += '\n';
    if (buffer_.size() >= kFlushAt) flush();
  }
  void flush() {
    out_.write(buffer_.data(), buffer_.size());
    buffer_.clear();
  }

 private:
  static constexpr size_t kFlushAt = 1 << 20;
  template <class T>
  ObjText& number(T v) {
    char text[32];
    auto r = std::to_chars(text, text + sizeof text, v);
    buffer_.append(text, r.ptr);
    return *this;
  }
  AtomicFile& out_;
  std::string buffer_;
};

}  // namespace

int objStepForTriangles(int width, int height, uint64_t triangles) {
  auto count = [&](int step) {
    const uint64_t nx = samplePositions(width, step).size(), nz = samplePositions(height, step).size();
    return 2 * (nx - 1) * (nz - 1);
  };
  int step = 1;
  while (count(step) > triangles && step < std::max(width, height)) ++step;
  return step;
}

void writeObj(AtomicFile& out, const Heightmap& map, int step, float cellSize) {
  const std::vector<int> xs = samplePositions(map.width(), step), zs = samplePositions(map.height(), step);
  const int nx = int(xs.size()), nz = int(zs.size());
  // World units: metres across as the heights are metres up, so the mesh has the terrain's true slopes.
  const double cell = cellSize > 0.0f ? double(cellSize) : 1.0;
  ObjText obj(out);
  obj << "# Runnel heightmap mesh: " << map.width() << "x" << map.height() << " map, every " << step
      << " sample(s): " << nx << "x" << nz << " vertices, "
      << uint64_t(2) * uint64_t(nx - 1) * uint64_t(nz - 1) << " triangles";
  obj.endLine();
  obj << "# metres: x = east (column x " << float(cell) << "), y = height, z = south (row x " << float(cell)
      << "; row 0 = north)";
  obj.endLine();

  // Progress by rows of the mesh: vertices, texture coordinates and normals one unit a row, faces two.
  uint64_t rowsDone = 0;
  const uint64_t rowUnits = 5 * uint64_t(nz);
  auto rowDone = [&](uint64_t units) { reportWork(rowsDone += units, rowUnits); };
  for (int z : zs) {
    for (int x : xs) {
      obj << "v " << float(x * cell) << " " << map.at(x, z) << " " << float(z * cell);
      obj.endLine();
    }
    rowDone(1);
  }
  for (int z : zs) {
    for (int x : xs) {
      obj << "vt " << float(x) / float(map.width() - 1) << " " << 1.0f - float(z) / float(map.height() - 1);
      obj.endLine();
    }
    rowDone(1);
  }
  // Normals from the mesh's own neighbours, so a decimated mesh is shaded as it is shaped.
  for (int j = 0; j < nz; ++j, rowDone(1))
    for (int i = 0; i < nx; ++i) {
      int xl = xs[std::max(i - 1, 0)], xr = xs[std::min(i + 1, nx - 1)];
      int zu = zs[std::max(j - 1, 0)], zd = zs[std::min(j + 1, nz - 1)];
      double dx = (double(map.at(xr, zs[j])) - map.at(xl, zs[j])) / (double(xr - xl) * cell);
      double dz = (double(map.at(xs[i], zd)) - map.at(xs[i], zu)) / (double(zd - zu) * cell);
      double norm = std::sqrt(dx * dx + dz * dz + 1.0);
      obj << "vn " << float(-dx / norm) << " " << float(1.0 / norm) << " " << float(-dz / norm);
      obj.endLine();
    }
  for (int j = 0; j + 1 < nz; ++j, rowDone(2))
    for (int i = 0; i + 1 < nx; ++i) {
      // OBJ counts from 1; vertex, texture and normal share an index.
      uint64_t a = uint64_t(j) * nx + i + 1, b = a + uint64_t(nx), c = a + 1, d = b + 1;
      obj << "f " << a << "/" << a << "/" << a << " " << b << "/" << b << "/" << b << " " << c << "/" << c
          << "/" << c;
      obj.endLine();
      obj << "f " << c << "/" << c << "/" << c << " " << b << "/" << b << "/" << b << " " << d << "/" << d
          << "/" << d;
      obj.endLine();
    }
  obj.flush();
}

}  // namespace runnel::formats
