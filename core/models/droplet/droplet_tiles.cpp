#include "droplet_tiles.h"

#include <algorithm>

#include "core/base/thread_pool.h"
#include "core/rain/rain_map.h"

namespace runnel {

// Tiles of one colour are at least 64 cells apart (a tile of the other colour between them). A droplet
// standing up to kHalo cells outside its tile touches cells up to kHalo + 2 outside it (its brush reaches
// one cell before and two after its own), so two running tiles stay apart while 2 (kHalo + 2) < 64.
constexpr int kHalo = 24;

// alignas: tiles of one phase are filled by different threads; keep each on its own cache lines.
struct alignas(64) DropletTiles::Tile {
  DropletRegion region;
  int phase;
  std::vector<uint32_t> inbox;  // droplets to run at this tile's next phase
  std::vector<Handoff> outbox;  // droplets that stepped off it in its last phase
  std::vector<uint32_t> ended;  // droplets that ended here in its last phase
};

DropletTiles::DropletTiles(int threads) : pool_(std::make_unique<ThreadPool>(threadsFor(threads))) {}
DropletTiles::~DropletTiles() = default;

StartCell dropletStart(const RainMap* rain, int width, int rows, DropletRandom& rng) {
  if (rain) return rain->sample(rng);
  const int x = int(rng.below(uint32_t(width)));
  return {x, int(rng.below(uint32_t(rows)))};
}

int DropletTiles::threads() const {
  return pool_->threads();
}

int DropletTiles::tilesAlong(int n, Edges edges) {
  // Tiles of at least 64 cells keep hand-offs rare (a droplet crosses one every few dozen steps); at most
  // 32 a side keeps the per-phase work worth a thread even on 16k maps. Any size of 3 or more cells keeps
  // tiles of one colour apart: a droplet's step touches one cell before and two after its own.
  const int side = std::max(64, n / 32);
  int tiles = std::max(1, n / side);
  if (edges == Edges::Wrap && tiles > 1 && tiles % 2) --tiles;
  return tiles;
}

void DropletTiles::layout(int width, int rows, Edges edges) {
  if (width == width_ && rows == rows_ && edges == edges_ && !tiles_.empty()) return;
  width_ = width, rows_ = rows, edges_ = edges;
  tilesX_ = tilesAlong(width, edges), tilesZ_ = tilesAlong(rows, edges);
  auto edgesOf = [](int n, int tiles, std::vector<int>& tileOf) {
    std::vector<int> starts(size_t(tiles) + 1);
    for (int i = 0; i <= tiles; ++i) starts[size_t(i)] = int(int64_t(n) * i / tiles);
    tileOf.resize(size_t(n));
    for (int i = 0; i < tiles; ++i)
      for (int x = starts[size_t(i)]; x < starts[size_t(i) + 1]; ++x) tileOf[size_t(x)] = i;
    return starts;
  };
  const std::vector<int> xs = edgesOf(width, tilesX_, colOf_), zs = edgesOf(rows, tilesZ_, rowOf_);
  tiles_ = std::vector<Tile>(size_t(tilesX_) * size_t(tilesZ_));
  for (int tz = 0; tz < tilesZ_; ++tz)
    for (int tx = 0; tx < tilesX_; ++tx) {
      Tile& tile = tiles_[size_t(tz) * size_t(tilesX_) + size_t(tx)];
      // A droplet may wander kHalo cells past its tile before it is handed on (clipped at the map's
      // edges, so no region crosses a wrapping seam): far fewer hand-offs than at the tile's edge.
      tile.region = {std::max(xs[size_t(tx)] - kHalo, 0), std::max(zs[size_t(tz)] - kHalo, 0),
                     std::min(xs[size_t(tx) + 1] + kHalo, width), std::min(zs[size_t(tz) + 1] + kHalo, rows)};
      tile.phase = (tx & 1) + 2 * (tz & 1);
    }
}

int DropletTiles::tileAt(float x, float z) const {
  // Positions are on the map (the kernel wraps them, or ends a droplet that leaves an open edge).
  const int cx = std::clamp(int(x), 0, width_ - 1), cz = std::clamp(int(z), 0, rows_ - 1);
  return rowOf_[size_t(cz)] * tilesX_ + colOf_[size_t(cx)];
}

double DropletTiles::run(const TerrainView& t, const DropletConstants& k, const RainMap* rain, uint64_t seed,
                         uint64_t first, uint64_t count, DropletTally& tally,
                         const std::function<void(uint64_t)>& waveEnded) {
  const bool sameMap = t.width == width_ && t.rows == rows_ && t.edges == edges_ && !tiles_.empty();
  if (!sameMap || first != next_) {
    dropFlight();
    layout(t.width, t.rows, t.edges);
    next_ = first;
  }
  const uint64_t wave = waveSize(t.width, t.rows), end = first + count;
  while (next_ < end) {
    if (droplets_.empty()) launchWave(t, rain, seed, next_, uint32_t((next_ / wave + 1) * wave - next_));
    const uint64_t waveEnd = waveFirst_ + droplets_.size(), stop = std::min(end, waveEnd);
    // Phases in a fixed round, whatever `end` is: a run that stops here and one that goes on past it
    // run the same phases. Counts the droplets that have ended, in index order, up to the first still
    // going (the last run may have stopped before droplets that had already ended).
    auto countEnded = [&] {
      for (; next_ < stop && ended_[next_ - waveFirst_]; ++next_)
        tallyDroplet(droplets_[next_ - waveFirst_], tally);
    };
    for (countEnded(); next_ < stop; countEnded()) {
      std::vector<int>& running = active_[phase_];
      phase_ = (phase_ + 1) & 3;
      if (running.empty()) continue;
      runPhase(t, k, running);
      // Hand the droplets that stepped off a tile to their next tile (which is of another phase). Each
      // inbox is sorted before it runs, so the order these arrive in does not matter.
      for (int id : running) {
        Tile& tile = tiles_[size_t(id)];
        for (uint32_t i : tile.ended) ended_[i] = 1;
        tile.ended.clear();
        for (const Handoff& h : tile.outbox) {
          Tile& next = tiles_[size_t(h.tile)];
          if (next.inbox.empty()) active_[next.phase].push_back(h.tile);
          next.inbox.push_back(h.droplet);
        }
        tile.outbox.clear();
      }
      running.clear();
    }
    if (next_ == waveEnd) {  // every droplet of the wave has ended: no tile has any waiting
      droplets_.clear();
      ended_.clear();
      phase_ = 0;
      if (waveEnded) waveEnded(waveEnd);
    }
  }
  // Droplets not yet counted: still going, or ended with what they carried off an open edge.
  double carried = 0;
  for (size_t i = next_ - waveFirst_; i < droplets_.size(); ++i) carried += double(droplets_[i].s);
  return carried;
}

void DropletTiles::continueFrom(const DropletTiles& other) {
  width_ = other.width_, rows_ = other.rows_, tilesX_ = other.tilesX_, tilesZ_ = other.tilesZ_;
  edges_ = other.edges_;
  colOf_ = other.colOf_, rowOf_ = other.rowOf_;
  tiles_ = other.tiles_;
  droplets_ = other.droplets_;
  ended_ = other.ended_;
  waveFirst_ = other.waveFirst_, next_ = other.next_;
  phase_ = other.phase_;
  for (int p = 0; p < 4; ++p) active_[p] = other.active_[p];
}

void DropletTiles::dropFlight() {
  for (Tile& tile : tiles_) {
    tile.inbox.clear();
    tile.outbox.clear();
    tile.ended.clear();
  }
  for (std::vector<int>& a : active_) a.clear();
  droplets_.clear();
  ended_.clear();
  phase_ = 0;
}

uint64_t DropletTiles::waveSize(int width, int rows) {
  const uint64_t perCells = uint64_t(width) * uint64_t(rows) / 256;
  uint64_t wave = 64;
  while (wave * 2 <= std::min<uint64_t>(perCells, 1024)) wave *= 2;
  return wave;
}

void DropletTiles::launchWave(const TerrainView& t, const RainMap* rain, uint64_t seed, uint64_t first,
                              uint32_t count) {
  // The wave's droplets: start cells drawn from each droplet's own generator (in parallel). The droplet reads
  // the heights there when it first runs, as it would one at a time.
  waveFirst_ = first;
  droplets_.clear();  // (it is: a wave starts when the last has ended)
  droplets_.resize(count);
  ended_.assign(count, 0);
  phase_ = 0;
  const uint32_t parts = count >= 256 ? 8 : 1;
  pool_->forEach(parts, [&](size_t part) {
    const uint32_t from = uint32_t(uint64_t(count) * part / parts);
    const uint32_t to = uint32_t(uint64_t(count) * (part + 1) / parts);
    for (uint32_t i = from; i < to; ++i) {
      DropletRandom rng(seed, first + i);
      const StartCell c = dropletStart(rain, t.width, t.rows, rng);
      DropletState& d = droplets_[i];  // fresh from the resize
      d.x = float(c.x), d.z = float(c.y);
      d.rng = rng;
    }
  });
  for (uint32_t i = 0; i < count; ++i) {
    const int id = tileAt(droplets_[i].x, droplets_[i].z);
    Tile& tile = tiles_[size_t(id)];
    if (tile.inbox.empty()) active_[tile.phase].push_back(id);
    tile.inbox.push_back(i);
  }
}

void DropletTiles::runPhase(const TerrainView& t, const DropletConstants& k, std::vector<int>& running) {
  size_t waiting = 0;
  for (int id : running) waiting += tiles_[size_t(id)].inbox.size();
  if (running.size() == 1 || waiting < 8 || pool_->threads() == 1) {
    for (int id : running) runTile(t, k, tiles_[size_t(id)]);
    return;
  }
  // Busiest tiles first, so a long one starts early; each thread takes the next tile left.
  std::sort(running.begin(), running.end(), [&](int a, int b) {
    const size_t na = tiles_[size_t(a)].inbox.size(), nb = tiles_[size_t(b)].inbox.size();
    return na != nb ? na > nb : a < b;
  });
  pool_->forEach(running.size(), [&](size_t i) { runTile(t, k, tiles_[size_t(running[i])]); });
}

void DropletTiles::runTile(const TerrainView& t, const DropletConstants& k, Tile& tile) {
  std::sort(tile.inbox.begin(), tile.inbox.end());
  for (uint32_t i : tile.inbox) {
    DropletState& d = droplets_[i];
    // A new droplet reads the ground when it first runs; one that waited for this tile reads it again.
    if (d.moves == 0)
      d = startDroplet(t, int(d.x), int(d.z), d.rng);
    else
      refreshDroplet(t, d);
    if (continueDroplet(t, k, tile.region, d))
      tile.ended.push_back(i);
    else
      tile.outbox.push_back({tileAt(d.x, d.z), i});
  }
  tile.inbox.clear();
}

}  // namespace runnel
