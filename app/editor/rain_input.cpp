// The rain tools in the 3D view: the brush (left paints, Shift or the right button erases, [ and ] size,
// a circle cursor on the ground), springs (click to place or select, drag to move, Delete removes, drawn as
// markers), and what each frame hands to the worker and the GPU.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/editor/editor.h"
#include "core/rain/rain_springs.h"
#include "render/rain_layer.h"
#include "render/terrain_pick.h"

namespace runnel::editor {

std::optional<glm::vec2> Editor::rainPointUnderMouse() const {
  if (!snapshot_ || !snapshot_->terrain) return std::nullopt;
  const ImGuiIO& io = ImGui::GetIO();
  const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
  const render::Ray ray =
      camera.rayThrough(io.MousePos.x * sx - float(viewX_), io.MousePos.y * sy, viewWidth(), fbH_);
  auto hit = render::pickTerrain(snapshot_->terrain->height, renderer_->lowest(), renderer_->highest(),
                                 verticalScale(), ray);
  if (!hit) return std::nullopt;
  // The view puts cell i's centre at i; the rain map's cell i spans [i, i + 1).
  return glm::vec2(hit->cellX + 0.5f, hit->cellY + 0.5f);
}

void Editor::handleRainShortcut(const KeyTaps::Tap& tap) {
  const bool pressed = !tap.repeat;  // the brush size keys step on while held; the others act once
  if (pressed && tap.key == GLFW_KEY_B)
    rain.tool = rain.tool == EditTool::RainBrush ? EditTool::Camera : EditTool::RainBrush;
  if (pressed && tap.key == GLFW_KEY_K)
    rain.tool = rain.tool == EditTool::Springs ? EditTool::Camera : EditTool::Springs;
  if (pressed && tap.key == GLFW_KEY_ESCAPE) rain.tool = EditTool::Camera;
  if (rain.tool == EditTool::RainBrush) {
    if (tap.key == GLFW_KEY_LEFT_BRACKET) rain.brush.radius = std::max(rain.brush.radius / 1.15f, 0.5f);
    if (tap.key == GLFW_KEY_RIGHT_BRACKET) rain.brush.radius = std::min(rain.brush.radius * 1.15f, 4096.0f);
  }
  if (pressed && rain.tool == EditTool::Springs && rain.selectedSpring >= 0 &&
      (tap.key == GLFW_KEY_DELETE || tap.key == GLFW_KEY_BACKSPACE))
    removeSpring(rain.selectedSpring);
}

bool Editor::handleRainMouse() {
  ImGuiIO& io = ImGui::GetIO();
  rainLayer_->showBrush = false;
  if (rain.cursor) {
    rainLayer_->showBrush = true;
    rainLayer_->brushCentre = *rain.cursor;
    rainLayer_->brushRadius = rain.brush.radius;
    rainLayer_->brushInner = rain.brush.radius * (1.0f - rain.brush.falloff);
    rainLayer_->brushErasing = false;
  }
  if (rain.tool == EditTool::Camera) return false;
  // Alt keeps the camera's left-button orbit while a rain tool is active; the middle button still pans.
  if (io.KeyAlt) {
    if (rain.stroking()) rain.endStroke(history);
    return false;
  }
  const std::optional<glm::vec2> p = io.WantCaptureMouse ? std::nullopt : rainPointUnderMouse();
  const bool left = ImGui::IsMouseDown(ImGuiMouseButton_Left),
             right = ImGui::IsMouseDown(ImGuiMouseButton_Right);

  if (rain.tool == EditTool::RainBrush) {
    const bool erase = io.KeyShift || right;
    if (p) {
      rainLayer_->showBrush = true;
      rainLayer_->brushCentre = *p;
      rainLayer_->brushRadius = rain.brush.radius;
      rainLayer_->brushInner = rain.brush.radius * (1.0f - rain.brush.falloff);
      rainLayer_->brushErasing = erase;
    }
    if (rain.stroking()) {
      if (!left && !right) {
        const bool erasing = rain.strokeErases();
        if (!rain.endStroke(history)) noteStrokeChangedNothing(erasing);
      } else if (p) {
        rain.moveStroke(p->x, p->y);
      }
    } else if (p && !io.WantCaptureMouse &&
               (ImGui::IsMouseClicked(ImGuiMouseButton_Left) ||
                ImGui::IsMouseClicked(ImGuiMouseButton_Right))) {
      try {
        if (beginRainStroke(p->x, p->y, erase)) noteStrokeStartedDry();
      } catch (const std::exception& e) {
        status.fail(e.what(), editorSeconds());
      }
    }
  } else if (rain.tool == EditTool::Springs) {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && p && !io.WantCaptureMouse) {
      // Reach: a few cells, or more when the map is big on screen is not known here; 2% of the map works.
      const float reach = std::max(4.0f, 0.02f * float(std::max(rain.map().width(), rain.map().height())));
      const int near = springNear(rain.map(), p->x, p->y, reach);
      if (near >= 0) {
        rain.beginSpringDrag(near);
      } else {
        addSpringAt(p->x, p->y);
      }
    } else if (left && p) {
      rain.dragSpring(p->x, p->y);
    } else if (!left) {
      rain.endSpringDrag(history);
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right) && p && !io.WantCaptureMouse) {
      const int near = springNear(rain.map(), p->x, p->y, 4.0f);
      if (near >= 0) removeSpring(near);
    }
  }
  // The wheel still zooms; the buttons belong to the tool.
  return !io.WantCaptureMouse;
}

