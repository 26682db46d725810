#!/usr/bin/env bash
# Runs Clack's whole test suite on a fresh Debian 12 / Raspberry Pi OS machine: installs the
# apt packages it needs, builds (failing on any warning in Clack's own code), checks
# formatting, runs every unit test, fuzzes every reader of outside input (scripts/fuzz.sh, a
# short run), tests the web simulator in headless Chromium
# (scripts/browser-test.sh), the HTTP API against its OpenAPI document with a fuzz run
# (scripts/api-test.sh) and MQTT against a real Mosquitto broker (scripts/mqtt-test.sh),
# a wall of three controllers in network namespaces of its own (scripts/wall-test.sh),
# runs the README's tour from outside the repository (scripts/tour-test.sh),
# checks that the real-time executor thread and the pixel frame loop allocate nothing (a
# release build, counted by interposing malloc), checks that Clack builds without the optional
# C libraries (--disable-default-traits), and proves the Linux HAL against the kernel's
# gpio-sim and i2c-stub in a VM (scripts/vm-test.sh), and the Debian package in a throwaway
# Debian booted with systemd (scripts/deb-test.sh). Exits non-zero on any failure.
#
# Usage: scripts/test.sh            (everything; a few minutes when caches are warm)
#        scripts/test.sh --long     (also the long unit runs: every shipped board's twin
#                                    through more rounds; CLACK_LONG_TESTS=1 does the same)
#        CLACK_SKIP_VM=1 scripts/test.sh   (skip the VM tests, for quick local loops)
set -euo pipefail
for argument in "$@"; do
  case "$argument" in
    --long) export CLACK_LONG_TESTS=1 ;;
    *) echo "scripts/test.sh: unknown option '$argument' (known: --long)" >&2 && exit 2 ;;
  esac
done
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

step "checking the toolchain and apt packages"
echo "disk: $(free_gib) GiB free for the builds; a finished step's build is deleted below ${CLACK_KEEP_BUILDS_GIB:-40} GiB" >&2
ensure_swift
# shellcheck disable=SC2046  # one package name per word is intended
ensure_apt_packages $(clack_apt_packages --test)
swift --version 2>&1 | head -1 >&2

step "building Clack and its tests"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
# Warnings in dependencies are theirs; warnings in Clack's own code fail the run.
if grep -E "^$CLACK_ROOT/(Sources|Tests)/.*: warning:" "$log"; then
  die "the build has warnings in Clack's code (listed above)"
fi

step "checking the resolved dependency versions against scripts/dependency-versions.txt"
bash scripts/check-dependencies.sh

step "checking Clack's declarations of libgpiod against this system's gpiod.h"
bash scripts/check-gpiod-abi.sh

step "checking docs/architecture.md against Package.swift and the imports"
bash scripts/check-architecture.sh

step "checking formatting (swift format lint)"
swift format lint --strict --recursive Sources Tests Package.swift

# The runtime's, the faces' and the daemon's tests run a board's real-time thread and poll on
# wall-clock deadlines, and the process tests start real daemons. Run in the same process as
# the CPU-bound suites (planner properties, executor runs), their polls wait behind those on a
# 2-core machine's 2 cooperative threads until the deadlines pass; so they run second, on
# their own.
daemon_targets='ClackRuntimeTests|ClackFacesTests|ClackDaemonTests|ClackProcessTests'
step "running unit tests"
swift test --skip-build --skip "$daemon_targets" 2>&1 | tee "$log"
unit=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in .* passed.*/\1/p' "$log" | tail -1)
[ -n "$unit" ] || die "could not read the number of unit tests that passed"

step "running the runtime's, the faces' and the daemon's tests (real daemons on loopback)"
swift test --skip-build --filter "$daemon_targets" 2>&1 | tee "$log"
daemon=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in .* passed.*/\1/p' "$log" | tail -1)
[ -n "$daemon" ] || die "could not read the number of daemon tests that passed"
unit=$((unit + daemon))

# The release build in .build-deb (the allocation checks', the VMs' and the package's) starts
# now at the lowest priority, beside the stages that leave a core partly idle: on their own,
# the browser, API, MQTT and wall stages kept both CPUs half busy and the tour two thirds
# (docs/performance.md, "The test command from a fresh clone"). Their daemons and clients run at
# normal priority and take a CPU from the build as soon as they wake. It starts after the unit
# and daemon tests, whose deadlines it could push, and the allocation checks wait for it.
step "starting the release build in the background (nice 19: the allocation checks wait for it)"
release_log=$(mktemp)
(
  # The subshell lowers its own priority, so that its builds still go through common.sh's swift.
  renice -n 19 -p "$BASHPID" > /dev/null
  # shellcheck disable=SC2046
  for product in clack-bench-executor clack-bench-pixels clack; do
    swift build -c release --product "$product" $(clack_release_flags) --scratch-path .build-deb ||
      exit 1
  done
) > "$release_log" 2>&1 &
release_pid=$!
# A run that stops early stops the build too: the subshell, swift build and its compilers.
stop_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap '[ -z "$release_pid" ] || stop_tree "$release_pid"; rm -f "$log" "$release_log"' EXIT

