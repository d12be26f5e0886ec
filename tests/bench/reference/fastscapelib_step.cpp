// The reference research code's step on the same terrain as bench_rivers, for a same-run comparison (the
// machine's speed moves by a third between days; a ratio taken in one run does not). Built outside the
// project by tests/bench/fastscapelib_compare.sh against a fastscapelib snapshot; not part of the build.
//
// A step as fastscapelib's own examples take it: uplift, flow routes (steepest descent, depressions
// resolved by its minimum-spanning-tree resolver, carved), drainage area, the implicit stream power
// eroder, and (with --diffusion) its ADI hillslope diffusion.
//   fastscapelib_step HEIGHTS.r32 SIDE CELL_METRES [STEPS] [--diffusion] [--mfd] [--pflood]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "fastscapelib/eroders/diffusion_adi.hpp"
#include "fastscapelib/eroders/spl.hpp"
#include "fastscapelib/flow/flow_graph.hpp"
#include "fastscapelib/flow/flow_router.hpp"
#include "fastscapelib/flow/sink_resolver.hpp"
#include "fastscapelib/grid/raster_grid.hpp"

namespace fs = fastscapelib;

// Steps on `heights`; the milliseconds of each.
template <class Graph, class Grid>
std::vector<double> run(Graph&& graph, Grid& grid, const std::vector<float>& heights, double cell, int steps,
                        bool diffusion) {
  const std::size_t side = grid.shape()[0];
  xt::xtensor<double, 2> elevation = xt::zeros<double>({side, side});
  std::copy(heights.begin(), heights.end(), elevation.begin());
  const double dt = 2e3, uplift = 1e-3;
  auto spl = fs::make_spl_eroder(graph, 2e-5, 0.45, 1.0, 1e-5);
  auto creep = fs::make_diffusion_adi_eroder(grid, 0.01);
  xt::xtensor<double, 2> uplifted = elevation;
  std::vector<double> ms;
  for (int s = 0; s < steps; ++s) {
    const auto t0 = std::chrono::steady_clock::now();
    uplifted = elevation;
    for (std::size_t y = 1; y + 1 < side; ++y)
      for (std::size_t x = 1; x + 1 < side; ++x) uplifted(y, x) += uplift * dt;
    const auto t1 = std::chrono::steady_clock::now();
    graph.update_routes(uplifted);
    const auto t2 = std::chrono::steady_clock::now();
    const auto area = graph.accumulate(cell * cell);
    const auto t3 = std::chrono::steady_clock::now();
    const auto& cut = spl.erode(uplifted, area, dt);
    elevation = uplifted - cut;
    const auto t4 = std::chrono::steady_clock::now();
    if (diffusion) elevation -= creep.erode(elevation, dt);
    const auto t5 = std::chrono::steady_clock::now();
    auto since = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
    ms.push_back(since(t0, t5));
    std::printf("step %d: %.1f ms (uplift %.1f, routes %.1f, area %.1f, erode %.1f, diffusion %.1f)\n", s + 1,
                ms.back(), since(t0, t1), since(t1, t2), since(t2, t3), since(t3, t4), since(t4, t5));
  }
  return ms;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s HEIGHTS.r32 SIDE CELL_METRES [STEPS] [--diffusion] [--mfd] [--pflood]\n",
                 argv[0]);
    return 2;
  }
  const std::size_t side = std::strtoul(argv[2], nullptr, 10);
  const double cell = std::strtod(argv[3], nullptr);
  int steps = 5;
  bool diffusion = false, mfd = false, pflood = false;
  for (int a = 4; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--diffusion"))
      diffusion = true;
    else if (!std::strcmp(argv[a], "--mfd"))
      mfd = true;
    else if (!std::strcmp(argv[a], "--pflood"))
      pflood = true;
    else
      steps = std::atoi(argv[a]);
  }
  std::vector<float> heights(side * side);
  std::ifstream in(argv[1], std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(heights.data()), std::streamsize(heights.size() * sizeof(float)))) {
    std::fprintf(stderr, "%s: not %zu x %zu floats\n", argv[1], side, side);
    return 1;
  }
  auto grid = fs::raster_grid({side, side}, {cell, cell}, fs::node_status::fixed_value);
  using graph_type = fs::flow_graph<fs::raster_grid<>>;
  // Its two ways with depressions: the minimum spanning tree of basins (carving through the sills), or a
  // priority flood before routing (filling); then steepest descent, or multiple directions.
  auto mst = [] { return fs::mst_sink_resolver(fs::mst_method::kruskal, fs::mst_route_method::carve); };
  std::vector<double> ms;
  if (pflood && mfd)
    ms = run(graph_type(grid, {fs::pflood_sink_resolver(), fs::multi_flow_router(1.0)}), grid, heights, cell,
             steps, diffusion);
  else if (pflood)
    ms = run(graph_type(grid, {fs::pflood_sink_resolver(), fs::single_flow_router()}), grid, heights, cell,
             steps, diffusion);
  else if (mfd)
    ms = run(graph_type(grid, {fs::single_flow_router(), mst(), fs::multi_flow_router(1.0)}), grid, heights,
             cell, steps, diffusion);
  else
    ms = run(graph_type(grid, {fs::single_flow_router(), mst()}), grid, heights, cell, steps, diffusion);
  std::sort(ms.begin(), ms.end());
  std::printf("fastscapelib %zu^2 median %.1f ms a step\n", side, ms[ms.size() / 2]);
}
