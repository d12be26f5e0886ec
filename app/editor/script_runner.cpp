#include "app/editor/script_runner.h"
#include "core/base/names.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/editor/editor.h"
#include "app/editor/rain_script.h"
#include "core/base/error.h"
#include "core/base/number_text.h"
#include "core/base/value_limits.h"
#include "core/io/engine_targets.h"
#include "core/io/input_file.h"

namespace runnel::editor {

namespace {

std::vector<std::string> splitWords(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

template <class T>
T parse(const std::string& what, const std::string& text) {
  const std::optional<T> v = readNumber<T>(text);
  if (!v) throw Error(what + ": '" + text + "' is not a valid number");
  return *v;
}

bool parseBool(const std::string& what, const std::string& text) {
  if (text == "1" || text == "on" || text == "true") return true;
  if (text == "0" || text == "off" || text == "false") return false;
  throw Error(what + ": '" + text + "' is not on/off");
}

GeneratorSettings parseGenerate(const std::vector<std::string>& words) {
  GeneratorSettings g;  // the generators' defaults, whatever the panel shows: scripts are reproducible
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    size_t eq = w.find('=');
    if (eq == std::string::npos) {
      g.kind = generatorKindFromString(w);
      continue;
    }
    std::string key = w.substr(0, eq), value = w.substr(eq + 1);
    if (key == "size")
      g.width = g.height = parse<int>(key, value);
    else if (key == "width")
      g.width = parse<int>(key, value);
    else if (key == "height")
      g.height = parse<int>(key, value);
    else if (key == "seed")
      g.seed = parse<uint64_t>(key, value);
    else if (key == "relief")
      g.relief = parse<float>(key, value);
    else if (key == "cell")
      g.cellSize = parse<float>(key, value);
    else if (key == "exponent")
      g.exponent = parse<float>(key, value);
    else if (key == "rise")
      g.rise = parse<float>(key, value);
    else if (key == "tileable")
      g.tileable = parseBool(key, value);
    else if (key == "scale")
      g.scale = parse<float>(key, value);
    else if (key == "octaves")
      g.octaves = parse<int>(key, value);
    else if (key == "lacunarity")
      g.lacunarity = parse<float>(key, value);
    else if (key == "gain")
      g.gain = parse<float>(key, value);
    else if (key == "faults")
      g.faults = parse<int>(key, value);
    else if (key == "falloff")
      g.falloff = parse<float>(key, value);
    else
      throw Error("generate: unknown setting '" + key + "'");
  }
  return g;
}

void setView(Editor& e, const std::string& name, const std::string& value) {
  render::TerrainStyle& s = e.style;
  struct Number {
    ValueLimit limit;  // what the view can show (NaN or a zero exaggeration would make the terrain vanish)
    float* field;
    bool degrees;  // the script says degrees, the camera keeps radians
  };
  const Number numbers[] = {
      {{"view exaggeration", 0.01, 100}, &s.exaggeration, false},
      {{"view rock-angle", 0, 90, "degrees"}, &s.rockAngleDeg, false},
      {{"view sediment-depth", 1e-6, 1e6, "metres"}, &s.sedimentDepth, false},
      {{"view overlay-scale", 1e-6, 1e9, "metres"}, &s.overlayScale, false},
      {{"view sun-elevation", 0, 90, "degrees"}, &s.sunElevationDeg, false},
      {{"view sun-azimuth", -360, 360, "degrees"}, &s.sunAzimuthDeg, false},
      {{"view yaw", -3600, 3600, "degrees"}, &e.camera.yaw, true},
      {{"view pitch", -89, 89, "degrees"}, &e.camera.pitch, true},
      {{"view distance", 1e-3, 1e9}, &e.camera.distance, false},
      {{"view resolution", 0.1, 1}, &s.renderScale, false},
  };
  for (const Number& n : numbers)
    if ("view " + name == n.limit.name) {
      const float v = float(valueFromText(n.limit, value));
      *n.field = n.degrees ? glm::radians(v) : v;
      if (n.field == &s.overlayScale) s.autoRange = false;  // a scale given is the one wanted
      return;
    }
  struct Switch {
    const char* name;
    bool* field;
  };
  const Switch switches[] = {{"wireframe", &s.wireframe},
                             {"height-ramp", &s.heightRamp},
                             {"panel", &e.showPanel},
                             {"auto-range", &s.autoRange},
                             {"top", &e.camera.topView}};
  for (const Switch& sw : switches)
    if (name == sw.name) return void(*sw.field = parseBool(name, value));
  if (name == "overlay") {
    std::string names;
    for (int i = 0; i < render::kOverlayCount; ++i) {
      if (sameName(value, render::kOverlayNames[i])) return void(s.overlay = render::Overlay(i));
      names += std::string(i ? ", " : "") + render::kOverlayNames[i];
    }
    throw Error("overlay: '" + value + "' is not one of " + names);
  }
  throw Error("view: unknown setting '" + name + "'");
}

}  // namespace

ScriptRunner::ScriptRunner(const std::string& path) : path_(path) {
  requireRegularFile(path);
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open the script");
  for (std::string line; std::getline(in, line);) lines_.push_back(line);
}

ScriptRunner::~ScriptRunner() {
  if (idle_.valid()) idle_.wait();
}

bool ScriptRunner::waiting() const {
  if (framesLeft_ > 0 || checkScreenshot_) return true;
  return idle_.valid() && idle_.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

void ScriptRunner::finishPending(Editor& e) {
  if (checkScreenshot_) {
    checkScreenshot_ = false;
    bool failed = e.screenshotFailed();
    if (failed != screenshotExpectError_) {
      ++failures_;
      std::fprintf(stderr, "%s:%zu: %s\n", path_.c_str(), screenshotLine_ + 1,
                   failed ? e.status.text.c_str() : "expected an error, but the screenshot was written");
    }
  }
  if (idle_.valid() && idle_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) idle_.get();
}

void ScriptRunner::advance(Editor& e) {
  // The next command sees the new terrain (frames go on meanwhile), unless it was asked for in the
  // background.
  if ((e.generating() || e.making() || e.importing()) && !backgroundWork_) return;
  if (framesLeft_ > 0) {
    --framesLeft_;
    return;
  }
  if (waiting()) {
    if (checkScreenshot_) finishPending(e);
    return;
  }
  finishPending(e);
  while (next_ < lines_.size()) {
    size_t lineNo = next_++;
    std::vector<std::string> words = splitWords(lines_[lineNo]);
    if (words.empty() || words[0][0] == '#') continue;
    bool expectError = words[0] == "expect-error";
    if (expectError) words.erase(words.begin());
    std::string error;
    bool ok = false;
    const std::string statusBefore = e.status.text;
    const double statusTime = e.status.time;
    if (words.empty()) {
      error = "expect-error needs a command";
    } else {
      try {
        ok = run(e, words, error);
      } catch (const std::exception& ex) {
        error = ex.what();
      }
    }
    // What the command said in the status line, as the artist would read it.
    const bool said = ok && (e.status.time != statusTime || e.status.text != statusBefore);
    if (checkScreenshot_) {
      screenshotExpectError_ = expectError;
      screenshotLine_ = lineNo;
      return;
    }
    std::printf("script: %s -> %s%s%s\n", lines_[lineNo].c_str(), ok ? "ok" : error.c_str(), said ? ": " : "",
                said ? e.status.text.c_str() : "");
    if (ok == expectError) {
      ++failures_;
      std::fprintf(stderr, "%s:%zu: %s\n", path_.c_str(), lineNo + 1,
                   ok ? "expected an error, but the command succeeded" : error.c_str());
    }
    return;  // one command per frame
  }
}

bool ScriptRunner::run(Editor& e, const std::vector<std::string>& w, std::string& error) {
  const std::string& cmd = w[0];
  auto need = [&](size_t n) {
    if (w.size() != n + 1) throw Error(cmd + ": needs " + std::to_string(n) + " argument(s)");
  };
  // The actions report their failures in the status line; a script turns that into its error.
  auto result = [&](bool ok) {
    if (!ok) error = e.status.text;
    return ok;
  };
  if (cmd == "generate") {
    // background=1: the script goes on while it generates (until `wait`), to watch the progress bar.
    std::vector<std::string> words = w;
    backgroundWork_ = std::erase(words, "background=1") > 0;
    return result(e.generateTerrain(parseGenerate(words)));
  }
  if (cmd == "export-maps") {
    // export-maps DIR [EXT]: the Export panel's Export all maps (default: float TIFF).
    if (w.size() != 2 && w.size() != 3) throw Error("export-maps: needs DIR [tif|exr|r32|pfm|png|raw|r16]");
    const FormatEntry* f = formatOfPath("x." + (w.size() == 3 ? w[2] : std::string("tif")));
    if (!f) throw Error("export-maps: '" + w[2] + "' is not a format (tif, exr, r32, pfm, png, raw, r16)");
    return result(e.exportAllMaps(w[1], f->id));
  }
  if (cmd == "preset") {
    // preset NAME [size=N|WxH] [background=1]: makes a landscape preset (the panel's Make button); the
    // size defaults to the Terrain panel's.
    if (w.size() < 2) throw Error("preset: needs NAME [size=N|WxH] [background=1]");
    int width = e.generator.width, height = e.generator.height;
    backgroundWork_ = false;
    for (size_t i = 2; i < w.size(); ++i) {
      if (w[i] == "background=1") {
        backgroundWork_ = true;
      } else if (w[i].starts_with("size=")) {
        const std::string size = w[i].substr(5);
        const size_t x = size.find('x');
        width = parse<int>("size", size.substr(0, x));
        height = x == std::string::npos ? width : parse<int>("size", size.substr(x + 1));
      } else {
        throw Error("preset: unknown option '" + w[i] + "'");
      }
    }
    return result(e.makeLandscapePreset(w[1], width, height));
  }
  if (cmd == "save-preset") {
    // save-preset NAME [TITLE...]: the panel's Save as preset.
    if (w.size() < 2) throw Error("save-preset: needs NAME [TITLE]");
    std::string title;
    for (size_t i = 2; i < w.size(); ++i) title += (i > 2 ? " " : "") + w[i];
    return result(e.saveLandscapePreset(w[1], title));
  }
  if (cmd == "cancel") return e.cancelGenerate(), e.cancelMaking(), e.cancelImport(), true;
  if (cmd == "import") {
    // import PATH [range=LO:HI] [size=WxH] [cell=M] [background=1]: the panel's fields, then the Import
    // button; the script waits for the file unless background=1.
    if (w.size() < 2)
      throw Error("import: needs PATH [range=LO:HI] [size=WxH] [cell=M] [smooth=1] [background=1]");
    e.importRange.clear();
    e.importSize.clear();
    e.importCellSize = 1.0f;
    e.importSmoothSteps = false;
    backgroundWork_ = false;
    for (size_t i = 2; i < w.size(); ++i) {
      if (w[i] == "background=1")
        backgroundWork_ = true;
      else if (w[i].starts_with("range="))
        e.importRange = w[i].substr(6);
      else if (w[i].starts_with("size="))
        e.importSize = w[i].substr(5);
      else if (w[i].starts_with("cell="))
        e.importCellSize = float(valueFromText(limits::kCellSize, w[i].substr(5)));
      else if (w[i] == "smooth=1" || w[i] == "smooth=0")
        e.importSmoothSteps = w[i] == "smooth=1";
      else
        throw Error("import: unknown option '" + w[i] + "'");
    }
    return result(e.importHeightmap(w[1], backgroundWork_));
  }
  if (cmd == "open") return need(1), result(e.openProject(w[1]));
  if (cmd == "save") return need(1), result(e.saveProject(w[1]));
  if (cmd == "set") {
    need(2);
    ErosionSettings s = e.erosion;
    s.set(w[1], w[2]);
    s.build();  // a bad combination fails here, before the worker sees it
    e.erosion = s;
    if (w[1] == "budget") e.applyBudget();
    e.noteEdit();
    return result(e.applyErosionSettings());
  }
  if (cmd == "view") {
    if (w.size() == 2 && w[1] == "frame") return e.frameTerrain(), true;
    need(2);
    setView(e, w[1], w[2]);
    return true;
  }
  if (cmd == "erode")
    return need(1), e.step(countFromText(named(amountLimit(e.erosion.info().amount), "erode"), w[1])), true;
  if (cmd == "play") return e.play(), true;
  if (cmd == "pause") return e.pause(), true;
  if (cmd == "reset") return e.resetToBase(), true;
  if (cmd == "undo") return result(e.undo());
  if (cmd == "redo") return result(e.redo());
  if (cmd == "wait") {
    backgroundWork_ = false;  // a background generate finishes first
    SimulationWorker* worker = &e.worker();
    idle_ = std::async(std::launch::async, [worker] { worker->waitIdle(); });
    return true;
  }
  if (cmd == "frames") return need(1), framesLeft_ = parse<int>("frames", w[1]), true;
  if (cmd == "panel") {  // panel SECTION [open|closed]: a side panel section, as a click on its header
    if (w.size() != 2 && w.size() != 3) throw Error("panel: needs SECTION [open|closed]");
    if (w.size() == 3 && w[2] != "open" && w[2] != "closed")
      throw Error("panel: '" + w[2] + "' is not open or closed");
    return result(e.showSection(w[1], w.size() == 2 || w[2] == "open"));
  }
  if (cmd == "export-for") {  // export-for ENGINE PATH [ACROSS]: the Export panel's "For" menu
    if (w.size() != 3 && w.size() != 4)
      throw Error("export-for: needs ENGINE PATH [ACROSS] (" + engineNames() + ")");
    ExportSettings& panel = e.exportSettings;  // as if chosen in the panel, so a screenshot shows it
    panel.engine = w[1];
    panel.engineSide = w.size() == 4 ? parse<int>("export-for", w[3]) : 0;
    panel.path = w[2];
    if (const EngineTarget* t = engineTarget(w[1])) panel.format = t->format;
    return result(e.exportFromPanel());
  }
  if (cmd == "export") {  // export PATH [KIND] [background=1]: background as the Export button writes
    std::vector<std::string> a(w.begin() + 1, w.end());
    const bool background = !a.empty() && a.back() == "background=1";
    if (background) a.pop_back();
    if (a.size() != 1 && a.size() != 2) throw Error("export: needs PATH [KIND] [background=1]");
    return result(
        e.exportTerrain(a[0], a.size() == 2 ? terrainMapFromString(a[1]) : TerrainMap::Height, background));
  }
  if (cmd == "screenshot") {
    need(1);
    e.screenshot(w[1]);
    checkScreenshot_ = true;
    return true;
  }
  if (cmd == "stats") {
    // The newest snapshot's totals, for scripts that measure a run: the worker's, not the one the view
    // took at its last frame (after a `wait` on a big map that can be several batches old).
    const std::shared_ptr<const Snapshot> s = e.worker().latestSnapshot();
    std::printf("stats: batch %llu droplets, %s\n", (unsigned long long)e.worker().batchSize(),
                s->stats.toJson().c_str());
    std::fflush(stdout);
    return true;
  }
  if (cmd == "show") {  // a setting's value, as `set` takes it: "show threads" prints "threads 2"
    need(1);
    std::printf("%s %s\n", w[1].c_str(), e.erosion.get(w[1]).c_str());
    std::fflush(stdout);
    return true;
  }
  if (cmd == "quit") return next_ = lines_.size(), true;
  if (cmd == "recover") return need(0), result(e.recover());
  if (cmd == "autosave") return need(0), result(e.autosave(true));
  if (cmd == "close") {  // the window's close button: the prompt shows when there is unsaved work
    need(0);
    if (e.mayClose()) next_ = lines_.size();
    return true;
  }
  if (std::optional<bool> rained = runRainCommand(e, w)) return result(*rained);
  throw Error("unknown command '" + cmd + "'");
}

}  // namespace runnel::editor
