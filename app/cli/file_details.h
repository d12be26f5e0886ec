// What a heightmap file's header says (sample type, bit depth, channels, compression), read straight from
// the bytes for `runnel-cli info`: the reader turns every format into floats and forgets this.
#pragma once
#include <string>

namespace runnel::cli {

// One line such as "PNG, 16-bit grey, 403x344" or "raw r32 (32-bit float little-endian), 262144 bytes".
// Never throws: a header it cannot read is described as such (reading the heights reports the error).
std::string describeFile(const std::string& path);

}  // namespace runnel::cli
