"""MQTT tests (scripts/mqtt-test.sh): a real Mosquitto broker and two `clack run --simulate`
daemons (a fleet of two), all on loopback. Prints one line per check and a closing
'mqtt: N passed, N failed'."""
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
from test_support import Checks, rows_text, write_board  # noqa: E402

clack, mosquitto = sys.argv[1], sys.argv[2]
BROKER = 17351
BOARDS = {"hall": 17352, "kitchen": 17353, "porch": 17355, "shed": 17356}
work = tempfile.mkdtemp(prefix="clack-mqtt-")
write_board(work, "MQTT 3x10", seed=5)
TLS_BROKER = 17354  # the same broker: TLS, and a username and password required


def make_tls_files():
    """A throw-away CA and a server certificate for 127.0.0.1, and a password file."""
    def run(*command):
        subprocess.run(command, cwd=work, check=True, capture_output=True)
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key",
        "-out", "ca.crt", "-days", "2", "-subj", "/CN=clack test CA")
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key",
        "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    with open(os.path.join(work, "san.ext"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1\n")
    run("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "san.ext")
    run("mosquitto_passwd", "-c", "-b", "passwords", "clack", "s3cret-pass")
    for name in ("good.pass", "bad.pass"):
        with open(os.path.join(work, name), "w") as f:
            f.write("s3cret-pass\n" if name == "good.pass" else "wrong\n")
    os.chmod(work, 0o755)  # mosquitto started as root reads its files as its own user
    for name in ("server.key", "passwords"):
        os.chmod(os.path.join(work, name), 0o644)


make_tls_files()
with open(os.path.join(work, "mosquitto.conf"), "w") as f:
    f.write(f"""per_listener_settings true
persistence false
user {os.environ.get("USER", "root") if os.geteuid() else "mosquitto"}
listener {BROKER} 127.0.0.1
allow_anonymous true
listener {TLS_BROKER} 127.0.0.1
allow_anonymous false
password_file {work}/passwords
cafile {work}/ca.crt
certfile {work}/server.crt
keyfile {work}/server.key
""")

check = Checks("mqtt")
processes = {}


def start_broker():
    processes["broker"] = subprocess.Popen(
        [mosquitto, "-c", os.path.join(work, "mosquitto.conf")],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "broker.log"), "a"))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            MQTTClient(BROKER, "probe").disconnect()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit("mosquitto did not start:\n" + open(os.path.join(work, "broker.log")).read())


def start_daemon(board, mqtt=None):
    config = os.path.join(work, f"{board}.yaml")
    with open(config, "w") as f:
        f.write(f"board: board.yaml\nstate: state-{board}\ntime_zone: UTC\nschedules: []\n"
                "dwell: 1s\nrate_limit: {per_hour: 0}\n")
        if board == "hall":  # a page to switch to, in a run of show that never comes due
            f.write("pages:\n  - {name: clock, text: \"{{time}}\"}\n"
                    "  - {name: today, text: \"{{date}}\"}\n"
                    "run_of_show:\n  - {page: clock, cron: \"0 3 1 1 *\", dwell: 1h}\n")
        if board == "kitchen":  # Home Assistant's Statestream as a source; a page it takes over
            f.write("sources:\n  - name: house\n    home_assistant: {mqtt: homeassistant, "
                    "entities: [sensor.outside_temperature, binary_sensor.front_door]}\n"
                    "pages:\n  - name: outside\n    text: \"OUTSIDE {{t}}{{u}}\"\n"
                    "    fields:\n      t: {source: house, path: sensor.outside_temperature.state,"
                    " default: \"--\"}\n      u: {source: house, path: "
                    "sensor.outside_temperature.attributes.unit_of_measurement}\n"
                    "  - {name: door, text: \"DOOR OPEN\"}\n"
                    "run_of_show:\n  - {page: outside}\n  - {page: door, priority: high, "
                    "while: \"house.binary_sensor.front_door.state = on\"}\n")
        if mqtt != "none":  # "none": a daemon without MQTT
            f.write(f"mqtt: {mqtt or f'{{host: 127.0.0.1, port: {BROKER}, board: {board}}}'}\n")
    processes[board] = subprocess.Popen(
        [clack, "run", "--simulate", "--speed", "10", "--config", config,
         "--listen", f"127.0.0.1:{BOARDS[board]}"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, f"{board}.log"), "a"))


