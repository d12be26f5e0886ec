#include "landscape_preset.h"
#include "core/base/names.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/base/error.h"
#include "core/base/json_text.h"
#include "core/base/number_text.h"
#include "core/base/printable.h"
#include "core/base/value_limits.h"
#include "core/io/heightmap_io.h"
#include "core/io/input_file.h"
#include "core/io/user_folders.h"
#include "core/models/model_catalog.h"

#ifndef RUNNEL_BUILTIN_PRESETS
#define RUNNEL_BUILTIN_PRESETS "assets/presets"
#endif

namespace runnel {

namespace fs = std::filesystem;

namespace {

constexpr const char* kExtension = ".preset";
constexpr uintmax_t kMaxPresetBytes = 64 * 1024;
// The amount's key on a stage line for a model: "steps", "iterations" or "droplets-per-cell".
std::string amountKey(const ModelInfo& model) {
  return model.amount == AmountKind::Droplets ? "droplets-per-cell" : amountUnit(model.amount);
}

std::string paramNames(const ModelInfo& model) {
  std::string names;
  for (const ParamInfo& p : model.params) names += (names.empty() ? "" : ", ") + std::string(p.name);
  return names;
}

PresetStage parseStage(std::istringstream& words, const std::string& where) {
  std::string modelName, key, value;
  if (!(words >> modelName)) throw Error(where + ": 'stage' needs a model, e.g. 'stage rivers steps 20'");
  const ModelInfo* model = nullptr;
  try {
    model = &findModel(modelName);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
  PresetStage stage;
  stage.model = model->name;
  stage.values = defaultValues(*model);
  if (!(words >> key >> value) || key != amountKey(*model))
    throw Error(where + ": the " + stage.model + " stage needs its amount first: '" + amountKey(*model) +
                " N'");
  // The one table of limits the CLI's flags and the editor's fields use (core/base/value_limits.h).
  const ValueLimit& limit =
      model->amount == AmountKind::Droplets ? limits::kDropletsPerCell : amountLimit(model->amount);
  stage.amount = valueFromText(named(limit, key.c_str()), value, where);
  while (words >> key) {
    if (!(words >> value)) throw Error(where + ": '" + key + "' needs a value");
    if (key == "preset") {
      try {
        stage.values = findPreset(*model, value).values;
      } catch (const Error& e) {
        throw Error(where + ": " + e.what());
      }
      continue;
    }
    auto p = std::find_if(model->params.begin(), model->params.end(),
                          [&](const ParamInfo& info) { return sameName(key, info.name); });
    if (p == model->params.end())
      throw Error(where + ": the " + stage.model + " model has no parameter '" + key +
                  "' (its parameters: " + paramNames(*model) + ")");
    stage.values[size_t(p - model->params.begin())] = numberFromText<float>(where, key, value);
  }
  try {
    validateValues(*model, stage.values);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
  return stage;
}

bool yesNo(const std::string& where, const std::string& key, const std::string& value) {
  if (value == "yes") return true;
  if (value == "no") return false;
  throw Error(where + ": '" + key + "' is yes or no, not '" + value + "'");
}

}  // namespace

LandscapePreset parsePreset(const std::string& text, const std::string& where, const std::string& name) {
  LandscapePreset preset;
  preset.name = name;
  GeneratorSettings& g = preset.generator;
  bool edgesSet = false, anyKey = false;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // written on Windows
    const std::string at = where + ":" + std::to_string(number);
    // Nothing quotes a line holding escape sequences back to the terminal.
    if (const std::optional<size_t> c = firstControlByte(line))
      throw Error(at + ": " + controlByteMessage(line, *c));
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string key, value;
    if (!(words >> key)) continue;
    anyKey = true;
    if (key == "title" || key == "about") {
      std::getline(words >> std::ws, value);
      while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) value.pop_back();
      (key == "title" ? preset.title : preset.about) = value;
      continue;
    }
    if (key == "stage") {
      preset.stages.push_back(parseStage(words, at));
      continue;
    }
    if (key == "rain") {
      std::string rest;
      std::getline(words >> std::ws, rest);
      preset.rain = parseRainPattern(rest, at);
      continue;
    }
    if (!(words >> value)) throw Error(at + ": '" + key + "' needs a value");
    if (std::string extra; words >> extra)
      throw Error(at + ": '" + key + "' takes one value, not '" + line + "'");
    if (key == "size") {
      const size_t x = value.find('x');
      const int64_t w = numberFromText<int64_t>(at, key, value.substr(0, x));
      const int64_t h = x == std::string::npos ? w : numberFromText<int64_t>(at, key, value.substr(x + 1));
      checkSize(w, h, at + ": 'size'");
      g.width = int(w);
      g.height = int(h);
    } else if (key == "cell-size") {
      g.cellSize = numberFromText<float>(at, key, value);
    } else if (key == "generator") {
      try {
        g.kind = generatorKindFromString(value);
      } catch (const Error& e) {
        throw Error(at + ": " + e.what());
      }
    } else if (key == "seed") {
      g.seed = numberFromText<uint64_t>(at, key, value);
    } else if (key == "relief") {
      g.relief = numberFromText<float>(at, key, value);
    } else if (key == "exponent") {
      g.exponent = numberFromText<float>(at, key, value);
    } else if (key == "rise") {
      g.rise = numberFromText<float>(at, key, value);
    } else if (key == "scale") {
      g.scale = numberFromText<float>(at, key, value);
    } else if (key == "octaves") {
      g.octaves = numberFromText<int>(at, key, value);
    } else if (key == "lacunarity") {
      g.lacunarity = numberFromText<float>(at, key, value);
    } else if (key == "gain") {
      g.gain = numberFromText<float>(at, key, value);
    } else if (key == "faults") {
      g.faults = numberFromText<int>(at, key, value);
    } else if (key == "falloff") {
      g.falloff = numberFromText<float>(at, key, value);
    } else if (key == "tileable") {
      g.tileable = yesNo(at, key, value);
    } else if (key == "edges") {
      try {
        preset.edges = edgesFromString(value);
      } catch (const Error& e) {
        throw Error(at + ": " + e.what());
      }
      edgesSet = true;
    } else {
      throw Error(
          at + ": unknown key '" + key +
          "' (a preset takes title, about, size, cell-size, generator, seed, relief, exponent, rise, "
          "scale, octaves, lacunarity, gain, faults, falloff, tileable, edges, rain and stage lines)");
    }
  }
  if (!anyKey)
    throw Error(where +
                ": an empty preset: it needs at least a title, a generator or a stage line "
                "(runnel-cli presets --help lists the keys)");
  try {
    validate(g);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
  if (!edgesSet) preset.edges = g.tileable ? Edges::Wrap : Edges::Clamp;
  if (preset.title.empty()) preset.title = name;
  return preset;
}

LandscapePreset readPreset(const std::string& path) {
  requireRegularFile(path);
  std::error_code ec;
  const uintmax_t bytes = fs::file_size(path, ec);
  if (ec) throw Error(path + ": cannot read the preset (" + ec.message() + ")");
  if (bytes > kMaxPresetBytes)
    throw Error(path + ": " + std::to_string(bytes) + " bytes is too long for a preset (at most 64 KiB)");
  InputFile in(path);
  std::string text(size_t(in.size()), '\0');
  in.read(text.data(), text.size());
  LandscapePreset preset = parsePreset(text, path, fs::path(path).stem().string());
  preset.path = path;
  return preset;
}

std::string presetText(const LandscapePreset& p) {
  const GeneratorSettings& g = p.generator;
  std::string t = "# Runnel landscape preset (runnel-cli presets --help explains the keys)\n";
  if (!p.title.empty()) t += "title " + p.title + "\n";
  if (!p.about.empty()) t += "about " + p.about + "\n";
  t += "size " + std::to_string(g.width) + "x" + std::to_string(g.height) + "\n";
  t += "cell-size " + jsonNumber(g.cellSize) + "\n";
  t += std::string("generator ") + toString(g.kind) + "\n";
  t += "seed " + std::to_string(g.seed) + "\n";
  t += "relief " + jsonNumber(g.relief) + "\n";
  t += "exponent " + jsonNumber(g.exponent) + "\n";
  t += "rise " + jsonNumber(g.rise) + "\n";
  t += "scale " + jsonNumber(g.scale) + "\n";
  t += "octaves " + std::to_string(g.octaves) + "\n";
  t += "lacunarity " + jsonNumber(g.lacunarity) + "\n";
  t += "gain " + jsonNumber(g.gain) + "\n";
  t += "faults " + std::to_string(g.faults) + "\n";
  t += "falloff " + jsonNumber(g.falloff) + "\n";
  t += std::string("tileable ") + (g.tileable ? "yes" : "no") + "\n";
  t += std::string("edges ") + toString(p.edges) + "\n";
  if (p.rain) t += "rain " + rainPatternText(*p.rain) + "\n";
  for (const PresetStage& s : p.stages) {
    const ModelInfo& model = findModel(s.model);
    char amount[32];
    std::snprintf(amount, sizeof amount, "%.17g", s.amount);
    t += "stage " + s.model + " " + amountKey(model) + " " + amount;
    for (size_t i = 0; i < model.params.size() && i < s.values.size(); ++i)
      t += std::string(" ") + model.params[i].name + " " + jsonNumber(s.values[i]);
    t += "\n";
  }
  return t;
}

void writePreset(const std::string& path, const LandscapePreset& preset) {
  writeFileAtomically(path, presetText(preset));
}

std::string userPresetFolder() {
  const std::string config = userConfigFolder();
  return config.empty() ? std::string() : (fs::path(config) / "presets").string();
}

std::vector<std::string> presetFolders() {
  const char* builtIn = std::getenv("RUNNEL_PRESETS_DIR");
  std::vector<std::string> folders{builtIn && *builtIn ? builtIn : RUNNEL_BUILTIN_PRESETS};
  if (std::string user = userPresetFolder(); !user.empty()) folders.push_back(user);
  return folders;
}

std::vector<LandscapePreset> listPresets(std::vector<std::string>* problems) {
  std::map<std::string, LandscapePreset> byName;  // a later folder's preset replaces an earlier one's
  for (const std::string& folder : presetFolders()) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == kExtension) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      try {
        LandscapePreset p = readPreset(file.string());
        byName[p.name] = std::move(p);
      } catch (const Error& e) {
        if (problems) problems->push_back(e.what());
      }
    }
  }
  std::vector<LandscapePreset> presets;
  for (auto& [name, p] : byName) presets.push_back(std::move(p));
  return presets;
}

