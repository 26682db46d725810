#!/usr/bin/env bash
# Proves Clack against the real kernel drivers: boots Debian's kernel under qemu with gpio-sim
# (built out of tree) and i2c-stub, runs clack-hal-check inside it (the HAL), then the full
# stack: `clack run` homes a flap board whose rotors a small program emulates from the coil
# lines, shows a message, and leaves the coils low on SIGTERM; and shows a message on an
# HT16K33 on i2c-stub, whose display RAM is read back. Twice: linked against Debian's libgpiod
# 1.6 and against libgpiod 2.x built from the gpiod source archive on PyPI. Prints one line per
# check, ends with a summary, exits non-zero on failure.
#
# Build outputs are cached in .build-vm/ (gpio-sim module, libgpiod 2.x), .build-vm-v1/,
# .build-vm-v2/ (the check program), .build-deb/ and .build-vm-v2-clack/ (the daemon); delete
# them to start cold.
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
V2="$CACHE/libgpiod-v2-$GPIOD_PYPI_VERSION"
if [ ! -f "$V2/lib/libgpiod.a" ]; then
  rm -rf "$V2" && mkdir -p "$V2/src" "$V2/obj" "$V2/include" "$V2/lib/pkgconfig"
  python3 -m pip download -q --no-deps --no-binary :all: "gpiod==$GPIOD_PYPI_VERSION" -d "$V2/src"
  tar -xzf "$V2/src/gpiod-$GPIOD_PYPI_VERSION.tar.gz" -C "$V2/src"
  lib="$V2/src/gpiod-$GPIOD_PYPI_VERSION"
  version=$(cat "$lib/libgpiod-version.txt")
  for c in "$lib"/lib/*.c; do
    gcc -O2 -fPIC -I"$lib/include" -I"$lib/lib" -D_GNU_SOURCE -DGPIOD_API_VERSION_STR="\"$version\"" \
      -c "$c" -o "$V2/obj/$(basename "$c" .c).o"
  done
  ar rcs "$V2/lib/libgpiod.a" "$V2"/obj/*.o
  cp "$lib/include/gpiod.h" "$V2/include/"
  printf 'prefix=%s\nName: libgpiod\nDescription: libgpiod %s from the gpiod source archive\nVersion: %s\nCflags: -I${prefix}/include\nLibs: -L${prefix}/lib -lgpiod\n' \
    "$V2" "$version" "$version" > "$V2/lib/pkgconfig/libgpiod.pc"
fi

build_check() {  # $1 = v1|v2
  local scratch="$CLACK_ROOT/.build-vm-$1"
  if [ "$1" = v2 ]; then export PKG_CONFIG_PATH="$V2/lib/pkgconfig"; else unset PKG_CONFIG_PATH; fi
  # Static, for the guest has no Swift libraries. The allocation counter defines malloc and its
  # relatives, as does libc.a's malloc.o (pulled in for __libc_malloc, which the counter
  # calls): the first definition, the counter's, wins.
  swift build -c release --product clack-hal-check --scratch-path "$scratch" \
    --static-swift-stdlib -Xswiftc -static-executable \
    -Xlinker --allow-multiple-definition 2>&1 | grep -E 'error|warning: [^U]|Compiling|complete' >&2 || true
  [ -x "$scratch/release/clack-hal-check" ] || die "clack-hal-check ($1) did not build"
  echo "$scratch/release/clack-hal-check"
}

build_clack() {  # $1 = v1|v2: the daemon itself, Swift's libraries linked in
  # v1 shares its build with scripts/package-deb.sh (the same flags): one build for both.
  local scratch="$CLACK_ROOT/.build-deb"
  if [ "$1" = v2 ]; then
    scratch="$CLACK_ROOT/.build-vm-v2-clack"
    export PKG_CONFIG_PATH="$V2/lib/pkgconfig"
  else
    unset PKG_CONFIG_PATH
  fi
  # shellcheck disable=SC2046
  swift build -c release --product clack $(clack_release_flags) --scratch-path "$scratch" \
    2>&1 | grep -E 'error|warning: [^U]|complete' >&2 || true
  [ -x "$scratch/release/clack" ] || die "clack ($1) did not build"
  echo "$scratch/release/clack"
}

# The full-stack stage's files: the daemon (stripped) with the shared libraries it loads, the
# rotor emulator, the board files and configs, and the codes the message should show.
add_fullstack() {  # $1 = initramfs root, $2 = clack binary
  local root="$1" dir="$1/fullstack" lib
  mkdir -p "$dir"
  cp scripts/vm/fullstack/*.yaml scripts/vm/fullstack/fullstack.sh "$dir/"
  chmod +x "$dir/fullstack.sh"
  strip --strip-unneeded -o "$dir/clack" "$2"
  for lib in $(ldd "$2" | grep -o '/[^ ]*'); do
    mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib"
  done
  gcc -O2 -static -o "$dir/rotor" scripts/vm/rotor.c
  "$2" render "HI" --board scripts/vm/fullstack/flap-board.yaml --json \
    | sed 's/.*"codes":\[\[\([0-9,]*\)\]\].*/\1/' > "$dir/expected-codes"
}

