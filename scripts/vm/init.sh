#!/bin/busybox sh
# /init of the test VM: loads the kernel's simulated GPIO chip (gpio-sim) and I2C adapter
# (i2c-stub), builds two simulated chips, runs clack-hal-check, then the full-stack stage (the
# real daemon on those chips), and powers off. Its output goes to the serial console, which
# scripts/vm-test.sh reads.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

fail() { echo "FAIL vm setup: $*"; echo "RESULT FAIL"; poweroff -f; }

insmod /modules/configfs.ko || fail "configfs.ko did not load"
mount -t configfs configfs /sys/kernel/config || fail "cannot mount configfs"
insmod /modules/gpio-sim.ko || fail "gpio-sim.ko did not load"
insmod /modules/i2c-dev.ko || fail "i2c-dev.ko did not load"
insmod /modules/i2c-stub.ko chip_addr=0x70,0x71 || fail "i2c-stub.ko did not load"

# One gpio-sim device with two banks: two chips, told apart by their labels.
G=/sys/kernel/config/gpio-sim/clack
mkdir "$G" "$G/bank0" "$G/bank1" || fail "cannot create the gpio-sim device"
echo 16 > "$G/bank0/num_lines"
echo clack-sim-a > "$G/bank0/label"
echo 8 > "$G/bank1/num_lines"
echo clack-sim-b > "$G/bank1/label"
echo 1 > "$G/live" || fail "gpio-sim did not go live"
SIM="/sys/devices/platform/$(cat "$G/dev_name")/$(cat "$G/bank0/chip_name")"
echo "INFO kernel $(uname -r), simulated chip at $SIM"

# The HAL's own checks; their closing line becomes HAL-RESULT, so RESULT is this VM's verdict.
# The libgpiod this VM holds (clack.gpiod=1 or 2 on the kernel's command line), which the
# binaries, the same in both VMs, must have opened.
API=$(sed -n 's/.*clack\.gpiod=\([0-9]\).*/\1/p' /proc/cmdline)
/clack-hal-check --gpio-label clack-sim-a --other-label clack-sim-b --sim "$SIM" \
  --i2c-adapter "SMBus stub driver" ${API:+--libgpiod-api "$API"} | sed 's/^RESULT /HAL-RESULT /' | tee /tmp/hal.out
# Then the whole daemon on the same simulated chips (scripts/vm/fullstack/fullstack.sh).
STUB=$(grep -l "SMBus stub driver" /sys/class/i2c-dev/i2c-*/name | head -1 | cut -d/ -f5)
/fullstack/fullstack.sh "$SIM" "/dev/$STUB"
full=$?
if grep -q '^HAL-RESULT PASS$' /tmp/hal.out && [ $full -eq 0 ]; then echo "RESULT PASS"; else
  echo "RESULT FAIL"
fi
poweroff -f
