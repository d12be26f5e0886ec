#include "app/editor/recent_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/io/heightmap_io.h"
#include "core/io/user_folders.h"

namespace runnel::editor {

namespace {
std::filesystem::path configFile() {
  const std::string folder = userConfigFolder();
  return folder.empty() ? std::filesystem::path() : std::filesystem::path(folder) / "recent.txt";
}
}  // namespace

std::vector<std::string> loadRecentFiles() {
  std::vector<std::string> files;
  std::filesystem::path p = configFile();
  if (p.empty()) return files;
  std::ifstream in(p);
  std::string line;
  while (files.size() < kMaxRecentFiles && std::getline(in, line))
    if (!line.empty()) files.push_back(line);
  return files;
}

void saveRecentFiles(const std::vector<std::string>& files) {
  std::filesystem::path p = configFile();
  if (p.empty()) return;
  try {
    std::filesystem::create_directories(p.parent_path());
    std::string text;
    for (const std::string& f : files) text += f + "\n";
    writeFileAtomically(p.string(), text);
  } catch (const std::exception&) {
  }
}

void addRecentFile(std::vector<std::string>& files, const std::string& path) {
  std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
  files.erase(std::remove(files.begin(), files.end(), absolute), files.end());
  files.insert(files.begin(), absolute);
  if (files.size() > kMaxRecentFiles) files.resize(kMaxRecentFiles);
}

}  // namespace runnel::editor
