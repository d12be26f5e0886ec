// The JSON sidecar that says which world heights a 16-bit file's samples stand for. For out.png it is
// out.png.json:
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
// cell_size_m (optional) is the terrain's metres per cell.
#pragma once
#include <optional>
#include <string>

#include "heightmap_io.h"

namespace runnel {

std::string sidecarPath(const std::string& imagePath);  // imagePath + ".json"
// `cellSize` > 0 is recorded as "cell_size_m" (metres per cell), so the terrain's scale travels with it.
std::string heightSidecarJson(const std::string& imagePath, int width, int height, HeightRange range,
                              float cellSize = 0.0f);
// The range recorded beside imagePath, or nullopt when there is no sidecar. Throws Error naming the sidecar
// when it is malformed or describes an image of another size (a stale sidecar would silently give wrong
// heights).
std::optional<HeightRange> readHeightSidecar(const std::string& imagePath, int width, int height);
// The cell size the sidecar beside imagePath records, or nullopt when there is no sidecar or it records
// none. Throws Error naming the sidecar when it is malformed or the value is not a positive number.
std::optional<float> readSidecarCellSize(const std::string& imagePath, int width, int height);

}  // namespace runnel
