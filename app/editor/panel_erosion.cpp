// Erosion: the model, its parameters, the shared settings, and Play / Pause / Step / Reset.
#include <imgui.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

namespace {

bool inputCount(const char* label, uint64_t& value, uint64_t step) {
  return ImGui::InputScalar(label, ImGuiDataType_U64, &value, &step, nullptr, "%" PRIu64);
}

// "400k", "20": a count as the Play button says it.
std::string shortUnits(uint64_t n) {
  char text[32];
  if (n >= 10000000)
    std::snprintf(text, sizeof text, "%.0fM", double(n) / 1e6);
  else if (n >= 1000000)
    std::snprintf(text, sizeof text, "%.1fM", double(n) / 1e6);
  else if (n >= 10000)
    std::snprintf(text, sizeof text, "%.0fk", double(n) / 1e3);
  else
    std::snprintf(text, sizeof text, "%" PRIu64, n);
  return text;
}

// ", ~40 s", ", ~3 min": how long `units` take at the speed this model has run at (before it ran, a short
// probe's); empty while unknown.
std::string timeFor(const Editor& e, uint64_t units) {
  const double rate = e.estimatedUnitsPerSecond();
  if (!(rate > 0.0)) return "";
  const double seconds = double(units) / rate;
  char text[32];
  if (seconds < 90)
    std::snprintf(text, sizeof text, ", ~%.0f s", std::max(seconds, 1.0));
  else
    std::snprintf(text, sizeof text, ", ~%.0f min", seconds / 60.0);
  return text;
}

void runButtons(Editor& e) {
  bool playing = e.worker().playing();
  const std::string unit = amountUnit(e.erosion.info().amount);
  const uint64_t left = e.budgetLeft();
  // The button says what Play will do: how much, and about how long at the speed seen so far.
  const auto stepping = e.stepProgress();
  std::string label;
  float fraction = -1.0f;  // of the Step or the budget, while running towards either
  if (stepping) {
    const auto [done, total] = *stepping;
    const uint64_t whole = std::min(uint64_t(done), total);
    label = "Stop (" + shortUnits(whole) + " of " + shortUnits(total) + " " + unit +
            timeFor(e, total - whole) + ")";
    fraction = float(done / double(total));
  } else if (playing) {
    label = left == UINT64_MAX ? "Pause" : "Pause (" + shortUnits(left) + " left" + timeFor(e, left) + ")";
    if (left != UINT64_MAX && e.runBudget() > 0)
      fraction = float((double(e.runBudget() - left) + e.worker().unitsInFlight()) / double(e.runBudget()));
  } else if (left == UINT64_MAX)
    label = "Play: no budget";
  else if (left == 0)
    label = "Play: budget spent";
  else
    label = "Play: " + shortUnits(left) + " " + unit + timeFor(e, left);
  if (ImGui::Button((label + "###play").c_str())) e.togglePlay();
  tooltip(playing     ? "Stop after the current batch (Space)"
          : left == 0 ? ("Play has run this model's budget of " + shortUnits(e.runBudget()) + " " + unit +
                         ". Raise the Budget below, or Reset (R) to start again.")
                            .c_str()
                      : ("Run " + unit + " until paused or the budget below is spent (Space)").c_str());
  ImGui::SameLine();
  if (ImGui::Button("Step")) e.step(e.erosion.stepAmount());
  tooltip(("Run the step amount of " + unit + ", then stop (. or N)").c_str());
  ImGui::SameLine();
  if (ImGui::Button("Reset")) e.resetToBase();
  tooltip("Back to the base terrain (R). Undoable.");
  // How far the Step or the budget has got (a unit at a time: one rivers step at 4096² takes a second).
  if (fraction >= 0.0f) {
    ImGui::ProgressBar(std::clamp(fraction, 0.0f, 1.0f), ImVec2(-1.0f, 0.0f));
    tooltip(stepping ? "The Step's progress (Space or the button stops it)" : "The budget spent so far");
  }
}

}  // namespace

