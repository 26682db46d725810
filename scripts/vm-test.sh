#!/usr/bin/env bash
# Proves Clack against the real kernel drivers: boots Debian's kernel under qemu with gpio-sim
# (built out of tree) and i2c-stub, runs clack-hal-check inside it (the HAL), then the full
# stack: `clack run` homes a flap board whose rotors a small program emulates from the coil
# lines, shows a message, and leaves the coils low on SIGTERM; and shows a message on an
# HT16K33 on i2c-stub, whose display RAM is read back. Twice, with the same two binaries, which
# open libgpiod at run time: once with Debian's libgpiod 1.6 in the guest and once with
# libgpiod 2.x built from the gpiod source archive on PyPI. Prints one line per check, ends with
# a summary, exits non-zero on failure.
#
# Build outputs are cached in .build-vm/ (gpio-sim module, libgpiod 2.x), .build-vm-check/
# (the check program) and .build-deb/ (the daemon, the package's build); delete them to start
# cold.
#
# Usage: scripts/vm-test.sh                      (both libgpiod versions, each stage once)
#        scripts/vm-test.sh --fullstack-runs 10  (the flap board's full-stack run ten times in
#                                                 each VM, from fresh rotors and no saved state)
#        scripts/vm-test.sh --only v2            (one libgpiod version: v1 or v2)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/vm-kernel.sh"
cd "$CLACK_ROOT"

runs=1 variants="v1 v2"
while [ $# -gt 0 ]; do
  case "$1" in
    --fullstack-runs) runs=${2:-}; shift 2 ;;
    --only) variants=${2:-}; shift 2 ;;
    *) die "unknown option $1 (known: --fullstack-runs N, --only v1|v2)" ;;
  esac
done
case "$runs" in '' | *[!0-9]*) die "--fullstack-runs takes a number of runs" ;; esac
case "$variants" in "v1 v2" | v1 | v2) ;; *) die "--only takes v1 or v2" ;; esac

GPIOD_PYPI_VERSION=2.5.0
CACHE="$CLACK_ROOT/.build-vm"
mkdir -p "$CACHE"

vm_require_x86_64 vm-test
step "vm-test: checking packages"
ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages --test) qemu-system-x86 busybox-static cpio gzip xz-utils \
  make gcc libc6-dev python3-pip
# The kernel, its modules, headers and source: unpacked into .build-vm, never installed here.
vm_kernel linux-source
ensure_apt_packages $(apt-cache depends "linux-headers-$KVER" | sed -n 's/^ *Depends: \(linux-compiler-[^ ]*\)$/\1/p')

step "vm-test: gpio-sim module for $KVER"
SIMDIR="$CACHE/gpio-sim-$KVER"
if [ ! -f "$SIMDIR/gpio-sim.ko" ]; then
  rm -rf "$SIMDIR" && mkdir -p "$SIMDIR"
  src=$(ls "$KSRC"/linux-source-*.tar.xz | sort -V | tail -1)
  tar -xJf "$src" -C "$SIMDIR" --strip-components=3 --wildcards '*/drivers/gpio/gpio-sim.c' '*/drivers/gpio/gpiolib.h'
  tar -xJf "$src" -C "$SIMDIR" --strip-components=3 --wildcards '*/kernel/irq/irq_sim.c'
  mv "$SIMDIR/gpio-sim.c" "$SIMDIR/gpio-sim-main.c"
  # irq_to_desc() is not exported to modules in 6.1; generic_handle_irq() does the same here.
  sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$SIMDIR/irq_sim.c"
  printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' > "$SIMDIR/Kbuild"
  make -s -C "$MODULES/build" M="$SIMDIR" modules 2>&1 | grep -v 'Skipping BTF' || true
  [ -f "$SIMDIR/gpio-sim.ko" ] || die "gpio-sim.ko did not build"
fi

