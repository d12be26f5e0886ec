#include "thread_priority.h"

#include <algorithm>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace runnel {

#if defined(__linux__)
namespace {
// setpriority(PRIO_PROCESS, tid) sets one thread's nice on Linux, not the whole process's.
id_t thisThread() {
  return id_t(syscall(SYS_gettid));
}
}  // namespace

int thisThreadsNice() {
  errno = 0;
  int nice = getpriority(PRIO_PROCESS, thisThread());
  return errno == 0 ? nice : 0;
}

bool lowerThisThreadsPriority(int steps) {
  int target = std::min(19, thisThreadsNice() + std::max(0, steps));
  return setpriority(PRIO_PROCESS, thisThread(), target) == 0;
}
#else
int thisThreadsNice() {
  return 0;
}
bool lowerThisThreadsPriority(int) {
  return false;
}
#endif

}  // namespace runnel
