#!/bin/sh
# Runs inside the throwaway Debian system that scripts/deb-test.sh boots: installs the clack
# package, checks the service reaches READY, restarts, reloads, is restarted after a crash,
# upgrades with its queue and config intact, and purges cleanly. One line per check on the
# serial console, then RESULT PASS|FAIL, then power off.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
out=/dev/ttyS0
failed=0
say() { echo "$*" > "$out"; }
pass() { say "PASS $*"; }
fail() { say "FAIL $*"; failed=1; }
# check NAME COMMAND...: PASS when the command succeeds, else FAIL with its output.
check() {
  name=$1; shift
  if "$@" > /tmp/check.out 2>&1; then pass "$name"; else
    fail "$name"; sed 's/^/INFO   /' /tmp/check.out | tail -15 > "$out"
  fi
}
# Waits until clack.service is active (Type=notify: READY=1 sent); prints the seconds taken.
# $1: how many automatic restarts to allow (a crash test expects one).
wait_active() {
  i=0
  restarts=$(( $(systemctl show -p NRestarts --value clack.service 2>/dev/null || echo 0) + $1 ))
  while [ $i -lt 900 ]; do
    state=$(systemctl is-active clack.service)
    [ "$state" = active ] && { echo "$i"; return 0; }
    [ "$state" = failed ] && break
    # Restart=on-failure would go on trying: one failed start is enough to report.
    [ "$(systemctl show -p NRestarts --value clack.service)" -gt "$restarts" ] && break
    sleep 1; i=$((i + 1))
  done
  echo "$i"; return 1
}
ready() {
  case "$1" in *crash*) allowed=1 ;; *) allowed=0 ;; esac
  if seconds=$(wait_active "$allowed"); then pass "$1: the service is READY (${seconds}s)"; else
    fail "$1: the service is not READY ($(systemctl is-active clack.service) after ${seconds}s)"
    journalctl -u clack.service --no-pager -n 20 | sed 's/^/INFO   /' > "$out"
  fi
}
queued_ids() { clack queue --state queued --json | grep -o '"id" *: *[0-9]*' | tr -dc '0-9\n' | sort -n | tr '\n' ' '; }
main_pid() { systemctl show -p MainPID --value clack.service; }
journal_has() { journalctl -u clack.service --no-pager "$@"; }

say "INFO $(systemctl --version | head -1), kernel $(uname -r)"
old=$(ls /root/debs/clack_*test1*.deb) new=$(ls /root/debs/clack_*test2*.deb)

check "install $(basename "$old")" dpkg -i "$old"
[ $failed -eq 0 ] || journalctl -u clack.service --no-pager -n 30 | sed 's/^/INFO   /' > "$out"
ready "first start"
check "the clack user is in gpio, i2c and spi" sh -c 'id -nG clack | tr " " "\n" | grep -cx "gpio\|i2c\|spi" | grep -qx 3'
check "the state directory belongs to clack" sh -c '[ "$(stat -c %U /var/lib/clack)" = clack ]'
check "the service runs as clack, not root" sh -c '[ "$(ps -o user= -p $(systemctl show -p MainPID --value clack.service))" = clack ]'
check "STATUS= says it is serving" sh -c 'systemctl show -p StatusText --value clack.service | grep -q "^serving http://127.0.0.1:7000"'
check "the unit is enabled" systemctl is-enabled clack.service
# clack doctor on the real machine: the service's limits, the state, the database, the API.
if clack doctor > /tmp/doctor.out 2>&1; then pass "clack doctor finds no problems"; else
  fail "clack doctor found problems"; sed 's/^/INFO   /' /tmp/doctor.out > "$out"
fi
grep -q "real-time: clack.service allows SCHED_FIFO 80" /tmp/doctor.out \
  && pass "clack doctor read the unit's real-time limits" || fail "clack doctor did not read the unit's limits"

