#!/bin/sh
# netns-avahi.sh NAME DIR: run inside a test's network namespace (`ip netns exec`), gives it a
# D-Bus system bus of its own (socket DIR/bus, any local user may talk) and an avahi-daemon on
# it, under the host name clack-NAME in a UTS and mount namespace of their own (its pid file on
# a tmpfs), so several hosts' Avahi run side by side on one machine. avahi-daemon runs in the
# foreground; the bus forks. Clack's processes reach them with
# DBUS_SYSTEM_BUS_ADDRESS=unix:path=DIR/bus. mDNS goes only where the namespace's links go.
# With a third argument EXTRA, EXTRA/services and EXTRA/hosts stand in for /etc/avahi's (static
# services and host names this avahi-daemon announces: the test's broker).
set -e
name=$1 dir=$2 extra=${3:-}
mkdir -p "$dir"
chmod 755 "$dir"
cat > "$dir/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/> <allow own="*"/> <allow send_destination="*"/> <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file="$dir/bus.conf" --fork
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/bus"
mkdir -p /run/avahi-daemon
statics=true
if [ -n "$extra" ]; then
  statics="mount --bind $extra/services /etc/avahi/services && mount --bind $extra/hosts /etc/avahi/hosts"
fi
exec unshare -mu sh -c "hostname clack-$name && mount -t tmpfs none /run/avahi-daemon \
  && $statics && exec avahi-daemon --no-drop-root --no-chroot --no-rlimits -s"
