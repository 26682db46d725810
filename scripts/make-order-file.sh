#!/usr/bin/env bash
# Remakes packaging/clack.order, the linker's symbol ordering file for the `clack` that ships
# (clack_release_flags in scripts/lib/common.sh), on x86-64 Linux.
#
# Why: the program's code is about 26 MB, of which `clack sim` runs about 2.5 MB from start to
# idle, scattered over all of it. The kernel maps code around each page a program touches
# (fault-around), so scattered code kept about 17 MiB of it resident. Placed together in the
# order it first runs, the same code takes a few MiB (docs/performance.md).
#
# How: scripts/lib/first_calls.c runs a release `clack sim` under ptrace with a one-shot
# breakpoint on every function, while this script drives it as a user would: it homes, takes
# a message over HTTP, shows it, serves the board, the web page and the metrics, idles, and
# stops on SIGTERM. The functions that ran, first run first, are the ordering file. The names
# are the same on every architecture, so the file made here serves an arm64 build too; names
# the linker does not find (a stale file after code changes) are skipped, which only costs
# memory, so remake it now and then and commit it.
#
# Usage: scripts/make-order-file.sh [SECONDS]   (how long the traced daemon runs, default 40)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
[ "$(uname -m)" = x86_64 ] || die "first_calls reads x86-64 registers: run this on an x86-64 machine"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages) curl gcc binutils
seconds=${1:-40}
# shellcheck disable=SC2046
swift build -c release --product clack $(clack_release_flags) --scratch-path .build-deb >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binary=.build-deb/release/clack
nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ {print $1, $3}' > "$work/functions"
gcc -O2 -Wall -o "$work/first_calls" scripts/lib/first_calls.c
port=17394
"$work/first_calls" "$work/functions" "$work/order" "$seconds" "$binary" sim --speed 50 \
  --state "$work/state" --listen "127.0.0.1:$port" --log-level warning &
tracer=$!
base="http://127.0.0.1:$port"
for _ in $(seq 240); do
  curl -fs "$base/health" 2>/dev/null | grep -q '"homed":true' && break
  sleep 0.5
done
curl -fs "$base/health" | grep -q '"homed":true' || die "the traced daemon did not home"
key=$(cat "$work/state/api-key")
for text in "HELLO WORLD" "SECOND MESSAGE"; do
  curl -fs -X POST -H "X-Clack-Key: $key" -H 'Content-Type: application/json' \
    -d "{\"text\":\"$text\"}" "$base/api/v1/messages" > /dev/null
done
for path in / /api/v1/board /api/v1/messages /metrics /health; do
  curl -fs -H "X-Clack-Key: $key" "$base$path" > /dev/null
done
wait "$tracer"
# A name several local functions share (a value witness, an outlined copy: one in each object
# that needs it) would pull every one of them, and the rest of each one's section, to the
# front: leave those where they are.
awk 'NR == FNR { seen[$2]++; next } seen[$1] == 1' "$work/functions" "$work/order" \
  > packaging/clack.order
echo "packaging/clack.order: $(wc -l < packaging/clack.order) functions"
# The build does not see a changed ordering file (its flags are the same): unlink, so the next
# release build links again with it.
rm -f .build-deb/release/clack
