#!/usr/bin/env bash
# Daemon benchmark: builds clack in release mode and runs `clack sim` (no terminal, so plain
# logs) on loopback with a fresh state directory. Prints the time from start to serving and
# to ready (homed), the idle RSS and CPU, the p50/p99 time from a message's 201 to the first
# bus write of its transition (the daemon's own clack_accept_to_motion_seconds, from the
# executor tick that took the move), messages accepted per second with 1, 4 and 16 clients
# at once, and the RSS with 10,000 queued messages. Record the figures, with the machine and
# date, in docs/performance.md.
#
# Usage: scripts/bench-daemon.sh [SPEED]   (SPEED 1-50, default 1: homing is real-time)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages) curl python3
swift build -c release --product clack >&2
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
exec python3 scripts/lib/bench_daemon.py .build/release/clack "${1:-1}"
