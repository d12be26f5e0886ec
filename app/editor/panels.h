// The side panel's sections, one file each (panel_*.cpp).
#pragma once

namespace runnel::editor {

class Editor;

void drawTerrainPanel(Editor& editor);
void drawErosionPanel(Editor& editor);
void drawViewPanel(Editor& editor);
void drawStatsPanel(Editor& editor);
// One line under the sections: how much the current model has run, how fast, and the volume moved.
void drawRunSummary(Editor& editor);
void drawExportPanel(Editor& editor);
void drawRecordPanel(Editor& editor);
void drawRainPanel(Editor& editor);

// Shows `text` when the last item is hovered.
void tooltip(const char* text);
// A right-aligned "(?)" with a tooltip, for settings that need a longer word.
void helpMarker(const char* text);

}  // namespace runnel::editor
