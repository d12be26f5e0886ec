// Landscape presets in the editor: made off the UI thread with a progress bar per stage, the result taken
// as one undo step; the artist's own saved from the panel's settings.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "app/editor/editor.h"
#include "app/editor/progress_window.h"
#include "core/base/error.h"

namespace runnel::editor {

void Editor::reloadPresets() {
  std::vector<std::string> problems;
  presets = listPresets(&problems);
  presetProblems.clear();
  for (const std::string& p : problems) presetProblems += p + "\n";
  selectedPreset = std::clamp(selectedPreset, 0, std::max(int(presets.size()) - 1, 0));
}

const render::PictureTexture* Editor::thumbnail(const LandscapePreset& preset) {
  auto [it, added] = thumbnails_.try_emplace(preset.path);
  if (added && !preset.path.empty()) {
    const std::string png = std::filesystem::path(preset.path).replace_extension(".png").string();
    std::error_code ec;
    if (std::filesystem::is_regular_file(png, ec)) {
      try {
        it->second = std::make_unique<render::PictureTexture>(png);
      } catch (const std::exception&) {
        // A broken thumbnail only goes unshown; the preset itself is fine.
      }
    }
  }
  return it->second.get();
}

bool Editor::makeLandscapePreset(const LandscapePreset& preset, int width, int height) {
  try {
    if (making_) throw Error("make: already making " + making_->preset.name);
    if (generating_) throw Error("make: wait for the terrain being generated");
    checkSize(width, height, "make " + preset.name);
    checkViewable(width, height, "make " + preset.name);
    validate(generatorAt(preset, width, height));
    auto progress = std::make_shared<MakeProgress>();
    const int threads = erosion.common.threads;
    making_ = PendingMake{preset, height,
                          std::async(std::launch::async,
                                     [preset, width, height, threads, progress] {
                                       return makeLandscape(preset, width, height, threads, progress.get());
                                     }),
                          progress, editorSeconds()};
    status.ok("making " + preset.title + "...", editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::makeLandscapePreset(const std::string& name, int width, int height) {
  reloadPresets();
  for (const LandscapePreset& p : presets)
    if (p.name == name) return makeLandscapePreset(p, width, height);
  try {
    findLandscapePreset(name);  // says why: no such preset, or its file's error
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
  }
  return false;
}

void Editor::cancelMaking() {
  if (making_) making_->progress->requestCancel();
}

void Editor::finishMaking() {
  if (!making_ || making_->made.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  PendingMake done = std::move(*making_);
  making_.reset();
  try {
    MadeLandscape made = done.made.get();
    const GeneratorSettings settings =
        generatorAt(done.preset, made.terrain.width(), made.terrain.heightCells());
    applyProject(landscapeProject(done.preset, std::move(made)), "make preset " + done.preset.name);
    generator = settings;  // Generate now remakes the preset's ground
    madeRain = done.preset.rain;
    madeRainRevision = rain.revision();
    status.ok("made " + done.preset.title + " (" + describe(settings) + ")", editorSeconds());
  } catch (const MakeCancelled&) {
    status.ok("make cancelled; the terrain is as it was", editorSeconds());
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
  }
}

void Editor::drawMakingProgress() {
  if (!making_) return;
  const double seconds = editorSeconds() - making_->started;
  if (seconds < 0.3) return;
  const MakeProgress& p = *making_->progress;
  const LandscapePreset& preset = making_->preset;
  const int stage = p.stage.load();
  const size_t stages = preset.stages.size();
  std::string what = "Making " + preset.title + ": ";
  float fraction;
  if (stage < 0) {
    what += "generating the ground";
    const int rows = preset.generator.kind == GeneratorKind::Fault ? 0 : p.generate.rowsDone.load();
    fraction = float(rows) / float(2 * std::max(making_->height, 1)) / float(stages + 1);
  } else {
    const ModelInfo& model = findModel(preset.stages[size_t(stage)].model);
    const uint64_t done = p.done.load(), total = std::max<uint64_t>(p.total.load(), 1);
    what += "stage " + std::to_string(stage + 1) + " of " + std::to_string(stages) + ", " + model.name + " " +
            std::to_string(done) + "/" + std::to_string(total) + " " + amountUnit(model.amount);
    // Each stage counts as an equal share of the bar: a rough guide, said as such by the ETA's "about".
    fraction = (float(stage + 1) + float(double(done) / double(total))) / float(stages + 1);
  }
  if (drawProgressWindow("Making", what, fraction, seconds, p.cancel.load(), uiScale)) cancelMaking();
}

bool Editor::saveLandscapePreset(const std::string& name, const std::string& title) {
  try {
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
        }))
      throw Error("save preset: the name '" + name +
                  "' should be letters, digits, - and _ (it names the file)");
    if (erosion.budget() == 0)
      throw Error("save preset: set a budget first: a preset's stage needs an amount (Play stops there)");
    const std::string folder = userPresetFolder();
    if (folder.empty()) throw Error("save preset: neither XDG_CONFIG_HOME nor HOME is set");
    validate(generator);
    LandscapePreset p;
    p.name = name;
    p.title = title.empty() ? name : title;
    p.about = "saved in the editor: " + describe(generator) + ", then " + erosion.info().name;
    p.generator = generator;
    p.edges = erosion.common.edges;
    PresetStage stage;
    stage.model = erosion.info().name;
    stage.values = erosion.values[size_t(erosion.model)];
    const double cells = double(generator.width) * double(generator.height);
    stage.amount = erosion.info().amount == AmountKind::Droplets ? double(erosion.budget()) / cells
                                                                 : double(erosion.budget());
    p.stages.push_back(stage);
    // The rain as the preset made it, unless it was painted since; painted rain stays with the project.
    const bool rainAsMade = madeRain && rain.revision() == madeRainRevision;
    if (rainAsMade) {
      p.rain = madeRain;
    } else if (rain.uniform() && rain.map().width() > 0 && rain.map().density(0, 0) < 1.0f) {
      // Rain filled evenly is a pattern too, `rain uniform D` (to four places: the map keeps 16 bits).
      RainPattern even;
      even.wet = even.dry = std::round(rain.map().density(0, 0) * 1e4f) / 1e4f;
      p.rain = even;
    }
    const bool rainLeftOut = !rainAsMade && !rain.uniform();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) throw Error("save preset: cannot make the folder " + folder + " (" + ec.message() + ")");
    const std::string path = (std::filesystem::path(folder) / (name + ".preset")).string();
    writePreset(path, p);
    reloadPresets();
    for (size_t i = 0; i < presets.size(); ++i)
      if (presets[i].name == name) selectedPreset = int(i);
    status.ok("saved preset " + path +
                  (rainLeftOut ? " (without the painted rain: a preset holds a rain pattern; see 'rain' in "
                                 "runnel-cli presets --help)"
                               : ""),
              editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

}  // namespace runnel::editor
