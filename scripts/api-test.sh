#!/usr/bin/env bash
# Tests the HTTP API against its OpenAPI document (docs/openapi.yaml) and fuzzes it, against
# `clack run --simulate` on loopback port 17361: every operation's real responses must
# validate, and N seeded random requests (default 5000; CLACK_FUZZ_CASES, CLACK_FUZZ_SEED)
# must bring no 5xx, no dropped connection and no answer the document does not describe;
# then Schemathesis generates its own requests from the document, with the same checks.
# Prints 'api: N passed, N failed'; exits non-zero on any failure.
set -euo pipefail
SCHEMATHESIS_VERSION=4.32.5
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
ensure_swift
ensure_apt_packages python3 python3-yaml python3-jsonschema python3-venv
# scripts/test.sh has built everything already (CLACK_NO_BUILD=1).
[ "${CLACK_NO_BUILD:-0}" = 1 ] || swift build --product clack 2>&1 | tail -1 >&2

# Schemathesis (from PyPI, pinned, in a venv kept in .build) fuzzes from the document too.
# Without PyPI it is skipped, loudly; the fuzzer above still runs.
venv=.build/schemathesis-venv
schemathesis=$venv/bin/schemathesis
if [ ! -x "$schemathesis" ]; then
  step "installing Schemathesis $SCHEMATHESIS_VERSION from PyPI into $venv"
  rm -rf "$venv"
  if ! { /usr/bin/python3 -m venv "$venv" &&
    "$venv/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"; } >&2; then
    echo "WARNING: could not install Schemathesis from PyPI; its fuzz stage is skipped" >&2
    rm -rf "$venv"
    schemathesis=""
  fi
fi
exec /usr/bin/python3 scripts/lib/api_test.py .build/debug/clack docs/openapi.yaml \
  "${CLACK_FUZZ_CASES:-5000}" "$schemathesis"
