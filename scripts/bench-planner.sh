#!/usr/bin/env bash
# Planner benchmark: builds clack-bench-planner in release mode and runs it over 1,000+
# transitions between the quotes of consecutive days on boards/sim-6x22.yaml, printing how far
# each strategy's makespan is above the lower bound (and the planning time). Exits non-zero
# when `fastest` misses its goal (2 % on average, 5 % at worst). Record the figures, with the
# machine and date, in docs/performance.md.
#
# Usage: scripts/bench-planner.sh [TRANSITIONS] [BOARD]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
swift build -c release --product clack-bench-planner >&2
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
exec .build/release/clack-bench-planner "${2:-boards/sim-6x22.yaml}" "${1:-1000}"
