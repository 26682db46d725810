"""Wall tests (scripts/wall-test.sh): three `clack run --simulate` controllers, each a host of
its own in a network namespace this test makes (a veth pair to a bridge, an address of its
own), and a real Mosquitto broker on the bridge. Checks that a message sent to the leader is
laid out across the wall's four tiles (the right member drives two boards, as a Pi with two
boards on its buses does) and lands together (the spread is printed), that a member
killed and restarted catches up (the time is printed), that messages sent to a member are
refused, that the leader killed right after acknowledging a message hands over to the next
member, which shows that message (the time is printed), that a member whose clock is off
is named, that the middle member (mqtt host: auto) finds the broker the left host announces,
and that `clack find` on one host finds the three (each host runs avahi-daemon on a D-Bus of
its own, scripts/lib/netns-avahi.sh). Prints one line per check and
'wall: N passed, N failed'. Traffic stays on the bridge the test makes."""
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from mqtt_client import MQTTClient  # noqa: E402
from test_support import Checks, write_board  # noqa: E402

clack, mosquitto = sys.argv[1], sys.argv[2]
BRIDGE, NET = "clkwall0", "10.231.0"
BROKER_ADDRESS, BROKER_PORT, API_PORT = f"{NET}.1", 17345, 17346
MEMBERS = {"left": f"{NET}.11", "middle": f"{NET}.12", "right": f"{NET}.13"}
# Each member's columns of the 3x40 canvas: the right member drives tiles 'right' and 'far'.
COLUMNS = {"left": (0, 10), "middle": (10, 20), "right": (20, 40)}
work = tempfile.mkdtemp(prefix="clack-wall-")
os.chmod(work, 0o755)
write_board(work, "WALL TILE 3x10", seed=7)
check = Checks("wall")
processes = {}


def ip(*arguments, check_result=True):
    return subprocess.run(["ip", *arguments], check=check_result, capture_output=True)


def make_network():
    """A bridge in this namespace, and a namespace per member joined to it by a veth pair."""
    remove_network()
    ip("link", "add", BRIDGE, "type", "bridge")
    ip("addr", "add", f"{BROKER_ADDRESS}/24", "dev", BRIDGE)
    ip("link", "set", BRIDGE, "up")
    for name, address in MEMBERS.items():
        namespace, host_end = f"clkw-{name}", f"clkw-{name}"[:15]
        ip("netns", "add", namespace)
        ip("link", "add", host_end, "type", "veth", "peer", "name", "eth0", "netns", namespace)
        ip("link", "set", host_end, "master", BRIDGE, "up")
        ip("-n", namespace, "addr", "add", f"{address}/24", "dev", "eth0")
        ip("-n", namespace, "link", "set", "eth0", "up")
        ip("-n", namespace, "link", "set", "lo", "up")


def remove_network():
    for name in MEMBERS:
        # The namespace's own D-Bus and avahi-daemon (and anything left) go with it.
        pids = ip("netns", "pids", f"clkw-{name}", check_result=False).stdout.split()
        for pid in pids:
            try:
                os.kill(int(pid), signal.SIGTERM)
            except (ProcessLookupError, ValueError):
                pass
        ip("netns", "del", f"clkw-{name}", check_result=False)
    ip("link", "del", BRIDGE, check_result=False)


def start_broker():
    with open(os.path.join(work, "mosquitto.conf"), "w") as f:
        f.write(f"listener {BROKER_PORT} {BROKER_ADDRESS}\nallow_anonymous true\n"
                f"persistence false\nuser {'mosquitto' if os.geteuid() == 0 else os.environ['USER']}\n")
    processes["broker"] = subprocess.Popen(
        [mosquitto, "-c", os.path.join(work, "mosquitto.conf")],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "broker.log"), "a"))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            MQTTClient(BROKER_PORT, "probe", host=BROKER_ADDRESS).disconnect()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit("mosquitto did not start:\n" + open(os.path.join(work, "broker.log")).read())


def bus(name):
    return os.path.join(work, f"avahi-{name}")


def broker_advertisement():
    """What an avahi-daemon needs to announce the test's broker as _mqtt._tcp, as the
    broker's own machine would (docs/mqtt.md): a static service on a host name of the
    bridge's address."""
    extra = os.path.join(work, "avahi-broker")
    os.makedirs(os.path.join(extra, "services"), exist_ok=True)
    with open(os.path.join(extra, "services", "mqtt.service"), "w") as f:
        f.write(f"""<?xml version="1.0" standalone='no'?>
<!DOCTYPE service-group SYSTEM "avahi-service.dtd">
<service-group>
  <name>Mosquitto on the test bridge</name>
  <service>
    <type>_mqtt._tcp</type>
    <host-name>clack-broker.local</host-name>
    <port>{BROKER_PORT}</port>
  </service>
</service-group>
""")
    with open(os.path.join(extra, "hosts"), "w") as f:
        f.write(f"{BROKER_ADDRESS} clack-broker.local\n")
    return extra


