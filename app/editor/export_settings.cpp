#include "app/editor/export_settings.h"

#include <filesystem>

#include "core/base/error.h"
#include "core/io/format_table.h"

namespace runnel::editor {

std::string withExtension(const std::string& path, const std::string& extension) {
  std::filesystem::path p(path.empty() ? "terrain" : path);
  p.replace_extension(extension);
  return p.string();
}

void checkPathMatchesFormat(const ExportSettings& settings) {
  const FormatEntry& chosen = formatEntry(settings.format);
  const FormatEntry* named = formatOfPath(settings.path);
  if (named == &chosen) return;
  throw Error(settings.path + ": the Format menu says " + chosen.name + " (" + chosen.extension() +
              ") but the path says " + (named ? std::string(named->name) : std::string("no known format")) +
              "; pick the format or change the path");
}

}  // namespace runnel::editor
