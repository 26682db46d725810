"""Idle CPU of `clack run --simulate` on a board, for scripts/bench-daemon.sh (loopback only):
homed, its first content shown, nothing queued, measured over 30 s from /proc/PID/stat."""
import json
import subprocess
import sys
import tempfile
import time
import urllib.request

from bench_support import idle_cpu, stop, wait_until

binary, board = sys.argv[1], sys.argv[2]
port = 17392
state = tempfile.mkdtemp(prefix="clack-bench-idle-")


def get(path):
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2))


daemon = subprocess.Popen(
    [binary, "run", "--simulate", "--board", board, "--state", state,
     "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_until(lambda: get("/health").get("homed") and get("/api/v1/board")["moving"] == 0,
               600, "the daemon did not settle")
    time.sleep(2)
    print(idle_cpu(daemon.pid))
finally:
    stop(daemon, state)
