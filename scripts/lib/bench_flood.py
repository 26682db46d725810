"""Drives a release `clack run --simulate` for scripts/bench-flood.sh (loopback only): the
executor's wake-up lateness while the board moves, without and with a flood of requests at
the configured limits, and what the flood leaves behind.

The daemon runs with --realtime: the twin's executor asks for real-time scheduling as it does
on real hardware (SCHED_FIFO, where the process is allowed it: as root, or with CAP_SYS_NICE as
the systemd unit gives it). One daemon, homed once, in three phases:

1. Memory. At rest after homing ("cold"); then ordinary use (the mover for 20 s, and five
   messages from each flood address and five over MQTT, at a gentle pace) and its memory
   relief, at rest again ("idle after ordinary use"); then one flood with the board turning,
   its messages expired and the relief run, at rest once more ("after the flood"). The goal
   compares the last with the idle figure; the cold figure is printed beside it, as first use
   (an arena for each thread that first allocates, caches filled the first time a path runs)
   is not the flood's.
2. Lateness. With the board kept turning (a new message every 1.5 s, a dwell of 1 s),
   windows of SECONDS alternate quiet and flooded: quiet, then ROUNDS times flooded and quiet
   again. Each window's lateness is the difference of two scrapes of the daemon's cumulative
   histogram (clack_executor_tick_lateness_histogram_seconds), read as Prometheus's
   histogram_quantile reads it; the flooded windows pooled are compared with the quiet ones
   pooled. Alternating within one daemon keeps what differs from one daemon to the next (and
   a host that drifts over minutes) out of the ratio: between daemons, the quiet p99 alone
   moved by more than the goal allows (docs/performance.md).
3. Losses. Every message answered 201, and every MQTT message published, is in the store.

The flood: 8 HTTP clients, each from an address of its own (127.0.0.2 to 127.0.0.9), each
sending four times the per-address limit (the default 600 a minute; a client's burst
allowance of 600 is spent in its first 20 s, then most of its requests are answered 429),
every message from a sender of its own so that the per-sender limit never answers first; and
an MQTT publisher sending 20 messages a second (QoS 1) through a Mosquitto on loopback. The
flood's messages expire after 20 s."""
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
from bench_support import http_request, memory, wait_until  # noqa: E402
from mqtt_client import MQTTClient  # noqa: E402

binary, mosquitto = sys.argv[1], sys.argv[2]
seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
rounds = max(1, int(sys.argv[4])) if len(sys.argv) > 4 else 6
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
# The executor chooses the CPU devices interrupt least (CPUPlacement.awayFromDevices), moves
# the interrupts it may off it, and keeps the daemon's other threads off it. The clients and
# the broker stand for machines elsewhere on the LAN, so once the daemon has chosen they too
# are moved off it (`keep_off_executor`); the daemon is started with every CPU, as systemd
# starts it.
ALL_CPUS = sorted(os.sched_getaffinity(0))
EXECUTOR_CPU = ALL_CPUS[-1]
# The flood's messages expire 20 s after they come, so once it is over the queue is as short as
# before it, and the memory can be compared with the memory at rest.
LIFETIME = 20
HISTOGRAM = "clack_executor_tick_lateness_histogram_seconds"


def request(method, path, body=None, source="127.0.0.1"):
    return http_request(port, method, path, key, body, source, timeout=10)


def metrics_lines():
    return request("GET", "/metrics")[1].decode().splitlines()


def lateness_buckets():
    """The daemon's cumulative lateness histogram now: [(upper bound in µs, count)], +Inf last.
    The executor hands its ticks over at its next tick after a read asks for them, and the
    read after takes them (JitterRecorder), so this reads three times, 50 ms apart, while the
    board turns, and keeps the third: whether or not a swap was pending at the first, the third
    holds every tick up to the first."""
    for _ in range(2):
        request("GET", "/metrics")
        time.sleep(0.05)
    found = []
    for line in metrics_lines():
        if line.startswith(f"{HISTOGRAM}_bucket{{"):
            bound = line.split('"')[1]
            found.append((float(bound) * 1e6, int(line.split()[-1])))
    if not found:
        sys.exit(f"the daemon's /metrics has no {HISTOGRAM}: is the binary older than the"
                 " benchmark?")
    return found


def window(before, after):
    """The window between two scrapes: each bucket's count, cumulative."""
    return [(bound, count - earlier) for (bound, count), (_, earlier) in zip(after, before)]


def pooled(windows):
    return [(windows[0][i][0], sum(w[i][1] for w in windows)) for i in range(len(windows[0]))]