def start_avahi(name, extra=None):
    """avahi-daemon on a D-Bus of its own in the member's namespace, as on a Pi of its own;
    `extra`: the static services and hosts it announces too."""
    processes[f"avahi-{name}"] = subprocess.Popen(
        ["ip", "netns", "exec", f"clkw-{name}",
         os.path.join(os.path.dirname(__file__), "netns-avahi.sh"), name, bus(name)]
        + ([extra] if extra else []),
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, f"avahi-{name}.log"), "a"))


def in_namespace(name):
    return dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={bus(name)}/bus")


def write_config(name):
    path = os.path.join(work, f"{name}.yaml")
    tiles = "\n".join(
        f"    - {{member: {member}, row: 1, col: {1 + 10 * index}, board: board.yaml}}"
        for index, member in enumerate(MEMBERS))
    tiles += "\n    - {member: right, name: far, row: 1, col: 31, board: board.yaml}"
    # The middle member finds the broker on the LAN, as a Pi with host: auto does.
    broker = ("host: auto" if name == "middle"
              else f"host: {BROKER_ADDRESS}, port: {BROKER_PORT}")
    with open(path, "w") as f:
        f.write(f"""listen: {MEMBERS[name]}:{API_PORT}
tls: off
state: state-{name}
time_zone: UTC
schedules: []
dwell: 5m
mqtt: {{{broker}, board: {name}, discovery: false}}
wall:
  name: lobby
  member: {name}
  leader: left
  tolerance_ms: 20
  handover_s: 2
  tiles:
{tiles}
""")
    return path


def start_member(name, clock_shift_ms=0):
    environment = in_namespace(name)
    if clock_shift_ms:
        environment["CLACK_WALL_CLOCK_SHIFT_MS"] = str(clock_shift_ms)
    processes[name] = subprocess.Popen(
        ["ip", "netns", "exec", f"clkw-{name}", clack, "run", "--simulate", "--config",
         write_config(name)],
        cwd=work, env=environment, stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(work, f"{name}.log"), "a"))


def kill(name, how=signal.SIGKILL):
    process = processes.pop(name)
    process.send_signal(how)
    process.wait(timeout=30)


def log(name):
    return open(os.path.join(work, f"{name}.log")).read()


def key(name):
    return open(os.path.join(work, f"state-{name}", "api-key")).read().strip()


def request(name, method, path, body=None):
    connection = http.client.HTTPConnection(MEMBERS[name], API_PORT, timeout=10)
    headers = {"Authorization": f"Bearer {key(name)}", "Content-Type": "application/json"}
    connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload)


