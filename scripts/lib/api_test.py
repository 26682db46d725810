"""HTTP API tests (scripts/api-test.sh) against `clack run --simulate` on loopback:

1. Conformance: a real request to every operation in docs/openapi.yaml, good and bad, each
   response checked against the document (status, content type, body schema).
2. Fuzzing: thousands of seeded random requests — malformed JSON, wrong types, huge numbers,
   invalid UTF-8, wrong array sizes, unknown codes, odd paths, methods and headers. No
   response may be a 5xx, every one must conform to the document, and the daemon must live.

Prints one line per check and a closing 'api: N passed, N failed'."""
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from openapi_check import OpenAPIDocument  # noqa: E402
from test_support import Checks, write_board  # noqa: E402

clack, document, cases = sys.argv[1], sys.argv[2], int(sys.argv[3])
schemathesis = sys.argv[4] if len(sys.argv) > 4 else ""
seed = int(os.environ.get("CLACK_FUZZ_SEED", "20261123"))
PORT = 17361
TOKEN = "enable-me-please"
work = tempfile.mkdtemp(prefix="clack-api-")
write_board(work, "api-3x10", seed=7)
with open(os.path.join(work, "clack.yaml"), "w") as f:
    f.write(f"board: board.yaml\nstate: state\ntime_zone: UTC\ndwell: 1s\n"
            f"rate_limit: {{per_hour: 3}}\nlocal_api: {{enablement_token: {TOKEN}}}\n"
            "quiet_hours: {start: \"23:59\", end: \"00:00\"}\n"
            # The fuzzer sends thousands of requests; the address limit is tested on its own.
            "http: {per_address_per_minute: 0}\n"
            # A webhook source, and a fetched one whose server (port 9, loopback) never answers.
            "sources:\n  - {name: door, webhook: true}\n"
            "  - {name: feed, json: \"http://127.0.0.1:9/none\", every: 1h}\n"
            "pages:\n  - {name: clock, text: \"{{time}}\"}\n  - {name: spare, text: SPARE}\n"
            "run_of_show:\n  - {page: clock, dwell: 1m}\n")
root = os.path.dirname(os.path.dirname(os.path.abspath(document)))
with open(os.path.join(work, "pixels.yaml"), "w") as f:
    f.write(f"board: {root}/boards/sim-pixels-64x16.yaml\nstate: state-pixels\nschedules: []\n")
with open(os.path.join(work, "limits.yaml"), "w") as f:
    f.write("board: board.yaml\nstate: state-limits\nschedules: []\n"
            "http: {per_address_per_minute: 5, body_timeout: 1s, idle_timeout: 2s}\n")

