"""Drives a release `clack run --simulate` for scripts/bench-flood.sh (loopback only): the
executor's wake-up lateness while the board moves, without and with a flood of requests at
the configured limits, and what the flood leaves behind.

The daemon runs with --realtime: the twin's executor asks for real-time scheduling as it does
on real hardware (SCHED_FIFO, where the process is allowed it: as root, or with CAP_SYS_NICE as
the systemd unit gives it). Three runs of the same daemon on the same state (homed once, then each start trusts the
positions a clean stop saved), each SECONDS long, with the board kept turning (a new message
every 1.5 s, a dwell of 1 s): a quiet run, a flooded run, a quiet run again (with ROUNDS,
flooded and quiet again that many times, and the medians compared). The flood: 8 HTTP
clients, each from an address of its own (127.0.0.2 to 127.0.0.9), each sending four times the
per-address limit (the default 600 a minute; a client's burst allowance of 600 is spent after
20 s, then most of its requests are answered 429), every message from a sender of its own so
that the per-sender limit never answers first; and an MQTT publisher sending 20 messages a
second (QoS 1) through a Mosquitto on loopback. The flood's messages expire after 20 s. Each
run's lateness is the daemon's own summary (clack_executor_tick_lateness_seconds), which
covers that run alone.

Checks: every message answered 201, and every MQTT message published, is in the store
afterwards; the daemon's memory once the flood's messages have expired and the board has
settled, beside its memory at rest before the flood."""
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from bench_support import http_request, memory, memory_text, wait_until  # noqa: E402
from mqtt_client import MQTTClient  # noqa: E402

binary, mosquitto = sys.argv[1], sys.argv[2]
seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
rounds = max(1, int(sys.argv[4])) if len(sys.argv) > 4 else 1
port, broker_port = 17394, 17395
work = tempfile.mkdtemp(prefix="clack-bench-flood-")
state = os.path.join(work, "state")
config = os.path.join(work, "clack.yaml")
with open(config, "w") as f:
    # The configured limits are the defaults; a dwell of 1 s keeps the board turning.
    f.write(f"dwell: 1s\nschedules: []\nmqtt: {{host: 127.0.0.1, port: {broker_port},"
            " board: flood, discovery: false}\n")
with open(os.path.join(work, "mosquitto.conf"), "w") as f:
    f.write(f"persistence false\nuser {'root' if os.geteuid() == 0 else os.environ['USER']}\n"
            f"listener {broker_port} 127.0.0.1\nallow_anonymous true\n")
key = ""
# The executor takes the last CPU (CPUPlacement.lastAllowed) and keeps the daemon's other
# threads off it. The clients and the broker stand for machines elsewhere on the LAN, so they
# too stay off it: this process and Mosquitto (started from it) run on the other CPUs, and the
# daemon is started with every CPU, as systemd starts it.
ALL_CPUS = sorted(os.sched_getaffinity(0))
if len(ALL_CPUS) >= 2:
    os.sched_setaffinity(0, ALL_CPUS[:-1])
# The flood's messages expire 20 s after they come, so once it is over the queue is as short as
# before it, and the memory can be compared with the memory at rest.
LIFETIME = 20


def request(method, path, body=None, source="127.0.0.1"):
    return http_request(port, method, path, key, body, source, timeout=10)


def lateness():
    """The run's executor lateness summary from /metrics, in microseconds (and its count). The
    executor hands its ticks over at its next tick after a read asks for them, and a read
    before (the heap's figures) may have asked already, so this reads three times, while the
    board turns."""
    for _ in range(2):
        request("GET", "/metrics")
        time.sleep(0.05)
    found = {}
    for line in request("GET", "/metrics")[1].decode().splitlines():
        if line.startswith("clack_executor_tick_lateness_seconds{"):
            found[line.split('"')[1]] = float(line.split()[-1]) * 1e6
        if line.startswith("clack_executor_tick_lateness_seconds_count"):
            found["count"] = int(line.split()[-1])
    return found


def metric_values(prefix):
    """The gauges on /metrics whose names start with `prefix`, by name."""
    found = {}
    for line in request("GET", "/metrics")[1].decode().splitlines():
        if line.startswith(prefix) and not line.startswith("#"):
            name, value = line.split()[:2]
            found[name] = float(value)
    return found


def heap_text():
    """The C allocator's live and free-held bytes, as the daemon reports them (mallinfo2)."""
    found = metric_values("clack_heap_")
    if "clack_heap_in_use_bytes" not in found:
        return "heap not reported"
    return (f"heap in use {found['clack_heap_in_use_bytes'] / 2**20:.1f} MiB,"
            f" free in the heap {found['clack_heap_free_held_bytes'] / 2**20:.1f} MiB")


