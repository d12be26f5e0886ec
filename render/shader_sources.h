// GLSL sources from shaders/, embedded into the binary at build time (see cmake/embed_shaders.cmake).
#pragma once
#include <string_view>

namespace runnel::render {

// The text of shaders/NAME (e.g. "terrain.frag"), or empty when there is no such file.
std::string_view shaderSource(std::string_view name);

}  // namespace runnel::render
