// The small window long background work shows over the view: what it is, a bar with the time left, and a
// Cancel button (Esc too). Shared by Generate and by making a landscape preset.
#pragma once
#include <string>

namespace runnel::editor {

// `fraction` in [0, 1], or below 0 when the work cannot tell (the bar then sweeps); `seconds` since it
// started. Returns true when Cancel was pressed this frame.
// `cancellable` false: no Cancel button (an export, whose files appear whole or not at all, runs to its end).
bool drawProgressWindow(const char* id, const std::string& what, float fraction, double seconds,
                        bool cancelling, float uiScale, bool cancellable = true);

}  // namespace runnel::editor
