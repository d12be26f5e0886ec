// The JSON sidecar that says which world heights a 16-bit file's samples stand for. For out.png it is
// out.png.json:
//   {
//     "runnel_height_sidecar": 1,
//     "image": "out.png",
//     "width": 403,
//     "height": 344,
//     "sample_bits": 16,
//     "world_height_at_0": 236,
//     "world_height_at_65535": 1076
//   }
// A sample v stands for world_height_at_0 + v / 65535 * (world_height_at_65535 - world_height_at_0).
#pragma once
#include <optional>
#include <string>

#include "heightmap_io.h"

namespace runnel {

std::string sidecarPath(const std::string& imagePath);  // imagePath + ".json"
std::string heightSidecarJson(const std::string& imagePath, int width, int height, HeightRange range);
// The range recorded beside imagePath, or nullopt when there is no sidecar. Throws Error naming the sidecar
// when it is malformed or describes an image of another size (a stale sidecar would silently give wrong
// heights).
std::optional<HeightRange> readHeightSidecar(const std::string& imagePath, int width, int height);

}  // namespace runnel
