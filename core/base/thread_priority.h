// Background work that yields the CPU to the thread the user is watching. On a machine whose cores are all
// busy (two cores, or a software renderer that rasterises on the CPU), an erosion run at the same priority as
// the UI takes half its frames; at a lower priority it takes what the UI leaves, and the view stays smooth.
#pragma once

namespace runnel {

// How far background work is lowered: Linux's nice 10 gets about a tenth of a contended core against nice 0,
// and all of an idle one.
constexpr int kBackgroundNice = 10;

// Lowers the calling thread's priority by `steps` nice levels (to at most 19). Threads it starts afterwards
// inherit the lower priority (Linux schedules each thread on its own), so a model's thread pool does too.
// One way only: an unprivileged thread cannot raise it again. Returns false where that is not possible.
bool lowerThisThreadsPriority(int steps = kBackgroundNice);

// The calling thread's nice value (0 when not known).
int thisThreadsNice();

}  // namespace runnel