def quantile(buckets, q):
    """Prometheus's histogram_quantile: linear within the bucket the rank falls in."""
    total = buckets[-1][1]
    if total == 0:
        return float("nan")
    rank = q * total
    lower_bound, lower_count = 0.0, 0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return lower_bound
            return lower_bound + (bound - lower_bound) * (rank - lower_count) / max(
                1, count - lower_count)
        lower_bound, lower_count = bound, count
    return lower_bound


def summary_p99():
    """The daemon's own summary p99 since its start (µs), to check the buckets against."""
    for line in metrics_lines():
        if line.startswith('clack_executor_tick_lateness_seconds{quantile="0.99"}'):
            return float(line.split()[-1]) * 1e6
    return float("nan")


def metric_values(prefix):
    """The gauges on /metrics whose names start with `prefix`, by name."""
    found = {}
    for line in metrics_lines():
        if line.startswith(prefix) and not line.startswith("#"):
            name, value = line.split()[:2]
            found[name] = float(value)
    return found


def heap_in_use():
    """The heap's live bytes in MiB (0 when the daemon does not report them)."""
    return metric_values("clack_heap_in_use_bytes").get("clack_heap_in_use_bytes", 0) / 2**20


def executor_cpu_interrupts():
    """Interrupts on the executor's CPU (the last one) by kind, from /proc/interrupts: TLB
    shootdowns (other threads of the process unmapping memory), function calls, reschedules
    and the local timer; devices' interrupts; and softirqs. Other threads of the process reach
    the executor's CPU only through the first four; the disk's interrupts may be bound to it."""
    counts = {}
    with open("/proc/interrupts") as f:
        cpus = f.readline().split()
        column = cpus.index(f"CPU{EXECUTOR_CPU}")
        for line in f:
            parts = line.split()
            if parts and parts[0] in ("TLB:", "CAL:", "RES:", "LOC:") and len(parts) > column + 1:
                counts[parts[0].rstrip(":")] = int(parts[column + 1])
            elif parts and parts[0].rstrip(":").isdigit() and len(parts) > column + 1:
                # Devices' interrupts (disk, network), all of them together.
                counts["devices"] = counts.get("devices", 0) + int(parts[column + 1])
    # And the work the kernel deferred to that CPU (softirqs: timers, network, block I/O
    # completions, RCU).
    with open("/proc/softirqs") as f:
        column = f.readline().split().index(f"CPU{EXECUTOR_CPU}")
        for line in f:
            parts = line.split()
            if parts and parts[0] in ("TIMER:", "NET_RX:", "BLOCK:", "RCU:", "SCHED:", "HRTIMER:"):
                counts[parts[0].rstrip(":").lower()] = int(parts[column + 1])
    return counts


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


def executor_cpu(pid):
    """The CPU the daemon's SCHED_FIFO thread is pinned to (None when it is not pinned)."""
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpus = os.sched_getaffinity(int(task))
        except OSError:
            continue
        if fields[38] == "1" and len(cpus) == 1:
            return next(iter(cpus))
    return None


def keep_off_executor(*pids):
    """Every thread of `pids` onto the CPUs the executor does not take."""
    others = [cpu for cpu in ALL_CPUS if cpu != EXECUTOR_CPU] or ALL_CPUS
    for pid in pids:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                os.sched_setaffinity(int(task), others)
            except OSError:
                pass
    return others


def settle():
    wait_until(lambda: json.loads(request("GET", "/api/v1/board")[1])["moving"] == 0, 120,
               "the board did not settle")


class Flood:
    """The HTTP clients and the MQTT publisher, each in a thread, until `stop`. `gentle`: five
    messages from each instead, a second apart (ordinary use of the same paths)."""

    def __init__(self, name, gentle=False):
        self.name, self.gentle = name, gentle
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
        interval = 1 if self.gentle else 60 / 2400
        count, next_at = 0, time.monotonic()
        while self.running and not (self.gentle and count == 5):
            count += 1
            body = {"text": f"FLOOD {client} {count}",
                    "sender": f"{self.name}-h{client}-{count}", "expires_in": LIFETIME}
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
        client = MQTTClient(broker_port, f"bench-{self.name}")
        count, next_at = 0, time.monotonic()
        while self.running and not (self.gentle and count == 5):
            count += 1
            sender = f"{self.name}-m-{count}"
            body = {"text": f"MQTT {count}", "sender": sender, "expires_in": LIFETIME}
            client.publish("clack/flood/message/set", json.dumps(body), qos=1)
            self.published.append(sender)
            next_at += 1 if self.gentle else 1 / 20
            time.sleep(max(0, next_at - time.monotonic()))
        client.messages(1)  # the last PUBACKs
        client.disconnect()

    def start(self):
        for thread in self.threads:
            thread.start()
        return self

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()


