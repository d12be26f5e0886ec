// Record: a timelapse of the run as numbered PNG frames.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <cinttypes>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

void drawRecordPanel(Editor& e) {
  FrameRecorder& r = e.recorder;
  ImGui::PushID("record");
  ImGui::InputText("Folder", &r.folder);
  tooltip("Frames are written as FOLDER/frame_000000.png, frame_000001.png, ... (the folder is created)");
  uint64_t step = 1000;
  ImGui::InputScalar("Every", ImGuiDataType_U64, &r.everyDroplets, &step, nullptr, "%" PRIu64 " droplets");
  tooltip("Save the view each time this many more droplets have run");
  if (ImGui::Checkbox("Recording", &r.enabled) && r.enabled) r.lastError.clear();
  tooltip("Save frames while erosion runs (the view only, without the panel)");
  ImGui::SameLine();
  ImGui::Text("%d frames", r.framesWritten);
  ImGui::SameLine();
  if (ImGui::SmallButton("Restart numbering")) r.restart();
  if (!r.lastError.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", r.lastError.c_str());
  ImGui::PopID();
}

}  // namespace runnel::editor
