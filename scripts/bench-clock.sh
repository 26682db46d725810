#!/usr/bin/env bash
# Clock benchmark: how close to the minute a clock page lands on the sim-6x22 twin at ×1.
# Runs `clack run --simulate` twice on boards/sim-6x22.yaml with a run of show of one page,
# "{{time}}" (HH:mm), for MINUTES minutes each: once with land_on_time (the default: each
# minute's change starts early, by the planner's forecast of the move, to settle at the
# minute) and once without (the naive rule: start at the minute). For every minute it reads
# the daemon's own measure: the executor's clock when the last flap stopped, against the
# minute (debug line "landed … ms after|before HH:MM:SS"), and prints p50, p99 and max of
# the lateness (negative: early) for each rule. Goal: p99 within one executor tick (1 ms on
# this board) at ×1. Record the figures, with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-clock.sh [MINUTES [early|naive]]   (default 5 minutes, both rules;
# each run also homes first, about a minute at ×1)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages) python3
swift build -c release --product clack $(clack_release_flags) --scratch-path .build-deb >&2
exec python3 scripts/lib/bench_clock.py .build-deb/release/clack "${1:-5}" ${2:+"$2"}
