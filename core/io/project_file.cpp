#include "project_file.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/base/error.h"
#include "core/base/names.h"
#include "core/base/number_text.h"
#include "core/base/printable.h"
#include "core/base/value_limits.h"
#include "core/models/model_catalog.h"
#include "core/rain/rain_springs.h"
#include "heightmap_io.h"
#include "input_file.h"

namespace runnel {

static_assert(std::endian::native == std::endian::little, "project maps are stored as the host's floats");

namespace {

constexpr const char* kMagic = "runnel-project 1";
constexpr const char* kMaps = "base.height current.height current.eroded current.deposited";
constexpr const char* kRainMaps = "base.height current.height current.eroded current.deposited rain.levels";

void appendMap(std::string& out, const Heightmap& m) {
  out.append(reinterpret_cast<const char*>(m.data()), m.cellCount() * sizeof(float));
}

template <class T>
T number(const std::string& path, const std::string& key, const std::string& text) {
  return numberFromText<T>(path, key, text);
}

}  // namespace

void writeProject(const std::string& path, const ProjectData& p) {
  int w = p.current.width(), h = p.current.heightCells();
  if (p.base.width() != w || p.base.heightCells() != h)
    throw Error(path + ": the base terrain (" + std::to_string(p.base.width()) + "x" +
                std::to_string(p.base.heightCells()) + ") and the current one differ in size");
  std::ostringstream header;
  header.precision(9);
  header << kMagic << "\n";
  // One line, short enough for the reader's limit, without control bytes.
  std::string description = p.description.substr(0, 1000);
  for (char& c : description)
    if (isControlByte(static_cast<unsigned char>(c))) c = ' ';
  header << "description " << description << "\n";
  header << "model " << p.model << "\n";
  for (const auto& [name, value] : p.params) header << "param " << name << " " << value << "\n";
  header << "seed " << p.common.seed << "\n";
  header << "edges " << toString(p.common.edges) << "\n";
  header << "mode " << toString(p.common.mode) << "\n";
  header << "cell_size " << p.common.cellSize << "\n";
  header << "budget " << p.budget << "\n";
  header << "size " << w << " " << h << "\n";
  if (p.rain) {
    if (p.rain->width() != w || p.rain->height() != h)
      throw Error(path + ": the rain map (" + std::to_string(p.rain->width()) + "x" +
                  std::to_string(p.rain->height()) + ") and the terrain differ in size");
    for (const Spring& s : p.rain->springs())
      header << "spring " << s.x << " " << s.y << " " << s.rate << " " << s.radius << "\n";
  }
  header << "maps " << (p.rain ? kRainMaps : kMaps) << "\nend\n";
  std::string bytes = header.str();
  bytes.reserve(bytes.size() + size_t(w) * h * 4 * sizeof(float));
  // The base's bookkeeping is zero by definition (no erosion happened yet), so only its heights are kept.
  appendMap(bytes, p.base.height);
  Heightmap zeros;
  for (const Heightmap* m : {&p.current.height, &p.current.eroded, &p.current.deposited}) {
    if (m->width() == w && m->height() == h) {
      appendMap(bytes, *m);
    } else {
      if (zeros.empty()) zeros = Heightmap(w, h);
      appendMap(bytes, zeros);
    }
  }
  if (p.rain) bytes.append(reinterpret_cast<const char*>(p.rain->levels()), size_t(w) * h * sizeof(uint16_t));
  writeFileAtomically(path, bytes);
}

ProjectData readProject(const std::string& path) {
  requireRegularFile(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open the project file");
  std::string line;
  size_t lineNumber = 0;
  // A header line is short (the longest is a description), and there are at most a few dozen plus the
  // springs: a file that says otherwise is refused before it is read whole (a 1 GiB line took 2 GB).
  constexpr size_t kMaxLine = 4096, kMaxLines = kMaxSprings + 256;
  // A header edited on Windows ends its lines in "\r\n": the "\r" is not part of the line.
  auto nextLine = [&] {
    line.clear();
    if (++lineNumber > kMaxLines)
      throw Error(path + ": its header runs past " + std::to_string(kMaxLines) +
                  " lines (a corrupt project)");
    char c;
    bool any = false;
    while (in.get(c)) {
      any = true;
      if (c == '\n') break;
      if (line.size() >= kMaxLine)
        throw Error(path + ": header line " + std::to_string(lineNumber) + " is over " +
                    std::to_string(kMaxLine) + " bytes (a corrupt project)");
      line += c;
    }
    if (!any) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // Nothing quotes a line holding escape sequences back to the terminal (the first is only compared).
    if (const std::optional<size_t> at = lineNumber > 1 ? firstControlByte(line) : std::nullopt)
      throw Error(path + ": header line " + std::to_string(lineNumber) + " " + controlByteMessage(line, *at));
    return true;
  };
  if (!nextLine() || line != kMagic)
    throw Error(path + ": not a Runnel project (the first line should be '" + kMagic + "')");
  ProjectData p;
  int w = 0, h = 0;
  bool ended = false, sawMaps = false, hasRain = false;
  std::vector<Spring> springs;
  std::string budget;  // checked once the model is known
  while (nextLine()) {
    if (line == "end") {
      ended = true;
      break;
    }
    size_t space = line.find(' ');
    std::string key = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "description") {
      p.description = value;
    } else if (key == "model") {
      try {  // a model of the catalog, by its own name (never a path or a stranger's text in maps.json)
        p.model = findModel(value).name;
      } catch (const Error& e) {
        throw Error(path + ": " + e.what());
      }
    } else if (key == "param") {
      size_t s = value.find(' ');
      if (s == std::string::npos) throw Error(path + ": 'param' needs a name and a value: '" + line + "'");
      const std::string name = value.substr(0, s);
      for (const auto& [seen, v] : p.params)
        if (sameName(seen, name)) throw Error(path + ": the parameter '" + name + "' is given twice");
      p.params.emplace_back(name, number<float>(path, name, value.substr(s + 1)));
    } else if (key == "seed") {
      p.common.seed = number<uint64_t>(path, key, value);
    } else if (key == "edges") {
      p.common.edges = edgesFromString(value);
    } else if (key == "mode") {
      p.common.mode = dropletModeFromString(value);
    } else if (key == "cell_size") {
      p.common.cellSize = float(valueFromText(named(limits::kCellSize, "cell_size"), value, path));
    } else if (key == "budget") {
      budget = value;
    } else if (key == "size") {
      size_t s = value.find(' ');
      if (s == std::string::npos) throw Error(path + ": 'size' needs a width and a height");
      w = number<int>(path, "size", value.substr(0, s));
      h = number<int>(path, "size", value.substr(s + 1));
    } else if (key == "spring") {
      if (springs.size() >= kMaxSprings)
        throw Error(path + ": more than " + std::to_string(kMaxSprings) +
                    " springs (a rain map holds at most " + std::to_string(kMaxSprings) + ")");
      std::istringstream fields(value);
      std::string x, y, rate, radius, extra;
      if (!(fields >> x >> y >> rate >> radius) || (fields >> extra))
        throw Error(path + ": 'spring' needs X Y RATE RADIUS: '" + line + "'");
      springs.push_back({number<float>(path, key, x), number<float>(path, key, y),
                         number<float>(path, key, rate), number<float>(path, key, radius)});
    } else if (key == "maps") {
      if (value != kMaps && value != kRainMaps) throw Error(path + ": unknown map layout '" + value + "'");
      hasRain = value == kRainMaps;
      sawMaps = true;
    } else {
      throw Error(path + ": unknown header line '" + line + "'");
    }
  }
  if (!ended) throw Error(path + ": the header has no 'end' line (the file is cut short)");
  if (!sawMaps) throw Error(path + ": the header has no 'maps' line");
  if (!hasRain && !springs.empty())
    throw Error(path + ": springs without a rain map ('maps' should end in rain.levels)");
  checkSize(w, h, path);
  if (!budget.empty()) {
    // A model this build does not know is refused where the project is opened, naming it.
    AmountKind amount = AmountKind::Droplets;
    for (const ModelInfo& m : modelCatalog())
      if (p.model == m.name) amount = m.amount;
    p.budget = uint64_t(valueFromText(named(amountLimit(amount), "budget"), budget, path));
  }

  // The maps must fill the rest of the file exactly.
  std::streamoff start = in.tellg();
  in.seekg(0, std::ios::end);
  std::streamoff length = in.tellg() - start;
  std::streamoff expected = std::streamoff(w) * h * 4 * std::streamoff(sizeof(float)) +
                            (hasRain ? std::streamoff(w) * h * std::streamoff(sizeof(uint16_t)) : 0);
  if (length != expected)
    throw Error(path + ": holds " + std::to_string(length) + " bytes of map data where a " +
                std::to_string(w) + "x" + std::to_string(h) + " project needs " + std::to_string(expected));
  in.seekg(start);
  Heightmap maps[4] = {Heightmap(w, h), Heightmap(w, h), Heightmap(w, h), Heightmap(w, h)};
  for (Heightmap& m : maps) {
    in.read(reinterpret_cast<char*>(m.data()), std::streamsize(m.cellCount() * sizeof(float)));
    if (!in) throw Error(path + ": cannot read the map data");
    if (int64_t bad = m.firstNonFinite(); bad >= 0)
      throw Error(path + ": map sample " + std::to_string(bad) + " is not a finite number");
  }
  if (hasRain) {
    std::vector<uint16_t> levels(size_t(w) * size_t(h));
    in.read(reinterpret_cast<char*>(levels.data()), std::streamsize(levels.size() * sizeof(uint16_t)));
    if (!in) throw Error(path + ": cannot read the rain map");
    auto rain = std::make_shared<RainMap>(w, h, 0.0f);
    rain->assignLevels(levels.data());
    for (const Spring& s : springs) {
      try {
        addSpring(*rain, s);  // the limits the editor and the CLI keep: on the map, rate, radius
      } catch (const Error& e) {
        throw Error(path + ": " + e.what());
      }
    }
    p.rain = std::move(rain);
  }
  p.base = Terrain(std::move(maps[0]));
  p.current.height = std::move(maps[1]);
  p.current.eroded = std::move(maps[2]);
  p.current.deposited = std::move(maps[3]);
  return p;
}

}  // namespace runnel