class Mover:
    """Keeps the board turning: a new message every 1.5 s, each from a sender of its own (one
    sender would reach its own limit, 50 an hour)."""

    def __init__(self):
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        words = ["TICK", "TOCK", "FLIP", "FLAP"]
        index = 0
        while not self.stopping.wait(1.5):
            index += 1
            request("POST", "/api/v1/messages", {"text": f"{words[index % 4]} {index}",
                                                "sender": f"mover-{time.time_ns()}",
                                                "expires_in": LIFETIME})

    def stop(self):
        self.stopping.set()
        self.thread.join()


def at_rest(pid):
    """Once the board has settled, every message expired and the memory relief (10 s after the
    last work) has run: the memory (RSS, PSS, anonymous MiB) and the heap's live MiB."""
    settle()
    time.sleep(LIFETIME + 15)
    return memory(pid), heap_in_use()


def stored_senders():
    with sqlite3.connect(os.path.join(state, "clack.sqlite")) as db:
        return {row[0]: row[1] for row in db.execute("SELECT sender, id FROM message")}


def p(buckets):
    return f"p50 {quantile(buckets, 0.5):.1f} µs, p99 {quantile(buckets, 0.99):.1f} µs"


def interrupt_affinities():
    """Each interrupt's asked-for CPUs: the daemon moves them off the executor's CPU where it
    may, and must put them back as it stops."""
    affinities = {}
    for irq in os.listdir("/proc/irq"):
        try:
            with open(f"/proc/irq/{irq}/smp_affinity_list") as f:
                affinities[irq] = f.read().strip()
        except OSError:
            pass
    return affinities


