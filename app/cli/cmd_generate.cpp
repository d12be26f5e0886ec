// runnel-cli generate: a terrain from fBm noise, ridged noise or fault formation, written to a file.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/io/heightmap_io.h"
#include "files.h"

namespace runnel::cli {

// " (default X)" with the value GeneratorSettings starts with, so the help never drifts from the code.
static std::string byDefault(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, " (default %g)", v);
  return buf;
}

// The default relief of a 1024 map of 30 m cells, as the help shows it: "1015 m over 30.7 km".
static std::string reliefOver1024() {
  GeneratorSettings s;
  s.width = s.height = 1024;
  s.cellSize = 30.0f;
  char text[64];
  std::snprintf(text, sizeof text, "%.0f m over %.1f km", double(effectiveRelief(s)), 1024 * 30.0 / 1000.0);
  return text;
}

static ArgParser generateParser() {
  const GeneratorSettings d;
  ArgParser p("generate");
  p.add({"--kind", FlagKind::Value, "K",
         std::string("fbm, ridged or fault (default ") + toString(d.kind) + ")"})
      .add({"--size", FlagKind::Value, "N|WxH",
            "map size in cells, 2 to 16384 a side (default " + std::to_string(d.width) + "x" +
                std::to_string(d.height) + ")"})
      .add({"--seed", FlagKind::Value, "S", "random seed, 0 to 2^64-1" + byDefault(double(d.seed))})
      .add({"--cell-size", FlagKind::Value, "M", "metres per cell" + byDefault(d.cellSize)})
      .add({"--relief", FlagKind::Value, "H",
            "max - min height in metres (default: a mountain range's for the map's extent E: " +
                std::to_string(int(kMaxRelief)) + " x E / (E + " +
                std::to_string(int(kHalfReliefExtent / 1000)) + " km), " + reliefOver1024() +
                ", never over " + std::to_string(int(kMaxRelief)) + " m)"})
      .add({"--exponent", FlagKind::Value, "X",
            "height curve: heights (as a share of the relief) to this power; above 1 widens lowlands and "
            "sharpens peaks like real land, 1 keeps the plain noise" +
                byDefault(d.exponent)})
      .add({"--rise", FlagKind::Value, "X",
            "the land rises from the map's edges inland by this share of the relief, so its rivers leave at "
            "the edges; 0 for --tileable maps unless given" +
                byDefault(kDefaultRise)})
      .add({"--tileable", FlagKind::Switch, "", "make the map wrap seamlessly at its edges"})
      .add({"--scale", FlagKind::Value, "X",
            "noise: largest features as a share of the larger side" + byDefault(d.scale)})
      .add({"--octaves", FlagKind::Value, "N", "noise: octaves" + byDefault(d.octaves)})
      .add({"--lacunarity", FlagKind::Value, "X",
            "noise: frequency factor between octaves" + byDefault(d.lacunarity)})
      .add({"--gain", FlagKind::Value, "X", "noise: amplitude factor between octaves" + byDefault(d.gain)})
      .add({"--faults", FlagKind::Value, "N", "fault: number of faults" + byDefault(d.faults)})
      .add({"--falloff", FlagKind::Value, "X",
            "fault: 0 sharp steps; > 0 softens them over about 1/X cells" + byDefault(d.falloff)})
      .add({"-o", FlagKind::Value, "OUT", "output file (format from the extension)", "--output"})
      .add(hillshadeFlag())
      .add(outRangeFlag())
      .add(objStepFlag())
      .add(objTrianglesFlag())
      .add(byteOrderFlag())
      .add(quietFlag());
  return p;
}

static void printHelp(const ArgParser& p) {
  std::printf(
      "usage: runnel-cli generate --kind fbm|ridged|fault --size N|WxH [--seed S] [--cell-size M] [--relief "
      "H] "
      "[--tileable] -o OUT\n"
      "\n"
      "Makes a terrain, deterministic by seed, and writes it to OUT.\n"
      "\n%s"
      "\nexample: runnel-cli generate --kind ridged --size 1024x512 --seed 7 --tileable -o ridges.exr\n",
      p.flagHelp().c_str());
}

int runGenerate(const Args& args) {
  ArgParser parser = generateParser();
  if (wantsHelp(args)) {
    printHelp(parser);
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals()[0] + "'");
  auto out = a.value("-o");
  if (!out) throw UsageError("-o OUT is required");

  GeneratorSettings s;
  if (auto v = a.value("--kind")) {
    try {
      s.kind = generatorKindFromString(*v);
    } catch (const Error& e) {
      throwUsage("--kind", e);
    }
  }
  if (auto v = a.value("--size")) {
    int64_t w, h;
    parseSize("--size", *v, w, h);
    checkSize(w, h, "--size");
    s.width = int(w);
    s.height = int(h);
  }
  if (auto v = a.value("--seed")) s.seed = parseSeed("--seed", *v);
  if (auto v = a.value("--cell-size")) s.cellSize = parseFloat("--cell-size", *v);
  if (auto v = a.value("--relief")) s.relief = parseFloat("--relief", *v);
  if (auto v = a.value("--exponent")) s.exponent = parseFloat("--exponent", *v);
  if (auto v = a.value("--rise")) s.rise = parseFloat("--rise", *v);
  s.tileable = a.has("--tileable");
  if (auto v = a.value("--scale")) s.scale = parseFloat("--scale", *v);
  if (auto v = a.value("--octaves")) s.octaves = parseInt32("--octaves", *v);
  if (auto v = a.value("--lacunarity")) s.lacunarity = parseFloat("--lacunarity", *v);
  if (auto v = a.value("--gain")) s.gain = parseFloat("--gain", *v);
  if (auto v = a.value("--faults")) s.faults = parseInt32("--faults", *v);
  if (auto v = a.value("--falloff")) s.falloff = parseFloat("--falloff", *v);
  validate(s);

  // Every output is checked before the work starts.
  WriteOptions writeOptions = writeOptionsFrom(a);
  writeOptions.cellSize = s.cellSize;
  std::vector<std::string> written = pathsWritten(*out, checkHeightmapOutput(*out));
  auto hillshade = a.value("--hillshade");
  if (hillshade) {
    checkPreviewOutput(*hillshade);
    written.push_back(*hillshade);
  }
  checkDistinct(written);

  Heightmap map = generate(s);
  writeHeightmap(*out, map, writeOptions);
  if (hillshade) writePreviewPng(*hillshade, map, PreviewKind::Hillshade, s.cellSize);
  float lo, hi;
  map.minMax(lo, hi);
  if (!a.has("--quiet"))
    std::printf("generated %s %dx%d seed %llu, %s, heights %g to %g m -> %s\n", toString(s.kind), map.width(),
                map.height(), static_cast<unsigned long long>(s.seed),
                describeExtent(s.width, s.height, s.cellSize).c_str(), lo, hi, out->c_str());
  return 0;
}

}  // namespace runnel::cli