void Editor::drawSpringMarkers() {
  if (!snapshot_ || !snapshot_->terrain || rain.map().springs().empty()) return;
  const Heightmap& h = snapshot_->terrain->height;
  const glm::mat4 viewProj = camera.projection(float(viewWidth()) / float(std::max(fbH_, 1))) * camera.view();
  const ImGuiIO& io = ImGui::GetIO();
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (size_t i = 0; i < rain.map().springs().size(); ++i) {
    const Spring& s = rain.map().springs()[i];
    const float mx = s.x - 0.5f, my = s.y - 0.5f;  // view coordinates put cell centres on integers
    const glm::vec4 clip =
        viewProj * glm::vec4(mx, render::sampleHeight(h, mx, my) * verticalScale(), my, 1.0f);
    if (clip.w <= 0.0f) continue;
    const float px = (clip.x / clip.w * 0.5f + 0.5f) * float(viewWidth()) + float(viewX_);
    const float py = (0.5f - clip.y / clip.w * 0.5f) * float(fbH_);
    const ImVec2 at(px / io.DisplayFramebufferScale.x, py / io.DisplayFramebufferScale.y);
    const bool selected = int(i) == rain.selectedSpring;
    const float r = 6.0f * uiScale;
    draw->AddCircleFilled(at, r, selected ? IM_COL32(255, 220, 80, 255) : IM_COL32(60, 170, 255, 255));
    draw->AddCircle(at, r, IM_COL32(10, 20, 40, 255), 0, 2.0f);
    char label[24];
    std::snprintf(label, sizeof label, "%zu", i);
    draw->AddText(ImVec2(at.x + r + 2.0f, at.y - r), IM_COL32(240, 245, 255, 255), label);
  }
}

void Editor::fitRain() {
  if (base_ && rain.fitTo(base_->width(), base_->heightCells())) {
    rain.selectedSpring = -1;
    rainSeen_ = rain.revision();  // fitted to a new terrain: that change is counted already (or the start)
  }
}

void Editor::syncRain(bool force) {
  if (!base_) return;
  fitRain();
  try {
    rain.handOver(*worker_, force);
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
  }
  int y0, y1;
  bool whole;
  if (rain.takeChangedRows(y0, y1, whole) && rainLayer_) {
    if (whole)
      rainLayer_->upload(rain.map());
    else
      rainLayer_->uploadRows(rain.map(), y0, y1);
  }
  // The map shows while the rain brush is in hand, and otherwise when "show rain map" is ticked and it says
  // something (rain the same everywhere does not; springs have their own markers).
  if (rainLayer_)
    rainLayer_->showOverlay = rain.tool == EditTool::RainBrush || (rain.showOverlay && !rain.evenRain());
}

}  // namespace runnel::editor
