// Terrain: generate a new base terrain, import a heightmap, reset to the base, undo and redo.
#include <imgui.h>
#include <imgui_stdlib.h>
#include <algorithm>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

namespace {

void inputSize(const char* label, int& value) {
  ImGui::InputInt(label, &value, 64, 512);
  value = std::clamp(value, kMinSide, kMaxSide);
}

// Landscape presets: pick one, Make it at the size above, or save the settings as one's own.
void presetsSection(Editor& e) {
  if (const std::optional<bool> ask = e.sectionAsked("Landscape presets"))
    ImGui::SetNextItemOpen(*ask, ImGuiCond_Always);
  if (!ImGui::CollapsingHeader("Landscape presets")) return;
  const float side = 64.0f * e.uiScale;
  for (size_t i = 0; i < e.presets.size(); ++i) {
    const LandscapePreset& p = e.presets[i];
    ImGui::PushID(int(i));
    const render::PictureTexture* thumb = e.thumbnail(p);
    if (thumb)
      ImGui::Image(ImTextureID(intptr_t(thumb->texture())), ImVec2(side, side));
    else
      ImGui::Dummy(ImVec2(side, side));
    ImGui::SameLine();
    ImGui::BeginGroup();
    if (ImGui::Selectable(p.title.c_str(), e.selectedPreset == int(i),
                          ImGuiSelectableFlags_AllowDoubleClick)) {
      e.selectedPreset = int(i);
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
        e.makeLandscapePreset(p, e.generator.width, e.generator.height);
    }
    ImGui::TextWrapped("%s", p.about.c_str());
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      if (thumb) ImGui::Image(ImTextureID(intptr_t(thumb->texture())), ImVec2(4 * side, 4 * side));
      ImGui::Text("%s (%s)", p.title.c_str(), p.name.c_str());
      ImGui::Text("%s generator, tuned at %dx%d: %s", toString(p.generator.kind), p.generator.width,
                  p.generator.height,
                  describeExtent(p.generator.width, p.generator.height, p.generator.cellSize).c_str());
      ImGui::Text("%s", describeStages(p).c_str());
      ImGui::TextDisabled("%s", p.path.c_str());
      ImGui::EndTooltip();
    }
    ImGui::PopID();
  }
  if (e.presets.empty()) ImGui::TextDisabled("No presets found (see runnel-cli presets --help)");
  if (!e.presetProblems.empty()) {
    ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "Some preset files have mistakes");
    tooltip(e.presetProblems.c_str());
  }
  const bool chosen = e.selectedPreset >= 0 && size_t(e.selectedPreset) < e.presets.size();
  ImGui::BeginDisabled(!chosen || e.making() || e.generating());
  if (ImGui::Button("Make"))
    e.makeLandscapePreset(e.presets[size_t(e.selectedPreset)], e.generator.width, e.generator.height);
  ImGui::EndDisabled();
  if (chosen) {
    const LandscapePreset& p = e.presets[size_t(e.selectedPreset)];
    const GeneratorSettings at = generatorAt(p, e.generator.width, e.generator.height);
    const std::string text = "Make " + p.title + " at the Width and Height above (" +
                             describeExtent(at.width, at.height, at.cellSize) + "): its ground, then " +
                             describeStages(p) +
                             ".\nThe result replaces the terrain (undoable); the last stage's model and "
                             "settings stay selected, so Play goes on from there. Double-click a preset to "
                             "make it.";
    tooltip(text.c_str());
  }
  ImGui::SameLine();
  if (ImGui::Button("Reload")) e.reloadPresets();
  tooltip("Read the preset folders again (after editing a .preset file)");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
  ImGui::InputTextWithHint("##presetname", "name", &e.newPresetName);
  tooltip("The new preset's name: letters, digits, - and _ (its file name)");
  ImGui::SameLine();
  if (ImGui::Button("Save as preset")) e.saveLandscapePreset(e.newPresetName, e.newPresetTitle);
  {
    const std::string text =
        "Save the generator settings above and the current model, its parameters and its budget as a "
        "preset\nof your own, in " +
        userPresetFolder() + ".\nA preset file can hold several stages: add 'stage' lines to it by hand.";
    tooltip(text.c_str());
  }
}