def heap_in_use():
    """The heap's live bytes in MiB (0 when the daemon does not report them)."""
    return metric_values("clack_heap_in_use_bytes").get("clack_heap_in_use_bytes", 0) / 2**20


def executor_cpu_interrupts():
    """Interrupts on the executor's CPU (the last one) by kind, from /proc/interrupts: TLB
    shootdowns (other threads of the process unmapping memory), function calls, reschedules
    and the local timer. Other threads reach the executor's CPU only through these."""
    with open("/proc/interrupts") as f:
        cpus = f.readline().split()
        column = cpus.index(f"CPU{ALL_CPUS[-1]}")
        counts = {}
        for line in f:
            parts = line.split()
            if parts and parts[0] in ("TLB:", "CAL:", "RES:", "LOC:") and len(parts) > column + 1:
                counts[parts[0].rstrip(":")] = int(parts[column + 1])
    return counts


def start():
    daemon = subprocess.Popen(
        [binary, "run", "--simulate", "--realtime", "--state", state, "--config", config,
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "daemon.log"), "a"),
        preexec_fn=lambda: os.sched_setaffinity(0, ALL_CPUS))
    wait_until(lambda: json.loads(request("GET", "/health")[1]).get("homed"), 300,
               "the daemon did not become ready")
    return daemon


def fifo_threads(pid):
    """The daemon's threads at SCHED_FIFO (policy 1 in /proc/PID/task/TID/stat)."""
    count = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        count += fields[38] == "1"
    return count


def settle():
    wait_until(lambda: json.loads(request("GET", "/api/v1/board")[1])["moving"] == 0, 120,
               "the board did not settle")


def stop(daemon):
    daemon.terminate()
    daemon.wait(timeout=30)


class Flood:
    """The HTTP clients and the MQTT publisher, each in a thread, until `stop`."""

    def __init__(self):
        self.running = True
        self.accepted, self.limited, self.other = [], 0, []
        self.published = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.http, args=(n,)) for n in range(8)]
        self.threads.append(threading.Thread(target=self.mqtt))

    def http(self, client):
        source = f"127.0.0.{client + 2}"
        # Four times the default 600 a minute: a client's burst allowance (600) is spent in
        # 20 s, and from then on three requests in four are answered 429.
        interval = 60 / 2400
        count, next_at = 0, time.monotonic()
        while self.running:
            count += 1
            body = {"text": f"FLOOD {client} {count}", "sender": f"h{client}-{count}",
                    "expires_in": LIFETIME}
            try:
                status, payload = request("POST", "/api/v1/messages", body, source)
            except OSError as error:
                status, payload = 0, str(error).encode()
            with self.lock:
                if status == 201:
                    self.accepted.append(json.loads(payload)["id"])
                elif status == 429:
                    self.limited += 1
                else:
                    self.other.append((status, payload[:200]))
            next_at += interval
            time.sleep(max(0, next_at - time.monotonic()))

    def mqtt(self):
        client = MQTTClient(broker_port, "bench-flood")
        count, next_at = 0, time.monotonic()
        while self.running:
            count += 1
            sender = f"m-{count}"
            client.publish("clack/flood/message/set",
                           json.dumps({"text": f"MQTT {count}", "sender": sender,
                                       "expires_in": LIFETIME}), qos=1)
            self.published.append(sender)
            next_at += 1 / 20
            time.sleep(max(0, next_at - time.monotonic()))
        client.messages(1)  # the last PUBACKs
        client.disconnect()

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()


def mover(stop_event):
    """Keeps the board turning: a new message every 1.5 s from one sender."""
    words = ["TICK", "TOCK", "FLIP", "FLAP"]
    index = 0
    while not stop_event.wait(1.5):
        index += 1
        # A sender each time: one sender would reach its own limit (50 an hour) in a run.
        request("POST", "/api/v1/messages", {"text": f"{words[index % 4]} {index}",
                                            "sender": f"mover-{time.time_ns()}"})


