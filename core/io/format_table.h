// Every heightmap file format, once: its extensions, what it holds, and its reader and writer. Reading and
// writing (heightmap_io.cpp), the CLI's help and checks, the editor's menus and the messages that list the
// known extensions all come from this table, and the round-trip tests run over it: a new format is one
// entry here plus its format_*.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "heightmap_io.h"

namespace runnel {

class AtomicFile;
namespace formats {
struct Decoded;
}

struct FormatEntry {
  FileFormat id;
  const char* name;                     // "RAW 16-bit", as menus and messages name it
  std::vector<std::string> extensions;  // lower case, no dot; the first is the one menus write
  const char* holds;                    // what a file of it holds, for help text
  int bits;                             // bits a sample written (0: a mesh)
  bool isFloat;                         // heights written exactly
  bool headerless;                      // the size comes from the caller (--size) or a square length
  // Reads samples (integer formats: Decoded::sampleMax > 0) or heights; null for formats only written.
  formats::Decoded (*read)(const std::string& path, const ReadOptions& options);
  // 16-bit formats: writes the quantised samples (heightmap_io adds the JSON sidecar with their range).
  void (*write16)(AtomicFile& out, int width, int height, const uint16_t* samples,
                  const WriteOptions& options);
  // The others: writes the heights as they are.
  void (*writeHeights)(AtomicFile& out, const Heightmap& map, const WriteOptions& options);
  // Formats that hold the cell size themselves (GeoTIFF's pixel scale, an EXR attribute): reads it (nullopt:
  // the file records none). Null: the cell size goes in the JSON sidecar.
  std::optional<float> (*readCellSize)(const std::string& path) = nullptr;

  bool readable() const { return read != nullptr; }
  bool sixteenBit() const { return write16 != nullptr; }  // written quantised (the sidecar has the range)
  // Written with a JSON sidecar (height_sidecar.h): the formats that cannot hold the cell size themselves.
  bool writesSidecar() const { return readable() && readCellSize == nullptr; }
  std::string extension() const { return "." + extensions.front(); }
};

const std::vector<FormatEntry>& formatTable();
const FormatEntry& formatEntry(FileFormat format);
// The entry for a path's extension (any case); null when no format has it.
const FormatEntry* formatOfPath(const std::string& path);
// ".png .r16 ...": every extension of the formats that can be read (readable) or written.
std::string knownExtensions(bool readable);

}  // namespace runnel
