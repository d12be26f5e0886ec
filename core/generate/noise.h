// Gradient (Perlin) noise, one octave at a time, evaluated a map row at a time.
//
// An octave maps the centre of map cell (x, y) to lattice coordinates ((x + 0.5) * stepX + offsetX,
// (y + 0.5) * stepY + offsetY): at the centre, a small map and a big one box-averaged down sample the same
// ground (a 512² map's slopes against a 4096² one's averaged to 512²: r 0.99, against 0.92 at the cells'
// corners, half a small cell apart). With a
// period the lattice's gradients repeat every periodX columns and periodY rows; choosing
// stepX = periodX / width makes the noise wrap seamlessly at the map edge (a tileable map of any W x H).
#pragma once
#include <cstdint>
#include <vector>

namespace runnel {

struct NoiseOctave {
  double stepX = 1, stepY = 1;      // lattice cells per map cell
  double offsetX = 0, offsetY = 0;  // lattice coordinates of the map's corner; >= 0
  int periodX = 0, periodY = 0;     // lattice period (tileable maps); 0 = none
  uint32_t seed = 0;                // picks the gradients

  // The octave at one point, in about [-1, 1]. The reference the row sampler matches bit for bit.
  float value(double x, double y) const;
};

// Samples one octave along rows of a map `width` cells wide. Keeps per-column tables, so a sampler is built
// once per octave and thread and then reused for every row.
class NoiseRowSampler {
 public:
  NoiseRowSampler(const NoiseOctave& octave, int width);
  // Writes the octave's value at cells (0 .. width-1, y) to out.
  void sampleRow(int y, float* out);

 private:
  struct Gradient {
    float x, y;
  };
  void latticeRow(int iy, std::vector<Gradient>& g) const;

  NoiseOctave octave_;
  int width_;
  int firstColumn_;                    // lattice column of map cell 0
  std::vector<int> cell_;              // lattice column of each map cell, relative to firstColumn_
  std::vector<float> fx_, sx_;         // offset in the lattice cell and its fade
  std::vector<Gradient> row0_, row1_;  // gradients of lattice rows iy and iy + 1
  int cachedRow_ = -1;
};

}  // namespace runnel
