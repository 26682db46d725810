#!/usr/bin/env bash
# Fuzzes every reader of outside input with libFuzzer and AddressSanitizer: the config and
# board files, fonts, quote imports, the REST, Local API and run-of-show bodies, MQTT
# payloads, VBML, a source's JSON and paths, feeds and calendars. The targets are
# Tests/Fuzz/Targets (FuzzTarget.all), built into one binary, clack-fuzz, by SwiftPM with
# `--sanitize=fuzzer --sanitize=address` in .build-fuzz; CLACK_FUZZ_TARGET picks the target.
# Each starts from its seeds, Tests/Fuzz/corpus/TARGET; what it learns stays in
# .build-fuzz/corpus. A crash's, hang's or leak's input is kept in
# Tests/Fuzz/regressions/TARGET, which ClackFuzzTests replays in every unit test run: fix the
# bug, commit the input.
#
# Usage: scripts/fuzz.sh [TARGET…]          (15 s a target: part of scripts/test.sh)
#        scripts/fuzz.sh --long [TARGET…]   (an hour a target)
#        CLACK_FUZZ_SECONDS=N sets N seconds a target either way.
# Prints a line a target (runs, executions a second, coverage: the edges and features
# libFuzzer reached) and "fuzz: N target(s), N runs, 0 crashes"; exits non-zero on a crash.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"
seconds=${CLACK_FUZZ_SECONDS:-15}
if [ "${1:-}" = --long ]; then
  seconds=${CLACK_FUZZ_SECONDS:-3600}
  shift
fi
ensure_swift
out=.build-fuzz

# The targets: the seed folders (ClackFuzzTests checks there is one for each target).
if [ $# -gt 0 ]; then
  names=("$@")
else
  mapfile -t names < <(find Tests/Fuzz/corpus -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
fi
for name in "${names[@]}"; do
  [ -d "Tests/Fuzz/corpus/$name" ] || die "no fuzz target '$name' (targets: $(ls Tests/Fuzz/corpus | tr '\n' ' '))"
done

mkdir -p "$out"
echo "fuzz: building clack-fuzz with libFuzzer and AddressSanitizer (a few minutes the first time)"
swift build --product clack-fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -DCLACK_FUZZ \
  --scratch-path "$out" > "$out/clack-fuzz.build.log" 2>&1 \
  || { tail -40 "$out/clack-fuzz.build.log" >&2; die "could not build the fuzz targets (log: $out/clack-fuzz.build.log)"; }
bin=$(swift build --product clack-fuzz --sanitize=fuzzer --sanitize=address \
  -Xswiftc -DCLACK_FUZZ --scratch-path "$out" --show-bin-path) \
  || die "could not find where SwiftPM put clack-fuzz"
binary=$bin/clack-fuzz
[ -x "$binary" ] || die "no fuzz binary at $binary"

total=0
for name in "${names[@]}"; do
  mkdir -p "$out/corpus/$name" "Tests/Fuzz/regressions/$name"
  log="$out/$name.log"
  # SWIFT_BACKTRACE: the Swift runtime's own crash report would race AddressSanitizer's.
  if ! CLACK_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="Tests/Fuzz/regressions/$name/" \
    "$out/corpus/$name" "Tests/Fuzz/corpus/$name" > "$log" 2>&1; then
    tail -40 "$log" >&2
    die "fuzz target $name failed: its input is in Tests/Fuzz/regressions/$name/ (ClackFuzzTests replays it)"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
  echo "fuzz: $name: ${runs:-0} runs in $seconds s (${rate:-0}/s), ${coverage:-cov: ?}, no crash"
  total=$((total + ${runs:-0}))
done
echo "fuzz: ${#names[@]} target(s), $total runs, 0 crashes"
