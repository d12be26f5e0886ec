// OpenEXR through the OpenEXR 3 library. Reads channel Y, else R, else the first channel (half, float or
// uint, converted to float) over the data window; writes one 32-bit float channel Y, ZIP-compressed (or R,
// G and B for a normal map).
#include <ImfChannelList.h>
#include <ImfFloatAttribute.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <openexr.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <vector>

#include <sys/stat.h>

#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "core/base/printable.h"
#include "core/base/value_limits.h"
#include "core/base/work_progress.h"
#include "file_holds.h"
#include "formats.h"

namespace runnel::formats {

namespace {

// The float attribute that holds the map's metres per cell.
constexpr const char* kCellSizeAttribute = "cellSizeMetres";

// Rows read or written in one call: a multiple of ZIP's 16-line blocks, small enough for steady progress.
constexpr int kRowsAtOnce = 256;

// What the C++ reader will allocate for a file that passed checkExrSize, and the file's length.
struct ExrNeeds {
  uint64_t bytes = 0;
  uint64_t fileBytes = 0;
};

// The most one stored byte of an EXR compression decodes to, and its name in messages.
CodecRatio exrCodec(exr_compression_t compression) {
  switch (compression) {
    case EXR_COMPRESSION_NONE:
      return {ratio::kStored, "uncompressed"};
    case EXR_COMPRESSION_RLE:
      return {ratio::kRunLength, "RLE"};
    case EXR_COMPRESSION_ZIPS:
    case EXR_COMPRESSION_ZIP:
      return {ratio::kDeflate, "ZIP"};
    case EXR_COMPRESSION_PIZ:
      return {ratio::kPiz, "PIZ"};
    case EXR_COMPRESSION_PXR24:
      return {ratio::kPxr24, "PXR24"};
    case EXR_COMPRESSION_B44:
    case EXR_COMPRESSION_B44A:
      return {ratio::kB44, "B44"};
    default:  // DWAA, DWAB: the first pass decides
      return {ratio::kUnbounded, "DWA"};
  }
}

// Every chunk of the image's full-resolution level against the file's length, before the map is allocated:
// each inside the file where the core API finds it (its table entry, and its leader naming the rows or tile
// it should), and together able to deliver the pixel data they unpack to at their compression's best ratio
// (a 789-byte DWAB file declaring 16384x16384 once had 1 GiB allocated for it). A chunk the core API cannot
// find is refused with its message.
void checkExrChunks(exr_context_t context, const std::string& path, uint64_t fileBytes,
                    const std::string& coreMessage) {
  exr_storage_t storage;
  exr_compression_t compression;
  if (exr_get_storage(context, 0, &storage) != EXR_ERR_SUCCESS ||
      exr_get_compression(context, 0, &compression) != EXR_ERR_SUCCESS)
    throw Error(path + ": corrupt EXR (OpenEXR cannot tell how its pixels are stored)");
  if (storage != EXR_STORAGE_SCANLINE && storage != EXR_STORAGE_TILED) return;  // deep: the reader refuses it
  uint64_t stored = 0, needed = 0;
  int32_t index = 0;
  auto add = [&](exr_result_t found, const exr_chunk_info_t& chunk) {
    if (found != EXR_ERR_SUCCESS)
      throw Error(path + ": corrupt or truncated EXR (chunk " + std::to_string(index) + ": OpenEXR: " +
                  (coreMessage.empty() ? std::string(exr_get_default_error_message(found)) : coreMessage) +
                  ")");
    requireInsideFile(path, "chunk " + std::to_string(index), chunk.data_offset, chunk.packed_size,
                      fileBytes);
    stored += chunk.packed_size;
    needed += chunk.unpacked_size;
    ++index;
  };
  exr_chunk_info_t chunk;
  if (storage == EXR_STORAGE_SCANLINE) {
    exr_attr_box2i_t window;
    int32_t lines = 0;
    if (exr_get_data_window(context, 0, &window) != EXR_ERR_SUCCESS ||
        exr_get_scanlines_per_chunk(context, 0, &lines) != EXR_ERR_SUCCESS || lines < 1)
      throw Error(path + ": corrupt EXR (OpenEXR cannot tell its rows per chunk)");
    for (int64_t y = window.min.y; y <= window.max.y; y += lines)
      add(exr_read_scanline_chunk_info(context, 0, int(y), &chunk), chunk);
  } else {
    int32_t levelW = 0, levelH = 0, tileW = 0, tileH = 0;
    if (exr_get_level_sizes(context, 0, 0, 0, &levelW, &levelH) != EXR_ERR_SUCCESS ||
        exr_get_tile_sizes(context, 0, 0, 0, &tileW, &tileH) != EXR_ERR_SUCCESS || tileW < 1 || tileH < 1)
      throw Error(path + ": corrupt EXR (OpenEXR cannot tell its tiles)");
    for (int32_t ty = 0; ty < (levelH + tileH - 1) / tileH; ++ty)
      for (int32_t tx = 0; tx < (levelW + tileW - 1) / tileW; ++tx)
        add(exr_read_tile_chunk_info(context, 0, tx, ty, 0, 0, &chunk), chunk);
  }
  const CodecRatio codec = exrCodec(compression);
  requireFileHolds(path, "chunks", needed, std::min(stored, fileBytes), codec.maxRatio, codec.name);
}

// Refuses an oversized data window, and a file too small for the chunks its header declares or asking for
// more memory than the limit, from the header alone. OpenEXR's core API parses headers without the chunk
// table, which the C++ reader would size by the window before we could check it, and checks every
// attribute's size against the file: the C++ reader allocates an attribute at its declared size first (a
// fuzzed 4 KB file asked for 1.8 GB, tests/fuzz/corpus/fuzz_heightmap/regress-exr-*). A file the core API
// cannot parse is refused with its message. Then every chunk is checked against the file (checkExrChunks).
ExrNeeds checkExrSize(const std::string& path) {
  static thread_local std::string coreMessage;
  coreMessage.clear();
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  init.error_handler_fn = [](exr_const_context_t, exr_result_t, const char* message) {
    if (coreMessage.empty() && message) coreMessage = message;  // the first: the cause (no print to stderr)
  };
  exr_context_t context = nullptr;
  // Closed on every way out.
  const std::unique_ptr<exr_context_t, void (*)(exr_context_t*)> closer(
      &context, [](exr_context_t* c) { exr_finish(c); });
  exr_attr_box2i_t window;
  int32_t chunks = 0;
  uint64_t chunkBytes = 0;  // one chunk's pixels, unpacked
  const bool known = exr_start_read(&context, path.c_str(), &init) == EXR_ERR_SUCCESS &&
                     exr_get_data_window(context, 0, &window) == EXR_ERR_SUCCESS;
  const bool chunked = known && exr_get_chunk_count(context, 0, &chunks) == EXR_ERR_SUCCESS &&
                       exr_get_chunk_unpacked_size(context, 0, &chunkBytes) == EXR_ERR_SUCCESS && chunks > 0;
  if (!known)
    throw Error(path + ": corrupt or truncated EXR (OpenEXR: " +
                (coreMessage.empty() ? std::string("cannot read its header") : coreMessage) + ")");
  const int64_t width = int64_t(window.max.x) - window.min.x + 1,
                height = int64_t(window.max.y) - window.min.y + 1;
  checkSize(width, height, path);
  // Without its chunks' sizes nothing bounds what the C++ reader's decompressor allocates (a fuzzed 800-byte
  // file asked for 428 MB): such a file is refused.
  if (!chunked) throw Error(path + ": corrupt EXR (OpenEXR cannot work out the size of its chunks)");
  ExrNeeds needs;
  needs.fileBytes = fileLength(path);
  // Every chunk has its 8-byte place in the table after the header.
  const uint64_t table = uint64_t(chunks) * 8;
  if (table > needs.fileBytes)
    throw Error(path + ": declares " + std::to_string(chunks) +
                " chunks of pixels, whose table alone needs " + describeBytes(table) + ", in a file of " +
                describeBytes(needs.fileBytes) + " (truncated or corrupt)");
  // The heights, the table, and a chunk packed and unpacked.
  needs.bytes = uint64_t(width) * uint64_t(height) * sizeof(float) + table + 2 * chunkBytes;
  checkMemory(path, "a " + std::to_string(width) + "x" + std::to_string(height) + " image", needs.bytes);
  coreMessage.clear();
  checkExrChunks(context, path, needs.fileBytes, coreMessage);
  return needs;
}

// Walks the headers (one, or several in a multi-part file) as OpenEXR's C++ reader does, and refuses what
// would make it allocate more than the file holds. That reader reads a known type by the type's own size
// whatever the declared size says, a channel list up to its empty name, and allocates an attribute of a
// type it does not know at its declared size before reading a byte of it (fuzzed 4 KB files asked for
// 1-1.8 GB: tests/fuzz/corpus/fuzz_heightmap/regress-exr-*); the core API (checkExrSize) lets those through.
void checkExrAttributes(const std::string& path) {
  // Closed on every way out: a throw from checkSize below once left the file open (the fuzzer ran out of
  // file descriptors after a million inputs).
  const std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return;  // readExr reports it
  FILE* f = file.get();
  struct stat st;
  const uint64_t fileBytes = fstat(fileno(f), &st) == 0 ? uint64_t(st.st_size) : 0;
  auto fail = [&](const std::string& what) {
    throw Error(path + ": " + what + " (truncated or corrupt EXR)");
  };
  auto left = [&] {
    const long at = std::ftell(f);
    return at < 0 || uint64_t(at) > fileBytes ? uint64_t(0) : fileBytes - uint64_t(at);
  };
  // A name or type: up to 255 characters and a zero byte; false at the end of the file.
  auto readName = [&](std::string& out) {
    out.clear();
    for (int c; (c = std::fgetc(f)) != 0;) {
      if (c == EOF) return false;
      if (out.size() >= 255) fail("a header name longer than 255 characters");
      out += char(c);
    }
    return true;
  };
  auto readInt = [&]() -> int64_t {
    unsigned char b[4];
    if (std::fread(b, 1, 4, f) != 4) fail("the header ends early");
    return int32_t(uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24);
  };
  auto skip = [&](uint64_t bytes, const std::string& name) {
    if (bytes > left())
      fail("its header attribute " + printable(name) + " needs " + std::to_string(bytes) +
           " bytes, but the file has " + std::to_string(left()) + " left");
    std::fseek(f, long(bytes), SEEK_CUR);
  };
  // The bytes the C++ reader reads for a type of fixed size (0: not one of them).
  auto fixedSize = [](const std::string& type) -> uint64_t {
    static const std::pair<const char*, uint64_t> sizes[] = {
        {"box2i", 16},      {"box2f", 16},   {"chromaticities", 32},
        {"compression", 1}, {"double", 8},   {"envmap", 1},
        {"float", 4},       {"int", 4},      {"keycode", 28},
        {"lineOrder", 1},   {"m33f", 36},    {"m44f", 64},
        {"m33d", 72},       {"m44d", 128},   {"rational", 8},
        {"tiledesc", 9},    {"timecode", 8}, {"v2i", 8},
        {"v2f", 8},         {"v2d", 16},     {"v3i", 12},
        {"v3f", 12},        {"v3d", 24},     {"deepImageState", 1}};
    for (const auto& [name, bytes] : sizes)
      if (type == name) return bytes;
    return 0;
  };
  unsigned char start[8];
  if (std::fread(start, 1, 8, f) != 8 || start[0] != 0x76 || start[1] != 0x2f || start[2] != 0x31 ||
      start[3] != 0x01)
    return;                                       // not an EXR: the reader says so
  const bool multipart = (start[5] & 0x10) != 0;  // version flags bit 12
  std::string name, type, channel;
  for (;;) {
    if (!readName(name)) fail("the header ends early");
    if (name.empty()) break;  // an empty header: the end of a multi-part file's headers (or an empty one)
    while (!name.empty()) {
      if (!readName(type)) fail("the header ends early");
      const int64_t declared = readInt();
      if (declared < 0) fail("its header attribute " + printable(name) + " has a negative size");
      if (name == "dataWindow" && type == "box2i") {
        // The window the C++ reader sizes its buffers by: its own reading (the last of several, where the
        // core API takes the first).
        const int64_t x0 = readInt(), y0 = readInt(), x1 = readInt(), y1 = readInt();
        checkSize(x1 - x0 + 1, y1 - y0 + 1, path);
      } else if (name == "tiles" && type == "tiledesc") {
        const int64_t tx = uint32_t(readInt()), ty = uint32_t(readInt());
        if (tx < 1 || ty < 1 || tx > kMaxSide || ty > kMaxSide)
          fail("tiles of " + std::to_string(tx) + "x" + std::to_string(ty) + " pixels");
        skip(1, name);
      } else if (const uint64_t bytes = fixedSize(type)) {
        skip(bytes, name);
      } else if (type == "chlist") {
        for (int channels = 0; readName(channel) && !channel.empty(); ++channels) {
          if (channels > 10000) fail("a channel list of over 10000 channels");
          skip(16, name);  // pixel type, linear and reserved, x and y sampling
        }
      } else if (type == "preview") {
        const int64_t w = readInt(), h = readInt();
        if (w < 0 || h < 0) fail("a preview image of negative size");
        skip(uint64_t(w) * uint64_t(h) * 4, name);
      } else {  // strings, vectors, and types it does not know: read (and allocated) at the declared size
        skip(uint64_t(declared), name);
      }
      if (!readName(name)) fail("the header ends early");
    }
    if (!multipart) break;
  }
}

// Opens a file only once its header has been checked for what it would make the C++ reader allocate.
ExrNeeds checkExrBeforeOpening(const std::string& path) {
  if (FILE* probe = std::fopen(path.c_str(), "rb"))
    std::fclose(probe);
  else
    throw Error(path + ": cannot open: " + std::strerror(errno));
  checkExrAttributes(path);
  return checkExrSize(path);
}

}  // namespace

std::optional<float> readExrCellSize(const std::string& path) {
  checkExrBeforeOpening(path);
  float metres;
  try {
    Imf::InputFile file(path.c_str());
    const auto* cell = file.header().findTypedAttribute<Imf::FloatAttribute>(kCellSizeAttribute);
    if (!cell) return std::nullopt;
    metres = cell->value();
  } catch (const std::exception& e) {
    throw Error(path + ": corrupt or truncated EXR (OpenEXR: " + e.what() + ")");
  }
  try {
    return float(checkValue(limits::kCellSize, metres));
  } catch (const Error& e) {
    throw Error(path + ": its " + kCellSizeAttribute + " attribute: " + e.what());
  }
}

Heightmap readExr(const std::string& path) {
  const ExrNeeds needs = checkExrBeforeOpening(path);
  try {
    Imf::InputFile file(path.c_str());
    const Imf::Header& header = file.header();
    const Imath::Box2i window = header.dataWindow();
    const int64_t width = int64_t(window.max.x) - window.min.x + 1;
    const int64_t height = int64_t(window.max.y) - window.min.y + 1;
    checkSize(width, height, path);  // before any pixel memory is allocated

    const Imf::ChannelList& channels = header.channels();
    const char* name = nullptr;
    for (const char* preferred : {"Y", "R"})
      if (!name && channels.findChannel(preferred)) name = preferred;
    if (!name && channels.begin() != channels.end()) name = channels.begin().name();
    if (!name) throw Error(path + ": EXR has no channels");

    // More than the file may ask for on its word (DWA has no useful bound on its ratio, and junk can fit
    // any codec's): its chunks decoded once into one row (a y stride of 0) before the map is allocated.
    if (!allocatableOnItsWord(needs.bytes, needs.fileBytes)) {
      std::vector<float> row(static_cast<size_t>(width));
      Imf::FrameBuffer frame;
      char* rowBase = reinterpret_cast<char*>(row.data()) - int64_t(window.min.x) * int64_t(sizeof(float));
      frame.insert(name, Imf::Slice(Imf::FLOAT, rowBase, sizeof(float), 0));
      file.setFrameBuffer(frame);
      file.readPixels(window.min.y, window.max.y);
    }

    Heightmap map{int(width), int(height)};
    // OpenEXR addresses pixels by their data-window coordinates: shift the base so (min.x, min.y) is cell 0.
    char* base = reinterpret_cast<char*>(map.data()) -
                 (int64_t(window.min.x) + int64_t(window.min.y) * width) * int64_t(sizeof(float));
    Imf::FrameBuffer frame;
    frame.insert(name, Imf::Slice(Imf::FLOAT, base, sizeof(float), sizeof(float) * size_t(width)));
    file.setFrameBuffer(frame);
    for (int64_t y = window.min.y; y <= window.max.y; y += kRowsAtOnce) {  // a chunk at a time, for progress
      file.readPixels(int(y), int(std::min<int64_t>(y + kRowsAtOnce - 1, window.max.y)));
      reportWork(uint64_t(std::min<int64_t>(y + kRowsAtOnce, int64_t(window.max.y) + 1) - window.min.y),
                 uint64_t(height));
    }
    return map;
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(path + ": corrupt or truncated EXR (OpenEXR: " + e.what() + ")");
  }
}

namespace {

// `channels` float channels of width x height pixels, interleaved in `pixels` (row 0, the north, first).
void writeFloatChannels(AtomicFile& out, int width, int height, const float* pixels,
                        std::initializer_list<const char*> channels, float cellSize = 0.0f) {
  try {
    Imf::Header header(width, height);
    if (cellSize > 0.0f) header.insert(kCellSizeAttribute, Imf::FloatAttribute(cellSize));
    for (const char* name : channels) header.channels().insert(name, Imf::Channel(Imf::FLOAT));
    header.compression() = Imf::ZIP_COMPRESSION;
    header.lineOrder() = Imf::INCREASING_Y;  // row 0 (north) first
    const size_t pixel = sizeof(float) * channels.size();
    Imf::FrameBuffer frame;
    char* base = reinterpret_cast<char*>(const_cast<float*>(pixels));
    for (const char* name : channels) {
      frame.insert(name, Imf::Slice(Imf::FLOAT, base, pixel, pixel * size_t(width)));
      base += sizeof(float);
    }
    Imf::OutputFile file(out.tempPath().c_str(), header);
    file.setFrameBuffer(frame);
    for (int y = 0; y < height; y += kRowsAtOnce) {  // the same file, a chunk at a time for progress
      const int rows = std::min(kRowsAtOnce, height - y);
      file.writePixels(rows);
      reportWork(uint64_t(y + rows), uint64_t(height));
    }
  } catch (const std::exception& e) {
    // OpenEXR names the file it had open, our temporary one: name the file the artist asked for.
    std::string why = e.what();
    for (size_t at; (at = why.find(out.tempPath())) != std::string::npos;)
      why.replace(at, out.tempPath().size(), out.target());
    throw Error("cannot write " + out.target() + ": " + why);
  }
}

}  // namespace

void writeExr(AtomicFile& out, const Heightmap& map, float cellSize) {
  writeFloatChannels(out, map.width(), map.height(), map.data(), {"Y"}, cellSize);
}

void writeExrRgb(AtomicFile& out, int width, int height, const float* rgb) {
  writeFloatChannels(out, width, height, rgb, {"R", "G", "B"});
}

}  // namespace runnel::formats
