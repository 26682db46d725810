#!/usr/bin/env bash
# Lets a user drive GPIO, I2C and SPI without root: creates the gpio, i2c and spi system
# groups, installs udev/60-clack.rules, re-applies udev rules to existing devices, and adds the
# user (default: the one running sudo) to the groups. Log out and in again afterwards.
#
# Usage: sudo scripts/install-udev.sh [USER]
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
user="${1:-${SUDO_USER:-$(id -un)}}"
for group in gpio i2c spi; do
  getent group "$group" >/dev/null || as_root groupadd -r "$group"
done
as_root install -m 0644 "$CLACK_ROOT/udev/60-clack.rules" /etc/udev/rules.d/60-clack.rules
if command -v udevadm >/dev/null 2>&1; then
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=gpio --subsystem-match=i2c-dev --subsystem-match=spidev
fi
if [ "$user" != root ]; then
  as_root usermod -aG gpio,i2c,spi "$user"
  echo "added $user to gpio, i2c and spi; log out and in again for it to take effect"
fi
echo "installed /etc/udev/rules.d/60-clack.rules"
