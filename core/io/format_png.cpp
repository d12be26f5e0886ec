// PNG through libpng. Reads 1/2/4/8/16-bit grey, grey+alpha, RGB(A) and palette images as one grey sample
// per pixel (colour as Rec. 709 luminance of the stored values, alpha ignored); writes 16-bit grey
// heightmaps and 8-bit grey or RGB pictures.
//
// libpng reports errors by longjmp. Every function that calls libpng under setjmp below owns no object with
// a destructor, so jumping out of it is safe; C++ allocation happens outside, between the steps.
#include <png.h>

#include <bit>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "core/base/work_progress.h"
#include "file_holds.h"
#include "formats.h"

namespace runnel::formats {

namespace {

constexpr bool kLittleEndianHost = std::endian::native == std::endian::little;

struct PngMessage {
  char text[200] = "";
};

void onPngError(png_structp png, png_const_charp message) {
  auto* sink = static_cast<PngMessage*>(png_get_error_ptr(png));
  std::snprintf(sink->text, sizeof sink->text, "%s", message);
  png_longjmp(png, 1);
}
void onPngWarning(png_structp, png_const_charp) {}  // e.g. odd colour profiles: harmless for heights

struct PngReader {
  FILE* file = nullptr;
  png_structp png = nullptr;
  png_infop info = nullptr;
  PngMessage message;
  ~PngReader() {
    if (png) png_destroy_read_struct(&png, &info, nullptr);
    if (file) std::fclose(file);
  }
};

struct PngHeader {
  png_uint_32 width = 0, height = 0;
  int depth = 0, colour = 0, interlace = 0;
};

// Step 1: the header, without touching the pixels.
bool readPngHeader(PngReader& r, PngHeader& h) {
  if (setjmp(png_jmpbuf(r.png))) return false;
  png_init_io(r.png, r.file);
  png_set_sig_bytes(r.png, 8);
  // Let checkSize, not libpng's own limit, refuse oversized images, with the project's message.
  png_set_user_limits(r.png, 0x7fffffff, 0x7fffffff);
  // Ancillary chunks (text, colour profiles) are decompressed into memory: at most 8 MB each, libpng's
  // usual default, whatever their compressed data claims.
  png_set_chunk_malloc_max(r.png, 8000000);
  png_read_info(r.png, r.info);
  png_get_IHDR(r.png, r.info, &h.width, &h.height, &h.depth, &h.colour, &h.interlace, nullptr, nullptr);
  return true;
}

// A PNG's pixels are deflated: a header declaring more pixel data (the filtered rows of every pass) than
// the file's bytes can inflate to is refused before anything is allocated for them (a 69-byte file
// declaring 16384x16384 asked for 2.5 GB).
void checkPngHolds(PngReader& r, const PngHeader& h, const std::string& path) {
  const uint64_t bitsPerPixel = uint64_t(h.depth) * png_get_channels(r.png, r.info);
  auto rowBytes = [&](uint64_t width) { return width == 0 ? 0 : 1 + (width * bitsPerPixel + 7) / 8; };
  uint64_t needed = 0;
  if (h.interlace == PNG_INTERLACE_NONE)
    needed = rowBytes(h.width) * h.height;
  else
    for (int pass = 0; pass < 7; ++pass)
      needed += rowBytes(PNG_PASS_COLS(h.width, pass)) * PNG_PASS_ROWS(h.height, pass);
  requireFileHolds(path, std::to_string(h.width) + "x" + std::to_string(h.height) + " pixels", needed,
                   fileLength(path), ratio::kDeflate, "deflate");
}

// What the transforms leave: 8- or 16-bit grey or RGB samples, `passes` passes of rows.
struct PngLayout {
  int channels = 0, depth = 0, passes = 1;
  size_t rowBytes = 0;
};

// Step 2: transforms that leave 8- or 16-bit grey or RGB samples in host byte order.
bool setPngTransforms(PngReader& r, const PngHeader& h, PngLayout& l) {
  if (setjmp(png_jmpbuf(r.png))) return false;
  if (h.colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r.png);
  if (h.colour == PNG_COLOR_TYPE_GRAY && h.depth < 8) png_set_expand_gray_1_2_4_to_8(r.png);
  // Transparency is not height: an alpha channel, or a palette's transparent entries (tRNS, which the
  // palette's expansion turns into one), is dropped and each cell keeps its colour's grey.
  if ((h.colour & PNG_COLOR_MASK_ALPHA) || png_get_valid(r.png, r.info, PNG_INFO_tRNS))
    png_set_strip_alpha(r.png);
  if (h.depth == 16 && kLittleEndianHost) png_set_swap(r.png);
  l.passes = png_set_interlace_handling(r.png);
  png_read_update_info(r.png, r.info);
  l.channels = png_get_channels(r.png, r.info);
  l.depth = png_get_bit_depth(r.png, r.info);
  l.rowBytes = png_get_rowbytes(r.png, r.info);
  return true;
}

// The grey of pixel x of a transformed row.
float greyAt(const unsigned char* row, size_t x, int channels, int depth) {
  float c[3];
  for (int k = 0; k < channels; ++k) {
    const size_t i = x * size_t(channels) + size_t(k);
    if (depth == 16) {
      uint16_t v;
      std::memcpy(&v, row + 2 * i, 2);
      c[k] = float(v);
    } else {
      c[k] = float(row[i]);
    }
  }
  return channels == 1 ? c[0] : luminance(c[0], c[1], c[2]);
}

// A whole transformed row's greys.
void toGrey(const unsigned char* row, int width, int channels, int depth, float* out) {
  if (channels == 1 && depth == 16)  // the heightmaps Runnel and most tools write
    for (int x = 0; x < width; ++x) {
      uint16_t v;
      std::memcpy(&v, row + 2 * size_t(x), 2);
      out[x] = float(v);
    }
  else if (channels == 1)
    for (int x = 0; x < width; ++x) out[x] = float(row[x]);
  else
    for (int x = 0; x < width; ++x) out[x] = greyAt(row, size_t(x), channels, depth);
}

// Step 3: every row of every pass through one row buffer, each pass's pixels widened to floats into `out`
// (an interlaced image needs no buffer of its own), or into nothing (out null: the first pass of a file
// that may not allocate its map on its word).
bool readPngRows(PngReader& r, const PngHeader& h, const PngLayout& l, unsigned char* row, Heightmap* out) {
  if (setjmp(png_jmpbuf(r.png))) return false;
  const int height = int(h.height), width = int(h.width);
  for (int pass = 0; pass < l.passes; ++pass)
    for (int y = 0; y < height; ++y) {
      png_read_row(r.png, row, nullptr);
      if (!out) continue;
      if (l.passes == 1) {
        toGrey(row, width, l.channels, l.depth, out->row(y));
      } else if (PNG_ROW_IN_INTERLACE_PASS(y, pass)) {  // libpng put the pass's pixels in their places
        float* cells = out->row(y);
        for (int x = int(PNG_PASS_START_COL(pass)); x < width; x += int(PNG_PASS_COL_OFFSET(pass)))
          cells[x] = greyAt(row, size_t(x), l.channels, l.depth);
      }
      reportWork(uint64_t(pass) * h.height + uint64_t(y) + 1, uint64_t(l.passes) * h.height);
    }
  png_read_end(r.png, nullptr);
  return true;
}

[[noreturn]] void corrupt(const std::string& path, const PngReader& r) {
  throw Error(path + ": corrupt or truncated PNG (libpng: " + r.message.text + ")");
}

struct PngWriter {
  png_structp png = nullptr;
  png_infop info = nullptr;
  PngMessage message;
  ~PngWriter() {
    if (png) png_destroy_write_struct(&png, &info);
  }
};

bool encodePng(PngWriter& w, FILE* file, int width, int height, int depth, int colour,
               const unsigned char* pixels, size_t rowBytes) {
  if (setjmp(png_jmpbuf(w.png))) return false;
  png_init_io(w.png, file);
  png_set_IHDR(w.png, w.info, png_uint_32(width), png_uint_32(height), depth, colour, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  // zlib's fastest level: on a 2048x2048 fBm heightmap it writes 3.5x faster than the default level 6
  // (265 vs 929 ms CPU) for a file 3% larger (6.03 vs 5.87 MB); the row filters do most of the work.
  png_set_compression_level(w.png, 1);
  png_write_info(w.png, w.info);
  if (depth == 16 && kLittleEndianHost) png_set_swap(w.png);
  for (int y = 0; y < height; ++y) {
    png_write_row(w.png, pixels + size_t(y) * rowBytes);
    reportWork(uint64_t(y) + 1, uint64_t(height));
  }
  png_write_end(w.png, nullptr);
  return true;
}

void writePng(AtomicFile& out, int width, int height, int depth, int colour, const unsigned char* pixels,
              size_t rowBytes) {
  checkSize(width, height, "cannot write " + out.target());
  PngWriter w;
  w.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w.message, onPngError, onPngWarning);
  if (w.png) w.info = png_create_info_struct(w.png);
  if (!w.png || !w.info) throw Error("cannot write " + out.target() + ": out of memory");
  FILE* file = out.stream();
  errno = 0;
  if (!encodePng(w, file, width, height, depth, colour, pixels, rowBytes)) {
    // A failed write of the stream (a full disk) says more than libpng's words.
    int err = std::ferror(file) ? errno : 0;
    throw Error("cannot write " + out.target() + ": " + (err ? std::strerror(err) : w.message.text));
  }
}

}  // namespace

namespace {

// Opens a PNG and reads its header and transforms into `r`, refusing what no map can be (a size out of
// range, more pixels than its data can inflate to, a layout the transforms cannot make grey).
void openPng(const std::string& path, PngReader& r, PngHeader& h, PngLayout& l) {
  r.file = std::fopen(path.c_str(), "rb");
  if (!r.file) throw Error(path + ": cannot open: " + std::strerror(errno));
  unsigned char signature[8];
  if (std::fread(signature, 1, 8, r.file) != 8 || png_sig_cmp(signature, 0, 8) != 0)
    throw Error(path + ": not a PNG file (bad signature)");
  r.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r.message, onPngError, onPngWarning);
  if (r.png) r.info = png_create_info_struct(r.png);
  if (!r.png || !r.info) throw Error(path + ": out of memory");
  if (!readPngHeader(r, h)) corrupt(path, r);
  checkSize(h.width, h.height, path);  // before any pixel memory is allocated
  checkPngHolds(r, h, path);
  if (!setPngTransforms(r, h, l)) corrupt(path, r);
  if ((l.channels != 1 && l.channels != 3) || (l.depth != 8 && l.depth != 16))
    throw Error(path + ": unsupported PNG layout (" + std::to_string(l.channels) + " channels of " +
                std::to_string(l.depth) + " bits after conversion)");
}

}  // namespace

