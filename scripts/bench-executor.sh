#!/usr/bin/env bash
# Executor benchmark: builds clack-bench-executor in release mode and runs the real-time
# executor thread on a board's simulated twin for SECONDS of real time (home, then a new frame
# every 2 s, replanned mid-motion), then cyclictest (Debian rt-tests) at the same interval and
# priority for as long. Prints tick jitter p50/p99/max beside cyclictest's, deadline misses,
# and the allocations the executor thread made per tick. Exits non-zero if it allocated.
# Run as root (or with CAP_SYS_NICE and a memlock limit) for SCHED_FIFO and mlockall, as the
# daemon would. Record the figures, with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-executor.sh [SECONDS] [BOARD]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages rt-tests
swift build -c release --product clack-bench-executor >&2
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
exec .build/release/clack-bench-executor "${2:-boards/sim-6x22.yaml}" "${1:-30}" --require-no-allocations
