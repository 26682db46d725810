"""Browser tests of the web simulator (scripts/browser-test.sh): a real headless Chromium
against `clack run --simulate` on loopback. Prints one line per check and a closing
'browser: N passed, N failed'."""
import base64
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from cdp import Browser  # noqa: E402
from png_read import read_png, write_png  # noqa: E402
from test_support import Checks, rows_text, write_board  # noqa: E402

clack, chromium, artifacts = sys.argv[1], sys.argv[2], sys.argv[3]
port = 17341
work = tempfile.mkdtemp(prefix="clack-browser-")
write_board(work, "web-3x10", seed=3)
with open(os.path.join(work, "clack.yaml"), "w") as f:
    f.write("board: board.yaml\nstate: state\ntime_zone: UTC\nschedules: []\ndwell: 1s\n"
            "rate_limit: {per_hour: 0}\n"
            # A page in a run of show that never comes due: listed, previewed, switched to.
            "pages:\n  - {name: motd, text: GOOD DAY}\n"
            "run_of_show:\n  - {page: motd, cron: \"0 3 1 1 *\", dwell: 1m}\n")

def request(method, path, body=None, key=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if key:
        headers["X-Clack-Key"] = key
    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                       headers=headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload) if payload[:1] in (b"{", b"[") else payload