Decoded readPng(const std::string& path) {
  PngReader r;
  PngHeader h;
  PngLayout l;
  openPng(path, r, h, l);
  // The heights and a row (an interlaced image's passes go straight into the heights).
  const uint64_t bytes = uint64_t(h.width) * h.height * sizeof(float) + l.rowBytes;
  const bool interlaced = h.interlace != PNG_INTERLACE_NONE;
  checkMemory(path,
              std::string("a ") + (interlaced ? "interlaced " : "") + std::to_string(h.width) + "x" +
                  std::to_string(h.height) + " image",
              bytes);
  std::vector<unsigned char> row(l.rowBytes);
  // More than the file may ask for on its word (a 33 KB 1-bit PNG of 16384x16384 is 1 GiB of heights):
  // its rows are inflated once into nothing, by a reader of their own, before the heights are allocated.
  if (!allocatableOnItsWord(bytes, fileLength(path))) {
    PngReader first;
    PngHeader firstHeader;
    PngLayout firstLayout;
    openPng(path, first, firstHeader, firstLayout);
    if (!readPngRows(first, firstHeader, firstLayout, row.data(), nullptr)) corrupt(path, first);
  }
  Decoded d;
  d.samples = Heightmap(int(h.width), int(h.height));
  d.sampleMax = l.depth == 16 ? 65535.0 : 255.0;
  if (!readPngRows(r, h, l, row.data(), &d.samples)) corrupt(path, r);
  return d;
}