affinities_before = interrupt_affinities()
broker = subprocess.Popen([mosquitto, "-c", os.path.join(work, "mosquitto.conf")],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
daemon = None
try:
    wait_until(lambda: MQTTClient(broker_port, "probe").disconnect() or True, 10,
               "mosquitto did not start")
    daemon = subprocess.Popen(
        [binary, "run", "--simulate", "--realtime", "--state", state, "--config", config,
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "daemon.log"), "a"),
        preexec_fn=lambda: os.sched_setaffinity(0, ALL_CPUS))
    wait_until(lambda: os.path.exists(os.path.join(state, "api-key")), 60, "no API key")
    with open(os.path.join(state, "api-key")) as f:
        key = f.read().strip()
    wait_until(lambda: json.loads(request("GET", "/health")[1]).get("homed"), 300,
               "the daemon did not become ready")
    floods = []
    EXECUTOR_CPU = executor_cpu(daemon.pid)
    if EXECUTOR_CPU is None:
        EXECUTOR_CPU = ALL_CPUS[-1]
    others = keep_off_executor(os.getpid(), broker.pid)
    print(f"{fifo_threads(daemon.pid)} daemon thread(s) at SCHED_FIFO, the executor on CPU"
          f" {EXECUTOR_CPU}; flood: 8 addresses at four times the per-address limit, MQTT at 20"
          f" a second; clients and broker on CPU(s) {','.join(map(str, others))}", flush=True)

    # 1. Memory: cold, after ordinary use, after one flood.
    cold = at_rest(daemon.pid)
    mover = Mover()
    use = Flood("use", gentle=True).start()
    time.sleep(20)
    use.stop()
    mover.stop()
    floods.append(use)
    idle = at_rest(daemon.pid)
    mover = Mover()
    flood = Flood("memory").start()
    time.sleep(seconds)
    flood.stop()
    mover.stop()
    floods.append(flood)
    after = at_rest(daemon.pid)
    reliefs = int(metric_values("clack_memory_reliefs_total").get(
        "clack_memory_reliefs_total", 0))
    for name, ((rss, _, anonymous), heap) in [("cold, after homing", cold),
                                              ("idle after ordinary use", idle),
                                              ("after a flood of {} s".format(seconds), after)]:
        print(f"memory at rest, {name}: anonymous {anonymous:.1f} MiB, RSS {rss:.1f} MiB,"
              f" heap in use {heap:.1f} MiB")
    grown = after[0][2] - idle[0][2]
    print(f"memory after the flood against idle after ordinary use: anonymous {grown:+.1f} MiB,"
          f" RSS {after[0][0] - idle[0][0]:+.1f} MiB, heap in use {after[1] - idle[1]:+.1f} MiB"
          f" ({reliefs} relief(s) so far; against cold: anonymous"
          f" {after[0][2] - cold[0][2]:+.1f} MiB) (goal: back to its idle figure, anonymous"
          f" within 2 MiB; {'met' if grown <= 2 else 'MISSED'})", flush=True)

    # 2. Lateness: quiet and flooded windows in turn, the board turning throughout.
    mover = Mover()
    time.sleep(2)
    kinds = ["quiet"] + ["flooded", "quiet"] * rounds
    windows = {"quiet": [], "flooded": []}
    interrupts = {"quiet": {}, "flooded": {}}
    previous = lateness_buckets()
    for number, kind in enumerate(kinds, 1):
        interrupts_before = executor_cpu_interrupts()
        load = Flood(f"window{number}").start() if kind == "flooded" else None
        time.sleep(seconds)
        if load:
            load.stop()
            floods.append(load)
        current = lateness_buckets()
        ticks = window(previous, current)
        previous = current
        windows[kind].append(ticks)
        for name, count in executor_cpu_interrupts().items():
            interrupts[kind][name] = (interrupts[kind].get(name, 0) + count
                                      - interrupts_before.get(name, 0))
        accepted = f"; {len(load.accepted):,} answered 201" if load else ""
        print(f"  window {number:2} {kind:7}: {p(ticks)}, {ticks[-1][1]:,} ticks{accepted}",
              flush=True)
    mover.stop()
    quiet, flooded = pooled(windows["quiet"]), pooled(windows["flooded"])
    print(f"quiet windows ({len(windows['quiet'])} of {seconds} s), pooled: {p(quiet)}"
          f" ({quiet[-1][1]:,} ticks); interrupts on the executor's CPU: {interrupts['quiet']}")
    print(f"flooded windows ({len(windows['flooded'])} of {seconds} s), pooled: {p(flooded)}"
          f" ({flooded[-1][1]:,} ticks); interrupts on the executor's CPU:"
          f" {interrupts['flooded']}")
    every = pooled(windows["quiet"] + windows["flooded"])
    print(f"check: the buckets since the start give p99 {quantile(previous, 0.99):.1f} µs, the"
          f" daemon's own summary {summary_p99():.1f} µs")
    ratio = quantile(flooded, 0.99) / quantile(quiet, 0.99)
    by_window = (statistics.median(quantile(w, 0.99) for w in windows["flooded"])
                 / statistics.median(quantile(w, 0.99) for w in windows["quiet"]))
    print(f"executor lateness p99 under the flood: {ratio:.2f}x the quiet windows'"
          f" ({quantile(flooded, 0.99):.1f} µs against {quantile(quiet, 0.99):.1f} µs; the"
          f" windows' median p99s: {by_window:.2f}x) (goal: at most 1.1x;"
          f" {'met' if ratio <= 1.1 else 'MISSED'})")

    # 3. Losses: everything acknowledged is in the store (expired messages stay there).
    at_rest(daemon.pid)
    senders = stored_senders()
    ids = set(senders.values())
    accepted = [message for load in floods for message in load.accepted]
    published = [sender for load in floods for sender in load.published]
    other = [answer for load in floods for answer in load.other]
    lost = [message for message in accepted if message not in ids]
    mqtt_lost = [sender for sender in published if sender not in senders]
    print(f"HTTP: {len(accepted):,} answered 201, {sum(load.limited for load in floods):,}"
          f" answered 429, {len(other)} otherwise; acknowledged and not in the store:"
          f" {len(lost)} (goal: 0; {'met' if not lost and not other else 'MISSED'})")
    if other:
        print(f"  other answers: {other[:3]}")
    print(f"MQTT: {len(published):,} published; not in the store: {len(mqtt_lost)}"
          f" (goal: 0; {'met' if not mqtt_lost else 'MISSED'})")
    final = memory(daemon.pid)[2]
    print(f"memory at rest after every flood: anonymous {final:.1f} MiB,"
          f" {final - idle[0][2]:+.1f} MiB against idle after ordinary use"
          f" ({1 + rounds} floods in all)")
finally:
    if daemon:
        daemon.terminate()
        daemon.wait(timeout=30)
        changed = sorted((irq for irq, cpus in interrupt_affinities().items()
                          if affinities_before.get(irq, cpus) != cpus), key=int)
        print("device interrupts after the daemon stopped: "
              + (f"NOT put back: irq {', '.join(changed)}" if changed else "as they were before"))
    broker.terminate()
    broker.wait(timeout=10)
    subprocess.run(["rm", "-rf", work])
