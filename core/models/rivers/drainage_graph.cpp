// Where water goes and how much of it: the outflows, the drainage area in bands and its order. The lakes
// pass is in lakes.cpp.
#include "drainage_graph.h"

#include "core/base/random.h"

#include <algorithm>
#include <cmath>

#include "core/base/error.h"
#include "core/base/row_bands.h"
#include "core/base/thread_pool.h"
#include "core/rain/rain_map.h"

namespace runnel::rivers {

DrainageGraph::DrainageGraph(int width, int height, int threads, float convergeArea) {
  resize(width, height, threads, convergeArea);
}

void DrainageGraph::resize(int width, int height, int threads, float convergeArea) {
  width_ = width;
  height_ = height;
  threads_ = threads;
  convergeArea_ = convergeArea;
  for (int k = 0; k < 8; ++k) offset_[k] = int64_t(kDy[k]) * width + kDx[k];
  // The bands follow the map's size alone, so the sums come out the same on any thread count.
  const int bands = std::clamp(height / kBandRows, 1, kMaxBands);
  bandRow_.resize(size_t(bands) + 1);
  for (int b = 0; b <= bands; ++b) bandRow_[size_t(b)] = int(int64_t(height) * b / bands);
}

void DrainageGraph::chooseReceivers(uint64_t seed) {
  const size_t w = size_t(width_);
  forEachRowBand(height_, w, threads_, [&](int y0, int y1) {
    for (size_t i = size_t(y0) * w; i < size_t(y1) * w; ++i) {
      Outflow& f = outflow_[i];
      if (f.facet == 0) continue;
      int total = 0;
      for (int k = 0; k < 8; ++k) total += f.spread[k];
      int pick = int((splitmix64(seed ^ splitmix64(i)) >> 33) % uint64_t(total));
      int k = 0;
      while (pick >= f.spread[k]) pick -= f.spread[k++];
      f.facet = uint8_t(1 + k);  // facet k lies between k's cardinal and diagonal: all of it to k
      f.diagonalShare = (k & 1) ? uint8_t(Outflow::kShares) : 0;
    }
  });
}

void DrainageGraph::route(const float* h) {
  const size_t w = size_t(width_), n = w * size_t(height_);
  outflow_.resize(n);
  marks_.resize(n);
  forEachRowBand(height_, w, threads_, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      Outflow* row = outflow_.data() + size_t(y) * w;
      uint8_t* waiting = marks_.data() + size_t(y) * w;
      // The border only receives: it sends nothing and is never due.
      row[0] = row[w - 1] = Outflow{};
      waiting[0] = waiting[w - 1] = kNeverDue;
      if (y == 0 || y == height_ - 1) {
        std::fill(row, row + w, Outflow{});
        std::fill(waiting, waiting + w, kNeverDue);
      } else {
        outflowsOfRow(h, w, size_t(y), 1, w - 1, row, waiting);
      }
    }
  });
  // A higher border cell sends nothing: cells beside the border wait only for their interior neighbours.
  auto uncountBorder = [&](size_t c) {
    for (int k = 0; k < 8; ++k) {
      const size_t j = size_t(int64_t(c) + offset_[k]);
      marks_[c] = uint8_t(marks_[c] - uint8_t(onBorder(j) && h[j] > h[c]));
    }
  };
  if (width_ < 3 || height_ < 3) return;
  for (size_t x = 1; x + 1 < w; ++x) {
    uncountBorder(w + x);
    if (height_ > 3) uncountBorder(n - 2 * w + x);
  }
  for (size_t y = 2; y + 2 < size_t(height_); ++y) {
    uncountBorder(y * w + 1);
    if (width_ > 3) uncountBorder(y * w + w - 2);
  }
}

