# Shared helpers for Clack's scripts: find Swift, install missing apt packages, print steps.
# Sourced, not run.

# Prints a step heading on stderr so it stands out from build output, with the minutes and
# seconds since the outermost script started (exported, so the scripts it runs count from the
# same start): a long run shows where its time goes.
: "${CLACK_STARTED_AT:=$(date +%s)}"
export CLACK_STARTED_AT
step() {
  local elapsed=$(($(date +%s) - CLACK_STARTED_AT))
  printf '\n==> [%d:%02d] %s\n' $((elapsed / 60)) $((elapsed % 60)) "$*" >&2
}

# SwiftPM 6.3 hands a package's enabled traits to the compiler as -D flags in the order of a Set,
# and Swift draws a new hash seed for every process, so each `swift build` may order them anew.
# llbuild keys a compile command on its whole command line, so every module that sees two or
# more traits is then recompiled from scratch, although nothing in it changed
# (swiftlang/swift-package-manager#10525; fixed in SwiftPM 6.4). Seen in the test command: the
# release build of `clack` was done again in the VM stage (4.5 minutes), and building
# `clack-bench-pixels` after `clack-bench-executor` recompiled the modules they share. A fixed
# seed gives the same order in every build. Only builds get it: the programs and tests they
# build keep Swift's random seed, so a test that relies on a Set's order still fails.
swift() {
  case "${1:-}" in
    build) SWIFT_DETERMINISTIC_HASHING=1 command swift "$@" ;;
    *) command swift "$@" ;;
  esac
}

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $* (install sudo or run as root)"
  fi
}

# Installs the Debian packages named in the arguments that are not installed yet. Runs
# 'apt-get update' only when something is missing.
ensure_apt_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || die "missing packages ${missing[*]} and no apt-get to install them"
  step "installing apt packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The apt packages Clack builds and runs with, one per line in scripts/apt-packages.txt
# (comments allowed); with --test, also those only the tests need (apt-packages-test.txt).
clack_apt_packages() {
  local files=("$CLACK_ROOT/scripts/apt-packages.txt")
  [ "${1:-}" = --test ] && files+=("$CLACK_ROOT/scripts/apt-packages-test.txt")
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "${files[@]}"
}

# The swift build flags of the `clack` that ships (scripts/package-deb.sh), which the daemon
# benchmarks, the VM's full-stack stage and the test command's allocation checks build with
# too (one build in .build-deb for all of them, each module compiled once):
# Swift's libraries linked in, and linked by lld with packed relative relocations (DT_RELR,
# glibc 2.36 or later: Debian 12, Raspberry Pi OS bookworm) and without exporting every
# symbol. The 119,000 relocations and 2 MB of exported names were read at every start and
# stayed resident: about 5.5 MiB. Every function in a section of its own, and the ones a
# daemon runs placed together, first run first (packaging/clack.order, made by
# scripts/make-order-file.sh): the code resident at idle falls from about 17 MiB to 10
# (docs/performance.md).
clack_release_flags() {
  echo --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
    -Xlinker --no-export-dynamic \
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
    -Xlinker "--symbol-ordering-file=$CLACK_ROOT/packaging/clack.order" \
    -Xlinker --no-warn-symbol-ordering
}

# Builds `clack` as the Debian package ships it (release, clack_release_flags, the scratch path
# scripts/package-deb.sh shares) and prints the path of a copy with its debug information
# stripped, as installed: what the benchmarks measure.
# It installs the build's apt packages first and stops on a failed build: it runs inside a
# command substitution, where `set -e` does not reach, and on a fresh machine a benchmark went
# on to run a binary that was never built.
packaged_binary() {
  # shellcheck disable=SC2046
  ensure_apt_packages $(clack_apt_packages) >&2
  # shellcheck disable=SC2046
  swift build -c release --product clack $(clack_release_flags) --scratch-path "$CLACK_ROOT/.build-deb" >&2 ||
    die "the release build of clack failed (above)"
  mkdir -p "$CLACK_ROOT/.build-deb/bench"
  cp "$CLACK_ROOT/.build-deb/release/clack" "$CLACK_ROOT/.build-deb/bench/clack"
  strip --strip-debug "$CLACK_ROOT/.build-deb/bench/clack"
  echo "$CLACK_ROOT/.build-deb/bench/clack"
}

# Free space on the checkout's file system, in whole GiB.
free_gib() { df -P -k "$CLACK_ROOT" | awk 'NR == 2 { print int($4 / 1048576) }'; }

# Deletes build directories (paths under the checkout) that a finished step made and no later
# step reads, when the disk is short of room; otherwise keeps them, as caches for the next run.
# A CI machine's free space varies from run to run, and a cold run's build directories add up
# to far more than any one step needs at once (README, "Run the whole test suite"): one run ran out
# of room in the VM stage with every earlier step's build still on disk. Short of room means
# under CLACK_KEEP_BUILDS_GIB GiB free (default 40; 0 keeps them always, a large number
# deletes them always).
release_builds() {
  local keep=${CLACK_KEEP_BUILDS_GIB:-40} free dir size
  free=$(free_gib)
  [ "$free" -ge "$keep" ] && return 0
  for dir in "$@"; do
    [ -e "$CLACK_ROOT/$dir" ] || continue
    size=$(du -sh "$CLACK_ROOT/$dir" 2>/dev/null | cut -f1)
    rm -rf "${CLACK_ROOT:?}/$dir"
    printf 'disk: %s GiB free, under %s: deleted %s (%s), which no later step reads\n' \
      "$free" "$keep" "$dir" "$size" >&2
  done
}

# Makes sure a Swift 6.2 (or later) toolchain is on PATH. Looks in the usual install places
# first; takes Debian's swiftlang package only when apt offers 6.2 or later (Debian 13 has
# 6.0.3, too old for this package's tools version 6.2).
ensure_swift() {
  local dir  # type -P: the toolchain's program, not the swift function above
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/.local/share/swiftly/bin"; do
    if ! type -P swift >/dev/null 2>&1 && [ -x "$dir/swift" ]; then PATH="$dir:$PATH"; fi
  done
  if ! type -P swift >/dev/null 2>&1; then
    local candidate
    candidate=$(apt-cache policy swiftlang 2>/dev/null | sed -n 's/^ *Candidate: *\([0-9.]*\).*/\1/p')
    if [ -n "$candidate" ] && dpkg --compare-versions "$candidate" ge 6.2; then
      ensure_apt_packages swiftlang
    else
      local apt_note=""
      [ -n "$candidate" ] && apt_note=" (the swiftlang package here is $candidate, too old)"
      die "no Swift toolchain found. Clack needs Swift 6.2 or later$apt_note. Install it
       from the swift.org toolchains with swiftly (https://www.swift.org/install/linux/;
       Debian 12 on x86_64 and aarch64, which 64-bit Raspberry Pi OS bookworm is), then run
       this script again."
    fi
  fi
  local version
  version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -1)
  case "$version" in
    6.[2-9]*|6.[1-9][0-9]*|[7-9].*) ;;
    *) die "Swift $version found; Clack needs Swift 6.2 or later (https://www.swift.org/install/linux/)" ;;
  esac
}

CLACK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export CLACK_ROOT
