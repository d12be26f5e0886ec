// TIFF through libtiff. Reads single-channel float32, float64, uint8, uint16 and int16 images in strips or
// tiles (the GeoTIFF DEMs people download); writes float32, deflate-compressed with the floating-point
// predictor, which GDAL, ImageMagick and every GIS read. The cell size travels as the GeoTIFF pixel scale
// (ModelPixelScaleTag, with a tie point at the origin), so GDAL reports the pixel size in metres.
#include <tiffio.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "core/base/work_progress.h"
#include "file_holds.h"
#include "formats.h"

namespace runnel::formats {

namespace {

// libtiff's messages for one file, instead of its default print to stderr. The first error is the cause.
struct TiffMessages {
  std::string firstError;
};

int onTiffError(TIFF*, void* user, const char* module, const char* fmt, va_list args) {
  auto* messages = static_cast<TiffMessages*>(user);
  if (messages->firstError.empty()) {
    char text[300];
    std::vsnprintf(text, sizeof text, fmt, args);
    messages->firstError = text;
  }
  return 1;  // handled: not passed on to the global handler
}
int onTiffWarning(TIFF*, void*, const char*, const char*, va_list) {
  return 1;
}  // e.g. unknown GeoTIFF tags

// The GeoTIFF tags Runnel reads and writes, made known to libtiff (it only knows baseline TIFF).
// Writers choose tiles of up to a few thousand cells (GDAL 256, up to 4096 on request).
constexpr uint32_t kMaxTileSide = 4096;

constexpr ttag_t kPixelScaleTag = 33550;    // ModelPixelScaleTag: x, y, z size of a pixel
constexpr ttag_t kTiepointTag = 33922;      // ModelTiepointTag: raster (i, j, k) -> model (x, y, z)
constexpr ttag_t kGeoKeyDirectory = 34735;  // GeoKeyDirectoryTag: header, then (key, location, count, value)
const TIFFFieldInfo kGeoTiffFields[] = {
    {kPixelScaleTag, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelPixelScaleTag")},
    {kTiepointTag, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTiepointTag")},
    {kGeoKeyDirectory, -1, -1, TIFF_SHORT, FIELD_CUSTOM, 1, 1, const_cast<char*>("GeoKeyDirectoryTag")},
};
TIFFExtendProc previousExtender = nullptr;
void addGeoTiffFields(TIFF* tif) {
  TIFFMergeFieldInfo(tif, kGeoTiffFields, sizeof kGeoTiffFields / sizeof kGeoTiffFields[0]);
  if (previousExtender) previousExtender(tif);
}

class TiffFile {
 public:
  TiffFile(const std::string& path, const char* mode) {
    static std::once_flag extended;
    std::call_once(extended, [] { previousExtender = TIFFSetTagExtender(addGeoTiffFields); });
    TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetErrorHandlerExtR(options, onTiffError, &messages_);
    TIFFOpenOptionsSetWarningHandlerExtR(options, onTiffWarning, nullptr);
    // libtiff's own bound on any one buffer it allocates (strip arrays, tag values, a strip's raw bytes):
    // none may be larger than the memory limit, whatever a tag declares.
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t(std::min<uint64_t>(memoryLimit(), INT64_MAX)));
    tif_ = TIFFOpenExt(path.c_str(), mode, options);
    TIFFOpenOptionsFree(options);
  }
  ~TiffFile() {
    if (tif_) TIFFClose(tif_);
  }
  TIFF* get() const { return tif_; }
  std::string why() const {
    return messages_.firstError.empty() ? "unknown libtiff error" : messages_.firstError;
  }
  void close() {
    TIFFClose(tif_);
    tif_ = nullptr;
  }

 private:
  TiffMessages messages_;  // before tif_: libtiff may report while closing
  TIFF* tif_ = nullptr;
};

enum class SampleType { F32, F64, U8, U16, I16 };

// Converts `count` samples of `type` at `bytes` (host order: libtiff has swapped them) to floats.
void convert(const unsigned char* bytes, SampleType type, size_t count, float* out) {
  for (size_t i = 0; i < count; ++i) {
    switch (type) {
      case SampleType::F32: {
        float v;
        std::memcpy(&v, bytes + 4 * i, 4);
        out[i] = v;
        break;
      }
      case SampleType::F64: {
        double v;
        std::memcpy(&v, bytes + 8 * i, 8);
        out[i] = float(v);
        break;
      }
      case SampleType::U8:
        out[i] = float(bytes[i]);
        break;
      case SampleType::U16: {
        uint16_t v;
        std::memcpy(&v, bytes + 2 * i, 2);
        out[i] = float(v);
        break;
      }
      case SampleType::I16: {
        int16_t v;
        std::memcpy(&v, bytes + 2 * i, 2);
        out[i] = float(v);
        break;
      }
    }
  }
}

// GeoTIFF DEMs mark holes with a no-data value (GDAL's tag, e.g. -32768 or -9999). Read as heights, holes
// would be deep pits that swallow every droplet, so a map with holes is refused, naming the first.
// GDAL's no-data tag as text, or "". libtiff does not register the tag, so it is read as an anonymous field
// (a count and a pointer) unless a tag extender registered it; TIFFFindField says which.
std::string noDataText(TIFF* tif) {
  const TIFFField* field = TIFFFindField(tif, TIFFTAG_GDAL_NODATA, TIFF_ANY);
  if (!field || TIFFFieldDataType(field) != TIFF_ASCII) return "";
  const char* text = nullptr;
  uint32_t count = 0;
  if (!TIFFFieldPassCount(field)) {
    if (!TIFFGetField(tif, TIFFTAG_GDAL_NODATA, &text) || !text) return "";
    return text;
  }
  if (TIFFFieldReadCount(field) == TIFF_VARIABLE2) {
    if (!TIFFGetField(tif, TIFFTAG_GDAL_NODATA, &count, &text) || !text) return "";
  } else {
    uint16_t count16 = 0;
    if (!TIFFGetField(tif, TIFFTAG_GDAL_NODATA, &count16, &text) || !text) return "";
    count = count16;
  }
  std::string value(text, count);
  return value.substr(0, value.find('\0'));
}

// GeoTIFF DEMs mark holes with a no-data value (GDAL's tag, e.g. -32768 or -9999). Read as heights, holes
// would be deep pits that swallow every droplet, so a map with holes is refused, naming the first.
void checkNoData(TIFF* tif, const Heightmap& samples, const std::string& path) {
  const std::string text = noDataText(tif);
  char* end = nullptr;
  const float noData = std::strtof(text.c_str(), &end);
  if (end == text.c_str() || std::isnan(noData)) return;  // NaN holes are refused as non-finite heights
  const float* v = samples.data();
  for (size_t i = 0; i < samples.cellCount(); ++i)
    if (v[i] == noData)
      throw Error(path + ": the cell at x=" + std::to_string(i % samples.width()) +
                  ", y=" + std::to_string(i / samples.width()) + " holds the no-data value " + text +
                  " (GDAL_NODATA); fill the holes first, e.g. with gdal_fillnodata");
}

// The most one stored byte of `compression` decodes to, and its name in messages.
CodecRatio tiffCodec(uint16_t compression) {
  switch (compression) {
    case COMPRESSION_NONE:
      return {ratio::kStored, "uncompressed"};
    case COMPRESSION_LZW:
      return {ratio::kLzw, "LZW"};
    case COMPRESSION_ADOBE_DEFLATE:
    case COMPRESSION_DEFLATE:
      return {ratio::kDeflate, "deflate"};
    case COMPRESSION_PACKBITS:
      return {ratio::kRunLength, "PackBits"};
    default:  // JPEG, LZMA, ZSTD, WebP, LERC...: the first pass decides
      return {ratio::kUnbounded, "compressed"};
  }
}

// The strips or tiles against the file's length, before the map is allocated: each inside the file, and
// together able to deliver the pixel data they must decode to (`pieceBytes` each, unpacked).
void checkTiffHolds(TIFF* tif, const std::string& path, bool tiled, uint64_t neededBytes) {
  const uint64_t fileBytes = fileLength(path);
  const uint32_t pieces = tiled ? TIFFNumberOfTiles(tif) : TIFFNumberOfStrips(tif);
  const char* kind = tiled ? "tiles" : "strips";
  uint16_t compression = COMPRESSION_NONE;
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression);
  const CodecRatio codec = tiffCodec(compression);
  uint64_t stored = 0;
  for (uint32_t i = 0; i < pieces; ++i)
    stored += std::min<uint64_t>(TIFFGetStrileByteCount(tif, i), fileBytes);
  requireFileHolds(path, kind, neededBytes, std::min(stored, fileBytes), codec.maxRatio, codec.name);
  for (uint32_t i = 0; i < pieces; ++i)
    requireInsideFile(path, std::string(tiled ? "tile " : "strip ") + std::to_string(i),
                      TIFFGetStrileOffset(tif, i), TIFFGetStrileByteCount(tif, i), fileBytes);
}

}  // namespace

Decoded readTiff(const std::string& path) {
  if (FILE* probe = std::fopen(path.c_str(), "rb"))
    std::fclose(probe);
  else
    throw Error(path + ": cannot open: " + std::strerror(errno));
  TiffFile file(path, "r");
  TIFF* tif = file.get();
  if (!tif) throw Error(path + ": not a readable TIFF (libtiff: " + file.why() + ")");

  uint32_t width = 0, height = 0;
  uint16_t channels = 1, bits = 1, format = SAMPLEFORMAT_UINT, orientation = ORIENTATION_TOPLEFT;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &channels);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
  if (channels != 1)
    throw Error(path + ": TIFF has " + std::to_string(channels) + " samples per pixel; a heightmap has one");
  SampleType type;
  if (format == SAMPLEFORMAT_IEEEFP && bits == 32)
    type = SampleType::F32;
  else if (format == SAMPLEFORMAT_IEEEFP && bits == 64)
    type = SampleType::F64;
  else if (format == SAMPLEFORMAT_UINT && bits == 8)
    type = SampleType::U8;
  else if (format == SAMPLEFORMAT_UINT && bits == 16)
    type = SampleType::U16;
  else if (format == SAMPLEFORMAT_INT && bits == 16)
    type = SampleType::I16;
  else
    throw Error(path + ": unsupported TIFF samples (" + std::to_string(bits) + "-bit " +
                (format == SAMPLEFORMAT_IEEEFP ? "float"
                 : format == SAMPLEFORMAT_INT  ? "signed"
                                               : "unsigned") +
                "); read float32/64, uint8, uint16 or int16");
  if (orientation != ORIENTATION_TOPLEFT && orientation != ORIENTATION_BOTLEFT)
    throw Error(path + ": unsupported TIFF orientation " + std::to_string(orientation));
  checkSize(width, height, path);  // before any pixel memory is allocated
  auto fail = [&](const char* what) -> Error {
    return Error(path + ": corrupt or truncated TIFF (" + what + ": " + file.why() + ")");
  };

