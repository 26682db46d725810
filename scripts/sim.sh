#!/usr/bin/env bash
# Clack's main job on a laptop or a Pi with no hardware: builds Clack (installing what is
# missing) and shows today's quote on the default simulated board (boards/sim-6x22.yaml).
# Later versions run the whole simulated board here.
#
# Usage: scripts/sim.sh [extra clack quote options, e.g. --json]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages)
step "building clack"
swift build --product clack >&2
exec .build/debug/clack quote today --board boards/sim-6x22.yaml "$@"
