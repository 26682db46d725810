// Clack's web simulator and status page. It draws what the daemon reports the modules show
// (GET /api/v1/board, then the "board" events), so flaps pass through their intermediate
// characters at the board's own timing; nothing here animates on a clock of its own. A pixel
// board is drawn LED by LED from the brightness its chips report (the panel's dimming
// included), each lit LED with a glow. Symbols with no Vestaboard code (runes, Cirth) come as
// `cells` and are drawn from the glyph bitmaps the board serves, never from the viewer's fonts.
"use strict";

const CHARACTERS = (() => {
  const table = { 0: " " };
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").forEach((c, i) => { table[1 + i] = c; });
  "123456789".split("").forEach((c, i) => { table[27 + i] = c; });
  table[36] = "0";
  const punctuation = { 37: "!", 38: "@", 39: "#", 40: "$", 41: "(", 42: ")", 44: "-", 46: "+",
    47: "&", 48: "=", 49: ";", 50: ":", 52: "'", 53: "\"", 54: "%", 55: ",", 56: ".", 59: "/",
    60: "?", 62: "°" };
  return Object.assign(table, punctuation);
})();
const TILES = { 63: "#d6352f", 64: "#f08a24", 65: "#f5c518", 66: "#2e9e4f", 67: "#2d6fd6",
  68: "#8e44ad", 69: "#f2f2f2", 70: "#000000", 71: "#f2f2f2" };

const $ = (id) => document.getElementById(id);
const board = { rows: 0, cols: 0, cells: [], codes: [], pixels: null };
// Bitmaps of the board's symbols that have no code, by symbol (GET /api/v1/board/glyphs).
let glyphs = {};
// Canvas pixels per LED, and the colour of a fully lit one (amber).
const LED_PITCH = 12;
const LED_COLOUR = [255, 176, 48];
let audio = null;
// With reduced motion the page shows each change's end state at once, not the flaps passing.
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

function key() { return localStorage.getItem("clack-key") || ""; }
let loaded = false;

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (key()) headers["X-Clack-Key"] = key();
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch (_) { /* not JSON */ }
  return { status: response.status, json, text };
}

function build(rows, cols) {
  const element = $("board");
  element.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  element.style.setProperty("--cols", String(cols));
  element.replaceChildren();
  board.rows = rows;
  board.cols = cols;
  board.cells = [];
  board.codes = [];
  for (let index = 0; index < rows * cols; index++) {
    const cell = document.createElement("div");
    cell.className = "flap";
    cell.dataset.code = "0";
    element.appendChild(cell);
    board.cells.push(cell);
    board.codes.push(0);
  }
  element.setAttribute("aria-label", `the board, ${rows} rows by ${cols} columns`);
}

// A pixel board: one canvas, as many LEDs as the panel has.
function buildPixels(view) {
  build(view.rows, view.cols);
  const element = $("board");
  element.replaceChildren();
  element.style.gridTemplateColumns = "1fr";
  element.classList.add("pixels");
  const canvas = document.createElement("canvas");
  canvas.id = "leds";
  canvas.width = view.pixels.width * LED_PITCH;
  canvas.height = view.pixels.height * LED_PITCH;
  element.appendChild(canvas);
  board.pixels = { width: view.pixels.width, height: view.pixels.height, canvas };
  $("sound-box").hidden = true;  // LEDs make no sound
  element.setAttribute("aria-label",
    `an LED panel of ${view.pixels.width}×${view.pixels.height}, ${view.rows} rows of ${view.cols} characters`);
}

