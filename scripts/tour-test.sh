#!/usr/bin/env bash
# Runs every command of the README's tour that needs no hardware, as a new user would: from a
# directory outside the repository, with a `clack sim` of its own on loopback port 17361 and a
# home of its own (so its key and state are the tour's). Prints 'tour: N passed, N failed';
# exits non-zero on any failure, so a tour line that stops working fails the test suite.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
# scripts/test.sh has built everything already (CLACK_NO_BUILD=1).
[ "${CLACK_NO_BUILD:-0}" = 1 ] || swift build --product clack 2>&1 | tail -1 >&2
exec python3 scripts/lib/tour_test.py .build/debug/clack "$CLACK_ROOT"
