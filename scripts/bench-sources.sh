#!/usr/bin/env bash
# Live sources benchmark (docs/performance.md): the idle CPU and memory of `clack sim` with
# ten sources configured (JSON, weather, feeds, calendars, Home Assistant, a webhook, all
# answered by a server on loopback), beside the same daemon with none. Runs the binary the
# Debian package installs (scripts/package-deb.sh's build and flags), debug information
# stripped. Record the figures, with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-sources.sh
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages) python3
binary=$(packaged_binary)
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
python3 scripts/lib/bench_sources.py "$binary" "$CLACK_ROOT"