  // The buffer a tile or a scanline needs, checked with the heights against the memory limit, and the
  // strips or tiles against the file's length, before either is allocated: a header of a few bytes can
  // declare tiles of gigabytes, or a 16384x16384 image in a strip that runs past the end of the file.
  const uint64_t mapBytes = uint64_t(width) * height * sizeof(float);
  const std::string image = std::to_string(width) + "x" + std::to_string(height);
  const bool tiled = TIFFIsTiled(tif);
  uint32_t tileW = 0, tileH = 0;
  tmsize_t bufferBytes = 0;
  if (tiled) {
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tileW);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &tileH);
    bufferBytes = TIFFTileSize(tif);
    if (tileW == 0 || tileH == 0 || bufferBytes <= 0 ||
        uint64_t(bufferBytes) < uint64_t(tileW) * tileH * (bits / 8))
      throw fail("tile size");
    // Tiles come in steps of 16 cells; writers choose them up to a few thousand. Bigger than both the image
    // and that, a tile is no real file's.
    const std::string tiles = std::to_string(tileW) + "x" + std::to_string(tileH) + " tiles";
    auto oversized = [](uint32_t tile, uint32_t side) {
      return tile > kMaxTileSide && tile > (side + 15) / 16 * 16;
    };
    if (oversized(tileW, width) || oversized(tileH, height))
      throw Error(path + ": declares " + tiles + " for a " + image + " image (corrupt)");
    checkMemory(path, "a " + image + " image in " + tiles, mapBytes + uint64_t(bufferBytes));
    checkTiffHolds(tif, path, true, uint64_t(TIFFNumberOfTiles(tif)) * uint64_t(bufferBytes));
  } else {
    bufferBytes = TIFFScanlineSize(tif);
    if (bufferBytes <= 0 || uint64_t(bufferBytes) < uint64_t(width) * (bits / 8)) throw fail("scanline size");
    checkMemory(path, "a " + image + " image", mapBytes + uint64_t(bufferBytes));
    checkTiffHolds(tif, path, false, uint64_t(height) * uint64_t(bufferBytes));
  }

  // Every strip or tile decoded into one buffer, and into `out` when given.
  std::vector<unsigned char> buffer(static_cast<size_t>(bufferBytes));
  auto decode = [&](Heightmap* out) {
    if (tiled) {
      for (uint32_t ty = 0; ty < height; ty += tileH)
        for (uint32_t tx = 0; tx < width; tx += tileW) {
          if (TIFFReadTile(tif, buffer.data(), tx, ty, 0, 0) < 0) throw fail("tile");
          if (!out) continue;
          uint32_t w = std::min(tileW, width - tx), h = std::min(tileH, height - ty);
          for (uint32_t r = 0; r < h; ++r)
            convert(buffer.data() + size_t(r) * tileW * (bits / 8), type, w, out->row(int(ty + r)) + tx);
          reportWork(uint64_t(ty) * width + uint64_t(h) * (tx + w), uint64_t(height) * width);
        }
    } else {
      for (uint32_t y = 0; y < height; ++y) {
        if (TIFFReadScanline(tif, buffer.data(), y, 0) < 0) throw fail("strip");
        if (!out) continue;
        convert(buffer.data(), type, width, out->row(int(y)));
        reportWork(uint64_t(y) + 1, height);
      }
    }
  };
  // More than the file may ask for on its word (compressed junk that fits its codec's ratio, or a codec
  // with no known ratio): its data decoded once, into nothing, before the map is allocated.
  if (!allocatableOnItsWord(mapBytes + uint64_t(bufferBytes), fileLength(path))) decode(nullptr);

  Decoded d;
  d.samples = Heightmap(int(width), int(height));
  const double maxima[] = {0, 0, 255.0, 65535.0, 32767.0};
  d.sampleMax = maxima[int(type)];
  decode(&d.samples);
  if (orientation == ORIENTATION_BOTLEFT)  // rows stored from the south: turn them north-first
    for (int y = 0; y < d.samples.height() / 2; ++y)
      std::swap_ranges(d.samples.row(y), d.samples.row(y) + width, d.samples.row(d.samples.height() - 1 - y));
  checkNoData(tif, d.samples, path);
  return d;
}

