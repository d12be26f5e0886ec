#include "fresh_file_name.h"

#include <filesystem>

namespace runnel {

std::string freshFileName(const std::string& folder, const std::string& prefix, const std::string& extension,
                          const std::tm& when) {
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &when);
  const std::filesystem::path base = std::filesystem::path(folder) / (prefix + "-" + stamp);
  std::string name = base.string() + extension;
  std::error_code ec;
  for (int n = 2; std::filesystem::exists(name, ec) || std::filesystem::is_symlink(name, ec); ++n)
    name = base.string() + "-" + std::to_string(n) + extension;
  return name;
}

}  // namespace runnel