void DrainageGraph::accumulate(const RainMap* rain) {
  const size_t w = size_t(width_), n = w * size_t(height_);
  area_.resize(n);
  if (rain) {
    const uint16_t* levels = rain->levels();
    for (size_t i = 0; i < n; ++i) area_[i] = float(levels[i]) * (1.0f / float(RainMap::kFullLevel));
    for (const Spring& s : rain->springs()) {
      const int x = std::clamp(int(std::lround(s.x)), 0, width_ - 1);
      const int y = std::clamp(int(std::lround(s.y)), 0, height_ - 1);
      area_[size_t(y) * size_t(width_) + size_t(x)] += s.rate;
    }
  } else {
    std::fill(area_.begin(), area_.end(), 1.0f);
  }
  phases_ = 0;
  order_.clear();
  if (width_ < 3 || height_ < 3) return;
  const size_t interior = size_t(width_ - 2) * size_t(height_ - 2);
  order_.resize(interior + kQueueSlack * (bandRow_.size() - 1));
  const size_t bands = bandRow_.size() - 1;
  bandBegin_.resize(bands);
  bandEnd_.resize(bands);
  phaseEnd_.resize(bands);
  size_t begin = 0;
  for (size_t b = 0; b < bands; ++b) {
    bandBegin_[b] = bandEnd_[b] = begin;
    const int rows = std::min(bandRow_[b + 1], height_ - 1) - std::max(bandRow_[b], 1);
    begin += size_t(std::max(rows, 0)) * (w - 2) + kQueueSlack;
    phaseEnd_[b].clear();
  }
  inboxWater_.assign((bands - 1) * 4 * w, 0.0f);
  inboxSenders_.assign(inboxWater_.size(), 0);
  inboxTouched_.assign((bands - 1) * 4, 0);
  ThreadPool pool(std::min(threadsFor(threads_), int(bands)));
  size_t summed = 0;
  for (int phase = 0; summed < interior; ++phase) {
    pool.forEach(bands, [&](size_t b) { sumBand(b, phase); });
    const size_t before = summed;
    summed = 0;
    for (size_t b = 0; b < bands; ++b) summed += bandEnd_[b] - bandBegin_[b];
    phases_ = phase + 1;
    // Heights strictly fall along every way water goes, so some cell is always due.
    if (summed == before) throw Error("drainage area: water runs in a circle (a bug)");
  }
}