def log(board):
    return open(os.path.join(work, f"{board}.log")).read()


def request(board, method, path):
    connection = http.client.HTTPConnection("127.0.0.1", BOARDS[board], timeout=10)
    connection.request(method, path)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload)


def wait_ready(board, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if processes[board].poll() is not None:
            sys.exit(f"the {board} daemon exited:\n" + log(board))
        try:
            if request(board, "GET", "/health")[1].get("homed"):
                return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit(f"the {board} daemon did not become ready:\n" + log(board))


def board_text(board, timeout=30):
    """The settled board's rows, joined with |; None if it does not settle in time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _, view = request(board, "GET", "/api/v1/board")
        if view["moving"] == 0 and view["codes"] == view["target"]:
            return rows_text(view["codes"])
        time.sleep(0.1)
    return None


def wait_text(board, text, timeout=30):
    deadline = time.monotonic() + timeout
    shown = None
    while time.monotonic() < deadline:
        shown = board_text(board, deadline - time.monotonic())
        if shown is not None and text in shown.replace("|", " "):
            return True, shown
        time.sleep(0.2)
    return False, shown


def messages(board, text):
    _, listing = request(board, "GET", "/api/v1/messages")
    return [m for m in listing["messages"] if m.get("text") == text]


def send_with_key(board, method, path, body=None):
    """A request with the board's API key (and `body` as JSON); returns the status."""
    key = open(os.path.join(work, f"state-{board}", "api-key")).read().strip()
    connection = http.client.HTTPConnection("127.0.0.1", BOARDS[board], timeout=10)
    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                       headers={"X-Clack-Key": key, "Content-Type": "application/json"})
    status = connection.getresponse().status
    connection.close()
    return status


def retained(topic_filter, seconds=1.5):
    client = MQTTClient(BROKER, f"reader-{time.monotonic_ns()}")
    client.subscribe(topic_filter)
    got = {topic: payload for topic, payload, was_retained in client.messages(seconds)
           if was_retained}
    client.disconnect()
    return got


