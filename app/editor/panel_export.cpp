// Export: write what the view shows as a heightmap, a mesh or a preview map.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

void drawExportPanel(Editor& e) {
  ExportSettings& s = e.exportSettings;
  ImGui::PushID("export");
  const ExportFormat* formats = exportFormats();
  if (ImGui::BeginCombo("Format", formats[s.format].label)) {
    for (int i = 0; i < exportFormatCount(); ++i) {
      if (ImGui::Selectable(formats[i].label, i == s.format)) {
        s.format = i;
        s.path = withExtension(s.path, formats[i].extension);
      }
      tooltip(formats[i].tooltip);
    }
    ImGui::EndCombo();
  }
  tooltip(formats[s.format].tooltip);
  ImGui::InputText("Path", &s.path);
  tooltip("Where to write; an existing file is replaced only once the new one is complete");
  if (std::string(formats[s.format].extension) == ".obj") {
    ImGui::SliderInt("Every n-th sample", &s.objStep, 1, 16);
    tooltip("Decimate the mesh: 1 writes every sample");
  }
  if (ImGui::Button("Export")) e.exportTerrain(s.path, formats[s.format].kind);
  tooltip("Write the terrain as the view shows it now (Ctrl+E). Works while erosion runs.");
  ImGui::PopID();
}

}  // namespace runnel::editor
