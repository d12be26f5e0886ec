// The JSON sidecar beside a file that cannot hold what Runnel knows of its map (PNG, the raw formats, PFM):
// the map's size, its cell size and, for 16-bit samples, which world heights they stand for. For out.png it
// is out.png.json:
//   {
//     "runnel_height_sidecar": 1,
//     "image": "out.png",
//     "width": 403,
//     "height": 344,
//     "sample_bits": 16,
//     "world_height_at_0": 236,
//     "world_height_at_65535": 1076,
//     "cell_size_m": 30
//   }
// A sample v stands for world_height_at_0 + v / 65535 * (world_height_at_65535 - world_height_at_0);
// cell_size_m (optional) is the terrain's metres per cell. A float file's sidecar (out.r32.json) has
// "sample_bits": 32 and no heights (its samples are the heights); it gives a headerless file its size.
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "heightmap_io.h"

namespace runnel {

std::string sidecarPath(const std::string& imagePath);  // imagePath + ".json"
// `range`: the heights of a 16-bit file's samples 0 and 65535 (none: a float file's). `cellSize` > 0 is
// recorded as "cell_size_m" (metres per cell), so the terrain's scale travels with it.
std::string heightSidecarJson(const std::string& imagePath, int width, int height,
                              std::optional<HeightRange> range, float cellSize = 0.0f);
// The range recorded beside a 16-bit imagePath, or nullopt when there is no sidecar. Throws Error naming the
// sidecar when it is malformed or describes an image of another size (a stale sidecar would silently give
// wrong heights).
std::optional<HeightRange> readHeightSidecar(const std::string& imagePath, int width, int height);
// The cell size the sidecar beside imagePath records, or nullopt when there is no sidecar or it records
// none. Throws Error naming the sidecar when it is malformed or the value is not a positive number.
std::optional<float> readSidecarCellSize(const std::string& imagePath, int width, int height);
// The width and height the sidecar beside imagePath records (a headerless file's size), or nullopt when
// there is none. Throws Error naming the sidecar when it is malformed.
std::optional<std::pair<int, int>> readSidecarSize(const std::string& imagePath);

}  // namespace runnel
