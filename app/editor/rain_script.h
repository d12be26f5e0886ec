// The script runner's rain commands (see script_runner.h), through the same Editor actions as the panel:
//
//   rain stroke X Y X Y ... [erase] [radius=R] [strength=S] [falloff=F] [density=D]
//                              one stroke through the points (rain map cells; cell i spans [i, i + 1))
//   rain fill D | rain clear | rain invert | rain blur R
//   rain pattern uniform D | rain pattern gradient|windward FROM WET DRY   the weather's rain (as presets)
//   rain import PATH | rain export PATH [8|16] | rain overlay on|off
//   rain cursor X Y [RADIUS] | rain cursor off      the brush's circle at a map point (for screenshots)
//   spring add X Y [RATE] [RADIUS] | spring move I X Y | spring remove I
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace runnel::editor {

class Editor;

// Nothing when `words` is not a rain command; else whether it succeeded. Bad arguments throw Error.
std::optional<bool> runRainCommand(Editor& editor, const std::vector<std::string>& words);

}  // namespace runnel::editor
