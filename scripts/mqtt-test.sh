#!/usr/bin/env bash
# Tests MQTT end to end: a real Mosquitto broker (Debian `mosquitto`, installed if missing)
# and `clack run --simulate` daemons (boards hall and kitchen; porch and shed over TLS with a
# password), all on loopback ports 17351-17357. Checks TLS with a username and password (and
# a wrong password refused and retried), discovery, availability, board and fleet topics,
# QoS 1 redelivery, JSON and bad payloads, commands, reconnection after a broker restart, the
# last will, a clean stop, and libmosquitto loaded only by a daemon with MQTT configured.
# Prints 'mqtt: N passed, N failed'; exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages mosquitto libmosquitto-dev python3 openssl
# scripts/test.sh has built everything already (CLACK_NO_BUILD=1).
[ "${CLACK_NO_BUILD:-0}" = 1 ] || swift build --product clack 2>&1 | tail -1 >&2
exec python3 scripts/lib/mqtt_test.py .build/debug/clack "$(command -v mosquitto || echo /usr/sbin/mosquitto)"
