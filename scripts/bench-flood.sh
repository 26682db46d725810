#!/usr/bin/env bash
# Flood benchmark (loopback only): the executor's wake-up lateness while the board moves,
# without and with a flood of HTTP requests at the configured limits from 8 client addresses
# plus MQTT messages through a Mosquitto on loopback; then whether every acknowledged message
# is in the store and whether the daemon's memory is back to its idle figure
# (scripts/lib/bench_flood.py). Runs the binary the Debian package installs
# (scripts/lib/common.sh: packaged_binary) as `clack run --simulate --realtime` in real time
# (it homes once first: about 75 s). Run it as root, so the executor runs SCHED_FIFO as under
# systemd. Goal:
# lateness p99 under the flood at most 1.1 times the quiet runs'. Record the figures, with the
# machine and date, in docs/performance.md.
#
# Usage: scripts/bench-flood.sh [SECONDS] [ROUNDS]   (each run's length, default 30; how many
#        flooded runs, each followed by a quiet one, default 1: with more, the flooded runs'
#        median p99 is compared with the quiet runs' median, as one run's ratio is noise on a VM)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages mosquitto python3
binary=$(packaged_binary)
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
python3 scripts/lib/bench_flood.py "$binary" "$(command -v mosquitto || echo /usr/sbin/mosquitto)" "${1:-30}" "${2:-1}"