step "vm-test: libgpiod 2.x from the gpiod $GPIOD_PYPI_VERSION source archive"
# A shared library, as Debian 13 ships it (libgpiod.so.3), for the v2 VM: the binaries open
# whichever libgpiod the system has (Sources/CGPIOD).
V2="$CACHE/libgpiod-v2-$GPIOD_PYPI_VERSION"
if [ ! -f "$V2/lib/libgpiod.so.3" ]; then
  rm -rf "$V2" && mkdir -p "$V2/src" "$V2/include" "$V2/lib"
  python3 -m pip download -q --no-deps --no-binary :all: "gpiod==$GPIOD_PYPI_VERSION" -d "$V2/src"
  tar -xzf "$V2/src/gpiod-$GPIOD_PYPI_VERSION.tar.gz" -C "$V2/src"
  lib="$V2/src/gpiod-$GPIOD_PYPI_VERSION"
  version=$(cat "$lib/libgpiod-version.txt")
  gcc -O2 -fPIC -shared -Wl,-soname,libgpiod.so.3 -I"$lib/include" -I"$lib/lib" -D_GNU_SOURCE \
    -DGPIOD_API_VERSION_STR="\"$version\"" "$lib"/lib/*.c -o "$V2/lib/libgpiod.so.3"
  cp "$lib/include/gpiod.h" "$V2/include/"
fi

step "vm-test: Clack's declarations of libgpiod against both real headers"
bash scripts/check-gpiod-abi.sh /usr/include
bash scripts/check-gpiod-abi.sh "$V2/include"

build_check() {
  local scratch="$CLACK_ROOT/.build-vm-check"
  # Swift's libraries linked in, for the guest has none. The allocation counter's malloc and its
  # relatives are exported, so that libgpiod's calls (a library opened at run time) reach it
  # too: the checks count what the HAL's calls into libgpiod allocate.
  swift build -c release --product clack-hal-check --scratch-path "$scratch" \
    --static-swift-stdlib -Xlinker --export-dynamic \
    2>&1 | grep -E 'error|warning: [^U]|Compiling|complete' >&2 || true
  [ -x "$scratch/release/clack-hal-check" ] || die "clack-hal-check did not build"
  nm -D --defined-only "$scratch/release/clack-hal-check" | grep -qw malloc \
    || die "clack-hal-check does not export the allocation counter's malloc"
  echo "$scratch/release/clack-hal-check"
}

build_clack() {  # the daemon itself, Swift's libraries linked in: the package's build
  # shellcheck disable=SC2046
  swift build -c release --product clack $(clack_release_flags) --scratch-path "$CLACK_ROOT/.build-deb" \
    2>&1 | grep -E 'error|warning: [^U]|complete' >&2 || true
  [ -x "$CLACK_ROOT/.build-deb/release/clack" ] || die "clack did not build"
  echo "$CLACK_ROOT/.build-deb/release/clack"
}

# A program and the shared libraries it loads, into the initramfs at `root`.
add_program() {  # $1 = initramfs root, $2 = program, $3 = its path in the guest
  local root="$1" lib
  strip --strip-unneeded -o "$root$3" "$2"
  for lib in $(ldd "$2" | grep -o '/[^ ]*'); do
    mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib"
  done
}

# The variant's libgpiod, where the guest's loader looks for it: Debian 12's libgpiod 1.6
# (libgpiod.so.2, from this machine) or the 2.x built above (libgpiod.so.3). Only one is there.
add_libgpiod() {  # $1 = initramfs root, $2 = v1|v2
  local dir
  dir="$1/lib/$(gcc -print-multiarch)"
  mkdir -p "$dir"
  if [ "$2" = v2 ]; then
    cp "$V2/lib/libgpiod.so.3" "$dir/"
  else
    cp -L "/usr/lib/$(gcc -print-multiarch)/libgpiod.so.2" "$dir/" \
      || die "no libgpiod.so.2 on this machine (apt install libgpiod2)"
  fi
}

# The full-stack stage's files: the daemon (stripped) with the shared libraries it loads, the
# rotor emulator, the board files and configs, and the codes the message should show.
add_fullstack() {  # $1 = initramfs root, $2 = clack binary
  local root="$1" dir="$1/fullstack" lib
  mkdir -p "$dir"
  cp scripts/vm/fullstack/*.yaml scripts/vm/fullstack/fullstack.sh "$dir/"
  chmod +x "$dir/fullstack.sh"
  add_program "$root" "$2" /fullstack/clack
  gcc -O2 -static -o "$dir/rotor" scripts/vm/rotor.c
  "$2" render "HI" --board scripts/vm/fullstack/flap-board.yaml --json \
    | sed 's/.*"codes":\[\[\([0-9,]*\)\]\].*/\1/' > "$dir/expected-codes"
}

run_vm() {  # $1 = v1|v2, $2 = program, $3 = clack
  local root="$CACHE/initramfs-$1" log="$CACHE/console-$1.log"
  rm -rf "$root" && mkdir -p "$root"/{bin,proc,sys,dev,modules,tmp}
  cp /bin/busybox "$root/bin/busybox"
  cp "$CLACK_ROOT/scripts/vm/init.sh" "$root/init" && chmod +x "$root/init"
  add_program "$root" "$2" /clack-hal-check
  add_fullstack "$root" "$3"
  add_libgpiod "$root" "$1"
  cp "$SIMDIR/gpio-sim.ko" "$root/modules/"
  for m in fs/configfs/configfs drivers/i2c/i2c-dev drivers/i2c/i2c-stub; do
    if [ -f "$MODULES/kernel/$m.ko" ]; then cp "$MODULES/kernel/$m.ko" "$root/modules/"
    elif [ -f "$MODULES/kernel/$m.ko.xz" ]; then xz -dc "$MODULES/kernel/$m.ko.xz" > "$root/modules/$(basename $m).ko"
    else die "kernel module $m not found under $MODULES"; fi
  done
  (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$CACHE/initramfs-$1.cpio.gz"
  timeout $((900 + 120 * runs)) qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 1024 -nographic -no-reboot -nic none \
    -kernel "$VMLINUZ" -initrd "$CACHE/initramfs-$1.cpio.gz" \
    -append "console=ttyS0 quiet panic=-1 clack.runs=$runs clack.gpiod=${1#v}" > "$log" 2>&1 || true
  tr -d '\r' < "$log" | grep -E '^(PASS|FAIL|INFO|SUMMARY|RESULT|HAL-RESULT) ' | sed "s/^/[libgpiod $1] /"
  tr -d '\r' < "$log" | grep -q '^RESULT PASS$'
}

status=0
# One build of each program for both VMs: they open whichever libgpiod the guest has.
step "vm-test: building clack-hal-check"
program=$(build_check)
step "vm-test: building clack (the daemon)"
daemon=$(build_clack)
for variant in $variants; do
  step "vm-test: booting $KVER with gpio-sim and i2c-stub (libgpiod $variant)"
  if run_vm "$variant" "$program" "$daemon"; then
    echo "vm-test: libgpiod $variant: all checks passed"
  else
    echo "vm-test: libgpiod $variant: FAILED (console log: .build-vm/console-$variant.log)"
    status=1
  fi
done
# The daemon is the package's build, which deb-test.sh reads next.
release_builds .build-vm-check
[ $status -eq 0 ] && echo "vm-test: PASS" || echo "vm-test: FAIL"
exit $status