function showPixels(pixels) {
  if (!board.pixels || !pixels) return;
  const { canvas } = board.pixels;
  const context = canvas.getContext("2d");
  context.fillStyle = "#0d0d0d";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const radius = LED_PITCH * 0.38;
  let lit = 0;
  pixels.rows.forEach((row, y) => row.forEach((level, x) => {
    const cx = (x + 0.5) * LED_PITCH;
    const cy = (y + 0.5) * LED_PITCH;
    context.beginPath();
    context.arc(cx, cy, radius, 0, 2 * Math.PI);
    if (level > 0) {
      lit++;
      // A colour panel's value is its palette index, drawn in that colour; on the others,
      // dim LEDs stay visible: a quarter of full colour at the lowest level.
      const share = pixels.palette ? 1 : 0.25 + 0.75 * level / 255;
      const [r, g, b] = pixels.palette
        ? colourOf(pixels.palette, level)
        : LED_COLOUR.map((c) => Math.round(c * share));
      context.shadowColor = `rgba(${r}, ${g}, ${b}, ${share})`;
      context.shadowBlur = LED_PITCH * 0.9 * share;
      context.fillStyle = `rgb(${r}, ${g}, ${b})`;
    } else {
      context.shadowBlur = 0;
      context.fillStyle = pixels.palette ? "#1c1c1c" : "#241a10";
    }
    context.fill();
  }));
  context.shadowBlur = 0;
  const element = $("board");
  element.dataset.lit = String(lit);
  element.dataset.brightness = String(pixels.brightness);
  element.dataset.pixels = pixels.rows.map((row) => row.map((v) => (v > 0 ? "1" : "0")).join("")).join("/");
  // A colour panel's colours on show as #rrggbb, by palette index (for tests and tools).
  if (pixels.palette) {
    const shown = new Set(pixels.rows.flat().filter((v) => v > 0));
    element.dataset.colours = [...shown].sort((a, b) => a - b)
      .map((v) => "#" + colourOf(pixels.palette, v).map((c) => c.toString(16).padStart(2, "0")).join(""))
      .join(" ");
  } else {
    delete element.dataset.colours;
  }
}

// A colour panel's palette index as [r, g, b]: a named colour of the board's palette, or
// one of the cube's.
function colourOf(palette, index) {
  return index < palette.length ? paletteColour(palette[index]) : cubeColour(index);
}

// A palette index of the colour cube pictures use (16-231: 16 + 36 r + 6 g + b, each of six
// levels; docs/api.md) as [r, g, b]; black outside it.
function cubeColour(index) {
  if (index < 16 || index > 231) return [0, 0, 0];
  const levels = [0, 95, 135, 175, 215, 255];
  const n = index - 16;
  return [levels[Math.floor(n / 36)], levels[Math.floor(n / 6) % 6], levels[n % 6]];
}

// "#rrggbb" as [r, g, b] (black for anything else).
function paletteColour(hex) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(hex || "");
  return match ? match.slice(1).map((h) => parseInt(h, 16)) : [0, 0, 0];
}

// What the board reports: its codes, or, when some cell has no code (runes), its cells.
function showBoard(view, target) {
  const codes = target ? view.target : view.codes;
  if (Array.isArray(codes) && codes.length > 0) return show(codes);
  const cells = target ? view.target_cells : view.cells;
  if (!Array.isArray(cells) || cells.length === 0) return;
  if (board.pixels) $("board").dataset.text = cells.flat().join("");
  else showCells(cells);
}

// One symbol's bitmap on a canvas the size of the glyph, scaled up by CSS without smoothing.
function glyphCanvas(bitmap) {
  const canvas = document.createElement("canvas");
  canvas.className = "glyph";
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext("2d");
  context.fillStyle = "#f2f2f2";
  bitmap.rows.forEach((hex, y) => {
    for (let x = 0; x < bitmap.width; x++) {
      const byte = parseInt(hex.substr((x >> 3) * 2, 2), 16);
      if (byte & (0x80 >> (x & 7))) context.fillRect(x, y, 1, 1);
    }
  });
  return canvas;
}

