# run_fuzzer.sh FUZZER CORPUS RUNS: replays a libFuzzer target's seed corpus (every committed input, the
# regression files among them), then mutates it for RUNS inputs from a fixed seed, so a run is the same run
# every time (a time limit would vary with the machine's load). The limits catch the blow-ups of issue 16:
# 256 MB of memory, 10 s for one input. A crash, leak, timeout or out-of-memory fails the test and leaves
# the input in the scratch folder, named. A longer campaign outside CI: the same command with a larger RUNS
# (or -max_total_time) and without -seed.
set -eu
fuzzer=$1 corpus=$2 runs=${3:-20000}
# The targets are built with AddressSanitizer, whose quarantine keeps up to 256 MB of freed memory by
# default: the process's RSS then grew past the 256 MB limit with nothing live (a 15-minute campaign of
# fuzz_heightmap stopped on a false out-of-memory after 56 s at 286 MB; its input alone takes 36 MB). A
# small quarantine keeps the limit about what the reader holds.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16"
work=$(mktemp -d)
cp -r "$corpus"/. "$work/" 2>/dev/null || true
cd "$work"
if "$fuzzer" "$work" -seed=1 -runs="$runs" -max_total_time=600 -rss_limit_mb=256 -malloc_limit_mb=256 \
  -timeout=10 -max_len=65536 -print_final_stats=1 >log.txt 2>&1; then
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" log.txt || true
  grep -E "cov: [0-9]+" log.txt | tail -1 || true
  rm -rf "$work"
  exit 0
fi
echo "FAIL: $(basename "$fuzzer") found a problem; the input and log are in $work" >&2
tail -40 log.txt >&2
exit 1