void undoRedoButtons(Editor& e) {
  ImGui::BeginDisabled(!e.history.canUndo());
  if (ImGui::Button("Undo")) e.undo();
  ImGui::EndDisabled();
  tooltip(e.history.canUndo() ? ("Undo " + e.history.undoLabel() + " (Ctrl+Z)").c_str() : "Nothing to undo");
  ImGui::SameLine();
  ImGui::BeginDisabled(!e.history.canRedo());
  if (ImGui::Button("Redo")) e.redo();
  ImGui::EndDisabled();
  tooltip(e.history.canRedo() ? ("Redo " + e.history.redoLabel() + " (Ctrl+Shift+Z or Ctrl+Y)").c_str()
                              : "Nothing to redo");
  ImGui::SameLine();
  ImGui::TextDisabled("%zu steps, %.0f MB", e.history.undoCount(), double(e.history.memoryUsed()) / 1e6);
}

}  // namespace

void drawTerrainPanel(Editor& e) {
  GeneratorSettings& g = e.generator;  // edited here, applied on Generate (G)
  ImGui::PushID("terrain");

  const char* kinds[] = {"fBm noise", "Ridged noise", "Fault formation"};
  int kind = int(g.kind);
  if (ImGui::Combo("Kind", &kind, kinds, 3)) g.kind = GeneratorKind(kind);
  tooltip("fBm: rolling hills and mountains. Ridged: sharp crests. Fault formation: stepped plateaus.");
  inputSize("Width", g.width);
  tooltip("Cells east-west.");
  inputSize("Height", g.height);
  tooltip("Cells north-south.");
  int seed = int(g.seed);
  if (ImGui::InputInt("Seed##gen", &seed)) g.seed = uint64_t(std::max(seed, 0));
  tooltip("The same seed and settings always give the same terrain.");
  ImGui::SameLine();
  if (ImGui::SmallButton("Dice")) g.seed = uint64_t(ImGui::GetTime() * 1000.0) % 100000;
  tooltip("A new random seed");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::InputFloat("Cell size (m)", &g.cellSize, 1.0f, 10.0f, "%.3g"))
    g.cellSize = std::clamp(g.cellSize, 0.001f, 100000.0f);
  tooltip(
      "Metres per cell. Same extent, finer cells: tune at 512 with 4x the cell size, build at 2048 --\n"
      "the same mountains in the same places.");
  ImGui::TextDisabled("%s", describeExtent(g.width, g.height, g.cellSize).c_str());
  bool autoRelief = g.relief < 0;
  if (ImGui::Checkbox("Default relief", &autoRelief)) g.relief = autoRelief ? -1.0f : effectiveRelief(g);
  {
    GeneratorSettings byDefault = g;
    byDefault.relief = -1.0f;
    char text[400];
    std::snprintf(
        text, sizeof text,
        "Relief (highest minus lowest point) of a mountain range as wide as the map: about 5%% of a\n"
        "small map's extent, growing more slowly for larger maps, never over %.0f m (%.0f m here).\n"
        "Eroded, a range of 1,000 m over 30 km has median slopes near 25 degrees, as real ones do.",
        double(kMaxRelief), double(effectiveRelief(byDefault)));
    tooltip(text);
  }
  if (!autoRelief) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::DragFloat("Relief", &g.relief, 1.0f, 1.0f, 20000.0f, "%.0f m");
    tooltip("Highest minus lowest point, in metres");
  }
  ImGui::SliderFloat("Height curve", &g.exponent, 0.5f, 3.0f, "%.2f");
  tooltip(
      "Heights (as a share of the relief) raised to this power. Above 1 widens the lowlands and valley\n"
      "floors and sharpens the peaks, as on real land; 1 keeps the plain noise.");
  float rise = effectiveRise(g);
  if (ImGui::SliderFloat("Rise inland", &rise, 0.0f, 1.0f, "%.2f")) g.rise = rise;
  tooltip(
      "The land rises from the map's edges inland by this share of the relief, so its rivers leave at the\n"
      "edges, as in a real range (the rivers model's base level is the border). 0 keeps the plain noise,\n"
      "whose closed basins the rivers then cut through in long level canals. 0 by default when tileable.");
  ImGui::Checkbox("Tileable", &g.tileable);
  tooltip("Generate a terrain that wraps around seamlessly (pairs with wrap edges)");
  if (const std::optional<bool> ask = e.sectionAsked("Noise settings"))
    ImGui::SetNextItemOpen(*ask, ImGuiCond_Always);
  if (ImGui::TreeNode("Noise settings")) {
    if (g.kind == GeneratorKind::Fault) {
      ImGui::SliderInt("Faults", &g.faults, 1, 2000);
      tooltip("Number of random fault lines");
      ImGui::SliderFloat("Falloff", &g.falloff, 0.0f, 1.0f);
      tooltip("0: sharp steps; larger values soften each step over about 1/falloff cells");
    } else {
      ImGui::SliderFloat("Feature size", &g.scale, 0.02f, 1.0f);
      tooltip("Size of the largest hills as a fraction of the map");
      ImGui::SliderInt("Octaves", &g.octaves, 1, 12);
      tooltip("Layers of detail, each finer than the last");
      ImGui::SliderFloat("Lacunarity", &g.lacunarity, 1.5f, 3.0f);
      tooltip("How much finer each octave is");
      ImGui::SliderFloat("Gain", &g.gain, 0.2f, 0.8f);
      tooltip("How much weaker each octave is: higher is rougher");
    }
    ImGui::TreePop();
  }
  if (ImGui::Button("Generate")) e.generateTerrain(GeneratorSettings(g));
  tooltip("Replace the base terrain with a generated one (G regenerates the last settings). Undoable.");
  if (e.renderer().mapWidth() > 0)
    ImGui::TextDisabled(
        "Terrain: %s",
        describeExtent(e.renderer().mapWidth(), e.renderer().mapHeight(), e.cellSize()).c_str());
  presetsSection(e);

  ImGui::Separator();
  ImGui::InputTextWithHint("##importpath", "heightmap file (.png .r16 .r32 .pfm .tif .exr)", &e.importPath);
  tooltip("Type a path, pick a recent file, or drop a file on the window");
  ImGui::SameLine();
  if (ImGui::Button("Import")) e.importHeightmap(e.importPath);
  tooltip("Load the heightmap as the new base terrain. Undoable; a bad file keeps the current terrain.");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.3f);
  ImGui::InputTextWithHint("Range##import", "LO:HI", &e.importRange);
  tooltip(
      "Heights in metres of an integer file's lowest and highest sample value (a DEM: its metres).\n"
      "Blank: the file's .json sidecar, else 0 to N/4.");
  ImGui::SameLine();
  // The rest of the row, less its label: every field's label stays in view at any panel width.
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(std::max(40.0f, ImGui::GetContentRegionAvail().x -
                                              ImGui::CalcTextSize("Cell (m)").x - style.ItemInnerSpacing.x));
  if (ImGui::InputFloat("Cell (m)##import", &e.importCellSize, 0.0f, 0.0f, "%.3g"))
    e.importCellSize = std::clamp(e.importCellSize, 0.001f, 100000.0f);
  tooltip(
      "Metres per cell of a heightmap that records none (a DEM: its grid spacing). A file Runnel wrote\n"
      "records its own, which the import takes; after an import this shows the terrain's.");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.3f);
  ImGui::InputTextWithHint("Raw size", "WxH", &e.importSize);
  tooltip(
      "Width x height of a .r16/.r32 file that is not square. Blank: its sidecar's, else square by the\n"
      "file's length.");
  ImGui::Checkbox("Smooth 8-bit steps", &e.importSmoothSteps);
  tooltip(
      "An 8-bit file has 256 height levels: every slope shades as a staircase of flat terraces.\n"
      "Ticked, an import with 256 levels or fewer is smoothed into ramps, each cell kept within half\n"
      "a level of the file (a plateau the file says is flat stays flat).");
  if (!e.recentFiles.empty() && ImGui::BeginCombo("Recent", "recent files...")) {
    for (const std::string& f : e.recentFiles)
      if (ImGui::Selectable(f.c_str())) {
        e.importPath = f;
        if (f.size() > 7 && f.ends_with(".runnel"))
          e.askBeforeDiscarding("opening " + f, [&e, f] { e.openProject(f); });
        else
          e.importHeightmap(f);
      }
    ImGui::EndCombo();
  }

  ImGui::Separator();
  if (ImGui::Button("Reset to base")) e.resetToBase();
  tooltip("Throw away the erosion and go back to the base terrain (R). Undoable.");
  ImGui::SameLine();
  undoRedoButtons(e);

  ImGui::InputText("Project", &e.projectPath);
  tooltip("The project file: base terrain, current terrain, parameters and seed");
  if (ImGui::Button("Save project")) e.saveProject(e.projectPath);
  tooltip("Ctrl+S");
  ImGui::SameLine();
  if (ImGui::Button("Open project"))
    e.askBeforeDiscarding("opening " + e.projectPath, [&e] { e.openProject(e.projectPath); });
  tooltip("Ctrl+O. Asks first when there is unsaved work; undoable; a bad file keeps the current terrain.");
  ImGui::PopID();
}

}  // namespace runnel::editor