std::optional<float> readTiffCellSize(const std::string& path) {
  TiffFile file(path, "r");
  TIFF* tif = file.get();
  if (!tif) throw Error(path + ": not a readable TIFF (libtiff: " + file.why() + ")");
  uint16_t count = 0;
  double* scale = nullptr;
  if (!TIFFGetField(tif, kPixelScaleTag, &count, &scale) || count < 2 || !scale) return std::nullopt;
  // The model type and linear unit from the GeoKey directory: degrees are not metres (a geographic DEM's
  // cell size is the caller's to give), feet are converted.
  uint16_t keyCount = 0;
  uint16_t* keys = nullptr;
  double metresPerUnit = 1.0;
  if (TIFFGetField(tif, kGeoKeyDirectory, &keyCount, &keys) && keys && keyCount >= 4)
    for (uint32_t k = 4; k + 3 < keyCount && (k - 4) / 4 < keys[3]; k += 4) {
      const uint16_t key = keys[k], location = keys[k + 1], value = keys[k + 3];
      if (location != 0) continue;  // the value is in another tag: not one Runnel needs
      if (key == 1024 && value == 2) return std::nullopt;  // GTModelTypeGeoKey: geographic
      if (key == 3076) metresPerUnit = value == 9002 ? 0.3048 : value == 9003 ? 1200.0 / 3937.0 : 1.0;
    }
  const double x = scale[0] * metresPerUnit, y = scale[1] * metresPerUnit;
  if (!(x > 0.0) || !(y > 0.0) || !std::isfinite(x) || !std::isfinite(y))
    throw Error(path + ": the GeoTIFF pixel scale (" + std::to_string(scale[0]) + " x " +
                std::to_string(scale[1]) + ") is not a positive size");
  if (std::abs(x - y) > 0.01 * std::max(x, y))
    throw Error(path + ": its pixels are " + std::to_string(x) + " x " + std::to_string(y) +
                " m (GeoTIFF pixel scale) and Runnel's cells are square: resample it, or give the cell size");
  return float(x);
}

