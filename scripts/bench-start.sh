#!/usr/bin/env bash
# Start-up benchmark: builds clack in release mode and times `clack run --simulate` from start
# to the first content settled on the board, three ways: from a fresh state (it homes), after
# a clean stop (it trusts the saved positions) and after SIGKILL (as after a power cut: it
# homes). Goals at x1: at most 20 s after a clean stop, 60 s after a power cut. Record the
# figures, with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-start.sh [BOARD] [SPEED]   (default boards/sim-6x22.yaml at x1)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages python3
swift build -c release --product clack >&2
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
echo "board: ${1:-boards/sim-6x22.yaml} at x${2:-1}"
exec python3 scripts/lib/bench_start.py .build/release/clack "${1:-boards/sim-6x22.yaml}" "${2:-1}"
