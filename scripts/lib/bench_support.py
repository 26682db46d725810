"""What the daemon benchmarks share (scripts/bench-daemon.sh, scripts/bench-sources.sh):
waiting for a daemon, measuring its CPU at rest (/proc/PID/stat) and its memory
(/proc/PID/smaps_rollup), and stopping it."""
import http.client
import json
import os
import subprocess
import sys
import time


def wait_until(ready, limit, what):
    """Polls `ready()` (connection errors count as not yet) until true; exits after `limit` s."""
    began = time.monotonic()
    while True:
        try:
            if ready():
                return time.monotonic() - began
        except OSError:
            pass
        if time.monotonic() - began > limit:
            sys.exit(f"{what} in {limit} s")
        time.sleep(0.05)


def cpu_ticks(pid):
    """User plus system time of the process so far, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def idle_cpu(pid, seconds=30):
    """The process's CPU over `seconds`, as a line beside the goal (at most 0.2 % of a core)."""
    ticks = os.sysconf("SC_CLK_TCK")
    before, t0 = cpu_ticks(pid), time.monotonic()
    time.sleep(seconds)
    used = (cpu_ticks(pid) - before) / ticks / (time.monotonic() - t0) * 100
    return (f"idle CPU over {seconds} s: {used:.3f} % of a core (goal: at most 0.2 %;"
            f" {'met' if used <= 0.2 else 'MISSED'}; resolution {100 / ticks / seconds:.3f} %)")


def memory(pid):
    """RSS, PSS and anonymous memory in MiB, from /proc/PID/smaps_rollup."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return fields["Rss"], fields["Pss"], fields["Anonymous"]


def memory_text(pid):
    rss, pss, anonymous = memory(pid)
    return f"RSS {rss:.1f} MiB, PSS {pss:.1f} MiB, anonymous {anonymous:.1f} MiB"


def stop(daemon, state):
    """Stops a benchmark's daemon (SIGTERM, as systemd does) and removes its state folder."""
    daemon.terminate()
    daemon.wait(timeout=30)
    subprocess.run(["rm", "-rf", state])


def http_request(port, method, path, key="", body=None, source="127.0.0.1", timeout=30):
    """One request to the daemon on loopback `port` (from `source`, another loopback address
    when a benchmark needs clients of their own), a JSON body and the API key; returns the
    status and the body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(source, 0))
    data = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, body=data,
                       headers={"Content-Type": "application/json", "X-Clack-Key": key})
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, payload
