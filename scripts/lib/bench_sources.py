"""Idle CPU and memory of `clack sim` with ten live sources, against the same daemon with
none, for scripts/bench-sources.sh (loopback only). A local server answers as the real ones
do: two JSON documents, two Open-Meteo forecasts, two RSS/Atom feeds, two iCalendar files,
Home Assistant's states (with its token) and a webhook. Each daemon is measured once homed,
its sources all read (`GET /api/v1/sources`), over 60 s at rest: the sources' default
intervals (10 min; 30 s for Home Assistant) are the load a user makes, so Home Assistant is
asked twice in the window and the others not at all, which is the point: between fetches a
source costs nothing."""
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from bench_support import idle_cpu, memory_text, stop, wait_until  # noqa: E402

binary, root = sys.argv[1], sys.argv[2]
fixtures = os.path.join(root, "Tests/ClackSourceFormatsTests/Fixtures")
port, server_port = 17393, 17394
asked = {"count": 0}


def fixture(name):
    with open(os.path.join(fixtures, name), "rb") as f:
        return f.read()


FORECAST = json.dumps({
    "current": {"temperature_2m": 4.2, "wind_speed_10m": 11.0, "weather_code": 61, "is_day": 1},
    "daily": {"temperature_2m_max": [5.1, 6.0], "temperature_2m_min": [0.4, 1.2],
              "weather_code": [61, 3]},
}).encode()
STATE = json.dumps({"entity_id": "sensor.outside_temperature", "state": "4.5",
                    "attributes": {"unit_of_measurement": "°C"},
                    "last_changed": "2026-11-25T20:41:07+00:00",
                    "last_updated": "2026-11-25T20:41:07+00:00"}).encode()
ANSWERS = {
    "/tram.json": (b'{"departures": [{"line": "M10", "in": 4}]}', "application/json"),
    "/scores.json": (b'{"home": 2, "away": 1}', "application/json"),
    "/v1/forecast": (FORECAST, "application/json"),
    "/rss.xml": (fixture("news-rss2.xml"), "application/rss+xml"),
    "/atom.xml": (fixture("releases-atom.xml"), "application/atom+xml"),
    "/work.ics": (fixture("google-work.ics"), "text/calendar"),
    "/home.ics": (fixture("outlook-dst.ics"), "text/calendar"),
    "/api/states/sensor.outside_temperature": (STATE, "application/json"),
}


class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        asked["count"] += 1
        body, kind = ANSWERS.get(self.path.split("?")[0], (b"not found", "text/plain"))
        self.send_response(200 if body != b"not found" else 404)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", server_port), Answer)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server_port}"
TEN = f"""
sources:
  - {{name: tram, json: "{base}/tram.json"}}
  - {{name: scores, json: "{base}/scores.json"}}
  - {{name: berlin, weather: {{latitude: 52.52, longitude: 13.41, url: "{base}/v1/forecast"}}}}
  - {{name: oslo, weather: {{latitude: 59.91, longitude: 10.75, url: "{base}/v1/forecast"}}}}
  - {{name: news, feed: "{base}/rss.xml"}}
  - {{name: releases, feed: "{base}/atom.xml"}}
  - {{name: work, calendar: "{base}/work.ics"}}
  - {{name: home, calendar: "{base}/home.ics"}}
  - name: house
    home_assistant: {{url: "{base}", token: bench, entities: [sensor.outside_temperature]}}
  - {{name: door, webhook: true}}
pages:
  - name: wall
    text: "{{{{headline}}}}\\n{{{{next}}}} {{{{temp}}}}"
    fields:
      headline: {{source: news, path: "items[0].title"}}
      next: {{source: work, path: "next[0].summary"}}
      temp: {{source: berlin, path: now.temperature}}
run_of_show:
  - {{page: wall, dwell: 10m}}
"""


def get(path):
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2))


def measure(label, config_text):
    state = tempfile.mkdtemp(prefix="clack-bench-sources-")
    config = os.path.join(state, "clack.yaml")
    with open(config, "w") as f:
        f.write(config_text)
    daemon = subprocess.Popen(
        [binary, "sim", "--state", state, "--config", config,
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: get("/health").get("homed") and get("/api/v1/board")["moving"] == 0,
                   600, f"{label}: the daemon did not settle")
        fetched = [s for s in get("/api/v1/sources")["sources"] if s["kind"] != "webhook"]
        wait_until(lambda: all(s.get("updated_at") for s in get("/api/v1/sources")["sources"]
                               if s["kind"] != "webhook"), 120, f"{label}: sources not read")
        problems = [s.get("problem") for s in get("/api/v1/sources")["sources"] if s.get("problem")]
        if problems:
            sys.exit(f"{label}: a source failed: {problems}")
        time.sleep(2)
        before = asked["count"]
        cpu = idle_cpu(daemon.pid, seconds=60)
        print(f"{label}: {len(fetched)} fetched sources; idle, 60 s: {cpu}; "
              f"{asked['count'] - before} requests in the window; memory {memory_text(daemon.pid)}")
    finally:
        stop(daemon, state)


measure("no sources", "schedules: []\n")
measure("ten sources", TEN)
server.shutdown()