try:
    start_broker()
    start_daemon("hall")
    start_daemon("kitchen")
    # Over TLS with a username and password (from a file); shed's password is wrong.
    for name in ("porch", "shed"):
        start_daemon(name, f"{{host: 127.0.0.1, port: {TLS_BROKER}, board: {name}, "
                           f"username: clack, password_file: {name == 'porch' and 'good' or 'bad'}"
                           ".pass, tls: {ca_file: ca.crt}}")
    for name in BOARDS:
        wait_ready(name)
    time.sleep(0.5)
    online = retained("clack/+/availability")
    check("TLS with a username and password connects; a wrong password is refused and retried",
          online.get("clack/porch/availability") == b"online"
          and "clack/shed/availability" not in online
          and "not authorised" in log("shed").lower() and "retrying in" in log("shed"),
          f"{sorted(online)}; shed: {[l for l in log('shed').splitlines() if 'MQTT' in l][-1:]}")
    for name in ("porch", "shed"):
        processes[name].terminate()
        processes[name].wait(timeout=20)

    # libmosquitto (and the OpenSSL it needs) is opened only by a daemon with MQTT configured.
    BOARDS["plain"] = 17357
    start_daemon("plain", "none")
    wait_ready("plain")

    def mqtt_libraries(board):
        """Which of libmosquitto and the OpenSSL libraries the board's daemon has mapped."""
        with open(f"/proc/{processes[board].pid}/maps") as f:
            mapped = {os.path.basename(line.split()[-1]).split(".so")[0]
                      for line in f if ".so" in line}
        return mapped & {"libmosquitto", "libssl", "libcrypto"}
    with_mqtt, without = mqtt_libraries("hall"), mqtt_libraries("plain")
    check("libmosquitto and OpenSSL are loaded only by a daemon with MQTT configured",
          {"libmosquitto", "libssl"} <= with_mqtt and not without,
          f"hall: {sorted(with_mqtt)}; plain: {sorted(without)}")
    with open(f"/proc/{processes['plain'].pid}/maps") as f:
        formats = {os.path.basename(line.split()[-1]).split(".so")[0]
                   for line in f if ".so" in line} & {"libxml2", "libical", "libicuuc"}
    check("libxml2, libical and ICU are not loaded by a daemon that reads no feed or calendar",
          not formats, f"plain: {sorted(formats)}")
    processes["plain"].terminate()
    processes["plain"].wait(timeout=20)

    # Discovery: nine retained configs for hall (its run of show has a page), one device.
    configs = retained("homeassistant/#")
    hall = {t: json.loads(p) for t, p in configs.items() if "/clack_hall/" in t}
    kinds = sorted(t.split("/")[1] for t in hall)
    devices = {json.dumps(c["device"]["identifiers"]) for c in hall.values()}
    text_entity = hall.get("homeassistant/text/clack_hall/message/config", {})
    check("discovery configs are published, retained, as one device",
          kinds == ["button", "button", "image", "select", "sensor", "sensor", "sensor", "switch",
                    "text"]
          and devices == {'["clack_hall"]'}
          and all(c["availability_topic"] == "clack/hall/availability" for c in hall.values())
          and text_entity.get("command_topic") == "clack/hall/message/set",
          f"{len(hall)} configs: {kinds}")

    # Today's Home Assistant pins entity ids with default_entity_id (older ones with object_id);
    # a text entity's max is the board's capacity (3×10 = 30); states fit Home Assistant's 255.
    def ids_ok(topic, config):
        _, component, _, entity, _ = topic.split("/")
        return (config.get("default_entity_id") == f"{component}.clack_hall_{entity}"
                and config.get("object_id") == f"clack_hall_{entity}")
    showing = hall.get("homeassistant/sensor/clack_hall/showing/config", {})
    full_text = "{{ {'text': value_json.text} | tojson }}"
    check("discovery pins entity ids, sizes the text entity to the board, keeps states short",
          all(ids_ok(t, c) for t, c in hall.items())
          and text_entity.get("max") == 30
          and text_entity.get("value_template") == "{{ value_json.text[:30] }}"
          and showing.get("value_template") == "{{ value_json.text[:255] }}"
          and text_entity.get("json_attributes_template") == full_text
          and showing.get("json_attributes_template") == full_text,
          json.dumps({t.split("/")[3]: [c.get("default_entity_id"), c.get("max")]
                      for t, c in hall.items()}))

    state = retained("clack/+/availability")
    check("each board says online, retained",
          state.get("clack/hall/availability") == b"online"
          and state.get("clack/kitchen/availability") == b"online", repr(state))

    watcher = MQTTClient(BROKER, "watcher")
    watcher.subscribe("clack/#")
    watcher.messages(1)
    publisher = MQTTClient(BROKER, "publisher")

    # A message to one board shows on that board only.
    publisher.publish("clack/hall/message/set", "HELLO HALL", qos=1)
    shown, text = wait_text("hall", "HELLO HALL")
    check("a message on clack/hall/message/set shows on that board", shown, repr(text))
    check("…and not on the other board", not messages("kitchen", "HELLO HALL"))

    # The fleet topic reaches both boards.
    publisher.publish("clack/all/message/set", "FLEET WIDE", qos=1)
    both = [wait_text(name, "FLEET WIDE") for name in ("hall", "kitchen")]
    check("a message on clack/all/message/set shows on every board",
          all(ok for ok, _ in both), repr([text for _, text in both]))

    # A redelivery: the same QoS 1 PUBLISH sent again with DUP set, as a publisher that missed
    # its PUBACK does. The broker forwards both; the board takes one.
    packet = publisher.publish("clack/hall/message/set", "ONLY ONCE", qos=1)
    publisher.publish("clack/hall/message/set", "ONLY ONCE", qos=1, packet_id=packet, dup=True)
    copies = [m for m in watcher.messages(2) if m[1] == b"ONLY ONCE"]
    shown, text = wait_text("hall", "ONLY ONCE")
    stored = messages("hall", "ONLY ONCE")
    check("a QoS 1 redelivery is shown once",
          len(copies) == 2 and shown and len(stored) == 1
          and "ignored a redelivery" in log("hall"),
          f"broker delivered {len(copies)} copies; {len(stored)} stored")

    # JSON payloads are the REST API's body.
    publisher.publish("clack/hall/message/set",
                      json.dumps({"text": "JSON BODY", "sender": "node-red"}), qos=1)
    shown, text = wait_text("hall", "JSON BODY")
    stored = messages("hall", "JSON BODY")
    check("a JSON payload is read as the REST API's body",
          shown and len(stored) == 1 and stored[0]["sender"] == "node-red", repr(stored))

    # While flaps turn, the state carries what the board turns to (never half-turned text),
    # with moving and waiting beside it; it is published as the move begins and once settled.
    watcher.messages(0.5)
    before = json.loads(retained("clack/hall/state")["clack/hall/state"])["text"]
    publisher.publish("clack/hall/message/set",
                      json.dumps({"text": "HALF TURN", "priority": "urgent",
                                  "transition": "column", "step_interval_ms": 1000}), qos=1)
    seen = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = watcher.wait_for(lambda t, p: t == "clack/hall/state", 1)
        if found:
            seen.append(json.loads(found[1]))
            if seen[-1]["text"] == "HALF TURN" and seen[-1]["moving"] + seen[-1]["waiting"] == 0:
                break
    # (Column by column, a second apart: about a second at --speed 10, so the move is seen.)
    during = [s for s in seen if s["moving"] + s["waiting"] > 0]
    check("while flaps turn the state says what they turn to, never half-turned text",
          bool(during) and all(s["text"] in (before, "HALF TURN") for s in seen)
          and all(s["text"] == "HALF TURN" for s in seen if s["moving"] + s["waiting"] > 0)
          and seen[-1]["text"] == "HALF TURN" and seen[-1]["moving"] == 0
          and all(s["moving"] <= 30 for s in seen),  # the budget of write_board
          repr([(s["text"], s["moving"], s["waiting"]) for s in seen]))

    # Bad payloads: an error on clack/<board>/error, and the daemon carries on.
    bad = [("clack/hall/message/set", b"{\"text\": 5}", "invalid_field"),
           ("clack/hall/message/set", b"\xff\xfe", "invalid_utf8"),
           ("clack/hall/message/set", b"{not json", "invalid_json"),
           ("clack/hall/message/set", b"[[1,2,3]]", "wrong_size"),
           ("clack/hall/message/set", "X" * 200, "too_long"),
           ("clack/hall/command", b"dance", "unknown_command")]
    codes = []
    for topic, payload, _ in bad:
        publisher.publish(topic, payload, qos=1)
        error = watcher.wait_for(lambda t, p: t == "clack/hall/error", 5)
        codes.append(json.loads(error[1])["code"] if error else None)
    alive = request("hall", "GET", "/health")[0] == 200
    check("bad payloads get an error on clack/hall/error; nothing crashes",
          codes == [code for _, _, code in bad] and alive, repr(codes))

    # Commands: quiet on and off show in the retained state; clear blanks the board.
    def state_of(board, predicate, seconds=10):
        found = watcher.wait_for(
            lambda t, p: t == f"clack/{board}/state" and predicate(json.loads(p)), seconds)
        return json.loads(found[1]) if found else None

    publisher.publish("clack/hall/command", "quiet on", qos=1)
    quiet = state_of("hall", lambda s: s["quiet"])
    publisher.publish("clack/hall/command", "quiet off", qos=1)
    loud = state_of("hall", lambda s: not s["quiet"])
    check("quiet on and quiet off show in clack/hall/state",
          quiet is not None and loud is not None)
    publisher.publish("clack/hall/command", "clear", qos=1)
    settled = state_of("hall", lambda s: s["text"] == "" and s["moving"] == 0)
    blank = board_text("hall")
    check("clear blanks the board", blank is not None and blank.strip(" |") == ""
          and settled is not None and messages("hall", "JSON BODY")[0]["state"] == "shown",
          repr(blank))
    # A page: switched to over MQTT (the board is clear), named in the state; the picture.
    publisher.publish("clack/hall/command", "page clock", qos=1)
    paged = state_of("hall", lambda s: s.get("page") == "clock")
    select = configs.get("homeassistant/select/clack_hall/page/config", b"{}")
    check("'page clock' switches to the page; the state names it; the select offers it",
          paged is not None and json.loads(select).get("options") == ["clock"], repr(paged))
    publisher.publish("clack/hall/command", "page weather", qos=1)
    error = watcher.wait_for(lambda t, p: t == "clack/hall/error", 5)
    check("an unknown page is refused on clack/hall/error",
          error is not None and json.loads(error[1])["code"] == "page_not_found",
          repr(error))
    # A run of show set over REST: the select offers its pages; reset, the config's again.
    select_topic = "homeassistant/select/clack_hall/page/config"
    put = send_with_key("hall", "PUT", "/api/v1/run-of-show", {"run_of_show": [
        {"page": "today", "cron": "0 3 1 1 *"}, {"page": "clock", "cron": "0 3 1 1 *"}]})
    time.sleep(0.5)
    offered = json.loads(retained(select_topic).get(select_topic, b"{}")).get("options")
    reset = send_with_key("hall", "DELETE", "/api/v1/run-of-show")
    time.sleep(0.5)
    back = json.loads(retained(select_topic).get(select_topic, b"{}")).get("options")
    check("the select follows a run of show set at run time, and its reset",
          put == 200 and offered == ["today", "clock"] and reset == 200 and back == ["clock"],
          f"PUT {put}: {offered!r}; DELETE {reset}: {back!r}")
    time.sleep(1)
    picture = retained("clack/hall/image").get("clack/hall/image", b"")
    check("clack/hall/image holds a PNG of the board, retained",
          picture.startswith(b"\x89PNG\r\n\x1a\n"), repr(picture[:16]))
    publisher.publish("clack/hall/command", "home", qos=1)
    time.sleep(0.5)
    check("home re-homes the board", "MQTT: re-homing" in log("hall"))
    state = state_of("hall", lambda s: True, 0.1) or json.loads(retained("clack/hall/state")
                                                                 ["clack/hall/state"])
    check("the retained state carries text, codes, queue depth, faults and quiet",
          {"text", "codes", "queue_depth", "faults", "quiet"} <= set(state), repr(sorted(state)))

    # Home Assistant's Statestream (mqtt_statestream, retained, one topic a state or
    # attribute): the kitchen's source gathers an entity's messages into the REST API's shape,
    # and the door's state takes the board over while it is on.
    for topic, payload in [
            ("homeassistant/sensor/outside_temperature/state", "4.5"),
            ("homeassistant/sensor/outside_temperature/unit_of_measurement", '"°C"'),
            ("homeassistant/sensor/outside_temperature/friendly_name", '"Outside"'),
            ("homeassistant/sensor/outside_temperature/last_changed",
             "2026-11-26T07:00:00.000000+00:00"),
            ("homeassistant/binary_sensor/front_door/state", "off"),
            ("homeassistant/sensor/elsewhere/state", "ignored")]:
        publisher.publish(topic, payload.encode(), qos=1, retain=True)
    house, deadline = {}, time.monotonic() + 10
    while time.monotonic() < deadline and "binary_sensor" not in house.get("data", {}):
        house = request("kitchen", "GET", "/api/v1/sources/house")[1]
        time.sleep(0.1)
    outside = house.get("data", {}).get("sensor", {}).get("outside_temperature", {})
    check("a Home Assistant source over MQTT gathers the Statestream as its REST API answers",
          outside.get("state") == "4.5"
          and outside.get("attributes") == {"unit_of_measurement": "°C", "friendly_name": "Outside"}
          and outside.get("last_changed") == "2026-11-26T07:00:00.000000+00:00"
          and "elsewhere" not in house["data"]["sensor"] and house.get("kind") == "home_assistant",
          repr(house))
    publisher.publish("homeassistant/binary_sensor/front_door/state", b"on", qos=1, retain=True)
    opened, text = wait_text("kitchen", "DOOR OPEN")
    publisher.publish("homeassistant/binary_sensor/front_door/state", b"off", qos=1, retain=True)
    closed, after = wait_text("kitchen", "OUTSIDE")  # this board's flaps lack "." and "°"
    check("the door's state over MQTT takes the board while it is on, then gives it back",
          opened and closed and "4" in after, f"{text!r} then {after!r}")

    # The broker goes away and comes back: the daemon reconnects (1 s, 2 s, … backoff) and
    # publishes its availability and discovery again (this broker keeps nothing).
    processes["broker"].terminate()
    processes["broker"].wait()
    time.sleep(2.5)
    away = request("kitchen", "GET", "/api/v1/sources/house")[1]
    check("while the broker is away the MQTT source is stale, its data kept, the reason given",
          away.get("stale") is True and "MQTT" in away.get("problem", "")
          and away.get("data", {}).get("sensor") is not None, repr(away))
    start_broker()
    deadline = time.monotonic() + 15
    again = {}
    while time.monotonic() < deadline and again.get("clack/hall/availability") != b"online":
        again = retained("clack/hall/#", 1)
    check("after the broker restarts the daemon reconnects and says online again",
          again.get("clack/hall/availability") == b"online"
          and "retrying in 1 s" in log("hall") and "clack/hall/state" in again,
          repr(sorted(again)))
    fresh, deadline = {}, time.monotonic() + 15
    while time.monotonic() < deadline and fresh.get("stale") is not False:
        fresh = request("kitchen", "GET", "/api/v1/sources/house")[1]
        time.sleep(0.1)
    check("…and the MQTT source is fresh again once the daemon is back on the broker",
          fresh.get("stale") is False and fresh.get("data", {}).get("sensor") is not None,
          repr(fresh))

    # The last will: a daemon killed outright is reported offline by the broker.
    processes["kitchen"].kill()
    processes["kitchen"].wait()
    time.sleep(0.5)
    check("the last will says offline when a daemon is killed",
          retained("clack/kitchen/availability").get("clack/kitchen/availability") == b"offline")

    # A clean stop says offline itself (a clean disconnect sends no will).
    processes["hall"].send_signal(signal.SIGTERM)
    code = processes["hall"].wait(timeout=20)
    check("SIGTERM: offline is published and the daemon exits 0",
          code == 0 and retained("clack/hall/availability").get("clack/hall/availability")
          == b"offline", f"exit {code}")
finally:
    for process in processes.values():
        if process.poll() is None:
            process.kill()
            process.wait()

if check.failed:
    for name in BOARDS:
        print(f"--- {name} log ---\n" + log(name)[-4000:])
check.finish()
