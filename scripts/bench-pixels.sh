#!/usr/bin/env bash
# Pixel frame-loop benchmark: builds clack-bench-pixels in release mode and scrolls a long line
# one pixel a frame on each board's real frame loop and chip driver, over a metered bus that
# charges the time of the bytes on the wire by the simulated buses' model (a Pi's cost of each
# call; I2C 400 kHz, SPI 10 MHz, or GPIO calls for a bit-banged board; a colour chain's SPI
# at its own clock, a FlaschenTaschen datagram at 100 Mbit/s). Prints per board the bytes, bus
# time and CPU time of a frame, the frames per second a smooth scroll reaches beside the
# bus-time bound (goal: 60 where the bus allows; a colour panel 95 % of its bound), the
# frame-to-pixels latency of a new screen and the allocations per frame (goal 0; exits
# non-zero on any), then the allocations while the same loop plays a picture page's
# animation (four frames of 50 ms, looping; goal 0). Record the figures,
# with the machine and date, in docs/performance.md.
#
# Usage: scripts/bench-pixels.sh [FRAMES] [BOARD…]   (default: every pixel board, 5000 frames)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
swift build -c release --product clack-bench-pixels >&2
frames="${1:-5000}"
shift || true
boards=("$@")
# shellcheck disable=SC2207
[ ${#boards[@]} -gt 0 ] || boards=($(grep -l '^panel:' boards/*.yaml))
echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
exec .build/release/clack-bench-pixels "${boards[@]}" --frames "$frames" --require-no-allocations
