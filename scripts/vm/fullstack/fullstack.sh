#!/bin/busybox sh
# The full-stack stage inside the test VM (scripts/vm-test.sh), after the HAL checks: the real
# daemon, `clack run`, drives a flap board on gpio-sim (rotors emulated by /fullstack/rotor
# from the coil lines) and an HT16K33 on i2c-stub. One PASS/FAIL line per check.
#
# Usage: fullstack.sh SIMDIR STUBBUS   (the gpio-sim chip's sysfs directory, /dev/i2c-N)
SIM=$1 BUS=$2
F=/fullstack
failed=0
pass() { echo "PASS full stack: $*"; }
fail() { echo "FAIL full stack: $*"; failed=1; }
info() { echo "INFO full stack: $*"; }
get() { wget -q -O - "http://127.0.0.1:$1$2" 2>/dev/null; }
# The numbers after "KEY": in compact JSON, in order.
numbers() { grep -o "\"$1\":[0-9-]*" | cut -d: -f2 | tr '\n' ' '; }
# Waits (up to $2 s) until /health on port $1 says homed.
wait_homed() {
  i=0
  while [ $i -lt "$2" ]; do
    get "$1" /health | grep -q '"homed":true' && { echo $i; return 0; }
    sleep 1; i=$((i + 1))
  done
  echo $i; return 1
}
# Waits (up to $2 s) until nothing moves or waits on the board at port $1.
wait_still() {
  i=0
  while [ $i -lt "$2" ]; do
    board=$(get "$1" /api/v1/board)
    echo "$board" | grep -q '"moving":0' && echo "$board" | grep -q '"waiting":0' && return 0
    sleep 1; i=$((i + 1))
  done
  return 1
}
rotor_flaps() { cut -d' ' -f2 /tmp/rotors | tr '\n' ' '; }
daemon_flaps() { get 7000 /api/v1/board | sed 's/.*"modules":\[//' | numbers flap; }
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up

# --- A flap board through clack run ------------------------------------------------------
# One run: fresh rotors away from home, a daemon with no saved state (so it homes), a message,
# SIGTERM. Run $RUNS times (clack.runs=N on the kernel command line; 1 by default) to show
# that homing lands right every time, not most times.
flap_run() {
  rm -rf /tmp/flap-state /tmp/rotors
  # Rotors start away from home (positions 40 and 72 of 104 on the first run, elsewhere on
  # later ones): homing must find the magnets. They run on the executor's CPU, above it: a
  # real rotor follows every phase, this one only the phases it looks at, and under TCG the
  # host takes a vCPU away for tens of milliseconds now and then. On the executor's CPU such a
  # stall stops both, so the rotor never misses steps the executor makes meanwhile. The
  # executor takes the CPU with the fewest device interrupts, the last one on a tie: the rotor
  # starts on the last CPU and follows the executor once the daemon's log says where it is.
  last_cpu=$(($(nproc) - 1))
  taskset -c $last_cpu "$F/rotor" "$SIM" 104 52 3 /tmp/rotors "0,1,2,3:4@$(( (40 + 24 * (run - 1)) % 104 ))" \
    "5,6,7,8:9@$(( (72 + 40 * (run - 1)) % 104 ))" &
  rotor=$!
  i=0
  while [ ! -f /tmp/rotors ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  info "rotors start at flaps $(rotor_flaps)"
  "$F/clack" run --config "$F/flap.yaml" > /tmp/flap.log 2>&1 &
  daemon=$!
  i=0
  while ! executor_cpu=$(sed -n 's/.*executor thread: .* on CPU \([0-9]*\).*/\1/p' /tmp/flap.log | grep .) \
    && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
  if [ -n "$executor_cpu" ] && [ "$executor_cpu" != $last_cpu ]; then
    taskset -p -c "$executor_cpu" $rotor > /dev/null
  fi
  if seconds=$(wait_homed 7000 180); then pass "clack run homed the flap board in ${seconds}s"; else
    fail "clack run did not home the flap board in ${seconds}s"; tail -20 /tmp/flap.log
  fi
  wait_still 7000 60
  # The rotors are another process watching the lines (at a higher priority than the daemon,
  # every 0.2 ms): its state file can trail the daemon's report by a look or two.
  agree() { i=0; while [ "$(rotor_flaps)" != "$(daemon_flaps)" ] && [ $i -lt 50 ]; do
    sleep 0.1; i=$((i + 1)); done; [ "$(rotor_flaps)" = "$(daemon_flaps)" ]; }
  info "executor: $(grep -o 'on CPU [^"]*' /tmp/flap.log | head -1)"
  if agree; then
    pass "after homing each rotor shows the flap the daemon believes ($(rotor_flaps))"
  else
    fail "after homing the rotors show flaps $(rotor_flaps), the daemon believes $(daemon_flaps)"
    info "rotor state (position flap lost invalid): $(tr '\n' ';' < /tmp/rotors)"
    info "the rotor ran last on CPU $(cut -d' ' -f39 /proc/$rotor/stat)"
  fi

  key=$(cat /tmp/flap-state/api-key)
  if "$F/clack" send --url http://127.0.0.1:7000 --key="$key" "HI" > /tmp/send.out 2>&1; then
    pass "clack send: the daemon accepted the message"
  else
    fail "clack send: $(cat /tmp/send.out)"
  fi
  sleep 1
  wait_still 7000 120 || fail "the board was still moving after 120 s"
  codes=$(get 7000 /api/v1/board | sed 's/.*"codes":\[\[\([0-9,]*\)\]\].*/\1/')
  expected=$(cat "$F/expected-codes")
  [ "$codes" = "$expected" ] && pass "the daemon shows HI (codes $codes)" \
    || fail "the daemon shows codes $codes, not $expected"
  agree || true
  rotors=$(rotor_flaps) believed=$(daemon_flaps)
  if [ "$rotors" = "$believed" ] && [ "$rotors" != "0 0 " ]; then
    pass "each rotor landed on the flap of its letter ($rotors)"
  else
    fail "the rotors show flaps $rotors, the daemon believes $believed"
  fi
  info "rotor state (position flap lost invalid): $(tr '\n' ';' < /tmp/rotors)"

  kill -TERM $daemon
  i=0
  while kill -0 $daemon 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
  wait $daemon; status=$?
  high=""
  for line in 0 1 2 3 5 6 7 8; do
    [ "$(cat "$SIM/sim_gpio$line/value")" = 0 ] || high="$high $line"
  done
  if [ $status -eq 0 ] && [ -z "$high" ]; then
    pass "SIGTERM: clack exited 0 and every coil line is low"
  else
    fail "SIGTERM: exit status $status, coil lines still high:${high:- none}"; tail -5 /tmp/flap.log
  fi
  kill $rotor
  wait $rotor 2>/dev/null
}
RUNS=$(sed -n 's/.*clack\.runs=\([0-9]*\).*/\1/p' /proc/cmdline)
RUNS=${RUNS:-1}
run=1
while [ $run -le "$RUNS" ]; do
  [ "$RUNS" -gt 1 ] && info "flap board run $run of $RUNS"
  flap_run
  run=$((run + 1))