void writePng16(AtomicFile& out, int width, int height, const uint16_t* samples) {
  writePng(out, width, height, 16, PNG_COLOR_TYPE_GRAY, reinterpret_cast<const unsigned char*>(samples),
           size_t(width) * 2);
}

void writePng16Rgb(AtomicFile& out, int width, int height, const uint16_t* samples) {
  writePng(out, width, height, 16, PNG_COLOR_TYPE_RGB, reinterpret_cast<const unsigned char*>(samples),
           size_t(width) * 6);
}

void writePng8(AtomicFile& out, int width, int height, int channels, const unsigned char* pixels) {
  if (channels != 1 && channels != 3)
    throw Error("cannot write " + out.target() + ": 8-bit PNG needs 1 or 3 channels");
  writePng(out, width, height, 8, channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, pixels,
           size_t(width) * channels);
}

}  // namespace runnel::formats

namespace runnel {

void writeGrey8Png(const std::string& path, int width, int height, const unsigned char* pixels) {
  AtomicFile file(path);
  formats::writePng8(file, width, height, 1, pixels);
  file.commit();
}

void writeRgb8Png(const std::string& path, int width, int height, const unsigned char* pixels) {
  AtomicFile file(path);
  formats::writePng8(file, width, height, 3, pixels);
  file.commit();
}

}  // namespace runnel
