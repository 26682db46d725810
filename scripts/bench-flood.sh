#!/usr/bin/env bash
# Flood benchmark (loopback only): the executor's wake-up lateness while the board moves, in
# windows that alternate quiet and flooded (a flood of HTTP requests at the configured limits
# from 8 client addresses plus MQTT messages through a Mosquitto on loopback), whether every
# acknowledged message is in the store, and whether the daemon's memory is back to its idle
# figure after a flood (scripts/lib/bench_flood.py says how each is measured). Runs the binary
# the Debian package installs (scripts/lib/common.sh: packaged_binary) as `clack run --simulate
# --realtime` in real time, one daemon throughout (it homes first: about 75 s). Run it as
# root, so the executor runs SCHED_FIFO as under systemd. Goals: lateness p99 of the flooded
# windows at most 1.1 times the quiet windows'; nothing acknowledged lost; anonymous memory
# after a flood within 2 MiB of the idle figure. Record the figures, with the machine and
# date, in docs/performance.md.
#
# Usage: scripts/bench-flood.sh [SECONDS] [ROUNDS]   (each window's length, default 20; how
#        many flooded windows, each followed by a quiet one after a first quiet one, default 6:
#        about 2 × SECONDS × ROUNDS seconds, plus 4 minutes for homing and the memory phase)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages mosquitto python3
binary=$(packaged_binary)
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
python3 scripts/lib/bench_flood.py "$binary" "$(command -v mosquitto || echo /usr/sbin/mosquitto)" "${1:-20}" "${2:-6}"
