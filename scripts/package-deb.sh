#!/usr/bin/env bash
# Builds a Debian package of Clack for this machine's architecture: the release binary (Swift's
# own libraries linked in, so only Debian's are needed), the systemd unit, the udev rules, a
# default config (a conffile), the board files and the docs. Depends: is computed from the
# binary's shared libraries by dpkg-shlibdeps.
#
# Usage: scripts/package-deb.sh [--version VERSION] [--out DIR] [--compress TYPE]
#   VERSION  the package version (default: Clack's version, then +git<date>.<commit>)
#   DIR      where the .deb goes (default: .build-deb/)
#   TYPE     dpkg-deb's compression: xz (default, smallest), gzip (fastest to build)
# Prints the path of the package it made.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$CLACK_ROOT"

version="" out="$CLACK_ROOT/.build-deb" compress=xz
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --compress) compress="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done

ensure_swift
# shellcheck disable=SC2046
ensure_apt_packages $(clack_apt_packages) dpkg-dev binutils
base=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ClackAPI/ClackVersion.swift)
[ -n "$base" ] || die "cannot read Clack's version from Sources/ClackAPI/ClackVersion.swift"
if [ -z "$version" ]; then
  version="$base"
  if git rev-parse --git-dir >/dev/null 2>&1; then
    version="$base+git$(git log -1 --format=%cd --date=format:%Y%m%d%H%M%S).$(git rev-parse --short=8 HEAD)"
  fi
fi
arch=$(dpkg --print-architecture)

step "package-deb: building clack (release, Swift libraries linked in)"
scratch="$CLACK_ROOT/.build-deb"
# shellcheck disable=SC2046
swift build -c release --product clack $(clack_release_flags) --scratch-path "$scratch" >&2
binary="$scratch/release/clack"
[ -x "$binary" ] || die "the release build made no $binary"

step "package-deb: laying out clack $version ($arch)"
work="$CLACK_ROOT/.build-deb/package-root"
rm -rf "$work" && mkdir -p "$work"
root="$work/clack"
install -D -m 0755 "$binary" "$root/usr/bin/clack"
# Debug information out, the symbol table kept: not loaded, so it costs no memory, and a
# crash's backtrace names its functions.
strip --strip-debug "$root/usr/bin/clack"
install -D -m 0644 systemd/clack.service "$root/usr/lib/systemd/system/clack.service"
install -D -m 0644 udev/60-clack.rules "$root/usr/lib/udev/rules.d/60-clack.rules"
install -D -m 0644 packaging/debian/clack.yaml "$root/etc/clack/clack.yaml"
install -d "$root/usr/share/clack/boards" "$root/usr/share/doc/clack"
install -m 0644 boards/*.yaml "$root/usr/share/clack/boards/"
install -m 0644 README.md docs/*.md docs/openapi.yaml "$root/usr/share/doc/clack/"
# The copyright file in Debian's machine-readable format, with the licence's full text.
{
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
  printf 'Upstream-Name: Clack\nComment: Clack %s, packaged by scripts/package-deb.sh.\n\n' "$version"
  printf 'Files: *\nCopyright: 2026 The Clack authors\nLicense: MIT\n'
  sed -e 's/^$/./' -e 's/^/ /' LICENSE | tail -n +2
} > "$root/usr/share/doc/clack/copyright"

# Depends: from the libraries the binary links, as dpkg-shlibdeps reads them, and the two it
# opens for live sources (below). libmosquitto is not among them: it is opened only when MQTT
# is configured (Sources/CMosquitto), so it is a Recommends, written below; so is Avahi, opened
# only to advertise the daemon on the LAN (docs/discovery.md).
mkdir -p "$work/debian"
printf 'Source: clack\n\nPackage: clack\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "clack/usr/bin/clack" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies for the binary"
# Packed relocations (clack_release_flags) need glibc 2.36's loader; dpkg-shlibdeps reads only
# symbols, so it does not see that requirement (GLIBC_ABI_DT_RELR): raise libc6's floor to it.
if readelf -V "$work/clack/usr/bin/clack" | grep -q GLIBC_ABI_DT_RELR; then
  depends=$(echo "$depends" | sed -E 's/libc6 \(>= 2\.(3[0-5]|[12][0-9])\)/libc6 (>= 2.36)/')
fi
# libxml2 and libical are opened with dlopen when a feed or calendar is read, FreeType when a
# TrueType font is, libpng and giflib when a picture is, libcrypto when the HTTPS identity is
# made or read (Sources/CLibraryLoader), so dpkg-shlibdeps does not see them: depend on the
# packages that hold their sonames here (Debian 13 renamed libical3 and libssl3 to libical3t64
# and libssl3t64).
for soname in libxml2.so.2 libical.so.3 libfreetype.so.6 libpng16.so.16 libgif.so.7 libcrypto.so.3; do
  holder=$(dpkg-query -S "*/$soname" 2>/dev/null | head -1 | cut -d: -f1)
  [ -n "$holder" ] || die "no installed package holds $soname (apt install $(clack_apt_packages))"
  depends="$depends, $holder"
done

# libgpiod is opened at run time too, whichever API the system has (Sources/CGPIOD): 1.6 on
# Debian 12 and bookworm (libgpiod2), 2.x on Debian 13 and trixie (libgpiod3): either will do.
depends="$depends, libgpiod2 | libgpiod3"

install -d "$root/DEBIAN"
install -m 0755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm "$root/DEBIAN/"
echo /etc/clack/clack.yaml > "$root/DEBIAN/conffiles"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: clack
Version: $version
Architecture: $arch
Maintainer: Clack developers <clack@localhost>
Installed-Size: $size
Depends: $depends, passwd, udev | systemd
Recommends: libmosquitto1 (>= 2.0), libavahi-client3, avahi-daemon
Suggests: unifont, xfonts-unifont, mosquitto
Section: misc
Priority: optional
Description: controller for split-flap and LED displays on a Raspberry Pi
 Clack drives a wall of split-flap modules or an LED matrix wired to a Linux
 single-board computer's GPIO, I2C and SPI pins. It keeps a durable queue of
 messages, shows the quote of the day and scheduled content, and takes messages
 over HTTP (its own API and the Vestaboard Local API) and MQTT.
 .
 The clack service runs unprivileged as the clack user; edit
 /etc/clack/clack.yaml to name your board.
CONTROL

mkdir -p "$out"
deb="$out/clack_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Z"$compress" --build "$root" "$deb" >&2
echo "$deb"
