// Pieces of hand-written JSON: a string quoted and escaped, a float in the shortest text that reads back
// as the same float. Shared by the sidecars and runnel-cli's maps.json.
#pragma once
#include <string>

namespace runnel {

std::string jsonString(const std::string& s);
std::string jsonNumber(float v);

}  // namespace runnel