LandscapePreset findLandscapePreset(const std::string& name) {
  std::vector<std::string> problems;
  std::vector<LandscapePreset> presets = listPresets(&problems);
  std::string names;
  for (LandscapePreset& p : presets) {
    if (sameName(p.name, name)) return std::move(p);
    names += (names.empty() ? "" : ", ") + p.name;
  }
  // A preset of that name that does not parse: its own error says why.
  for (const std::string& problem : problems)
    if (fs::path(problem.substr(0, problem.find(':'))).stem() == name) throw Error(problem);
  std::string folders;
  for (const std::string& f : presetFolders()) folders += (folders.empty() ? "" : " and ") + f;
  throw Error("no landscape preset '" + name + "' in " + folders +
              (names.empty() ? std::string(" (none found)") : " (there are: " + names + ")"));
}

GeneratorSettings generatorAt(const LandscapePreset& preset, int width, int height) {
  GeneratorSettings g = preset.generator;
  // The same extent: the larger side spans what the preset's larger side spans.
  const double extent = double(std::max(g.width, g.height)) * g.cellSize;
  g.cellSize = float(extent / double(std::max(width, height)));
  g.width = width;
  g.height = height;
  return g;
}

std::string describeStages(const LandscapePreset& preset) {
  std::string text;
  for (const PresetStage& s : preset.stages) {
    const ModelInfo& model = findModel(s.model);
    char amount[96];
    if (model.amount == AmountKind::Droplets)
      std::snprintf(amount, sizeof amount, "%g droplets a cell", s.amount);
    else if (s.amount == 0 && model.amount == AmountKind::Steps)
      std::snprintf(amount, sizeof amount, "coarse to fine");
    else
      std::snprintf(amount, sizeof amount, "%g %s", s.amount, amountUnit(model.amount));
    text += (text.empty() ? "" : ", then ") + s.model + " " + amount;
  }
  if (text.empty()) text = "no erosion";
  return preset.rain ? text + "; " + describe(*preset.rain) : text;
}

uint64_t stageAmount(const PresetStage& stage, size_t cells) {
  if (findModel(stage.model).amount != AmountKind::Droplets) return uint64_t(stage.amount);
  return uint64_t(std::llround(stage.amount * double(cells)));
}

}  // namespace runnel
