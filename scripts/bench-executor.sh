#!/usr/bin/env bash
# Executor benchmark: builds clack-bench-executor in release mode and, RUNS times (default 3),
# runs the real-time executor thread on a board's simulated twin for SECONDS of real time
# (home, then a new frame every 2 s, replanned mid-motion), with cyclictest (Debian rt-tests)
# running alongside at the same interval, on the executor's CPU, one priority above (so both
# see the same host noise, and cyclictest can only make the executor later). Each run prints
# the executor's wake-up lateness p50/p99/max beside cyclictest's, deadline misses, the work
# each tick takes (and of it the simulation's hook), and the allocations the executor thread
# made per tick; the end says the worst run's lateness against cyclictest's, beside the goals
# (p99 at most 1.5×, p50 within 10 µs). Exits non-zero if the thread allocated.
# Run as root (or with CAP_SYS_NICE, a memlock limit and write access to
# /dev/cpu_dma_latency) for SCHED_FIFO, mlockall and no deep idle states, as the daemon
# would. Record the figures, with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-executor.sh [SECONDS] [BOARD] [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages rt-tests
swift build -c release --product clack-bench-executor >&2
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
runs=${3:-3}
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for run in $(seq 1 "$runs"); do
  echo "== run $run of $runs"
  .build/release/clack-bench-executor "${2:-boards/sim-6x22.yaml}" "${1:-30}" \
    --require-no-allocations | tee -a "$summary"
done
# The worst run: the highest p99 ratio and the widest p50 gap.
python3 - "$summary" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
found = re.findall(r"against cyclictest: p99 ([0-9.]+)× .*?; p50 ([-+0-9.]+) µs", text)
if not found:
    print("no cyclictest figures (is rt-tests installed?)")
    sys.exit(0)
ratio = max(float(r) for r, _ in found)
gap = max(float(g) for _, g in found)
print(f"worst of {len(found)} runs against cyclictest: p99 {ratio:.2f}x (goal at most 1.5x:"
      f" {'met' if ratio <= 1.5 else 'MISSED'}); p50 {gap:+.1f} µs (goal within 10 µs:"
      f" {'met' if gap <= 10 else 'MISSED'})")
PY
