// Text quoted in a message shows every byte a terminal would act on as \xNN, and only those: C0 controls
// but tab, and DEL (0x7f, which some terminals take as a rub-out); printable ASCII and UTF-8 pass as written.
#include "core/base/printable.h"

#include <gtest/gtest.h>

namespace runnel {
namespace {

TEST(Printable, EveryControlByteAndOnlyThoseIsEscaped) {
  EXPECT_EQ(printable("a\x1b[2Jb"), "'a\\x1b[2Jb'");
  EXPECT_EQ(printable("rub\x7fout"), "'rub\\x7fout'");
  EXPECT_EQ(printable("line\r\nnext\x07"), "'line\\x0d\\x0anext\\x07'");
  EXPECT_EQ(printable("tab\tand ~ ` { } stay"), "'tab\tand ~ ` { } stay'");
  EXPECT_EQ(printable("Gr\xc3\xbc\xc3\x9f Gott"), "'Gr\xc3\xbc\xc3\x9f Gott'");  // UTF-8 as written
  for (int c = 0; c < 256; ++c) {
    const bool control = (c < 0x20 && c != '\t') || c == 0x7f;
    EXPECT_EQ(isControlByte(static_cast<unsigned char>(c)), control) << c;
  }
}

TEST(Printable, TheFirstControlByteIsFoundAndNamed) {
  EXPECT_FALSE(firstControlByte("title Alpine ~ range\t# ok").has_value());
  EXPECT_EQ(firstControlByte("seed 4\x7f"), 6u);
  EXPECT_EQ(controlByteMessage("seed 4\x7f", 6), "holds a control byte (\\x7f) at byte 7: 'seed 4\\x7f'");
}

}  // namespace
}  // namespace runnel