function showCells(cells) {
  let changed = 0;
  cells.forEach((row, r) => row.forEach((symbol, c) => {
    const index = r * board.cols + c;
    const cell = board.cells[index];
    if (!cell || board.codes[index] === symbol) return;
    board.codes[index] = symbol;
    changed++;
    cell.dataset.code = "";
    cell.dataset.cell = symbol;
    const bitmap = glyphs[symbol];
    cell.classList.remove("tile");
    cell.style.background = "";
    cell.replaceChildren(bitmap ? glyphCanvas(bitmap) : document.createTextNode(symbol.trim()));
    cell.classList.remove("flip");
    void cell.offsetWidth;  // restart the animation
    cell.classList.add("flip");
  }));
  $("board").dataset.text = cells.flat().join("");
  if (changed > 0) click(changed);
}

function show(codes) {
  if (!Array.isArray(codes)) return;
  if (board.pixels) {
    // The cells of a pixel board's grid, as text (the LEDs are drawn from `pixels`).
    board.codes = codes.flat();
    $("board").dataset.text = board.codes.map((code) => CHARACTERS[code] ?? "■").join("");
    return;
  }
  let changed = 0;
  codes.forEach((row, r) => row.forEach((code, c) => {
    const index = r * board.cols + c;
    const cell = board.cells[index];
    if (!cell || board.codes[index] === code) return;
    board.codes[index] = code;
    changed++;
    cell.dataset.code = String(code);
    const tile = TILES[code];
    cell.classList.toggle("tile", tile !== undefined);
    cell.style.background = tile || "";
    cell.textContent = tile ? "" : (CHARACTERS[code] ?? "?");
    cell.classList.remove("flip");
    void cell.offsetWidth;  // restart the animation
    cell.classList.add("flip");
  }));
  const text = board.codes.map((code) => CHARACTERS[code] ?? "■").join("");
  $("board").dataset.text = text;
  if (changed > 0) click(changed);
}

function click(count) {
  if (!$("sound").checked) return;
  audio = audio || new AudioContext();
  const length = Math.floor(audio.sampleRate * 0.012);
  const buffer = audio.createBuffer(1, length, audio.sampleRate);
  const data = buffer.getChannelData(0);
  const loudness = Math.min(1, 0.15 + count / 40);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * loudness * (1 - i / length);
  const source = audio.createBufferSource();
  source.buffer = buffer;
  source.connect(audio.destination);
  source.start();
}

async function refreshStatus() {
  const reply = await api("GET", "/api/v1/status");
  if (reply.status !== 200 || !reply.json) {
    $("status").replaceChildren(term("status", reply.json?.error?.message || `HTTP ${reply.status}`));
    return;
  }
  const s = reply.json;
  const showing = (s.showing || []).map((m) => `#${m.id} from ${m.sender}`).join(", ") || "nothing";
  const size = board.pixels
    ? `${board.pixels.width}×${board.pixels.height} LEDs, ${s.rows}×${s.cols} characters`
    : `${s.rows}×${s.cols}`;
  const rows = [
    ["board", `${s.name} (${size})${s.homed ? "" : ", homing…"}`],
    ["showing", showing],
  ];
  if (!board.pixels) rows.push(["moving", String(s.moving)], ["waiting", String(s.waiting)]);
  rows.push(
    ["quiet hours", s.quiet ? "now" : (s.quiet_hours || "none")],
    ["queued", String(s.queue?.queued ?? 0)]);
  // Times on the board's clock, as the daemon words them ("07:00, in 34 min").
  if (s.next_scheduled) rows.push(["next", `${s.next_scheduled.show}, ${s.next_scheduled.when}`]);
  // Live sources: fresh, or stale with what went wrong (pages show their last data).
  for (const source of s.sources || []) {
    const age = source.updated_at
      ? `${Math.max(0, Math.floor((Date.parse(s.time) - Date.parse(source.updated_at)) / 60000))} min old`
      : "no data yet";
    rows.push([`source ${source.name}`,
      source.stale ? `STALE (${age}): ${source.problem}` : (source.updated_at ? `fresh, ${age}` : age)]);
  }
  $("status").replaceChildren(...rows.flatMap(([name, value]) => term(name, value)));
  const faults = s.faults || [];
  $("faults").replaceChildren(...(faults.length ? faults : ["none"]).map(item));
  const queue = await api("GET", "/api/v1/messages?state=queued");
  const messages = queue.json?.messages || [];
  $("queue").replaceChildren(...(messages.length ? messages.map(
    (m) => item(`#${m.id} ${m.sender}: ${m.text ?? "(codes)"}`)) : [item("empty")]));
  refreshPages();
  // calibration.js: the calibration view and the spools' figures.
  if (typeof refreshCalibration === "function") refreshCalibration();
}