void drawErosionPanel(Editor& e) {
  ErosionSettings& s = e.erosion;
  bool changed = false;
  ImGui::PushID("erosion");
  runButtons(e);

  if (ImGui::BeginCombo("Model", s.info().name)) {
    for (size_t i = 0; i < modelCatalog().size(); ++i) {
      if (ImGui::Selectable(modelCatalog()[i].name, int(i) == s.model)) {
        s.model = int(i);
        changed = true;
      }
      tooltip(modelCatalog()[i].description);
    }
    ImGui::EndCombo();
  }
  tooltip(s.info().description);

  if (!s.info().presets.empty()) {
    const std::string shown = s.presetName();
    if (ImGui::BeginCombo("Preset", shown.c_str())) {
      for (const ModelPreset& p : s.info().presets) {
        if (ImGui::Selectable(p.name, shown == p.name)) {
          s.current() = p.values;
          changed = true;
        }
        tooltip(p.description);
      }
      ImGui::EndCombo();
    }
    tooltip("A kind of landscape: sets every parameter below (\"custom\" once one is changed)");
  }

  const std::vector<ParamInfo>& params = s.info().params;
  for (size_t i = 0; i < params.size(); ++i) {
    const ParamInfo& p = params[i];
    ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
    if (p.logScale && p.lo > 0.0f) flags |= ImGuiSliderFlags_Logarithmic;
    float& v = s.current()[i];
    // Whole numbers from 1000 up as digits ("20000 yr", not "2e+04"), with the parameter's unit.
    const std::string format = std::string(std::abs(v) >= 1000.0f ? "%.0f" : "%.4g") +
                               (*p.unit ? std::string(" ") + p.unit : std::string());
    if (ImGui::SliderFloat(p.name, &v, p.lo, p.hi, format.c_str(), flags)) changed = true;
    const std::string unit = *p.unit ? std::string(" ") + p.unit : std::string();
    char tip[640];
    std::snprintf(tip, sizeof tip, "%s\nDefault %g%s, range %g to %g%s. Ctrl+click to type a value.",
                  p.tooltip, double(p.defaultValue), unit.c_str(), double(p.lo), double(p.hi), unit.c_str());
    tooltip(tip);
  }
  if (ImGui::Button("Defaults")) {
    s.current() = defaultValues(s.info());
    changed = true;
  }
  tooltip("Every parameter of this model back to the article's defaults");

  if (std::string(s.info().name) == "droplet") {
    int mode = int(s.common.mode);
    const char* modes[] = {"conserving", "classic"};
    if (ImGui::Combo("Mode", &mode, modes, 2)) {
      s.common.mode = DropletMode(mode);
      changed = true;
    }
    tooltip(
        "conserving: soil is neither created nor lost (beyond what leaves an open edge).\n"
        "classic: the article's arithmetic step for step, quirks included, for its exact look.");
  }
  int edges = int(s.common.edges);
  const char* edgeNames[] = {"wrap", "clamp (open)"};
  if (ImGui::Combo("Edges", &edges, edgeNames, 2)) {
    s.common.edges = Edges(edges);
    changed = true;
  }
  tooltip(
      "wrap: the map is tileable, as in the article; water has no base level and basins fill with sediment.\n"
      "clamp: open edges; water and its sediment leave the map, so rivers drain to a base level.");
  ImGui::TextDisabled(s.common.edges == Edges::Wrap ? "Edges wrap: water never leaves, basins fill up."
                                                    : "Edges are open: water drains off the map.");
  int seed = int(s.common.seed);
  if (ImGui::InputInt("Seed##erosion", &seed)) {
    s.common.seed = uint64_t(std::max(seed, 0));
    changed = true;
  }
  tooltip(
      "Droplet i draws its random numbers from (seed, i): the same seed gives the same terrain,\n"
      "whatever the batch size.");

  float ms = float(s.batchMilliseconds);
  if (ImGui::SliderFloat("Batch (ms)", &ms, 1.0f, 50.0f, "%.0f ms")) {
    s.batchMilliseconds = ms;
    changed = true;
  }
  tooltip("How long the worker runs between snapshots. Shorter batches update the view more often.");
  int threads = s.common.threads;
  if (ImGui::SliderInt("Threads", &threads, 1, std::max(16, ErosionSettings::defaultThreads() + 1))) {
    s.common.threads = std::max(threads, 1);
    changed = true;
  }
  tooltip(
      "Threads the droplets and grid passes run on (default: every core but the view's).\n"
      "The terrain is the same for any count; only the speed changes.");
  if (inputCount("Budget", s.budget(), s.info().amount == AmountKind::Droplets ? 10000 : 1)) e.applyBudget();
  tooltip(("Play stops after this many " + std::string(amountUnit(s.info().amount)) +
           " of this model, counted from the last reset or from when the model was chosen; 0 runs until "
           "paused (rivers: its whole build, coarse to fine, " +
           std::to_string(e.runBudget()) + " steps on this map). Each kind of model keeps its own")
              .c_str());
  inputCount("Step amount", s.stepAmount(), s.info().amount == AmountKind::Droplets ? 1000 : 1);
  tooltip(("What Step runs, in " + std::string(amountUnit(s.info().amount))).c_str());

  if (changed) {
    e.noteEdit();
    e.applyErosionSettings();
  }
  ImGui::PopID();
}

}  // namespace runnel::editor
