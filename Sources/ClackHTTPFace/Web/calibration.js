// The page's calibration view and spool figures (docs/calibration.md): the same steps as
// `clack calibrate`, over POST /api/v1/calibration. Uses app.js's `api`, `$` and `item`.
"use strict";

// What the board is asked to show, as rows, while calibrating.
let calibrationShowing = null;

function showCalibration(view) {
  $("calibration").hidden = !view.available;
  const active = view.active;
  calibrationShowing = active ? view.showing : null;
  $("calibration-start").textContent = active ? "Start over" : "Start";
  $("calibration-shown").hidden = !active;
  $("calibration-end").hidden = !active;
  $("nudge-form").hidden = !active;
  const rows = $("calibration-rows");
  rows.replaceChildren();
  if (!active) return;
  const heading = document.createElement("p");
  heading.textContent = view.stage === "home"
    ? "Every module to its home flap. Once the board rests, type what each row shows:"
    : "The test pattern. If a row reads otherwise, type what it shows; else press Done.";
  rows.appendChild(heading);
  view.showing.forEach((row, index) => {
    const input = document.createElement("input");
    input.value = row;
    input.setAttribute("aria-label", `row ${index + 1}`);
    input.maxLength = row.length + 16;
    rows.appendChild(input);
  });
}

async function calibrationStep(body) {
  const reply = await api("POST", "/api/v1/calibration", body);
  const result = $("calibration-result");
  if (reply.status !== 200) {
    result.className = "error";
    result.textContent = reply.json?.error?.message || reply.text;
    return;
  }
  const view = reply.json;
  result.className = "ok";
  result.textContent = view.changed.length
    ? `modules ${view.changed.join(", ")} moved; offsets saved: ${view.offsets.join(", ")}`
    : (view.active ? "" : "calibration ended: the board shows its content again");
  showCalibration(view);
}

async function refreshCalibration() {
  const reply = await api("GET", "/api/v1/calibration");
  if (reply.status === 200) showCalibration(reply.json);
  // Each spool as measured between two home edges, and any warning with its fix.
  const boardReply = await api("GET", "/api/v1/board");
  const modules = (boardReply.json?.modules || []).filter(
    (m) => m.revolution !== undefined || (m.warnings || []).length);
  $("spools").replaceChildren(...(modules.length ? modules.map((m) => item(
    `row ${m.row + 1}, col ${m.col + 1}: ${m.revolution ?? "?"} steps a revolution` +
    (m.home_error !== undefined ? `, home edge ${m.home_error >= 0 ? "+" : ""}${m.home_error}` : "") +
    ((m.warnings || []).length ? ` — ${m.warnings.join("; ")}` : ""))) : [item("not measured yet")]));
}

$("calibration-start").addEventListener("click", () => calibrationStep({ action: "start" }));
$("calibration-end").addEventListener("click", () => calibrationStep({ action: "end" }));
$("calibration-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const rows = [...$("calibration-rows").querySelectorAll("input")].map((input) => input.value);
  calibrationStep({ action: "shown", rows });
});
$("nudge-form").addEventListener("submit", (event) => {
  event.preventDefault();
  calibrationStep({ action: "nudge", row: Number($("nudge-row").value),
    col: Number($("nudge-col").value), steps: Number($("nudge-steps").value) });
});
// app.js calls refreshCalibration with each status refresh (on load and on the daemon's
// events), so nothing here polls.
