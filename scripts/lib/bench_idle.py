"""Idle CPU of `clack run --simulate` on a board, for scripts/bench-daemon.sh (loopback only):
homed, its first content shown, nothing queued, measured over 30 s from /proc/PID/stat."""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

binary, board = sys.argv[1], sys.argv[2]
port = 17392
state = tempfile.mkdtemp(prefix="clack-bench-idle-")


def get(path):
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2))


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


daemon = subprocess.Popen(
    [binary, "run", "--simulate", "--board", board, "--state", state,
     "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    began = time.monotonic()
    while True:
        try:
            if get("/health").get("homed") and get("/api/v1/board")["moving"] == 0:
                break
        except OSError:
            pass
        if time.monotonic() - began > 600:
            sys.exit("the daemon did not settle in 600 s")
        time.sleep(0.1)
    time.sleep(2)
    ticks = os.sysconf("SC_CLK_TCK")
    before, t0 = cpu_ticks(daemon.pid), time.monotonic()
    time.sleep(30)
    used = (cpu_ticks(daemon.pid) - before) / ticks / (time.monotonic() - t0) * 100
    print(f"idle CPU over 30 s: {used:.3f} % of a core (goal: at most 0.2 %;"
          f" {'met' if used <= 0.2 else 'MISSED'}; resolution {100 / ticks / 30:.3f} %)")
finally:
    daemon.terminate()
    daemon.wait(timeout=30)
    subprocess.run(["rm", "-rf", state])