def settled_board(timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _, board = request("GET", "/api/v1/board")
        if board["moving"] == 0 and board["codes"] == board["target"]:
            return board
        time.sleep(0.1)
    raise AssertionError("the board did not settle")


def start_daemon(config, log):
    """`clack run --simulate` with `config` on `port`, once /health says it is homed."""
    daemon = subprocess.Popen(
        [clack, "run", "--simulate", "--speed", "10", "--config", os.path.join(work, config),
         "--listen", f"127.0.0.1:{port}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, log), "w"))
    deadline = time.monotonic() + 120
    while True:
        try:
            if request("GET", "/health")[1].get("homed"):
                return daemon
        except OSError:
            pass
        if time.monotonic() > deadline or daemon.poll() is not None:
            daemon.kill()
            sys.exit("the daemon did not become ready:\n" + open(os.path.join(work, log)).read())
        time.sleep(0.1)


def screenshot(browser, element, name):
    """A PNG of one element of the page, kept in the artifacts directory as `name`: taken once
    no animation runs (a flap caught mid-flip is drawn dimmed)."""
    browser.wait_for("document.getAnimations().every(a => a.playState !== 'running')")
    rect = browser.evaluate(f"(() => {{ const r = document.getElementById('{element}')"
                            ".getBoundingClientRect();"
                            " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()")
    # Beyond the viewport too: a tall panel would otherwise come out cut off, dark below.
    shot = browser.send("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1}})
    png = base64.b64decode(shot["data"])
    os.makedirs(artifacts, exist_ok=True)
    with open(os.path.join(artifacts, name), "wb") as f:
        f.write(png)
    return png


def board_until(condition, what, timeout=20):
    """GET /api/v1/board until `condition` holds of it."""
    deadline = time.monotonic() + timeout
    while True:
        _, board = request("GET", "/api/v1/board")
        if condition(board):
            return board
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)


def page_dataset(browser, name, expected):
    """The board element's `data-<name>` once it is `expected` (None if it never is)."""
    return browser.wait_for(
        f"(() => document.getElementById('board').dataset.{name} === {json.dumps(expected)}"
        f" ? document.getElementById('board').dataset.{name} : null)()")


def cube_colour(index):
    """A palette index of the colour cube (16-231) as #rrggbb, by docs/api.md's formula."""
    levels = [0, 95, 135, 175, 215, 255]
    n = index - 16
    return "#%02x%02x%02x" % (levels[n // 36], levels[n // 6 % 6], levels[n % 6])


def shut(browser, daemon):
    """Closes the browser (if it opened) and stops the daemon."""
    if browser:
        browser.close()
    daemon.terminate()
    daemon.wait(timeout=30)


check = Checks("browser")
daemon = start_daemon("clack.yaml", "daemon.log")
browser = None
try:
    key = open(os.path.join(work, "state", "api-key")).read().strip()
    status, reply = request("POST", "/api/v1/messages",
                            {"text": "HI {red}\nCLACK"}, key=key)
    assert status == 201, (status, reply)
    known = settled_board()

    browser = Browser(chromium, os.path.join(work, "profile"))
    browser.open(f"http://127.0.0.1:{port}/")

    # 1. The page shows what GET /api/v1/board reports, cell by cell.
    expected = [code for row in known["codes"] for code in row]
    shown = browser.wait_for(
        "(() => { const c = [...document.querySelectorAll('#board .flap')].map(e => +e.dataset.code);"
        f" return JSON.stringify(c) === JSON.stringify({json.dumps(expected)}) ? c : null; }})()")
    grid = browser.evaluate("getComputedStyle(document.getElementById('board'))"
                            ".gridTemplateColumns.split(' ').length")
    check("the page shows the board's codes", shown == expected,
          f"page {rows_text([shown or []])!r}, API {rows_text(known['codes'])!r}")
    check("the grid has the board's 10 columns", grid == 10, f"{grid} columns")

    # 2. A screenshot of the known message: white characters on black flaps and a red tile,
    # taken once the page's brief flip flashes have ended.
    browser.wait_for("document.getAnimations().length === 0 ? 1 : null")
    png = screenshot(browser, "board", "board.png")
    width, height, rows = read_png(png)
    pixels = [pixel for row in rows for pixel in row]
    white = sum(1 for r, g, b in pixels if r > 200 and g > 200 and b > 200)
    red = sum(1 for r, g, b in pixels if abs(r - 0xD6) < 20 and abs(g - 0x35) < 20 and abs(b - 0x2F) < 20)
    dark = sum(1 for r, g, b in pixels if r < 40 and g < 40 and b < 40)
    tile_share = red / len(pixels)
    check("a screenshot shows the message", white > 100 and dark > len(pixels) // 2
          and 0.5 / 30 < tile_share < 2 / 30,
          f"{width}×{height} px: {white} white, {red} red ({tile_share:.1%}), {dark} dark;"
          f" saved to {artifacts}/board.png")

    # 3. Sending from the compose box, as a user: paste the key, type, press Send.
    browser.evaluate(f"""(() => {{
        document.getElementById('key-box').open = true;
        document.getElementById('key').value = {json.dumps(key)};
        document.getElementById('save-key').click();
        const text = document.getElementById('text');
        text.value = 'FROM THE WEB';
        text.dispatchEvent(new Event('input'));
        document.getElementById('send').click();
    }})()""")
    result = browser.wait_for(
        "(() => { const t = document.getElementById('result').textContent;"
        " return t.startsWith('queued') || document.getElementById('result').className === 'error' ? t : null; })()")
    count = browser.evaluate("document.getElementById('count').textContent")
    reached = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        _, board = request("GET", "/api/v1/board")
        if "FROM THE" in rows_text(board["codes"]) and board["moving"] == 0:
            reached = board
            break
        time.sleep(0.1)
    check("sending from the compose box reaches the board",
          bool(result) and result.startswith("queued") and reached is not None,
          f"page said {result!r}; board {rows_text(reached['codes']) if reached else 'unchanged'!r}")
    check("the character count resets after sending", count == "0 of 30 characters", repr(count))
    page_after = browser.wait_for(
        f"(() => document.getElementById('board').dataset.text?.includes('FROM THE') ? 1 : null)()")
    check("the page follows the board live over the event stream", page_after == 1)

    # 4. An error from the API is shown as the API words it.
    browser.evaluate("""(() => { const text = document.getElementById('text');
        text.value = 'ÄÖ€'; document.getElementById('send').click(); })()""")
    error = browser.wait_for(
        "(() => document.getElementById('result').className === 'error' ?"
        " document.getElementById('result').textContent : null)()")
    check("API errors reach the compose box", bool(error) and "€" in error, repr(error))

    # 5. The run of show: listed, a page previewed, and switched to (a message has the zone,
    # so it is next).
    listed = browser.wait_for(
        "(() => { const t = document.getElementById('run-of-show').textContent;"
        " return t.includes('page motd') ? t : null; })()")
    browser.evaluate("""(() => [...document.querySelectorAll('#run-of-show button')]
        .find(b => b.textContent === 'Preview').click())()""")
    preview = browser.wait_for(
        "(() => { const p = document.getElementById('page-preview');"
        " return !p.hidden && p.textContent.includes('GOOD DAY') ? p.textContent : null; })()")
    browser.evaluate("""(() => [...document.querySelectorAll('#run-of-show button')]
        .find(b => b.textContent === 'Show').click())()""")
    switched = browser.wait_for(
        "(() => { const r = document.getElementById('page-result');"
        " return r.className === 'ok' ? r.textContent : null; })()")
    check("the run of show is listed, a page previewed and switched to",
          bool(listed) and "cron 0 3 1 1 *" in listed and bool(preview)
          and switched == "motd is next",
          f"listed {listed!r}; preview {preview!r}; switch {switched!r}")

    # A run of show set over REST reaches the open page by its event, which says so and
    # offers the way back to the config's.
    status, reply = request("PUT", "/api/v1/run-of-show",
                            {"run_of_show": [{"page": "motd", "every": "15m", "dwell": "1m"}]},
                            key=key)
    assert status == 200, (status, reply)
    set_listed = browser.wait_for(
        "(() => { const s = document.getElementById('run-of-show-source');"
        " const t = document.getElementById('run-of-show').textContent;"
        " return !s.hidden && s.textContent.includes('Set at run time')"
        " && t.includes('every 15m') ? t : null; })()")
    screenshot(browser, "pages", "pages.png")
    browser.evaluate("(() => document.querySelector('#run-of-show-source button').click())()")
    back = browser.wait_for(
        "(() => { const s = document.getElementById('run-of-show-source');"
        " const t = document.getElementById('run-of-show').textContent;"
        " return s.hidden && t.includes('cron 0 3 1 1 *') ? t : null; })()")
    _, after = request("GET", "/api/v1/run-of-show", key=key)
    check("a run of show set over REST shows live, and the button goes back to the config's",
          bool(set_listed) and bool(back) and after.get("source") == "config",
          f"set {set_listed!r}; back {back!r}; after {after!r}")
finally:
    shut(browser, daemon)

# 5. A pixel board (the simulated 64×16 HT16K33 panel): the page draws its LEDs as the API
# reports them, lit ones amber with a glow, dark ones dim.
pixel_port = port + 1
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(work, "pixels.yaml"), "w") as f:
    f.write(f"board: {root}/boards/sim-pixels-64x16.yaml\nstate: pixel-state\ntime_zone: UTC\n"
            "schedules: []\n")
port = pixel_port
daemon = start_daemon("pixels.yaml", "pixel-daemon.log")
browser = None
try:
    key = open(os.path.join(work, "pixel-state", "api-key")).read().strip()
    status, reply = request("POST", "/api/v1/messages", {"text": "HELLO {red}\nLED PANEL"},
                            key=key)
    assert status == 201, (status, reply)
    board = board_until(lambda b: "HELLO" in rows_text(b["codes"]) and b["moving"] == 0,
                        "the pixel board shows the message")
    lit_map = "/".join("".join("1" if v else "0" for v in row) for row in board["pixels"]["rows"])
    browser = Browser(chromium, os.path.join(work, "profile-pixels"))
    browser.open(f"http://127.0.0.1:{pixel_port}/")
    page_map = page_dataset(browser, "pixels", lit_map)
    check("the page draws the pixel board's LEDs as the API reports them", page_map == lit_map,
          f"{lit_map.count('1')} LEDs lit by the API")
    png = screenshot(browser, "leds", "pixels.png")
    width, height, rows = read_png(png)
    pixels = [pixel for row in rows for pixel in row]
    amber = sum(1 for r, g, b in pixels if r > 150 and 80 < g < 200 and b < 90)
    share = amber / len(pixels)
    lit_share = lit_map.count("1") / (64 * 16)
    check("a screenshot shows lit LEDs in amber among dark ones",
          lit_share / 4 < share < lit_share * 2,
          f"{width}×{height} px: {share:.1%} amber for {lit_share:.1%} of LEDs lit;"
          f" saved to {artifacts}/pixels.png")
finally:
    shut(browser, daemon)

# 5b. A colour panel (boards/ws2812-8x32.yaml on its WS2812 twin): the page draws each LED in
# the colour the API reads back from the chain model, text in the board's ink, tiles in theirs.
colour_board = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "boards",
                            "ws2812-8x32.yaml")
# First a picture page (a PNG: green left half, magenta right half), put in the run of show.
with open(os.path.join(work, "halves.png"), "wb") as f:
    f.write(write_png([[(0, 255, 0)] * 16 + [(255, 0, 255)] * 16 for _ in range(8)]))
with open(os.path.join(work, "colour.yaml"), "w") as f:
    f.write(f"board: {colour_board}\nstate: colour-state\ntime_zone: UTC\nschedules: []\n"
            "pages:\n  - {name: halves, picture_file: halves.png}\n")
port = 17344
daemon = start_daemon("colour.yaml", "colour-daemon.log")
browser = None
try:
    key = open(os.path.join(work, "colour-state", "api-key")).read().strip()
    status, reply = request("PUT", "/api/v1/run-of-show", {"run_of_show": [{"page": "halves"}]},
                            key=key)
    assert status == 200, (status, reply)
    def halves_shown(b):
        # Settled (not mid-transition): each half one colour, lit, and the two different.
        rows = b["pixels"]["rows"]
        left = {v for row in rows for v in row[:16]}
        right = {v for row in rows for v in row[16:]}
        return (b["moving"] == 0 and len(left) == 1 and len(right) == 1 and left != right
                and 0 not in left | right)

    board = board_until(halves_shown, "the picture page shows")
    rows = board["pixels"]["rows"]
    halves = " ".join(cube_colour(v) for v in sorted((rows[0][0], rows[0][31])))
    browser = Browser(chromium, os.path.join(work, "profile-colour"))
    browser.open(f"http://127.0.0.1:{port}/")
    colours = page_dataset(browser, "colours", halves)
    check("the API reads back a picture page's two colours, and the page draws them",
          colours == halves == "#00ff00 #ff00ff", f"{colours!r}, API {halves!r}")
    png = screenshot(browser, "leds", "picture.png")
    width, height, rows = read_png(png)
    flat = [pixel for row in rows for pixel in row]
    green = sum(1 for r, g, b in flat if g > 180 and r < 80 and b < 80)
    magenta = sum(1 for r, g, b in flat if r > 180 and b > 180 and g < 80)
    check("a screenshot shows the picture page's green and magenta halves",
          green > 200 and magenta > 200,
          f"{width}×{height} px: {green} green, {magenta} magenta; saved to {artifacts}/picture.png")
    request("DELETE", "/api/v1/run-of-show", key=key)
    status, reply = request("POST", "/api/v1/messages", {"text": "HI{red}{blue}"}, key=key)
    assert status == 201, (status, reply)
    board = board_until(
        lambda b: len({v for row in b["pixels"]["rows"] for v in row if v}) == 3
        and b["moving"] == 0, "the colour panel shows the message")
    pixels = board["pixels"]
    shown = {v for row in pixels["rows"] for v in row if v}
    palette = pixels["palette"]
    expected = " ".join(palette[v] for v in sorted(shown))
    check("the API reads back ink, red and blue from the chain model",
          pixels["depth"] == "palette" and expected == "#ffe8c0 #d6352f #2d6fd6", expected)
    browser.open(f"http://127.0.0.1:{port}/")
    colours = page_dataset(browser, "colours", expected)
    check("the page draws the colour panel's LEDs in the API's colours", colours == expected,
          f"{colours!r}")
    png = screenshot(browser, "leds", "colour.png")
    width, height, rows = read_png(png)
    flat = [pixel for row in rows for pixel in row]
    red = sum(1 for r, g, b in flat if r > 180 and g < 80 and b < 80)
    blue = sum(1 for r, g, b in flat if b > 180 and r < 80 and g < 140)
    warm = sum(1 for r, g, b in flat if r > 220 and g > 190 and 150 < b < 220)
    check("a screenshot shows the red and blue tiles and the warm white ink",
          red > 200 and blue > 200 and warm > 200,
          f"{width}×{height} px: {red} red, {blue} blue, {warm} ink; saved to {artifacts}/colour.png")
finally:
    shut(browser, daemon)

# 6. A flap board of Elder Futhark runes: the page draws each rune from the glyph bitmaps the
# board serves (GET /api/v1/board/glyphs, from the system's GNU Unifont), not from Chromium's
# fonts, and the bitmaps are Unifont's own (checked against unifont.hex).
port = pixel_port + 1
write_board(work, "web-runes", seed=5, flaps="elder-futhark-40", file="runes-board.yaml")
with open(os.path.join(work, "runes.yaml"), "w") as f:
    f.write("board: runes-board.yaml\nstate: runes-state\ntime_zone: UTC\nschedules: []\n")
daemon = start_daemon("runes.yaml", "runes-daemon.log")
browser = None
try:
    key = open(os.path.join(work, "runes-state", "api-key")).read().strip()
    _, script = request("GET", "/api/v1/board/script")
    check("a board of rune flaps starts in the Elder Futhark", script.get("script") == "elder",
          f"{script}")
    status, reply = request("POST", "/api/v1/messages", {"text": "dag is longer"}, key=key)
    assert status == 201, (status, reply)
    want = [list("  ᛞᚨᚷ᛫ᛁᛊ  "), list("  ᛚᛟᛜᛖᚱ   ")]
    deadline = time.monotonic() + 30
    while True:
        _, board = request("GET", "/api/v1/board")
        if board["moving"] == 0 and board["cells"] == board["target_cells"] and any(
                "ᛞ" in "".join(row) for row in board["cells"]):
            break
        assert time.monotonic() < deadline, f"the rune board never showed the message: {board}"
        time.sleep(0.1)
    check("the runes wrap at their divider and sit on the flaps", board["cells"][:2] == want,
          f"{board['cells']}")
    _, served = request("GET", "/api/v1/board/glyphs")
    hex_rows = {}
    with open("/usr/share/unifont/unifont.hex") as font:
        for line in font:
            code, _, bits = line.strip().partition(":")
            if code in ("16DE", "16A8", "16B7"):
                hex_rows[chr(int(code, 16))] = [bits[i:i + 2] for i in range(0, len(bits), 2)]
    check("the served glyphs are Unifont's bits", all(
        served["glyphs"][rune]["rows"] == hex_rows[rune] for rune in "ᛞᚨᚷ"),
          f"font {served.get('font')}; ᛞ {served['glyphs'].get('ᛞ')}")
    browser = Browser(chromium, os.path.join(work, "profile-runes"))
    browser.open(f"http://127.0.0.1:{port}/")
    # Each rune cell's canvas, read back pixel by pixel, as hex rows like the font's.
    drawn = browser.wait_for("""(() => {
      const cells = [...document.querySelectorAll('#board .flap')];
      const out = {};
      for (const cell of cells) {
        const canvas = cell.querySelector('canvas.glyph');
        if (!canvas || out[cell.dataset.cell]) continue;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const rows = [];
        for (let y = 0; y < canvas.height; y++) {
          let hex = '';
          for (let b = 0; b < canvas.width / 8; b++) {
            let byte = 0;
            for (let x = 0; x < 8; x++) byte = byte << 1 | (data[(y * canvas.width + b * 8 + x) * 4 + 3] > 0 ? 1 : 0);
            hex += byte.toString(16).toUpperCase().padStart(2, '0');
          }
          rows.push(hex);
        }
        out[cell.dataset.cell] = rows;
      }
      return out['ᛞ'] && out['ᛟ'] ? JSON.stringify(out) : null;
    })()""")
    drawn = json.loads(drawn) if drawn else {}
    check("the page draws every rune cell from Unifont's bitmap, not a font",
          all(drawn.get(rune) == hex_rows[rune] for rune in "ᛞᚨᚷ")
          and set(drawn) >= set("ᛞᚨᚷ᛫ᛁᛊᛚᛟᛜ"), f"runes drawn: {''.join(sorted(drawn))}")
    text = browser.evaluate("document.getElementById('board').dataset.text")
    check("the page's cells are the board's", text == "".join("".join(r) for r in board["cells"]),
          f"{text!r}")
    png = screenshot(browser, "board", "runes.png")
    width, height, rows = read_png(png)
    light = sum(1 for row in rows for r, g, b in row if r > 200 and g > 200 and b > 200)
    check("a screenshot shows the runes' strokes", light > 200,
          f"{light} light pixels in {width}×{height}; saved to {artifacts}/runes.png")
finally:
    shut(browser, daemon)
    subprocess.run(["rm", "-rf", work])

check.finish()
