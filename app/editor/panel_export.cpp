// Export: one map of the terrain as the view shows it, in any format that holds it (the format table's).
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/editor/editor.h"
#include "app/editor/panels.h"
#include "core/io/engine_targets.h"
#include "core/io/format_table.h"

namespace runnel::editor {

namespace {

// What a format does with a map, for its tooltip in the menu.
std::string formatTooltip(const FormatEntry& f, TerrainMap map) {
  std::string tip = f.holds;
  if (f.id == FileFormat::Png && map != TerrainMap::Height && map != TerrainMap::Flow &&
      map != TerrainMap::Wetness && map != TerrainMap::Normal)
    tip = "8-bit preview for people (pick a float or 16-bit format for the values)";
  return tip;
}

}  // namespace

void drawExportPanel(Editor& e) {
  ExportSettings& s = e.exportSettings;
  ImGui::PushID("export");
  // For an engine: its format, a size it takes, and the numbers for its importer; else any map and format.
  const EngineTarget* engine = s.engine.empty() ? nullptr : engineTarget(s.engine);
  if (ImGui::BeginCombo("For", engine ? engine->title : "any tool (choose map and format)")) {
    if (ImGui::Selectable("any tool (choose map and format)", !engine)) s.engine.clear();
    tooltip("Write any map in any format that holds it");
    for (const EngineTarget& t : engineTargets()) {
      if (ImGui::Selectable(t.title, engine == &t)) {
        s.engine = t.name;
        s.engineSide = 0;
        s.map = TerrainMap::Height;
        s.format = t.format;
        s.path = withExtension(s.path, formatEntry(t.format).extension());
      }
      tooltip(
          (std::string(formatEntry(t.format).name) + ", sides " + engineSides(t) +
           (t.square ? ", square" : "") +
           ".\nThe heights resampled to a size it takes (the same ground at a new spacing), and beside the\n"
           "file NAME.import.txt: the numbers to type into its importer so the heights come back in metres.")
              .c_str());
    }
    ImGui::EndCombo();
  }
  tooltip(
      "Who takes the file: an engine or tool sets the format and the sizes, or any tool leaves them to you");
  if (engine) {
    int w, h;
    engineSizeFor(*engine, e.terrainWidth(), e.terrainHeight(), s.engineSide, w, h);
    const std::string shownSize =
        std::to_string(w) + " x " + std::to_string(h) +
        (w == e.terrainWidth() && h == e.terrainHeight() ? " (as it is)" : " (resampled)");
    if (ImGui::BeginCombo("Size", shownSize.c_str())) {
      if (ImGui::Selectable("the nearest it takes", s.engineSide == 0)) s.engineSide = 0;
      for (int side : engine->sides)
        if (ImGui::Selectable((std::to_string(side) + " across").c_str(), s.engineSide == side))
          s.engineSide = side;
      ImGui::EndCombo();
    }
    tooltip(engine->sides.empty() ? "It takes any size: the map is written as it is"
                                  : ("It takes sides " + engineSides(*engine) +
                                     ": the map is resampled (Catmull-Rom, corners kept) to the one chosen")
                                        .c_str());
  } else {
    const TerrainMapInfo& shown = terrainMapInfo(s.map);
    if (ImGui::BeginCombo("Map", shown.label)) {
      for (const TerrainMapInfo& m : terrainMaps()) {
        if (ImGui::Selectable(m.label, m.id == s.map)) {
          s.map = m.id;
          // A format that cannot hold the new map gives way to PNG, which holds them all.
          if (!whyFormatCannotHold("x" + formatEntry(s.format).extension(), s.map).empty()) {
            s.format = FileFormat::Png;
            s.path = withExtension(s.path, ".png");
          }
        }
        tooltip((std::string(m.tooltip) + "\nValues: " + m.values).c_str());
      }
      ImGui::EndCombo();
    }
    tooltip((std::string(shown.tooltip) + "\nValues: " + shown.values).c_str());
    const FormatEntry& chosen = formatEntry(s.format);
    if (ImGui::BeginCombo("Format", chosen.name)) {
      for (const FormatEntry& f : formatTable()) {
        const bool holds = whyFormatCannotHold("x" + f.extension(), s.map).empty();
        ImGui::BeginDisabled(!holds);
        if (ImGui::Selectable(f.name, f.id == s.format)) {
          s.format = f.id;
          s.path = withExtension(s.path, f.extension());
        }
        ImGui::EndDisabled();
        tooltip(holds ? formatTooltip(f, s.map).c_str()
                      : whyFormatCannotHold("x" + f.extension(), s.map).c_str());
      }
      ImGui::EndCombo();
    }
    tooltip(formatTooltip(chosen, s.map).c_str());
  }
  ImGui::InputText("Path", &s.path);
  tooltip(
      "Where to write; an existing file is replaced only once the new one is complete.\n"
      "Its extension must be the format's.");
  if (s.format == FileFormat::Obj) {
    ImGui::SliderInt("Every n-th sample", &s.objStep, 1, 16);
    tooltip("Decimate the mesh: 1 writes every sample");
  }
  ImGui::BeginDisabled(e.exporting());  // one export at a time
  if (ImGui::Button("Export")) e.exportFromPanel(true);
  ImGui::EndDisabled();
  tooltip("Write the map as the view shows it now (Ctrl+E). Works while erosion runs.");
  if (engine && !s.engineSteps.empty()) {
    ImGui::TextDisabled("Import steps (also in NAME.import.txt):");
    ImGui::TextWrapped("%s", s.engineSteps.c_str());
  }
  ImGui::Separator();
  ImGui::InputText("Folder", &s.mapsFolder);
  tooltip("Where Export all maps writes (made if missing)");
  const bool mapFormat = s.format != FileFormat::Obj;
  ImGui::BeginDisabled(!mapFormat || e.exporting());
  if (ImGui::Button("Export all maps")) e.exportAllMaps(s.mapsFolder, s.format, true);
  ImGui::EndDisabled();
  tooltip(
      mapFormat
          ? ("Write every map into the folder as " + std::string(formatEntry(s.format).name) +
             ": height, eroded, deposited, flow, wetness, slope and rain (when painted), a hillshade PNG,\n"
             "and maps.json listing each file, its values and range, the cell size and the model.\n"
             "All the files appear, or none (runnel-cli export-maps does the same from a project).")
                .c_str()
          : "An OBJ mesh holds no maps: pick a map format above");
  ImGui::PopID();
}

}  // namespace runnel::editor