api = OpenAPIDocument(document)
check = Checks("api")
def send(method, path, body=None, headers=None, timeout=10, port=PORT):
    """(status, headers, body bytes); body may be bytes, or anything JSON-serialisable."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    if body is not None and not isinstance(body, bytes):
        body = json.dumps(body).encode()
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def start(config, port, log):
    process = subprocess.Popen(
        [clack, "run", "--simulate", "--speed", "10", "--config", os.path.join(work, config),
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, log), "w"))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if json.loads(send("GET", "/health", port=port)[2]).get("homed"):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    sys.exit("the daemon did not become ready:\n" + open(os.path.join(work, log)).read())


def raw(port, data, wait):
    """Sends raw bytes and returns what comes back within `wait` seconds (b"" if closed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(data)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except socket.timeout:
            pass
        return received


daemon = start("clack.yaml", PORT, "daemon.log")
limits = None
try:
    key = open(os.path.join(work, "state", "api-key")).read().strip()
    auth = {"X-Clack-Key": key, "Content-Type": "application/json"}
    local = {"X-Vestaboard-Local-Api-Key": key, "Content-Type": "application/json"}
    sender = iter(f"sender-{n}" for n in range(10_000))

    # 1. Conformance: every operation, with the statuses a client meets.
    requests = [
        ("GET", "/health", None, {}, 200),
        ("GET", "/metrics", None, {}, 200),
        ("POST", "/api/v1/messages", {"text": "HELLO", "sender": next(sender)}, auth, 201),
        ("POST", "/api/v1/messages", {"text": "LATER", "sender": next(sender),
                                      "not_before": "2099-01-01T00:00:00Z", "tags": ["a"],
                                      "transition": "column", "step_size": 2,
                                      "step_interval_ms": 50, "justify": "left"}, auth, 201),
        ("POST", "/api/v1/messages", {"characters": [[1] * 10] * 3, "sender": next(sender)},
         auth, 201),
        ("POST", "/api/v1/messages", {"text": "X" * 100}, auth, 400),
        ("POST", "/api/v1/messages", {"text": "€€€"}, auth, 400),
        ("POST", "/api/v1/messages", {"text": "HI", "colour": 1}, auth, 400),
        ("POST", "/api/v1/messages", b"{", auth, 400),
        ("POST", "/api/v1/messages", {"text": "NO KEY"}, {}, 401),
        ("POST", "/api/v1/messages", {"text": "BAD KEY"}, {"X-Clack-Key": "nope"}, 401),
        ("POST", "/api/v1/messages", b"[" * 70_000, auth, 413),
    ] + [("POST", "/api/v1/messages", {"text": f"BURST {n}", "sender": "burst",
                                       "replace": False}, auth, 429 if n == 3 else 201)
         for n in range(4)] + [
        ("GET", "/api/v1/messages", None, {}, 200),
        ("GET", "/api/v1/messages?state=queued", None, {}, 200),
        ("GET", "/api/v1/messages?state=lost", None, {}, 400),
        ("GET", "/api/v1/messages/1", None, {}, 200),
        ("GET", "/api/v1/messages/999999", None, {}, 404),
        ("GET", "/api/v1/messages/abc", None, {}, 400),
        ("POST", "/api/v1/messages/2/pin", None, auth, 200),
        ("POST", "/api/v1/messages/999999/pin", None, auth, 404),
        ("DELETE", "/api/v1/messages/3", None, auth, 204),
        ("DELETE", "/api/v1/messages/3", None, auth, 404),
        ("GET", "/api/v1/board", None, {}, 200),
        # Calibration (docs/calibration.md): its steps in turn, and refusals.
        ("GET", "/api/v1/calibration", None, {}, 200),
        ("POST", "/api/v1/calibration", {"action": "shown", "rows": ["A"]}, auth, 409),
        ("POST", "/api/v1/calibration", {"action": "spin"}, auth, 400),
        ("POST", "/api/v1/calibration", {"action": "end"}, {}, 401),
        ("POST", "/api/v1/calibration", {"action": "end"}, auth, 200),
        ("POST", "/api/v1/board/home", None, auth, 202),
        # The board commands MQTT has too: hold still, let move, blank the board.
        ("PUT", "/api/v1/board/quiet", {"quiet": True}, auth, 200),
        ("PUT", "/api/v1/board/quiet", {"quiet": "yes"}, auth, 400),
        ("PUT", "/api/v1/board/quiet", {"quiet": False}, {}, 401),
        ("PUT", "/api/v1/board/quiet", {"quiet": False}, auth, 200),
        ("POST", "/api/v1/board/clear", None, auth, 204),
        ("POST", "/api/v1/board/clear", None, {}, 401),
        # Brightness is for pixel boards: this one has flaps (a pixel board follows below).
        ("GET", "/api/v1/board/brightness", None, {}, 409),
        ("PUT", "/api/v1/board/brightness", {"brightness": 3}, auth, 409),
        ("PUT", "/api/v1/board/brightness", {"brightness": "max"}, auth, 400),
        # Scripts: this board's flaps are Latin, so runes are refused (docs/runes.md).
        ("GET", "/api/v1/board/script", None, {}, 200),
        ("GET", "/api/v1/board/glyphs", None, {}, 200),
        ("PUT", "/api/v1/board/script", {"script": "latin"}, auth, 200),
        ("PUT", "/api/v1/board/script", {"script": "elder"}, auth, 409),
        ("PUT", "/api/v1/board/script", {"script": "ogham"}, auth, 400),
        ("GET", "/api/v1/status", None, {}, 200),
        # The key file read again: unchanged here, so the key stays (clack key --rotate's
        # change is KeyRotationTests').
        ("POST", "/api/v1/key/reload", None, auth, 200),
        ("POST", "/api/v1/key/reload", None, {}, 401),
        ("GET", "/api/v1/quotes/today", None, {}, 200),
        ("GET", "/api/v1/quotes", None, {}, 200),
        ("POST", "/api/v1/quotes", {"text": "Be brief.", "author": "Someone"}, auth, 201),
        ("POST", "/api/v1/quotes", {"quotes": [{"text": "One.", "author": "A"},
                                               {"text": "Two.", "author": "B"}]}, auth, 201),
        ("POST", "/api/v1/quotes", {"text": "", "author": ""}, auth, 400),
        ("DELETE", "/api/v1/quotes/1", None, auth, 204),
        ("DELETE", "/api/v1/quotes/1", None, auth, 404),
        # The run of show: listed, a page previewed at a moment, switched to.
        ("GET", "/api/v1/pages", None, {}, 200),
        ("GET", "/api/v1/pages/clock/preview?at=2026-12-24T18:00:00Z", None, {}, 200),
        ("GET", "/api/v1/pages/clock/preview?at=noon", None, {}, 400),
        ("GET", "/api/v1/pages/nope/preview", None, {}, 404),
        ("POST", "/api/v1/pages/clock/show", None, auth, 200),
        ("POST", "/api/v1/pages/spare/show", None, auth, 409),
        ("POST", "/api/v1/pages/nope/show", None, auth, 404),
        ("POST", "/api/v1/pages/clock/show", None, {}, 401),
        # The run of show set at run time, in place of the config's: then spare is in it.
        ("PUT", "/api/v1/run-of-show", {"run_of_show": [
            {"page": "spare", "every": "15m", "dwell": "1m"},
            {"show": "clock", "on_change": True}]}, auth, 200),
        ("GET", "/api/v1/run-of-show", None, {}, 200),
        ("POST", "/api/v1/pages/spare/show", None, auth, 200),
        ("PUT", "/api/v1/run-of-show", {"run_of_show": [{"page": "nope"}]}, auth, 422),
        ("PUT", "/api/v1/run-of-show", {"run_of_show": [{"page": "clock", "dwel": 1}]}, auth, 400),
        ("PUT", "/api/v1/run-of-show", {"pages": []}, auth, 400),
        ("PUT", "/api/v1/run-of-show", {"run_of_show": []}, {}, 401),
        ("DELETE", "/api/v1/run-of-show", None, {}, 401),
        ("DELETE", "/api/v1/run-of-show", None, auth, 200),
        ("POST", "/api/v1/pages/spare/show", None, auth, 409),
        # Live sources: a webhook's data in, each source's state out.
        ("GET", "/api/v1/sources", None, {}, 200),
        ("POST", "/api/v1/sources/door", {"name": "ADA"}, auth, 200),
        ("GET", "/api/v1/sources/door", None, {}, 200),
        ("GET", "/api/v1/sources/nope", None, {}, 404),
        ("POST", "/api/v1/sources/nope", {}, auth, 404),
        ("POST", "/api/v1/sources/feed", {}, auth, 409),
        ("POST", "/api/v1/sources/door", b"{", auth, 400),
        ("POST", "/api/v1/sources/door", {}, {}, 401),
        ("GET", "/local-api/message", None, local, 200),
        ("POST", "/local-api/message", [[0] * 10] * 3, local, 201),
        ("POST", "/local-api/message", {"characters": [[8] * 10] * 3, "strategy": "row"},
         local, 201),
        ("POST", "/local-api/message", [[0] * 22] * 6, local, 400),
        ("POST", "/local-api/message", [[0] * 10] * 3, {}, 401),
        ("POST", "/local-api/enablement", None,
         {"X-Vestaboard-Local-Api-Enablement-Token": TOKEN}, 200),
        ("POST", "/local-api/enablement", None,
         {"X-Vestaboard-Local-Api-Enablement-Token": "wrong-token"}, 401),
        # VBML: a document in, rows of codes out; a mistake names its place.
        ("POST", "/vbml/compose", {"props": {"who": "ADA"},
                                   "components": [{"template": "HELLO {{who}}"}]}, auth, 200),
        ("POST", "/vbml/compose", {"components": [{"template": "{99}"}]}, auth, 400),
        ("POST", "/vbml/compose", {"components": [{"template": "HI"}]}, {}, 401),
        ("GET", "/", None, {}, 200),
        ("GET", "/ui/app.js", None, {}, 200),
        ("GET", "/ui/app.css", None, {}, 200),
        ("GET", "/openapi.yaml", None, {}, 200),
        ("GET", "/no/such/endpoint", None, {}, 404),
    ]
    failures = []
    for method, path, body, headers, expected in requests:
        status, response_headers, data = send(method, path, body, headers)
        problems = api.check(method, path, status, response_headers, data)
        if status != expected:
            problems.insert(0, f"{method} {path}: expected {expected}, got {status}: {data[:200]!r}")
        failures += problems
    # A pixel board: its LEDs in the board, its brightness.
    pixel_port = PORT + 5
    pixels = start("pixels.yaml", pixel_port, "pixels.log")
    try:
        pixel_key = open(os.path.join(work, "state-pixels", "api-key")).read().strip()
        pixel_auth = {"X-Clack-Key": pixel_key, "Content-Type": "application/json"}
        for method, path, body, headers, expected in [
            ("POST", "/api/v1/messages", {"text": "A LINE LONG ENOUGH TO SCROLL BY"},
             pixel_auth, 201),
            ("GET", "/api/v1/board", None, {}, 200),
            ("GET", "/api/v1/board/brightness", None, {}, 200),
            ("PUT", "/api/v1/board/brightness", {"brightness": 3}, pixel_auth, 200),
            ("PUT", "/api/v1/board/brightness", {"brightness": 16}, pixel_auth, 400),
            ("PUT", "/api/v1/board/brightness", {"brightness": 3}, {}, 401),
            ("GET", "/api/v1/status", None, {}, 200),
        ]:
            status, response_headers, data = send(method, path, body, headers, port=pixel_port)
            problems = api.check(method, path, status, response_headers, data)
            if status != expected:
                problems.insert(
                    0, f"pixels: {method} {path}: expected {expected}, got {status}: {data[:200]!r}")
            if path == "/api/v1/board" and status == 200 and b'"pixels"' not in data:
                problems.append("pixels: GET /api/v1/board has no pixels")
            failures += problems
            requests.append((method, path, body, headers, expected))
        # A run of show set at run time outlives a restart of the daemon.
        status, _, data = send("PUT", "/api/v1/run-of-show",
                               {"run_of_show": [{"show": "clock", "on_change": True}]},
                               pixel_auth, port=pixel_port)
        pixels.terminate()
        pixels.wait(timeout=30)
        pixels = start("pixels.yaml", pixel_port, "pixels-again.log")
        kept = json.loads(send("GET", "/api/v1/run-of-show", port=pixel_port)[2])
        pages = json.loads(send("GET", "/api/v1/pages", port=pixel_port)[2])
        reset = send("DELETE", "/api/v1/run-of-show", None, pixel_auth, port=pixel_port)[0]
        check("a run of show set over REST outlives a restart, and DELETE goes back to the "
              "config's", status == 200 and kept.get("source") == "set"
              and kept.get("run_of_show") == [{"show": "clock", "on_change": True}]
              and [e["cadence"] for e in pages["run_of_show"]] == ["on change"] and reset == 200,
              f"PUT {status} {data[:200]!r}; after the restart {kept!r}; DELETE {reset}")
    finally:
        pixels.terminate()
        pixels.wait(timeout=30)
    # The event stream: only its headers and first line (it never ends).
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    connection.request("GET", "/api/v1/events")
    events = connection.getresponse()
    failures += api.check("GET", "/api/v1/events", events.status, dict(events.getheaders()), b"")
    first = events.read(2)
    connection.close()
    if not first.startswith(b":"):
        failures.append(f"GET /api/v1/events: first line {first!r}")
    check("every documented status, content type and body matches docs/openapi.yaml "
          f"({len(requests) + 1} requests)", not failures,
          "; ".join(failures[:5]))
    missing = api.operations() - api.used
    check("every operation in the document was exercised", not missing, repr(sorted(missing)))
    served = send("GET", "/openapi.yaml")[2]
    check("/openapi.yaml serves docs/openapi.yaml", served == open(document, "rb").read())

    # 2. Fuzzing.
    rng = random.Random(seed)

    def junk_value(depth=0):
        choice = rng.randrange(12)
        if choice == 0:
            return rng.choice([0, -1, 1, 2**31, -(2**63), 2**64, 10**30, 1e308, -1e308, 0.5])
        if choice == 1:
            return rng.choice(["", "A" * rng.randrange(1, 3000), "é", "\u0000", "🟥" * 50,
                               "{red}", "{999}", "{", "2h", "90s", "-5m", "1e9"])
        if choice == 2:
            return rng.choice([True, False, None])
        if choice == 3 and depth < 4:
            return [junk_value(depth + 1) for _ in range(rng.randrange(0, 6))]
        if choice == 4 and depth < 4:
            return {rng.choice(FIELDS + ["x", ""]): junk_value(depth + 1)
                    for _ in range(rng.randrange(0, 5))}
        if choice == 5:
            rows, cols = rng.choice([(3, 10), (6, 22), (0, 0), (3, 9), (1, 10), (4, 10)])
            return [[rng.choice([0, 1, 36, 63, 71, 72, -1, 255, 2**40]) for _ in range(cols)]
                    for _ in range(rows)]
        if choice == 6:
            return rng.choice(["2026-11-23T00:00:00Z", "not a date", "9999-99-99T99:99:99Z"])
        return rng.choice(["HELLO", "fastest", "urgent", "main", "top", "left", 3, 132, 3001])

    FIELDS = ["text", "characters", "sender", "justify", "align", "priority", "expires_in",
              "not_before", "pinned", "zone", "transition", "step_size", "step_interval_ms",
              "tags", "replace", "bypass_quiet_hours", "strategy", "quotes", "author"]

    def junk_body():
        kind = rng.randrange(10)
        if kind == 0:  # malformed JSON
            text = json.dumps({"text": "HELLO", "priority": "urgent"})
            cut = rng.randrange(len(text))
            return text[:cut].encode() + rng.choice([b"", b"}", b",", b"\x00", b"]]"])
        if kind == 1:  # invalid UTF-8, inside and outside strings
            return rng.choice([b'{"text": "\xff\xfe"}', b"\xc3\x28", b'{"text": "\xed\xa0\x80"}',
                               b'[[\xf0\x28\x8c\x28]]'])
        if kind == 2:  # deep nesting
            depth = rng.choice([100, 1000, 5000])
            return b"[" * depth + b"]" * depth
        if kind == 3:  # random bytes
            return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 200)))
        if kind == 4:  # huge numbers as raw JSON text
            return rng.choice([b'{"text": "HI", "expires_in": 1e999}',
                               b'{"text": "HI", "not_before": 123456789012345678901234567890}',
                               b'{"characters": [[1e400]]}', b'{"step_size": -0}',
                               b'[[99999999999999999999]]'])
        if kind == 5:  # a valid message with one field of a wrong type
            body = {"text": "HELLO", "sender": f"fuzz-{rng.randrange(50)}"}
            body[rng.choice(FIELDS)] = junk_value()
            return json.dumps(body).encode()
        if kind == 6:  # rows of the wrong size or with unknown codes
            return json.dumps(junk_value() if rng.random() < 0.3 else
                              {"characters": junk_value(), "strategy": junk_value()}).encode()
        return json.dumps(junk_value()).encode()

    targets = [("POST", "/api/v1/messages"), ("POST", "/local-api/message"),
               ("POST", "/api/v1/quotes"), ("GET", "/api/v1/messages"),
               ("GET", "/api/v1/messages/{id}"), ("DELETE", "/api/v1/messages/{id}"),
               ("POST", "/api/v1/messages/{id}/pin"), ("DELETE", "/api/v1/quotes/{id}"),
               ("GET", "/api/v1/board"), ("GET", "/api/v1/status"), ("GET", "/local-api/message"),
               ("POST", "/local-api/enablement"), ("PUT", "/api/v1/messages"),
               ("PATCH", "/api/v1/board"), ("GET", "/api/v1/%ff%00"), ("GET", "/" + "a" * 3000)]
    ids = ["1", "0", "-1", "abc", "99999999999999999999999", "1.5", "%20", "%F0%9F%98%80"]
    queries = ["", "?state=queued", "?state=", "?state=%ff", "?key=x", "?state=shown&state=x"]
    statuses = {}
    five_hundreds, nonconforming = [], []
    started = time.monotonic()
    for case in range(cases):
        method, template = rng.choice(targets)
        path = template.replace("{id}", rng.choice(ids))
        if method == "GET":
            path += rng.choice(queries)
        headers = dict(rng.choice([auth] * 5 + [local] * 2 + [{}, {"X-Clack-Key": "x" * 500},
                                                            {"Authorization": "Bearer"}]))
        if template.startswith("/local-api") and headers is not auth and rng.random() < 0.7:
            headers = dict(local)
        if rng.random() < 0.1:
            headers["Content-Type"] = rng.choice(["text/plain", "application/json; charset=latin1",
                                                  "", "multipart/form-data"])
        body = junk_body() if method in ("POST", "PUT", "PATCH") else None
        try:
            status, response_headers, data = send(method, path, body, headers)
        except (OSError, http.client.HTTPException) as error:
            five_hundreds.append(f"case {case}: {method} {path}: connection failed: {error}")
            if daemon.poll() is not None:
                break
            continue
        statuses[status] = statuses.get(status, 0) + 1
        if status >= 500 and not (status == 503 and b"busy" in data):
            five_hundreds.append(f"case {case}: {method} {path} {body[:80] if body else b''!r} "
                                 f"→ {status} {data[:200]!r}")
        elif template.startswith("/") and not template.startswith("/a"):
            problems = api.check(method, path, status, response_headers, data)
            if problems and method not in ("PUT", "PATCH") and "%" not in path:
                nonconforming.append(f"case {case}: {problems[0]}")
    elapsed = time.monotonic() - started
    alive = daemon.poll() is None and send("GET", "/health")[0] == 200
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))
    print(f"fuzz: {cases} requests (seed {seed}) in {elapsed:.1f} s; statuses {summary}")
    check(f"fuzz: no 5xx and no dropped connection in {cases} requests",
          not five_hundreds and alive, "; ".join(five_hundreds[:5]))
    check("fuzz: every answer conforms to docs/openapi.yaml", not nonconforming,
          "; ".join(nonconforming[:5]))

    # 3. The limits, on a daemon of their own: 5 requests a minute per address, a 1 s body
    # timeout and a 2 s idle timeout.
    LIMITS = PORT + 1
    limits = start("limits.yaml", LIMITS, "limits.log")
    huge = raw(LIMITS, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40_000
               + b"\r\n\r\n", 5)
    many = raw(LIMITS, b"GET /health HTTP/1.1\r\nHost: x\r\n"
               + b"".join(b"X-H%d: 1\r\n" % n for n in range(200)) + b"\r\n", 5)
    check("oversized or too many headers are refused with 400 before any route runs",
          huge.startswith(b"HTTP/1.1 400") and many.startswith(b"HTTP/1.1 400"),
          f"{huge[:40]!r} {many[:40]!r}")
    started = time.monotonic()
    slow = raw(LIMITS, b"POST /api/v1/quotes HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
               b"Content-Type: application/json\r\nX-Clack-Key: "
               + open(os.path.join(work, "state-limits", "api-key")).read().strip().encode()
               + b"\r\n\r\n{\"text\":", 10)
    body_wait = time.monotonic() - started
    started = time.monotonic()
    idle = raw(LIMITS, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ", 10)
    idle_wait = time.monotonic() - started
    check("a body that does not arrive in 1 s gets 408; a request stuck in its headers is "
          "closed after the 2 s idle timeout",
          b" 408 " in slow[:20] and b"body_timeout" in slow and body_wait < 5
          and idle == b"" and 1.5 < idle_wait < 6,
          f"{slow[:60]!r} after {body_wait:.1f} s; {idle[:40]!r} after {idle_wait:.1f} s")

    # Five a minute: the slow POST above was the first.
    answers = [send("GET", "/api/v1/status", port=LIMITS) for _ in range(5)]
    refused = answers[-1]
    check("over its share an address gets 429 with Retry-After; /health stays open",
          [a[0] for a in answers] == [200] * 4 + [429]
          and int(refused[1].get("Retry-After", "0")) >= 1
          and json.loads(refused[2])["error"]["code"] == "rate_limited"
          and send("GET", "/health", port=LIMITS)[0] == 200
          and not api.check("GET", "/api/v1/status", 429, refused[1], refused[2]),
          f"{[a[0] for a in answers]} {refused[2][:120]!r}")

    # 4. Schemathesis: requests generated from the document itself.
    if schemathesis:
        run = subprocess.run(
            [schemathesis, "run", document, "--url", f"http://127.0.0.1:{PORT}",
             "-H", f"X-Clack-Key: {key}", "-H", f"X-Vestaboard-Local-Api-Key: {key}",
             # The endless event stream is checked above.
             "--exclude-path", "/api/v1/events",
             "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
             "response_schema_conformance,response_headers_conformance",
             "--max-examples", "50", "--seed", str(seed), "--no-color"],
            capture_output=True, text=True, timeout=600)
        tail = [line for line in run.stdout.splitlines() if "generated" in line]
        check("Schemathesis: no 5xx, every answer conforms", run.returncode == 0
              and daemon.poll() is None, tail[-1].strip() if tail else run.stdout[-2000:])
        if run.returncode != 0:
            print(run.stdout[-6000:])
    else:
        print("SKIP Schemathesis (not installed: PyPI unreachable?)")
finally:
    if limits:
        limits.kill()
    daemon.terminate()
    try:
        daemon.wait(timeout=20)
    except subprocess.TimeoutExpired:
        daemon.kill()

if check.failed:
    print("--- daemon log ---\n" + open(os.path.join(work, "daemon.log")).read()[-3000:])
check.finish()
