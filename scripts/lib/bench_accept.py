"""Drives a release `clack run --simulate` for scripts/bench-accept.sh (loopback only): how fast
messages are accepted, and how long each waits for its 201, with one client and with sixteen,
on a short queue and with 10,000 queued, for messages due now and for messages due in a week.

Each request posts a new message from a sender of its own (scripts/lib/accept.lua under wrk),
as a misfiring automation's burst would; a message due now takes the path that places it on
the board's forecast, one due in a week only the store. The long queue is the short run's
messages topped up to at least 10,000 by scripts/lib/post_burst.c (16 connections)."""
import json
import os
import subprocess
import sys
import tempfile
import time

from bench_support import http_request, stop, wait_until

binary, lua, post_burst = sys.argv[1], sys.argv[2], sys.argv[3]
seconds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
speed = "20"
port = 17391


def request(method, path, key="", body=None):
    return http_request(port, method, path, key, body)


def queued(key):
    """Messages queued now (the store's count, as GET /api/v1/messages reports it)."""
    status, payload = request("GET", "/metrics", key)
    for line in payload.decode().splitlines():
        if line.startswith('clack_messages{state="queued"}'):
            return int(float(line.split()[-1]))
    return -1


def wrk(key, clients, not_before, prefix):
    """One wrk run: CLIENTS connections for SECONDS; returns (rate, p50, p90, p99, max)."""
    threads = min(clients, 2)
    environment = dict(os.environ, CLACK_KEY=key, NOT_BEFORE=not_before, SENDER_PREFIX=prefix)
    done = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{clients}", f"-d{seconds}s", "--timeout", "10s", "-s", lua,
         f"http://127.0.0.1:{port}"], capture_output=True, text=True, env=environment)
    if done.returncode != 0:
        sys.exit(f"wrk failed: {done.stderr.strip()}")
    figures = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] in ("requests", "failed", "errors", "latency_ms"):
            figures[parts[0]] = [float(value) for value in parts[1:]]
    if figures["failed"][0] or figures["errors"][0]:
        sys.exit(f"wrk: {figures['failed'][0]:.0f} answers were not 201,"
                 f" {figures['errors'][0]:.0f} errors:\n{done.stderr.strip()}")
    return (figures["requests"][0] / seconds, *figures["latency_ms"])


def run(kind, not_before_text):
    state = tempfile.mkdtemp(prefix="clack-bench-accept-")
    config = os.path.join(state, "clack.yaml")
    with open(config, "w") as f:
        # No rate limits: the burst is the load being measured.
        f.write("rate_limit: {per_hour: 0}\nhttp: {per_address_per_minute: 0}\n")
    daemon = subprocess.Popen(
        [binary, "run", "--simulate", "--speed", speed, "--state", state, "--config", config,
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worst = 0.0
    try:
        wait_until(lambda: json.loads(request("GET", "/health")[1]).get("homed"), 120,
                   "the daemon did not become ready")
        with open(os.path.join(state, "api-key")) as f:
            key = f.read().strip()
        rows = []
        for queue in ("short", "long"):
            if queue == "long":
                have = queued(key)
                fill = max(0, 10_000 - have)
                # post_burst needs a time: now (already past when it arrives) for due now.
                when = not_before_text or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
                done = subprocess.run(
                    [post_burst, str(port), key, "16", str(fill // 16 + 1), "1000000", when],
                    capture_output=True, text=True)
                if done.returncode != 0:
                    sys.exit(f"filling the queue failed: {done.stderr.strip()}")
            before = queued(key)
            one = wrk(key, 1, not_before_text, f"{queue[0]}1-")
            sixteen = wrk(key, 16, not_before_text, f"{queue[0]}16-")
            rows.append((queue, before, one, sixteen))
            worst = max(worst, sixteen[3])
        for queue, before, one, sixteen in rows:
            ratio = sixteen[0] / one[0]
            print(f"  {kind}, {queue} queue ({before:,} queued at the start):"
                  f" 1 client {one[0]:.0f}/s (p50 {one[1]:.2f} ms, p99 {one[3]:.2f} ms,"
                  f" max {one[4]:.1f} ms); 16 clients {sixteen[0]:.0f}/s ({ratio:.1f}x;"
                  f" p50 {sixteen[1]:.2f} ms, p99 {sixteen[3]:.2f} ms, max {sixteen[4]:.1f} ms)"
                  f" [16 not slower than 1: {'met' if ratio >= 1 else 'MISSED'}]")
        print(f"  {kind}: worst p99 with 16 clients {worst:.2f} ms (goal: under 50 ms with 10,000"
              f" queued; {'met' if rows[-1][3][3] < 50 else 'MISSED'})")
    finally:
        stop(daemon, state)


later = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 7 * 86400 * int(speed)))
print(f"wrk for {seconds} s a run; each message from a sender of its own; clack run --simulate"
      f" --speed {speed}, rate limits off")
run("due now", "")
run("due in a week", later)
