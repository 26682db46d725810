#!/usr/bin/env bash
# Fuzzes what Clack reads from the network with libFuzzer (Swift's -sanitize=fuzzer, with
# AddressSanitizer): a page's source paths and the JSON a source brings
# (Tests/Fuzz/JSONPathFuzz.swift), feeds (Tests/Fuzz/FeedFuzz.swift) and calendars
# (Tests/Fuzz/CalendarFuzz.swift). Each target starts from Tests/Fuzz/corpus/TARGET; what it
# learns stays in .build/fuzz. A crash's input is kept in Tests/Fuzz/regressions/TARGET,
# which FuzzRegressionTests replays in every unit test run: fix the bug, commit the input.
#
# Usage: scripts/fuzz.sh            (a short run, 30 s a target: part of scripts/test.sh)
#        scripts/fuzz.sh --long     (an hour a target; CLACK_FUZZ_SECONDS=N sets N seconds)
# Prints "fuzz: N target(s), N runs, 0 crashes"; exits non-zero on a crash.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
seconds=${CLACK_FUZZ_SECONDS:-30}
[ "${1:-}" = --long ] && seconds=${CLACK_FUZZ_SECONDS:-3600}
ensure_swift
out=.build/fuzz
mkdir -p "$out"

# name, then the sources it is built from (the package's own files, not a copy).
targets=(
  "json-path Sources/ClackCore/JSON/JSONValue.swift Sources/ClackCore/JSON/JSONPath.swift Tests/Fuzz/JSONPathFuzz.swift"
  "feed Sources/ClackSourceFormats/*.swift Tests/Fuzz/FeedFuzz.swift"
  "calendar Sources/ClackSourceFormats/*.swift Tests/Fuzz/CalendarFuzz.swift"
)
# The C libraries' module maps (libxml2's headers live in a folder of their own). A fuzz
# target links the libraries themselves; the daemon opens them with dlopen instead
# (Sources/CSourceFormatsLoader), which a fuzz build leaves out.
# shellcheck disable=SC2207  # pkg-config's flags are words
c_flags=(-I Sources/CLibXML2 -I Sources/CLibICal $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') -lxml2 -lical)

total=0
for target in "${targets[@]}"; do
  read -r name sources <<< "$target"
  # shellcheck disable=SC2086  # one source file per word
  swiftc -sanitize=fuzzer,address -parse-as-library -O "${c_flags[@]}" $sources -o "$out/$name" \
    > "$out/$name.build.log" 2>&1 || { cat "$out/$name.build.log" >&2; die "could not build fuzz target $name"; }
  mkdir -p "$out/$name-corpus" "Tests/Fuzz/regressions/$name"
  if ! "$out/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="Tests/Fuzz/regressions/$name/" "$out/$name-corpus" \
    "Tests/Fuzz/corpus/$name" > "$out/$name.log" 2>&1; then
    tail -40 "$out/$name.log" >&2
    die "fuzz target $name failed: its input is in Tests/Fuzz/regressions/$name/ (FuzzRegressionTests replays it)"
  fi
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$out/$name.log")
  echo "fuzz: $name: ${runs:-0} runs in $seconds s, no crash"
  total=$((total + ${runs:-0}))
done
echo "fuzz: ${#targets[@]} target(s), $total runs, 0 crashes"
