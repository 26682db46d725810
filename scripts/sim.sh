#!/usr/bin/env bash
# Clack's main job on a laptop or a Pi with no hardware: builds Clack (installing what is
# missing) and runs `clack sim` — the whole daemon on the simulated 6×22 board, shown live in
# the terminal, with the HTTP API on 127.0.0.1:7000. No config needed.
#
# Usage: scripts/sim.sh [clack sim options, e.g. --speed 10 or --listen 127.0.0.1:7001]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages)
step "building clack"
swift build --product clack >&2
exec .build/debug/clack sim "$@"