def wait_ready(name, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if processes[name].poll() is not None:
            sys.exit(f"the {name} daemon exited:\n" + log(name))
        try:
            if request(name, "GET", "/health")[1].get("homed"):
                return
        except (OSError, FileNotFoundError):
            pass
        time.sleep(0.1)
    sys.exit(f"the {name} daemon did not become ready:\n" + log(name))


def cells(name):
    """What a board shows as text (rows joined by |), once it has settled."""
    _, view = request(name, "GET", "/api/v1/board")
    if view["moving"] or view["waiting"] or view["codes"] != view["target"]:
        return None
    return "|".join("".join(cell or " " for cell in row) for row in view["cells"])


def settled(name, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = cells(name)
        if text is not None:
            return text
        time.sleep(0.1)
    return None


def statuses(seconds=1.5):
    """Every member's retained status, by name."""
    client = MQTTClient(BROKER_PORT, f"wall-test-{time.monotonic_ns()}", host=BROKER_ADDRESS)
    client.subscribe("clack/wall/lobby/member/+")
    found = {}
    for topic, payload, _ in client.messages(seconds):
        found[topic.rsplit("/", 1)[1]] = json.loads(payload)
    client.disconnect()
    return found


def wait_statuses(predicate, timeout=30):
    deadline = time.monotonic() + timeout
    found = {}
    while time.monotonic() < deadline:
        found = statuses()
        if predicate(found):
            return found
    return found


def wall_text(members=tuple(MEMBERS)):
    """The members' tiles side by side: the wall as its members show it. Every member's board
    is the whole canvas; its own tiles are its columns (COLUMNS)."""
    texts = []
    for name in MEMBERS:
        if name not in members:
            continue
        canvas = settled(name) or ""
        first, end = COLUMNS[name]
        texts.append("|".join(row[first:end] for row in canvas.split("|")))
    if not all(texts):
        return ""
    rows = [text.split("|") for text in texts]
    return "|".join("".join(parts) for parts in zip(*rows))


def send(text, to="left"):
    return request(to, "POST", "/api/v1/messages", {"text": text})


def wait_log(name, text, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in log(name):
            return True
        time.sleep(0.1)
    return False


try:
    make_network()
    start_broker()
    for member in MEMBERS:
        # The left host announces the broker too, as the broker's machine would.
        start_avahi(member, broker_advertisement() if member == "left" else None)
    for member in MEMBERS:
        start_member(member)
    for member in MEMBERS:
        wait_ready(member)
    check("three controllers on hosts of their own join the wall, the configured one leading",
          wait_log("left", "wall: 'left' leads (term") and wait_log("middle", "'middle' follows 'left'")
          and wait_log("right", "'right' follows 'left'"))
    check("the member with host: auto found the broker on the LAN",
          wait_log("middle", f"found the broker 'Mosquitto on the test bridge' at "
                             f"{BROKER_ADDRESS}:{BROKER_PORT}"),
          log("middle")[-400:])

    status, receipt = send("ONE WALL OF THREE BOARDS")
    check("the leader takes a message for the wall", status == 201, str(receipt))
    text = wall_text()
    check("the message is laid out across the tiles", "ONE WALL OF THREE BOARDS" in text, text)
    _, leader_view = request("left", "GET", "/api/v1/board")
    leader_text = "|".join("".join(c or " " for c in row) for row in leader_view["cells"])
    check("the tiles together show what the leader laid out", leader_text == text,
          f"leader {leader_text!r}, tiles {text!r}")

    spreads = []
    # Each as wide as the wall, so that every member's tiles change.
    for attempt, message in enumerate(["EVERY TILE OF THE WALL LANDS AT ONCE",
                                       "FOUR TILES THREE MEMBERS ONE INSTANT",
                                       "THE SAME MOMENT ON EVERY SINGLE TILE"]):
        send(message)
        found = wait_statuses(lambda s: len({v.get("seq") for v in s.values()}) == 1
                              and all("landed_ms" in v for v in s.values())
                              and len(s) == 3, timeout=40)
        landed = [v["landed_ms"] for v in found.values() if "landed_ms" in v]
        if len(landed) == 3:
            spreads.append(max(landed) - min(landed))
        print("  landed: " + ", ".join(f"{name} {v.get('landed_ms')} ms (frame {v.get('seq')})"
                                       for name, v in sorted(found.items())), flush=True)
        time.sleep(1)
    check("every tile lands at the frame's instant, together",
          len(spreads) == 3 and max(spreads) < 20,
          "spread " + ", ".join(f"{s:.1f} ms" for s in spreads))
    print(f"figure: landing spread across three members {max(spreads or [0]):.1f} ms at most "
          f"({', '.join(f'{s:.1f}' for s in spreads)} ms over 3 messages)", flush=True)

    status, refusal = request("middle", "POST", "/api/v1/messages", {"text": "HI"})
    check("a message sent to a member is refused, naming the leader",
          status == 409 and refusal.get("error", {}).get("code") == "wall_member"
          and "'left'" in refusal["error"]["message"], str(refusal))

    kill("right")
    found = wait_statuses(lambda s: s.get("right", {}).get("online") is False, timeout=60)
    check("a member killed is offline by its last will",
          found.get("right", {}).get("online") is False, str(found.get("right")))
    time.sleep(2)
    _, view = request("left", "GET", "/api/v1/board")
    faults = [f for m in view["modules"] for f in m.get("faults", [])]
    _, status = request("left", "GET", "/api/v1/status")
    wall = status.get("wall", {})
    problems = {m["name"]: m.get("problem") for m in wall.get("members", [])}
    check("the leader reports the wall degraded, naming the member",
          any("wall member 'right' is offline" in f for f in faults)
          and wall.get("degraded") is True and problems.get("right") == "offline",
          f"{faults[:1]}, status {problems}")
    send("WHILE ONE WAS AWAY")
    expected = settled("left") or ""
    started = time.monotonic()
    start_member("right")
    wait_ready("right")
    caught_up = None
    while time.monotonic() - started < 60:
        if wall_text() == expected:
            caught_up = time.monotonic() - started
            break
        time.sleep(0.2)
    check("a member restarted catches up to the current frame", caught_up is not None,
          f"{caught_up:.1f} s" if caught_up else wall_text())
    if caught_up:
        print(f"figure: catch-up, from restart to showing the current frame {caught_up:.1f} s",
              flush=True)

    # The leader killed just after it acknowledged a message: the next member takes over
    # with that message, and the old leader back follows it.
    status, receipt = send("KEPT OVER A HANDOVER")
    check("the leader acknowledges a message only once the broker holds it",
          status == 201, str(receipt))
    killed = time.monotonic()
    kill("left")
    took_over = wait_log("middle", "'middle' leads, after 'left'", timeout=30)
    handover = time.monotonic() - killed
    status, kept = request("middle", "GET", f"/api/v1/messages/{receipt.get('id')}")
    check("the leader killed hands over to the next member, with the message it acknowledged",
          took_over and status == 200 and kept.get("state") in ("queued", "showing"),
          f"{handover:.1f} s, {status} {kept}")
    shown = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not shown:
        # The new leader's board is the whole wall; the killed leader's tile as it was sent.
        canvas = settled("middle") or ""
        tiles = wall_text(("middle", "right"))
        ours = "|".join(row[COLUMNS["middle"][0]:] for row in canvas.split("|"))
        shown = canvas if ("KEPT OVER A HANDOVER" in canvas.replace("|", "")
                           and tiles == ours) else None
        time.sleep(0.2)
    shown_after = time.monotonic() - killed
    check("the new leader lays it out on the wall, and the tiles still there show it",
          shown is not None, f"{settled('middle')!r}, tiles {wall_text(('middle', 'right'))!r}")
    print(f"figure: handover, from the leader killed to the new leader's claim {handover:.1f} s "
          f"(handover_s 2), and to its first message shown {shown_after:.1f} s", flush=True)
    status, refusal = send("HI", to="right")
    status_new, _ = send("FROM THE NEW LEADER", to="middle")
    start_member("left")
    wait_ready("left")
    check("the new leader takes messages, the others refuse them naming it, and the old "
          "leader back follows it",
          status_new == 201 and status == 409 and "'middle'" in refusal["error"]["message"]
          and "tiles 'right', 'far'" in refusal["error"]["message"]
          and wait_log("left", "'left' follows 'middle'"), str(refusal))

    kill("right", signal.SIGTERM)
    start_member("right", clock_shift_ms=250)
    wait_ready("right")
    # Out of tolerance from the first probe; measured closer as the probes (five a second
    # apart, then one every 16 s) find a short round trip.
    found = wait_statuses(
        lambda s: s.get("right", {}).get("clock", {}).get("in_tolerance") is False
        and abs(abs(s["right"]["clock"].get("offset_ms", 0)) - 250) < 20, timeout=60)
    clock = found.get("right", {}).get("clock", {})
    check("a member with its clock 250 ms off measures it and reports it out of tolerance",
          clock.get("in_tolerance") is False and abs(abs(clock.get("offset_ms", 0)) - 250) < 20,
          str(clock))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "'right''s clock" not in log("middle"):
        time.sleep(0.2)
    _, status = request("middle", "GET", "/api/v1/status")
    problems = {m["name"]: m.get("problem") for m in status.get("wall", {}).get("members", [])}
    check("the leader names the member whose clock is out of tolerance",
          "member 'right''s clock" in log("middle")
          and "ahead of the leader's" in (problems.get("right") or ""), str(problems))

    # Found on the LAN: every member advertises its API; `clack find` on one host lists all.
    found = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(found) < 3:
        result = subprocess.run(
            ["ip", "netns", "exec", "clkw-right", clack, "find", "--json", "--seconds", "2"],
            env=in_namespace("right"), capture_output=True, text=True)
        found = json.loads(result.stdout or "[]") if result.returncode in (0, 1) else []
    addresses = {d.get("member"): d.get("addresses", [None])[0] for d in found}
    check("clack find on one host finds the three members, each with its address, wall and size",
          addresses == {name: address for name, address in MEMBERS.items()}
          and all(d.get("wall") == "lobby" and (d.get("rows"), d.get("cols")) == (3, 40)
                  and d.get("url", "").startswith("http://") for d in found),
          json.dumps(found)[:600] or result.stderr)
finally:
    for name in list(processes):
        if name != "broker" and not name.startswith("avahi-"):
            try:
                kill(name, signal.SIGTERM)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                pass
    for name in [n for n in processes if n.startswith("avahi-")]:
        processes[name].terminate()
    if "broker" in processes:
        processes["broker"].terminate()
    remove_network()
    if check.failed:
        for name in MEMBERS:
            print(f"--- {name}.log (tail)\n" + "".join(log(name).splitlines(True)[-20:]))

check.finish()
