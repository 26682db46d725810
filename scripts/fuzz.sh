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
#        CLACK_FUZZ_JOBS=N runs N targets at once (default: one a CPU).
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

# The coverage libFuzzer steers by is asked for by name: SwiftPM's --sanitize=fuzzer reaches
# the compiler of every module, but its jobs for library modules sometimes came out with only
# -sanitize=address (edges uninstrumented, every run finding nothing).
build=(swift build --product clack-fuzz --sanitize=fuzzer --sanitize=address
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
  -Xswiftc -DCLACK_FUZZ --scratch-path "$out")
build_fuzzer() {
  mkdir -p "$out"
  echo "fuzz: building clack-fuzz with libFuzzer and AddressSanitizer (a few minutes the first time)"
  "${build[@]}" > "$out/clack-fuzz.build.log" 2>&1 \
    || { tail -40 "$out/clack-fuzz.build.log" >&2; die "could not build the fuzz targets (log: $out/clack-fuzz.build.log)"; }
}

# The code edges libFuzzer can see in the binary. Clack's own modules alone have over 100,000;
# a build whose libraries came out without the fuzzer's instrumentation has a few thousand,
# and its runs find nothing while they seem to pass.
counters() {
  CLACK_FUZZ_TARGET=json-path SWIFT_BACKTRACE=enable=no "$binary" -runs=0 2>&1 \
    | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -1
}

build_fuzzer
bin=$("${build[@]}" --show-bin-path) || die "could not find where SwiftPM put clack-fuzz"
binary=$bin/clack-fuzz
[ -x "$binary" ] || die "no fuzz binary at $binary"
edges=$(counters || true)
if [ "${edges:-0}" -lt 50000 ]; then
  echo "fuzz: clack-fuzz has ${edges:-no} instrumented edges, too few: building it again from scratch"
  rm -rf "$out"
  build_fuzzer
  edges=$(counters || true)
  [ "${edges:-0}" -ge 50000 ] \
    || die "clack-fuzz has ${edges:-no} instrumented edges: its libraries were built without -sanitize=fuzzer (log: $out/clack-fuzz.build.log)"
fi
echo "fuzz: clack-fuzz has $edges instrumented edges"

# One target on each CPU at a time: libFuzzer runs one thread, so on a 2-core machine two
# targets take the time of one.
jobs=${CLACK_FUZZ_JOBS:-$(nproc)}
fuzz_target() {  # $1 = target; its log in $out/$1.log, its exit status in $out/$1.status
  local name="$1"
  mkdir -p "$out/corpus/$name" "Tests/Fuzz/regressions/$name"
  # SWIFT_BACKTRACE: the Swift runtime's own crash report would race AddressSanitizer's.
  local status=0
  CLACK_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="Tests/Fuzz/regressions/$name/" \
    "$out/corpus/$name" "Tests/Fuzz/corpus/$name" > "$out/$name.log" 2>&1 || status=$?
  echo "$status" > "$out/$name.status"
}
running=0
for name in "${names[@]}"; do
  rm -f "$out/$name.status"
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_target "$name" &
  running=$((running + 1))
done
wait

total=0
for name in "${names[@]}"; do
  log="$out/$name.log"
  if [ "$(cat "$out/$name.status" 2>/dev/null || echo 1)" != 0 ]; then
    tail -40 "$log" >&2
    die "fuzz target $name failed: its input is in Tests/Fuzz/regressions/$name/ (ClackFuzzTests replays it)"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  [ -n "$coverage" ] || die "fuzz target $name reached no code (log: $log)"
  echo "fuzz: $name: ${runs:-0} runs in $seconds s (${rate:-0}/s), ${coverage:-cov: ?}, no crash"
  total=$((total + ${runs:-0}))
done
echo "fuzz: ${#names[@]} target(s), $total runs, 0 crashes"
