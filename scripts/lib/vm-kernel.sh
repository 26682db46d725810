# Debian's amd64 kernel for the VM stages (scripts/vm-test.sh, scripts/deb-test.sh), unpacked
# into a folder of the project's own: nothing is installed into this machine's /boot,
# /lib/modules or /usr/src. Sourced after common.sh, not run.

# Stops the calling script with one clear line (exit 0) where the VM stages cannot run: they
# boot an amd64 kernel under qemu, which is only practical on an x86_64 host.
vm_require_x86_64() {  # $1 = the stage's name
  local machine
  machine=$(uname -m)
  if [ "$machine" != x86_64 ]; then
    echo "$1: skipped: it boots an amd64 kernel under qemu, which needs an x86_64 host (this is $machine)"
    exit 0
  fi
}

# Downloads Debian's current amd64 kernel (linux-image-amd64's), its headers and kbuild, and
# the packages named in the arguments (e.g. linux-source), and unpacks them with dpkg -x into
# $CACHE/kernel-<version>/root, once. Absolute symlinks and the headers' include are pointed
# into that folder. Sets KVER, KROOT (the unpacked root), VMLINUZ, MODULES and KSRC (the
# unpacked /usr/src).
vm_kernel() {
  local image headers extra deb link
  if ! apt-cache depends linux-image-amd64 2>/dev/null | grep -q 'Depends: linux-image-'; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  fi
  image=$(apt-cache depends linux-image-amd64 2>/dev/null \
    | sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -1)
  [ -n "$image" ] || die "apt knows no linux-image-amd64 kernel (is this Debian?)"
  KVER=${image#linux-image-}
  KROOT="$CACHE/kernel-$KVER/root"
  headers="linux-headers-$KVER"
  # The extra packages may be metapackages (linux-source): take what they depend on.
  local wanted=("$image" "$headers") name
  for name in $(apt-cache depends "$headers" | sed -n 's/^ *Depends: \(linux-headers-[^ ]*-common\|linux-kbuild-[^ ]*\)$/\1/p') "$@"; do
    extra=$(apt-cache depends "$name" 2>/dev/null | sed -n "s/^ *Depends: \\($name-[0-9][^ ]*\\)$/\\1/p" | head -1)
    wanted+=("${extra:-$name}")
  done
  # Packages already unpacked are listed in .unpacked; only the missing ones are fetched.
  local list="$CACHE/kernel-$KVER/.unpacked" missing=()
  mkdir -p "$KROOT"
  for name in "${wanted[@]}"; do
    grep -qxF "$name" "$list" 2>/dev/null || missing+=("$name")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    step "unpacking ${missing[*]} into $CACHE/kernel-$KVER (not installed on this machine)"
    local debs="$CACHE/kernel-$KVER/debs"
    rm -rf "$debs" && mkdir -p "$debs"
    # As ourselves: apt's _apt sandbox user cannot write into a folder of ours.
    (cd "$debs" && apt-get download -q -o APT::Sandbox::User="$(id -un)" "${missing[@]}" >&2) \
      || die "apt-get download ${missing[*]} failed"
    for deb in "$debs"/*.deb; do dpkg -x "$deb" "$KROOT"; done
    rm -rf "$debs"
    find "$KROOT" -type l -lname '/*' | while read -r link; do
      ln -sfn "$KROOT$(readlink "$link")" "$link"
    done
    [ -f "$KROOT/usr/src/$headers/Makefile" ] \
      && sed -i "s|^include /usr/src/|include $KROOT/usr/src/|" "$KROOT/usr/src/$headers/Makefile"
    printf '%s\n' "${missing[@]}" >> "$list"
  fi
  VMLINUZ="$KROOT/boot/vmlinuz-$KVER"
  MODULES="$KROOT/lib/modules/$KVER"
  [ -d "$MODULES" ] || MODULES="$KROOT/usr/lib/modules/$KVER"
  KSRC="$KROOT/usr/src"
  [ -f "$VMLINUZ" ] || die "no kernel image in $KROOT/boot after unpacking $image"
}