# Messages that wait (not before 23:59) stay queued across everything below.
check "two messages accepted" sh -c 'clack send --sender one --at 23:59 "FIRST" && clack send --sender two --at 23:59 "SECOND"'
before=$(queued_ids)
[ -n "$before" ] && pass "queued: $before" || fail "no queued messages to follow"

check "systemctl restart" systemctl restart clack.service
ready "after a restart"
check "the restart trusted the saved positions (no homing)" sh -c 'journalctl -u clack.service --no-pager -n 40 | grep -q "trusting the positions saved at the clean stop"'
[ "$(queued_ids)" = "$before" ] && pass "the queue survived the restart" || fail "queue after restart: $(queued_ids), before: $before"

pid=$(main_pid)
echo 'quiet_hours: {start: "23:00", end: "23:30"}' >> /etc/clack/clack.yaml
check "systemctl reload" systemctl reload clack.service
sleep 2
[ "$(main_pid)" = "$pid" ] && pass "reload kept the process ($pid)" || fail "reload changed the process: $pid -> $(main_pid)"
check "reload re-read the config" sh -c 'clack status | grep -q "23:00"'
echo 'dwell: soon' >> /etc/clack/clack.yaml
systemctl reload clack.service; sleep 2
check "a bad config is an error in the journal (-p err)" sh -c 'journalctl -u clack.service --no-pager -p err | grep -q "reload failed"'
check "info lines are not errors" sh -c '! journalctl -u clack.service --no-pager -p err | grep -q "ready: homed"'
sed -i '/^dwell: soon$/d' /etc/clack/clack.yaml

systemctl stop clack.service
clack doctor > /tmp/doctor.out 2>&1 && fail "clack doctor passed with the service stopped" \
  || { grep -q "PROBLEM api: nothing answers on 127.0.0.1:7000" /tmp/doctor.out \
    && pass "clack doctor reports the stopped service, exit 1" || fail "clack doctor: $(cat /tmp/doctor.out)"; }
systemctl start clack.service
ready "after a stop and start"

pid=$(main_pid)
kill -9 "$pid"
sleep 1
ready "after a crash (Restart=on-failure)"
[ "$(main_pid)" != "$pid" ] && pass "a new process replaced the killed one" || fail "no restart after SIGKILL"
[ "$(queued_ids)" = "$before" ] && pass "the queue survived the crash" || fail "queue after the crash: $(queued_ids)"

pid=$(main_pid)
check "upgrade to $(basename "$new")" dpkg -i --force-confold "$new"
ready "after the upgrade"
check "the new version is installed" sh -c 'dpkg-query -W -f="\${Version}" clack | grep -q test2'
[ "$(main_pid)" != "$pid" ] && pass "the upgrade restarted the service" || fail "the upgrade did not restart the service"
[ "$(queued_ids)" = "$before" ] && pass "the queue survived the upgrade" || fail "queue after the upgrade: $(queued_ids)"
check "the edited config survived the upgrade" grep -q '^quiet_hours: {start: "23:00"' /etc/clack/clack.yaml

score=$(systemd-analyze security clack.service --no-pager 2>/dev/null | sed -n 's/.*Overall exposure level for clack.service: *//p')
say "INFO systemd-analyze security clack.service: $score"
[ -n "$score" ] && pass "systemd-analyze security scored the unit: $score" || fail "systemd-analyze security gave no score"

check "purge" dpkg --purge clack
check "the service is gone" sh -c '! systemctl cat clack.service >/dev/null 2>&1'
check "no process left" sh -c '! pgrep -x clack'
check "config and state are gone" sh -c '[ ! -e /etc/clack ] && [ ! -e /var/lib/clack ]'
check "the clack user and group are gone" sh -c '! getent passwd clack && ! getent group clack'
check "no file of the package is left" sh -c '[ ! -e /usr/bin/clack ] && [ ! -e /usr/lib/systemd/system/clack.service ] && [ ! -e /usr/lib/udev/rules.d/60-clack.rules ]'

[ $failed -eq 0 ] && say "RESULT PASS" || say "RESULT FAIL"
sync
systemctl poweroff --force --force
