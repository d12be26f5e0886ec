// Temporary: TIFF, EXR and OBJ land next; until then they refuse clearly.
#include "error.h"
#include "formats.h"

namespace runnel::formats {
Decoded readTiff(const std::string& path) {
  throw Error(path + ": TIFF reading is not available yet");
}
void writeTiff(AtomicFile& out, const Heightmap&) {
  throw Error("cannot write " + out.target() + ": TIFF writing is not available yet");
}
Heightmap readExr(const std::string& path) {
  throw Error(path + ": EXR reading is not available yet");
}
void writeExr(AtomicFile& out, const Heightmap&) {
  throw Error("cannot write " + out.target() + ": EXR writing is not available yet");
}
void writeObj(AtomicFile& out, const Heightmap&, int) {
  throw Error("cannot write " + out.target() + ": OBJ writing is not available yet");
}
}  // namespace runnel::formats