// The run of show: each entry, what it is doing and when it shows next; a page can be
// previewed (drawn now for its zone) or switched to. One set at run time (PUT
// /api/v1/run-of-show) says so, with a button back to the config's.
async function refreshPages() {
  const reply = await api("GET", "/api/v1/pages");
  showRunOfShow(reply.json);
}

function showRunOfShow(answer) {
  const entries = answer?.run_of_show || [];
  $("run-of-show").replaceChildren(...(entries.length ? entries.map(pageItem) : [item("empty")]));
  const source = $("run-of-show-source");
  source.hidden = !(answer?.source === "set" || answer?.set_aside);
  if (answer?.source === "set") {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = "Back to the config's";
    button.addEventListener("click", resetRunOfShow);
    source.replaceChildren("Set at run time, in place of the config's. ", button);
  } else if (answer?.set_aside) {
    source.textContent = `The config's: the one set at run time does not fit it (${answer.set_aside}).`;
  }
}

async function resetRunOfShow() {
  const reply = await api("DELETE", "/api/v1/run-of-show");
  if (reply.status !== 200) return pageResult(reply);
  $("page-result").className = "ok";
  $("page-result").textContent = "back to the config's run of show";
  showRunOfShow(reply.json);
}

function pageItem(entry) {
  const when = entry.on_show ? "on show"
    : entry.cadence_kind === "while" ? "shows when its source holds"
    : entry.waiting
    ? `waiting (${entry.waiting}), next ${entry.next_show || "not within a day"}`
    : `next ${entry.next_show || "not within a day"}`;
  const li = item(`${entry.show} · ${entry.cadence} · ${when}`);
  if (entry.on_show) li.className = "on-show";
  if (!entry.page) return li;
  for (const [label, action] of [["Preview", previewPage], ["Show", showPage]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.className = "small";
    button.addEventListener("click", () => action(entry.page));
    li.append(" ", button);
  }
  return li;
}

async function previewPage(name) {
  const reply = await api("GET", `/api/v1/pages/${encodeURIComponent(name)}/preview`);
  const preview = $("page-preview");
  if (reply.status !== 200) {
    pageResult(reply);
    return;
  }
  const picture = reply.json.picture;
  $("page-result").textContent = `${name}, as it would show now in zone ${reply.json.zone}`;
  $("page-result").className = "";
  // A picture page's cells are blank: say what the picture is instead.
  preview.textContent = picture
    ? `a picture: ${picture.file}, ${picture.width}×${picture.height} px` +
      (picture.frames > 1 ? `, ${picture.frames} frames, ${picture.loop_ms} ms a loop` : "")
    : reply.json.lines.map((line) => `|${line}|`).join("\n");
  preview.hidden = false;
}

async function showPage(name) {
  const reply = await api("POST", `/api/v1/pages/${encodeURIComponent(name)}/show`);
  if (reply.status === 200) {
    const entry = reply.json.run_of_show.find((e) => e.page === name);
    $("page-result").className = "ok";
    $("page-result").textContent = entry?.on_show ? `${name} is on show` : `${name} is next`;
    showRunOfShow(reply.json);
  } else {
    pageResult(reply);
  }
}

function pageResult(reply) {
  $("page-result").className = "error";
  $("page-result").textContent = reply.json?.error?.message || `HTTP ${reply.status}`;
  if (reply.status === 401) $("key-box").open = true;
}

function term(name, value) {
  const dt = document.createElement("dt");
  dt.textContent = name;
  const dd = document.createElement("dd");
  dd.textContent = value;
  return [dt, dd];
}

function item(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function count() {
  const text = $("text").value;
  const capacity = board.rows * board.cols;
  $("count").textContent = board.pixels
    ? `${[...text].length} characters (${capacity} at once; longer text scrolls)`
    : `${[...text].length} of ${capacity} characters`;
}

// Whole seconds as "45 s", "12 min 5 s" or "7 h 30 min", as the CLI says them.
function duration(seconds) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min` + (seconds % 60 ? ` ${seconds % 60} s` : "");
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${Math.floor(seconds / 3600)} h` + (minutes ? ` ${minutes} min` : "");
}

async function send(event) {
  event.preventDefault();
  const result = $("result");
  const body = { text: $("text").value, sender: "web" };
  if ($("urgent").checked) body.priority = "urgent";
  result.className = "";
  result.textContent = "sending…";
  const reply = await api("POST", "/api/v1/messages", body);
  if (reply.status === 201) {
    const wait = Math.round(reply.json.wait_seconds);
    result.className = "ok";
    result.textContent = `queued as #${reply.json.id}`
      + (wait > 0 ? `, on the board in about ${duration(wait)}` : "")
      + (reply.json.note ? ` (${reply.json.note})` : "");
    $("text").value = "";
    count();
  } else {
    result.className = "error";
    result.textContent = reply.json?.error?.message || `HTTP ${reply.status}: ${reply.text}`;
    if (reply.status === 401) $("key-box").open = true;
  }
  refreshStatus();
}

function listen() {
  const query = key() ? `?key=${encodeURIComponent(key())}` : "";
  const events = new EventSource(`/api/v1/events${query}`);
  events.onopen = () => { $("connection").textContent = "live"; $("connection").className = "on"; };
  events.onerror = () => { $("connection").textContent = "reconnecting…"; $("connection").className = "off"; };
  events.addEventListener("board", (e) => {
    const data = JSON.parse(e.data);
    showBoard(data, reducedMotion);
    showPixels(data.pixels);
  });
  events.addEventListener("message", () => refreshStatus());
  events.addEventListener("status", () => refreshStatus());
  events.addEventListener("run_of_show", () => refreshPages());
  events.addEventListener("source", () => refreshStatus());
}

async function start() {
  $("key").value = key();
  $("save-key").addEventListener("click", () => {
    localStorage.setItem("clack-key", $("key").value.trim());
    $("key-box").open = false;
    // A wrong key may have kept the board from loading at all: then load it now.
    if (loaded) refreshStatus(); else load();
  });
  $("compose").addEventListener("submit", send);
  $("text").addEventListener("input", count);
  showFingerprint();
  await load();
}

// Over HTTPS with the board's own certificate: the fingerprint to check the browser's
// warning against, in the key box a first visitor opens.
async function showFingerprint() {
  if (location.protocol !== "https:") return;
  const fingerprint = (await api("GET", "/health")).json?.tls_fingerprint;
  if (!fingerprint) return;
  $("tls-fingerprint").textContent = fingerprint;
  $("tls-note").hidden = false;
}

// The board, its live updates and the status: once, when a key (or none) is accepted.
async function load() {
  const reply = await api("GET", "/api/v1/board");
  if (reply.status !== 200) {
    $("connection").textContent = reply.json?.error?.message || `HTTP ${reply.status}`;
    $("key-box").open = true;
    return;
  }
  if (reply.json.kind === "pixels" && reply.json.pixels) buildPixels(reply.json);
  else build(reply.json.rows, reply.json.cols);
  $("board-name").textContent = `${reply.json.name}, ${reply.json.rows}×${reply.json.cols}`;
  glyphs = (await api("GET", "/api/v1/board/glyphs")).json?.glyphs || {};
  showBoard(reply.json, reducedMotion);
  showPixels(reply.json.pixels);
  count();
  listen();
  loaded = true;
  refreshStatus();
  // Pages take turns without a message changing: look again now and then.
  setInterval(refreshPages, 15000);
}

start();
