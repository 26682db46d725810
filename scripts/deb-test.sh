#!/usr/bin/env bash
# Proves the Debian package in a throwaway system: builds two versions of the .deb
# (scripts/package-deb.sh), makes a minimal Debian of this machine's release with debootstrap,
# boots it under qemu with systemd as init, and there (scripts/vm/deb-check.sh) installs the
# package, waits for the service's READY, restarts it, reloads it, kills it, upgrades it with
# its queue and config intact, scores the unit with systemd-analyze security and purges it.
# Prints one line per check and exits non-zero on any failure.
#
# The Debian system is cached in .build-vm/debroot-<release>-<hash>/ (delete it to start cold).
#
# Usage: scripts/deb-test.sh
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/vm-kernel.sh"
cd "$CLACK_ROOT"

CACHE="$CLACK_ROOT/.build-vm"
mkdir -p "$CACHE"
vm_require_x86_64 deb-test
step "deb-test: checking packages"
ensure_apt_packages debootstrap qemu-system-x86 cpio gzip dpkg-dev
# The kernel: unpacked into .build-vm, never installed on this machine.
vm_kernel
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$release" ] || die "cannot tell this machine's Debian release from /etc/os-release"

step "deb-test: building two versions of the package"
base=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ClackAPI/ClackVersion.swift)
debs="$CACHE/debs"
rm -rf "$debs"
old=$(scripts/package-deb.sh --version "$base~test1" --out "$debs" --compress gzip)
new=$(scripts/package-deb.sh --version "$base~test2" --out "$debs" --compress gzip)

# The package's Depends (first of each set of alternatives, versions dropped), to install
# into the throwaway system up front: it has no network, and dpkg -i must find them there.
depends=$(dpkg-deb -f "$old" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/ //g' | grep -v '^$' | sort -u | tr '\n' ',')
include="systemd,systemd-sysv,udev,procps,${depends%,}"
hash=$(echo "$include" | sha256sum | cut -c1-12)
golden="$CACHE/debroot-$release-$hash"
if [ ! -f "$golden/.complete" ]; then
  step "deb-test: debootstrap $release with $include"
  rm -rf "$golden"
  debootstrap --variant=minbase --include="$include" "$release" "$golden" >&2 \
    || die "debootstrap failed (log: $golden/debootstrap/debootstrap.log)"
  rm -rf "$golden/var/cache/apt/archives"/*.deb "$golden/var/lib/apt/lists"/*
  touch "$golden/.complete"
fi

step "deb-test: preparing the system"
root="$CACHE/debroot-run"
rm -rf "$root" && cp -a "$golden" "$root" && rm -f "$root/.complete"
mkdir -p "$root/root/debs"
cp "$old" "$new" "$root/root/debs/"
install -m 0755 scripts/vm/deb-check.sh "$root/root/deb-check.sh"
cat > "$root/etc/systemd/system/deb-check.service" <<'UNIT'
[Unit]
Description=Clack package checks
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/root/deb-check.sh
[Install]
WantedBy=multi-user.target
UNIT
ln -sf /etc/systemd/system/deb-check.service "$root/etc/systemd/system/multi-user.target.wants/deb-check.service"
# No logins on the console: the checks own it.
for unit in serial-getty@ttyS0.service getty@tty1.service; do ln -sf /dev/null "$root/etc/systemd/system/$unit"; done
echo clack-test > "$root/etc/hostname"
: > "$root/etc/machine-id"
# The whole system is the initramfs: the kernel runs /init, which is systemd.
ln -sf /lib/systemd/systemd "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$CACHE/debroot.cpio.gz"

step "deb-test: booting $KVER with systemd (TCG: a few minutes)"
log="$CACHE/console-deb.log"
timeout 1500 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 -nographic -no-reboot -nic none \
  -kernel "$VMLINUZ" -initrd "$CACHE/debroot.cpio.gz" \
  -append 'console=ttyS0 quiet loglevel=1 panic=-1 systemd.show_status=false' > "$log" 2>&1 || true
tr -d '\r' < "$log" | grep -E '^(PASS|FAIL|INFO|RESULT) ' | sed 's/^/[deb] /'
if tr -d '\r' < "$log" | grep -q '^RESULT PASS$'; then
  echo "deb-test: PASS"
else
  echo "deb-test: FAIL (console log: $log)"
  exit 1
fi
