#!/usr/bin/env bash
# Tests the web simulator in a real headless Chromium (Debian `chromium`, installed if
# missing) against `clack run --simulate` on loopback: the page shows what GET /api/v1/board
# reports, a screenshot of a known message, sending from the compose box reaches the board,
# and API errors reach the page. The screenshot is kept in .build/browser-test/board.png.
# Prints 'browser: N passed, N failed'; exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages chromium python3
# scripts/test.sh has built everything already (CLACK_NO_BUILD=1).
[ "${CLACK_NO_BUILD:-0}" = 1 ] || swift build --product clack 2>&1 | tail -1 >&2
exec python3 scripts/lib/browser_test.py .build/debug/clack "$(command -v chromium)" \
  .build/browser-test
