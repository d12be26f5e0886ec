// Keyboard shortcuts and the camera's mouse controls.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <ctime>

#include "app/editor/editor.h"
#include "core/fresh_file_name.h"
#include "render/terrain_pick.h"

namespace runnel::editor {

void Editor::handleShortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;  // typing a path or a number
  bool ctrl = io.KeyCtrl, shift = io.KeyShift;
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (ctrl) {
    if (pressed(GLFW_KEY_Z) && !shift) undo();
    if ((pressed(GLFW_KEY_Z) && shift) || pressed(GLFW_KEY_Y)) redo();
    if (pressed(GLFW_KEY_S)) saveProject(projectPath);
    if (pressed(GLFW_KEY_O))
      askBeforeDiscarding("opening " + projectPath, [this] { openProject(projectPath); });
    if (pressed(GLFW_KEY_Q)) glfwSetWindowShouldClose(window_, GLFW_TRUE);  // asks first if work is unsaved
    if (pressed(GLFW_KEY_E)) exportFromPanel();
    return;
  }
  if (pressed(GLFW_KEY_SPACE)) togglePlay();
  if (pressed(GLFW_KEY_PERIOD) || pressed(GLFW_KEY_N)) step(erosion.stepAmount());
  if (pressed(GLFW_KEY_R)) resetToBase();
  if (pressed(GLFW_KEY_F)) frameTerrain();
  if (pressed(GLFW_KEY_G)) generateTerrain(generator);
  if (pressed(GLFW_KEY_W)) style.wireframe = !style.wireframe;
  if (pressed(GLFW_KEY_H)) style.heightRamp = !style.heightRamp;
  if (pressed(GLFW_KEY_O)) style.overlay = render::Overlay((int(style.overlay) + 1) % render::kOverlayCount);
  if (pressed(GLFW_KEY_TAB)) showPanel = !showPanel;
  if (pressed(GLFW_KEY_F12)) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    screenshot(freshFileName(".", "runnel", ".png", local));  // never over the last one
  }
  handleRainShortcuts();
}

void Editor::handleMouse() {
  ImGuiIO& io = ImGui::GetIO();
  const bool rainTool = handleRainMouse();
  if (io.WantCaptureMouse) return;
  // Window coordinates to framebuffer pixels (they differ on high-density screens).
  float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
  ImVec2 d = io.MouseDelta;
  // With a rain tool the left and right buttons paint or place springs; the middle button still pans.
  if (!rainTool && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) camera.orbit(d.x, d.y);
  if ((!rainTool && ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f)) ||
      ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f))
    camera.pan(d.x * sx, d.y * sy, fbH_);
  if (io.MouseWheel != 0.0f) {
    float factor = std::pow(0.85f, io.MouseWheel);
    glm::vec3 focus = camera.target;
    if (snapshot_) {
      render::Ray ray =
          camera.rayThrough(io.MousePos.x * sx - float(viewX_), io.MousePos.y * sy, viewWidth(), fbH_);
      if (auto hit = render::pickTerrain(snapshot_->terrain->height, renderer_->lowest(),
                                         renderer_->highest(), verticalScale(), ray))
        focus = hit->world;
    }
    camera.zoomTowards(focus, factor);
  }
}

}  // namespace runnel::editor
