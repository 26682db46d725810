"""Start-up times for scripts/bench-start.sh (loopback only): `clack run --simulate` from a
fresh state (no saved positions: it homes), after a clean stop (SIGTERM: it trusts the saved
positions) and after a kill (SIGKILL, as a power cut: it homes again), each until the first
content has settled on the board."""
import json
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

binary, board, speed = sys.argv[1], sys.argv[2], sys.argv[3]
port = 17391
state = tempfile.mkdtemp(prefix="clack-bench-start-")


def get(path):
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2))


def start():
    """Starts the daemon; returns it and the seconds until it is homed with nothing moving."""
    log = open(f"{state}/daemon.log", "a")
    daemon = subprocess.Popen(
        [binary, "run", "--simulate", "--board", board, "--state", state,
         "--listen", f"127.0.0.1:{port}", "--speed", speed], stdout=log, stderr=log)
    began = time.monotonic()
    while time.monotonic() - began < 900:
        try:
            if get("/health").get("homed"):
                shown = get("/api/v1/board")
                if shown["moving"] == 0 and shown["waiting"] == 0:
                    return daemon, time.monotonic() - began
        except OSError:
            pass
        time.sleep(0.05)
    daemon.kill()
    sys.exit("the daemon did not settle in 900 s")


def judge(seconds, goal):
    """The goals hold at x1: a faster simulation cannot home faster than its tick allows."""
    if speed != "1":
        return f"(goal at x1: at most {goal} s; not judged at x{speed})"
    return f"(goal: at most {goal} s; {'met' if seconds <= goal else 'MISSED'})"


def explain_miss(met):
    """On a missed goal, the daemon's log of that start: why it took so long."""
    if met:
        return
    with open(f"{state}/daemon.log") as f:
        lines = f.read().splitlines()
    starts = [i for i, line in enumerate(lines) if "] board " in line and "; state " in line]
    print("  the daemon's log of that start:")
    for line in lines[starts[-1] if starts else -30:][:40]:
        print("   ", line)


try:
    daemon, seconds = start()
    print(f"start to first content, fresh state (homing): {seconds:.1f} s")
    daemon.send_signal(signal.SIGTERM)
    daemon.wait()
    daemon, seconds = start()
    print(f"start to first content after a clean stop: {seconds:.1f} s {judge(seconds, 20)}")
    explain_miss(speed != "1" or seconds <= 20)
    daemon.send_signal(signal.SIGKILL)
    daemon.wait()
    daemon, seconds = start()
    print(f"start to first content after a kill (power cut): {seconds:.1f} s {judge(seconds, 60)}")
    explain_miss(speed != "1" or seconds <= 60)
    daemon.send_signal(signal.SIGTERM)
    daemon.wait()
finally:
    subprocess.run(["rm", "-rf", state])
