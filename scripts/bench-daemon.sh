#!/usr/bin/env bash
# Daemon benchmark, every figure of the daemon beside its goal in one run (loopback only), on
# the binary the Debian package installs: scripts/package-deb.sh's build (shared with it;
# clack_release_flags in scripts/lib/common.sh), its debug information stripped.
# - `clack sim` (no terminal, fresh state): start to serving and to homed; idle
#   memory (RSS, PSS, anonymous) and CPU; the p50/p99 time from a message's 201 to the first
#   bus write of its move (the daemon's own clack_accept_to_motion_seconds); messages
#   accepted per second with 1, 4 and 16 clients (scripts/lib/post_burst.c) and how many share
#   a commit; the memory with 10,000 queued; then acceptance again with each flush made as slow as an SD card's
#   (scripts/lib/slow_flush.c, LD_PRELOAD), where the flush rather than the CPU is the limit.
# - The idle CPU of `clack run --simulate --board boards/pi-gpio-4.yaml`.
# - Start to first content on sim-6x22 at SPEED: fresh, after a clean stop, after a kill
#   (scripts/bench-start.sh).
# The executor's figures (allocations per tick, wake-up lateness against cyclictest) are
# scripts/bench-executor.sh's. Record the figures, with the machine and date, in
# docs/performance.md.
#
# Usage: scripts/bench-daemon.sh [SPEED] [FLUSH_MS]   (SPEED 1-50, default 1: homing is
# real-time; FLUSH_MS default 10)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages --test) curl python3 gcc
binary=$(packaged_binary)
mkdir -p .build
gcc -O2 -shared -fPIC -o .build/slow_flush.so scripts/lib/slow_flush.c -ldl
gcc -O2 -o .build/post_burst scripts/lib/post_burst.c -lpthread
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
echo "== clack sim (boards/sim-6x22.yaml) at x${1:-1}"
python3 scripts/lib/bench_daemon.py "$binary" "${1:-1}" "$PWD/.build/slow_flush.so" "${2:-10}" \
  "$PWD/.build/post_burst"
echo "== clack run --simulate --board boards/pi-gpio-4.yaml, idle"
python3 scripts/lib/bench_idle.py "$binary" boards/pi-gpio-4.yaml
echo "== start to first content, boards/sim-6x22.yaml at x${1:-1}"
python3 scripts/lib/bench_start.py "$binary" boards/sim-6x22.yaml "${1:-1}"