def measured_run(name, flood):
    daemon = start()
    try:
        settle()
        time.sleep(2)
        rest = (memory(daemon.pid), heap_in_use())
        rest_text = f"{memory_text(daemon.pid)}, {heap_text()}"
        interrupts_before = executor_cpu_interrupts()
        stop_event = threading.Event()
        moving = threading.Thread(target=mover, args=(stop_event,))
        moving.start()
        load = Flood() if flood else None
        if load:
            load.start()
        time.sleep(seconds)
        figures = lateness()
        interrupts = {kind: count - interrupts_before.get(kind, 0)
                      for kind, count in executor_cpu_interrupts().items()}
        if load:
            load.stop()
        stop_event.set()
        moving.join()
        settle()
        # The flood's messages have expired (LIFETIME), the board has settled, and the daemon
        # has had its quiet time (MemoryRelief, 10 s) after the last expiry.
        time.sleep(LIFETIME + 15)
        after_text = f"{memory_text(daemon.pid)}, {heap_text()}"
        after = (memory(daemon.pid), heap_in_use())
        reliefs = int(metric_values("clack_memory_reliefs_total").get(
            "clack_memory_reliefs_total", 0))
        print(f"  {name}: {fifo_threads(daemon.pid)} thread(s) at SCHED_FIFO; lateness p50"
              f" {figures['0.5']:.1f} µs, p99 {figures['0.99']:.1f} µs, max"
              f" {figures['1.0']:.1f} µs ({figures['count']:,} ticks); interrupts on the"
              f" executor's CPU during the run: {interrupts}")
        print(f"    memory at rest before: {rest_text}")
        print(f"    after, settled ({reliefs} relief(s)): {after_text}")
        return figures, rest, after, load
    finally:
        stop(daemon)


def stored_senders():
    with sqlite3.connect(os.path.join(state, "clack.sqlite")) as db:
        return {row[0]: row[1] for row in db.execute("SELECT sender, id FROM message")}


broker = subprocess.Popen([mosquitto, "-c", os.path.join(work, "mosquitto.conf")],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_until(lambda: MQTTClient(broker_port, "probe").disconnect() or True, 10,
               "mosquitto did not start")
    first = start()
    with open(os.path.join(state, "api-key")) as f:
        key = f.read().strip()
    settle()
    stop(first)  # homed once: each run below starts from the positions saved at this stop
    print(f"{seconds} s a run; the board kept turning; flood: 8 addresses at four times the"
          " per-address limit, MQTT at 20 a second; clients and broker on CPU(s)"
          f" {','.join(map(str, ALL_CPUS[:-1] or ALL_CPUS))}")
    # Quiet, then ROUNDS times flooded and quiet again: the quiet runs' own p99 moves from one
    # daemon to the next by more than the goal allows, so with several rounds the ratio is the
    # flooded runs' median against the quiet runs'.
    quiet_p99 = [measured_run("quiet", False)[0]["0.99"]]
    floods = []
    for round_number in range(rounds):
        figures, rest, after, load = measured_run(f"flood {round_number + 1}", True)
        # Read now: the next daemon's store no longer holds this flood's expired messages.
        floods.append((figures["0.99"], rest, after, load, stored_senders()))
        quiet_p99.append(measured_run("quiet again", False)[0]["0.99"])
    baseline = statistics.median(quiet_p99)
    flooded = statistics.median(flood[0] for flood in floods)
    ratio = flooded / baseline
    what = "p99" if rounds == 1 else f"median p99 of {rounds} flooded runs"
    print(f"executor lateness {what} under the flood: {ratio:.2f}x the quiet runs'"
          f" ({flooded:.1f} µs against {baseline:.1f} µs, the median of {len(quiet_p99)})"
          f" (goal: at most 1.1x; {'met' if ratio <= 1.1 else 'MISSED'})")
    for index, (_, rest, after, load, senders) in enumerate(floods):
        ids = set(senders.values())
        label = "" if rounds == 1 else f"flood {index + 1}: "
        lost = [message for message in load.accepted if message not in ids]
        mqtt_lost = [sender for sender in load.published if sender not in senders]
        print(f"{label}HTTP: {len(load.accepted):,} answered 201, {load.limited:,} answered 429,"
              f" {len(load.other)} otherwise; acknowledged and not in the store: {len(lost)}"
              f" (goal: 0; {'met' if not lost and not load.other else 'MISSED'})")
        if load.other:
            print(f"  other answers: {load.other[:3]}")
        print(f"{label}MQTT: {len(load.published):,} published; not in the store:"
              f" {len(mqtt_lost)} (goal: 0; {'met' if not mqtt_lost else 'MISSED'})")
        (rss_rest, _, anonymous_rest), heap_rest = rest
        (rss_after, _, anonymous_after), heap_after = after
        grown = anonymous_after - anonymous_rest
        print(f"{label}memory after the flood, settled: anonymous {grown:+.1f} MiB, RSS"
              f" {rss_after - rss_rest:+.1f} MiB, heap in use {heap_after - heap_rest:+.1f} MiB"
              f" against rest before it (goal: back to its idle figure, anonymous within 2 MiB;"
              f" {'met' if grown <= 2 else 'MISSED'})")
finally:
    broker.terminate()
    broker.wait(timeout=10)
    subprocess.run(["rm", "-rf", work])