void DrainageGraph::sumBand(size_t b, int phase) {
  const size_t w = size_t(width_), bands = bandRow_.size() - 1;
  const size_t firstRow = size_t(bandRow_[b]), endRow = size_t(bandRow_[b + 1]);
  const size_t lo = firstRow * w, hi = endRow * w;
  // Cells whose every neighbour lies in the band, and so in no other band's hands.
  const size_t innerLo = lo + w, innerHi = std::max(hi - w, innerLo);
  // Water for the neighbouring bands' edge rows, written this phase and taken in at the next.
  const int writing = phase & 1, reading = writing ^ 1;
  float* upWater = b > 0 ? &inboxWater_[inboxSlot(b - 1, kUp, writing) * w] : nullptr;
  uint8_t* upSenders = b > 0 ? &inboxSenders_[inboxSlot(b - 1, kUp, writing) * w] : nullptr;
  float* downWater = b + 1 < bands ? &inboxWater_[inboxSlot(b, kDown, writing) * w] : nullptr;
  uint8_t* downSenders = b + 1 < bands ? &inboxSenders_[inboxSlot(b, kDown, writing) * w] : nullptr;

  // A cell is due once every cell that sends it water is done; then its own area is whole and goes on to
  // its lower neighbours. The band's stretch of the order is the queue of due cells: a cell is summed when
  // it comes up, so the cells some way ahead are known and their neighbourhoods are fetched from memory
  // while this one is summed (on a big map each cell's neighbours are mostly out of cache, and waiting for
  // them cost more than all the arithmetic). Inside the band every neighbour is written, zero share or not,
  // and a due cell is queued by moving the tail or not: branches here would mostly be mispredicted.
  // Everything the loop reads is in locals: a byte store (marks) may alias any member, which would be
  // reloaded.
  float* const area = area_.data();
  uint8_t* const marks = marks_.data();
  const Outflow* const outflow = outflow_.data();
  uint32_t* const order = order_.data();
  const float convergeArea = convergeArea_;
  int64_t offset[8];
  for (int k = 0; k < 8; ++k) offset[k] = offset_[k];
  size_t head = bandEnd_[b], tail = head;
  auto queue = [&](size_t c) {
    marks[c] = kDone;
    order[tail++] = uint32_t(c);
  };
  auto drain = [&] {
    float share[8];
    while (head < tail) {
      if (head + kLookAhead < tail) {
        const size_t f = order[head + kLookAhead];
        for (size_t r = f - w - 1; r <= f + w - 1; r += w) {
          __builtin_prefetch(marks + r, 1);
          __builtin_prefetch(area + r, 1);
          __builtin_prefetch(area + r + 2, 1);
        }
        __builtin_prefetch(outflow + f);
      }
      const uint32_t c = order[head++];
      const float a = area[c];
      sharesOf(outflow[c], a, convergeArea, share);
      const uint8_t* spread = outflow[c].spread;
      if (c >= innerLo && c < innerHi) {
        for (int k = 0; k < 8; ++k) {
          const size_t j = size_t(int64_t(c) + offset[k]);
          area[j] += a * share[k];
          const uint8_t lower = spread[k] != 0;
          const uint8_t waiting = uint8_t(marks[j] - lower);
          const bool due = lower & (waiting == 0);
          marks[j] = due ? kDone : waiting;
          order[tail] = uint32_t(j);  // the band's stretch has kQueueSlack spare slots past its end
          tail += due;
        }
        continue;
      }
      for (int k = 0; k < 8; ++k) {
        const size_t j = size_t(int64_t(c) + offset[k]);
        const uint8_t lower = spread[k] != 0;
        if (j >= lo && j < hi) {
          area[j] += a * share[k];
          marks[j] = uint8_t(marks[j] - lower);
          if (lower && marks[j] == 0) queue(j);
        } else if (lower) {
          const bool up = j < lo;
          const size_t x = up ? j - (lo - w) : j - hi;
          (up ? upWater : downWater)[x] += a * share[k];
          (up ? upSenders : downSenders)[x] += 1;
          inboxTouched_[inboxSlot(up ? b - 1 : b, up ? kUp : kDown, writing)] = 1;
        }
      }
    }
  };

  if (phase == 0) {
    // The band's sources (no higher neighbour) start the queue.
    for (size_t y = std::max<size_t>(firstRow, 1); y < std::min(endRow, size_t(height_) - 1); ++y)
      for (size_t s = y * w + 1; s < (y + 1) * w - 1; ++s)
        if (marks[s] == 0) queue(s);
  } else {
    // The water other bands sent last phase, into this band's first and last rows.
    auto takeIn = [&](size_t slot, size_t row) {
      if (!inboxTouched_[slot]) return;
      inboxTouched_[slot] = 0;
      float* water = &inboxWater_[slot * w];
      uint8_t* senders = &inboxSenders_[slot * w];
      for (size_t x = 0; x < w; ++x) {
        if (senders[x] == 0) continue;
        const size_t c = row * w + x;
        area[c] += water[x];
        marks[c] = uint8_t(marks[c] - senders[x]);
        water[x] = 0.0f;
        senders[x] = 0;
        if (marks[c] == 0) queue(c);
      }
    };
    if (b > 0) takeIn(inboxSlot(b - 1, kDown, reading), firstRow);
    if (b + 1 < bands) takeIn(inboxSlot(b, kUp, reading), endRow - 1);
  }
  drain();
  const size_t done = tail;
  bandEnd_[b] = done;
  phaseEnd_[b].push_back(uint32_t(done));
}

void DrainageGraph::visitReceiversFirst(const std::function<void(const uint32_t*, size_t)>& visit) const {
  const size_t bands = bandRow_.size() - 1;
  ThreadPool pool(std::min(threadsFor(threads_), int(bands)));
  for (int phase = phases_ - 1; phase >= 0; --phase)
    pool.forEach(bands, [&](size_t b) {
      const size_t begin = phase == 0 ? bandBegin_[b] : phaseEnd_[b][size_t(phase) - 1];
      const size_t end = phaseEnd_[b][size_t(phase)];
      if (end > begin) visit(order_.data() + begin, end - begin);
    });
}

std::vector<uint32_t> DrainageGraph::donorsFirstOrder() const {
  std::vector<uint32_t> order;
  for (int phase = 0; phase < phases_; ++phase)
    for (size_t b = 0; b + 1 < bandRow_.size(); ++b) {
      const size_t begin = phase == 0 ? bandBegin_[b] : phaseEnd_[b][size_t(phase) - 1];
      order.insert(order.end(), order_.begin() + ptrdiff_t(begin),
                   order_.begin() + ptrdiff_t(phaseEnd_[b][size_t(phase)]));
    }
  return order;
}

}  // namespace runnel::rivers