run_vm() {  # $1 = v1|v2, $2 = program, $3 = clack
  local root="$CACHE/initramfs-$1" log="$CACHE/console-$1.log"
  rm -rf "$root" && mkdir -p "$root"/{bin,proc,sys,dev,modules,tmp}
  cp /bin/busybox "$root/bin/busybox"
  cp "$CLACK_ROOT/scripts/vm/init.sh" "$root/init" && chmod +x "$root/init"
  cp "$2" "$root/clack-hal-check"
  add_fullstack "$root" "$3"
  cp "$SIMDIR/gpio-sim.ko" "$root/modules/"
  for m in fs/configfs/configfs drivers/i2c/i2c-dev drivers/i2c/i2c-stub; do
    if [ -f "$MODULES/kernel/$m.ko" ]; then cp "$MODULES/kernel/$m.ko" "$root/modules/"
    elif [ -f "$MODULES/kernel/$m.ko.xz" ]; then xz -dc "$MODULES/kernel/$m.ko.xz" > "$root/modules/$(basename $m).ko"
    else die "kernel module $m not found under $MODULES"; fi
  done
  (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$CACHE/initramfs-$1.cpio.gz"
  timeout $((900 + 120 * runs)) qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 1024 -nographic -no-reboot -nic none \
    -kernel "$VMLINUZ" -initrd "$CACHE/initramfs-$1.cpio.gz" \
    -append "console=ttyS0 quiet panic=-1 clack.runs=$runs" > "$log" 2>&1 || true
  tr -d '\r' < "$log" | grep -E '^(PASS|FAIL|INFO|SUMMARY|RESULT|HAL-RESULT) ' | sed "s/^/[libgpiod $1] /"
  tr -d '\r' < "$log" | grep -q '^RESULT PASS$'
}

status=0
for variant in $variants; do
  step "vm-test: building clack-hal-check against libgpiod $variant"
  program=$(build_check "$variant")
  step "vm-test: building clack (the daemon) against libgpiod $variant"
  daemon=$(build_clack "$variant")
  step "vm-test: booting $KVER with gpio-sim and i2c-stub (libgpiod $variant)"
  if run_vm "$variant" "$program" "$daemon"; then
    echo "vm-test: libgpiod $variant: all checks passed"
  else
    echo "vm-test: libgpiod $variant: FAILED (console log: .build-vm/console-$variant.log)"
    status=1
  fi
  # The daemon against libgpiod 1.6 is the package's build, which deb-test.sh reads next.
  release_builds ".build-vm-$variant" .build-vm-v2-clack
done
[ $status -eq 0 ] && echo "vm-test: PASS" || echo "vm-test: FAIL"
exit $status