step "fuzzing every reader of outside input (libFuzzer, 15 s a target)"
bash scripts/fuzz.sh | tee "$log"
fuzz=$(sed -n 's/^fuzz: \([0-9]*\) target(s), [0-9]* runs, 0 crashes$/\1/p' "$log")
[ -n "$fuzz" ] || die "could not read the number of fuzz targets that ran clean"
release_builds .build-fuzz

step "testing the web simulator in a headless browser (Chromium)"
CLACK_NO_BUILD=1 bash scripts/browser-test.sh | tee "$log"
browser=$(sed -n 's/^browser: \([0-9]*\) passed, 0 failed$/\1/p' "$log")
[ -n "$browser" ] || die "could not read the number of browser checks that passed"

step "checking the HTTP API against docs/openapi.yaml, and fuzzing it"
CLACK_NO_BUILD=1 bash scripts/api-test.sh | tee "$log"
apichecks=$(sed -n 's/^api: \([0-9]*\) passed, 0 failed$/\1/p' "$log")
[ -n "$apichecks" ] || die "could not read the number of API checks that passed"

step "testing MQTT against a real Mosquitto broker (loopback)"
CLACK_NO_BUILD=1 bash scripts/mqtt-test.sh | tee "$log"
mqtt=$(sed -n 's/^mqtt: \([0-9]*\) passed, 0 failed$/\1/p' "$log")
[ -n "$mqtt" ] || die "could not read the number of MQTT checks that passed"

step "testing a wall of three controllers, each in a network namespace of its own"
CLACK_NO_BUILD=1 bash scripts/wall-test.sh | tee "$log"
wall=$(sed -n 's/^wall: \([0-9]*\) passed, 0 failed$/\1/p' "$log")
[ -n "$wall" ] || die "could not read the number of wall checks that passed"

step "running the README's tour from outside the repository"
CLACK_NO_BUILD=1 bash scripts/tour-test.sh | tee "$log"
tour=$(sed -n 's/^tour: \([0-9]*\) passed, 0 failed$/\1/p' "$log")
[ -n "$tour" ] || die "could not read the number of tour commands that passed"
# The debug build (the tests, the daemon the browser, API, MQTT and tour stages ran) is done.
release_builds ".build/$(uname -m)-unknown-linux-gnu/debug"

# The allocation checks' programs were built with the shipped binary's flags, in its scratch
# path (the background build above): the modules they share with the daemon (the scheduler, the
# HAL, the drivers, the twin) are compiled once, for them and for the package the VM stages
# build next, and the loops counted are compiled as they ship.
step "waiting for the release build started before the fuzzing"
built=0
wait "$release_pid" || built=$?
release_pid=""  # done: its number may belong to another process by the end of the run
[ "$built" -eq 0 ] || { tail -40 "$release_log" >&2; die "the release build failed (above)"; }
grep -E '^Build of product' "$release_log" >&2 || true

step "checking that the executor thread allocates nothing (release build, every flap board, 2 s each)"
# Every flap board whose modules Clack steps (not a Vestaboard, whose own controller does).
for board in $(grep -L -e '^panel:' -e '^  type: vestaboard' boards/*.yaml); do
  .build-deb/release/clack-bench-executor "$board" 2 --require-no-allocations --no-cyclictest |
    tee "$log"
  grep -q "^allocations on the executor thread: 0 in" "$log" ||
    die "could not confirm that the executor thread allocated nothing on $board"
done

step "checking that the pixel frame loop allocates nothing (release build, every pixel board)"
# shellcheck disable=SC2046
.build-deb/release/clack-bench-pixels $(grep -l '^panel:' boards/*.yaml) --frames 500 \
  --require-no-allocations | tee "$log"
grep -q "^allocations in the pixel frame loop: 0 on" "$log" ||
  die "could not confirm that the pixel frame loop allocated nothing"
release_builds .build

step "building without the optional C libraries (--disable-default-traits)"
# Only the targets whose code the traits gate (and what they need): the layers above them
# (the daemon, Hummingbird and NIO) compile the same either way and would double the build.
swift build --disable-default-traits --scratch-path .build-notraits --target ClackHardware \
  2>&1 | tail -1
swift build --disable-default-traits --scratch-path .build-notraits --target ClackMQTT \
  2>&1 | tail -1
swift build --disable-default-traits --scratch-path .build-notraits --product clack-hal-check \
  2>&1 | tail -1
release_builds .build-notraits

if [ "${CLACK_SKIP_VM:-0}" = 1 ]; then
  step "skipping the VM test (CLACK_SKIP_VM=1)"
else
  step "testing the Linux HAL against real kernel drivers in a VM"
  bash scripts/vm-test.sh | tee "$log"
  step "testing the Debian package in a throwaway Debian booted with systemd"
  bash scripts/deb-test.sh | tee -a "$log"
fi
vm=$(grep -cE '^\[(libgpiod v[12]|deb)\] PASS ' "$log" || true)
[ "${CLACK_SKIP_VM:-0}" = 1 ] && vm=0

step "finished"
# One closing line for people and CI: unit tests plus VM checks (any failure exited above).
echo
echo "tests: $((unit + fuzz + browser + apichecks + mqtt + wall + tour + vm + 2)) passed, 0 failed ($unit unit tests, $fuzz fuzz targets, $browser browser checks, $apichecks API checks, $mqtt MQTT checks, $wall wall checks, $tour tour commands, 2 allocation checks, $vm VM checks of the HAL and the package)"