void writeTiff(AtomicFile& out, const Heightmap& map, float cellSize) {
  TiffFile file(out.tempPath(), "w");
  TIFF* tif = file.get();
  auto fail = [&] { return Error("cannot write " + out.target() + ": " + file.why()); };
  if (!tif) throw fail();
  float lo, hi;
  map.minMax(lo, hi);
  const uint32_t width = uint32_t(map.width()), height = uint32_t(map.height());
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, width);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, height);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, uint16_t(1));
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, uint16_t(32));
  TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, uint16_t(SAMPLEFORMAT_IEEEFP));
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, uint16_t(PHOTOMETRIC_MINISBLACK));
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, uint16_t(PLANARCONFIG_CONTIG));
  TIFFSetField(tif, TIFFTAG_ORIENTATION, uint16_t(ORIENTATION_TOPLEFT));
  TIFFSetField(tif, TIFFTAG_SMINSAMPLEVALUE, double(lo));
  TIFFSetField(tif, TIFFTAG_SMAXSAMPLEVALUE, double(hi));
  TIFFSetField(tif, TIFFTAG_SOFTWARE, "Runnel");
  char cells[48] = "grid spacing 1";
  if (cellSize > 0.0f) std::snprintf(cells, sizeof cells, "%g m cells", double(cellSize));
  const std::string description =
      std::string("heightmap: float32 world heights in metres, ") + cells + ", row 0 = north";
  TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, description.c_str());
  if (cellSize > 0.0f) {
    // Pixel (0, 0)'s corner at the model's origin, y growing north as GIS expect (rows run south).
    const double scale[3] = {cellSize, cellSize, 0.0};
    const double tiepoint[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    TIFFSetField(tif, kPixelScaleTag, uint16_t(3), scale);
    TIFFSetField(tif, kTiepointTag, uint16_t(6), tiepoint);
  }
  if (TIFFIsCODECConfigured(COMPRESSION_ADOBE_DEFLATE)) {
    TIFFSetField(tif, TIFFTAG_COMPRESSION, uint16_t(COMPRESSION_ADOBE_DEFLATE));
    TIFFSetField(tif, TIFFTAG_PREDICTOR, uint16_t(PREDICTOR_FLOATINGPOINT));
  }
  TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
  // A failed write says why first (libtiff's own words, "Write error at scanline 140", do not say the disk
  // is full): errno is cleared before the writes, so one left set is theirs.
  auto failWriting = [&] {
    const int err = errno;
    if (err == 0) return fail();
    return Error("cannot write " + out.target() + ": " + std::strerror(err) + " (libtiff: " + file.why() +
                 ")");
  };
  errno = 0;
  // The predictor rewrites the buffer it is given, so each row goes through a copy.
  std::vector<float> row(width);
  for (uint32_t y = 0; y < height; ++y) {
    std::copy(map.row(int(y)), map.row(int(y)) + width, row.begin());
    if (TIFFWriteScanline(tif, row.data(), y, 0) < 0) throw failWriting();
    reportWork(uint64_t(y) + 1, height);
  }
  if (!TIFFFlush(tif)) throw failWriting();
  file.close();
}

}  // namespace runnel::formats