done

# --- A LED board through clack run -------------------------------------------------------
sed "s|@BUS@|$BUS|" "$F/led-board.yaml" > /tmp/led-board.yaml
"$F/clack" run --config "$F/led.yaml" > /tmp/led.log 2>&1 &
daemon=$!
if seconds=$(wait_homed 7001 60); then pass "clack run started the HT16K33 board in ${seconds}s"; else
  fail "clack run did not start the LED board"; tail -20 /tmp/led.log
fi
key=$(cat /tmp/led-state/api-key)
"$F/clack" send --url http://127.0.0.1:7001 --key="$key" "HI" > /tmp/send.out 2>&1 \
  || fail "clack send to the LED board: $(cat /tmp/send.out)"
number=${BUS#/dev/i2c-}
# The HT16K33's display RAM (16 bytes from 0x00) as the stub holds it, decoded as the 16x8
# backpack wires it (x = ROW, y = COM: byte 2y + x/8, bit x%8), beside the pixels the daemon
# says it shows (lit: any level above 0). Polled: the daemon writes the chip once the message
# is laid out.
ram_rows() {
  y=0
  while [ $y -lt 8 ]; do
    low=$(i2cget -y "$number" 0x70 "$(printf 0x%02x $((2 * y)))" b)
    high=$(i2cget -y "$number" 0x70 "$(printf 0x%02x $((2 * y + 1)))" b)
    bits=$(( (high << 8) | low )) row="" x=0
    while [ $x -lt 16 ]; do row="$row$(( (bits >> x) & 1 ))"; x=$((x + 1)); done
    echo "$row"; y=$((y + 1))
  done
}
daemon_rows() {
  get 7001 /api/v1/board | sed 's/.*"rows":\[\[//; s/\]\].*//; s/\],\[/;/g' | tr ';' '\n' \
    | sed 's/[1-9][0-9]*/1/g; s/,//g'
}
i=0
while [ $i -lt 30 ]; do
  shown=$(daemon_rows) ram=$(ram_rows)
  [ -n "$shown" ] && echo "$shown" | grep -q 1 && [ "$shown" = "$ram" ] && break
  sleep 1; i=$((i + 1))
done
if [ -n "$shown" ] && echo "$shown" | grep -q 1 && [ "$shown" = "$ram" ]; then
  pass "the HT16K33's display RAM holds the pixels the daemon shows"
  echo "$ram" | sed 's/0/./g; s/1/#/g; s/^/INFO full stack:   /'
else
  fail "the HT16K33's RAM and the daemon's pixels differ"
  echo "$ram" | sed 's/^/INFO   ram    /'; echo "$shown" | sed 's/^/INFO   daemon /'
fi
kill -TERM $daemon
wait $daemon
[ $? -eq 0 ] && pass "SIGTERM: the LED daemon exited 0" || fail "SIGTERM: the LED daemon failed"

exit $failed
