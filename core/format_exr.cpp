// OpenEXR through the OpenEXR 3 library. Reads channel Y, else R, else the first channel (half, float or
// uint, converted to float) over the data window; writes one 32-bit float channel Y, ZIP-compressed.
#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <openexr.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

#include "error.h"
#include "formats.h"
#include "memory_budget.h"

namespace runnel::formats {

namespace {

// Refuses an oversized data window, and a file too small for the chunks its header declares or asking for
// more memory than the limit, from the header alone. OpenEXR's core API parses headers without the chunk
// table, which the C++ reader would size by the window before we could check it. A file the core API
// cannot parse is left to the C++ reader, whose message is the one reported.
void checkExrSize(const std::string& path) {
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  init.error_handler_fn = [](exr_const_context_t, exr_result_t, const char*) {};  // no print to stderr
  exr_context_t context = nullptr;
  exr_attr_box2i_t window;
  int32_t chunks = 0;
  uint64_t chunkBytes = 0;  // one chunk's pixels, unpacked
  const bool known = exr_start_read(&context, path.c_str(), &init) == EXR_ERR_SUCCESS &&
                     exr_get_data_window(context, 0, &window) == EXR_ERR_SUCCESS;
  const bool chunked = known && exr_get_chunk_count(context, 0, &chunks) == EXR_ERR_SUCCESS &&
                       exr_get_chunk_unpacked_size(context, 0, &chunkBytes) == EXR_ERR_SUCCESS && chunks > 0;
  exr_finish(&context);
  if (!known) return;
  const int64_t width = int64_t(window.max.x) - window.min.x + 1,
                height = int64_t(window.max.y) - window.min.y + 1;
  checkSize(width, height, path);
  struct stat st;
  if (!chunked || stat(path.c_str(), &st) != 0) return;
  // Every chunk has its 8-byte place in the table after the header.
  const uint64_t table = uint64_t(chunks) * 8, fileBytes = uint64_t(st.st_size);
  if (table > fileBytes)
    throw Error(path + ": declares " + std::to_string(chunks) +
                " chunks of pixels, whose table alone needs " + describeBytes(table) + ", in a file of " +
                describeBytes(fileBytes) + " (truncated or corrupt)");
  // The heights, the table, and a chunk packed and unpacked.
  checkMemory(path, "a " + std::to_string(width) + "x" + std::to_string(height) + " image",
              uint64_t(width) * uint64_t(height) * sizeof(float) + table + 2 * chunkBytes);
}

}  // namespace

Heightmap readExr(const std::string& path) {
  if (FILE* probe = std::fopen(path.c_str(), "rb"))
    std::fclose(probe);
  else
    throw Error(path + ": cannot open: " + std::strerror(errno));
  checkExrSize(path);
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

    Heightmap map{int(width), int(height)};
    // OpenEXR addresses pixels by their data-window coordinates: shift the base so (min.x, min.y) is cell 0.
    char* base = reinterpret_cast<char*>(map.data()) -
                 (int64_t(window.min.x) + int64_t(window.min.y) * width) * int64_t(sizeof(float));
    Imf::FrameBuffer frame;
    frame.insert(name, Imf::Slice(Imf::FLOAT, base, sizeof(float), sizeof(float) * size_t(width)));
    file.setFrameBuffer(frame);
    file.readPixels(window.min.y, window.max.y);
    return map;
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(path + ": corrupt or truncated EXR (OpenEXR: " + e.what() + ")");
  }
}

void writeExr(AtomicFile& out, const Heightmap& map) {
  try {
    Imf::Header header(map.width(), map.height());
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    header.compression() = Imf::ZIP_COMPRESSION;
    header.lineOrder() = Imf::INCREASING_Y;  // row 0 (north) first
    Imf::FrameBuffer frame;
    char* base = reinterpret_cast<char*>(const_cast<float*>(map.data()));
    frame.insert("Y", Imf::Slice(Imf::FLOAT, base, sizeof(float), sizeof(float) * size_t(map.width())));
    Imf::OutputFile file(out.tempPath().c_str(), header);
    file.setFrameBuffer(frame);
    file.writePixels(map.height());
  } catch (const std::exception& e) {
    throw Error("cannot write " + out.target() + ": " + e.what());
  }
}

}  // namespace runnel::formats
