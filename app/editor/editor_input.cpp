// Keyboard shortcuts and the camera's mouse controls.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <ctime>

#include "app/editor/editor.h"
#include "core/io/fresh_file_name.h"
#include "render/terrain_pick.h"

namespace runnel::editor {

void Editor::handleShortcuts() {
  const std::vector<KeyTaps::Tap> taps = keyTaps.take();  // every press since the last frame, in order
  if (ImGui::GetIO().WantTextInput) return;               // typing a path or a number
  for (const KeyTaps::Tap& tap : taps) {
    if (tap.ctrl()) {
      if (tap.repeat) continue;
      switch (tap.key) {
        case GLFW_KEY_Z:
          tap.shift() ? redo() : undo();
          break;
        case GLFW_KEY_Y:
          redo();
          break;
        case GLFW_KEY_S:
          saveProject(projectPath);
          break;
        case GLFW_KEY_O:
          askBeforeDiscarding("opening " + projectPath, [this] { openProject(projectPath); });
          break;
        case GLFW_KEY_Q:
          glfwSetWindowShouldClose(window_, GLFW_TRUE);  // asks first if work is unsaved
          break;
        case GLFW_KEY_E:
          exportFromPanel(true);
          break;
      }
      continue;
    }
    handleRainShortcut(tap);  // B, K, Esc, [ and ] (which repeat), Delete
    if (tap.repeat) continue;
    switch (tap.key) {
      case GLFW_KEY_SPACE:
        togglePlay();
        break;
      case GLFW_KEY_PERIOD:
      case GLFW_KEY_N:
        step(erosion.stepAmount());
        break;
      case GLFW_KEY_R:
        resetToBase();
        break;
      case GLFW_KEY_F:
        frameTerrain();
        break;
      case GLFW_KEY_G:
        generateTerrain(generator);
        break;
      case GLFW_KEY_W:
        style.wireframe = !style.wireframe;
        break;
      case GLFW_KEY_H:
        style.heightRamp = !style.heightRamp;
        break;
      case GLFW_KEY_O:
        style.overlay = render::Overlay((int(style.overlay) + 1) % render::kOverlayCount);
        break;
      case GLFW_KEY_T:  // the 2D top view and back, the terrain framed either way
        camera.topView = !camera.topView;
        framePending_ = true;
        break;
      case GLFW_KEY_TAB:
        showPanel = !showPanel;
        break;
      case GLFW_KEY_F12: {
        const std::time_t now = std::time(nullptr);
        std::tm local{};
        localtime_r(&now, &local);
        screenshot(freshFileName(".", "runnel", ".png", local));  // never over the last one
        break;
      }
    }
  }
}

void Editor::handleMouse() {
  ImGuiIO& io = ImGui::GetIO();
  const bool rainTool = handleRainMouse();
  if (io.WantCaptureMouse) return;
  // Window coordinates to framebuffer pixels (they differ on high-density screens).
  float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
  ImVec2 d = io.MouseDelta;
  // With a rain tool the left and right buttons paint or place springs; the middle button still pans.
  // From straight above there is nothing to orbit: the left button pans the map.
  if (!rainTool && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f) && !camera.topView)
    camera.orbit(d.x, d.y);
  if ((!rainTool && ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f)) ||
      (!rainTool && camera.topView && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) ||
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
