#!/usr/bin/env bash
# Acceptance benchmark (loopback only): messages accepted per second, and each one's wait for
# its 201 (p50, p99, max), with 1 and with 16 wrk connections, on a short queue and with 10,000
# queued, for messages due now and for messages due in a week; each message from a sender of
# its own, as a misfiring automation's burst would be (scripts/lib/bench_accept.py). Runs the
# binary the Debian package installs (scripts/lib/common.sh: packaged_binary) as
# `clack run --simulate --speed 20` with the rate limits off. Goals: 16 clients never slower
# than one; their p99 under 50 ms with 10,000 queued. Record the figures, with the machine and
# date, in docs/performance.md.
#
# Usage: scripts/bench-accept.sh [SECONDS]   (each wrk run's length; default 5)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages wrk gcc python3
binary=$(packaged_binary)
mkdir -p .build
gcc -O2 -o .build/post_burst scripts/lib/post_burst.c -lpthread
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
python3 scripts/lib/bench_accept.py "$binary" "$PWD/scripts/lib/accept.lua" "$PWD/.build/post_burst" "${1:-5}"
