"""How close to the minute a clock page lands (scripts/bench-clock.sh): the sim-6x22 twin at
x1, once with land_on_time and once without, MINUTES minutes each; the daemon measures each
landing itself (the executor's clock when the last flap stopped, against the minute)."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

clack, minutes = sys.argv[1], int(sys.argv[2])
# "early" or "naive" runs one rule only (a quicker check); both by default.
rules = {"early": (True,), "naive": (False,)}.get(sys.argv[3] if len(sys.argv) > 3 else "",
                                                 (True, False))
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PORT = 17391
LANDED = re.compile(r"landed ([0-9.]+) ms (after|before) (\d\d:\d\d:\d\d) \((started [a-z ]+)\)")


def run(land_on_time, work):
    config = os.path.join(work, f"clock-{land_on_time}.yaml")
    with open(config, "w") as f:
        f.write(f"board: {root}/boards/sim-6x22.yaml\nstate: state-{land_on_time}\n"
                f"time_zone: UTC\nschedules: []\nland_on_time: {str(land_on_time).lower()}\n"
                "pages:\n  - {name: clock, text: \"{{time}}\"}\n"
                "run_of_show:\n  - {page: clock}\n")
    log = os.path.join(work, f"clock-{land_on_time}.log")
    daemon = subprocess.Popen(
        [clack, "run", "--simulate", "--config", config, "--listen", f"127.0.0.1:{PORT}",
         "--log-level", "debug"], stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if daemon.poll() is not None:
                sys.exit("the daemon stopped:\n" + open(log).read()[-2000:])
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/health", timeout=2) as r:
                    if json.load(r).get("homed"):
                        break
            except OSError:
                pass
            time.sleep(0.5)
        else:
            sys.exit("the daemon did not home:\n" + open(log).read()[-2000:])
        # From the next minute on, MINUTES minutes and a few seconds to settle.
        time.sleep(60 - time.time() % 60 + minutes * 60 + 5)
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    values = []
    for line in open(log):
        match = LANDED.search(line)
        if match:
            ms = float(match.group(1)) * (1 if match.group(2) == "after" else -1)
            values.append(ms)
    return values


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


work = tempfile.mkdtemp(prefix="clack-bench-clock-")
print(f"bench-clock: a clock page on sim-6x22 at x1, {minutes} minutes a rule "
      f"({os.uname().machine}, {os.cpu_count()} CPUs)")
failed = False
for land in rules:
    values = run(land, work)
    rule = "land_on_time (start early)" if land else "naive (start at the minute)"
    if not values:
        print(f"{rule}: no landing measured; see {work}")
        failed = True
        continue
    worst = max(values, key=abs)
    print(f"{rule}: {len(values)} minutes; lateness p50 {percentile(values, 50):+.1f} ms, "
          f"p99 {percentile(values, 99):+.1f} ms, max {worst:+.1f} ms; "
          f"|p99| {percentile([abs(v) for v in values], 99):.1f} ms")
sys.exit(1 if failed else 0)
