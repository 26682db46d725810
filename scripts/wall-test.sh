#!/usr/bin/env bash
# Tests a wall of three controllers end to end: each `clack run --simulate` a host of its own
# in a network namespace the test makes (veth pairs to a bridge, addresses 10.231.0.11-13),
# with a real Mosquitto broker on the bridge (10.231.0.1:17345; Debian `mosquitto`, installed
# if missing). Checks that a message is laid out across the tiles and lands together, that a
# member killed and restarted catches up, that a member refuses messages naming the leader,
# that the leader killed just after acknowledging a message hands over to the next member
# with that message, and that a member with its clock shifted is named; prints the landing
# spread, the catch-up time and the handover time. Needs root for the namespaces (through sudo otherwise). Prints
# 'wall: N passed, N failed'; exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages mosquitto libmosquitto-dev python3 iproute2 avahi-daemon dbus
# scripts/test.sh has built everything already (CLACK_NO_BUILD=1).
[ "${CLACK_NO_BUILD:-0}" = 1 ] || swift build --product clack 2>&1 | tail -1 >&2
as_root python3 scripts/lib/wall_test.py "$PWD/.build/debug/clack" "$(command -v mosquitto || echo /usr/sbin/mosquitto)"
