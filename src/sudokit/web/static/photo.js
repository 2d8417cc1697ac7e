// sudokit in the browser: a puzzle from a photo or a screenshot (POST /api/read-image).  The picture
// is shown with the reading drawn over it, beside an editable grid of the digits read; the cells the
// reader was unsure of are highlighted with their other readings, and the player confirms or corrects
// them before "Play this puzzle".  A failed upload changes nothing already read or typed.
import { $ } from "./api.js";
import { guarded, open, verdict } from "./app.js";

const MAX_BYTES = 15 * 1024 * 1024; // the server's limit (MAX_PICTURE); a larger picture is made smaller first
const LONGEST = 2400; // the longest side of a picture made smaller to fit the limit
const KEPT = "sudokit:photo"; // the reading and the player's corrections, kept across a reload of the tab
const SVG = "http://www.w3.org/2000/svg";

let reading = null; // the server's answer: size, corners, picture, cells, read, unsure, board, ...
let values = []; // the symbol in each cell as the player has it ("" for empty)
let marks = []; // per cell: "" as read, "confirmed" (kept as read), "edited" (changed by the player)
let picture = null; // the picture read (a Blob), kept to read it again at another size
let pictureUrl = "";
let view = null; // the picture as shown: turned so the grid stands upright ({ turns, size, corners })
let inputs = [];
let current = 0; // the cell that has the keyboard (roving tabindex)
let asked = 0; // uploads sent: only the last one's answer is shown
let checkTimer = null;
let quad = () => ""; // the outline of a run of cells on the picture, for the reading shown

function tell(text, kind = "") {
  const s = $("photo-status");
  s.textContent = text;
  s.className = kind;
}

// ----------------------------------------------------------------------------------- reading

export async function readPicture(file) {
  if (!file) return;
  if (file.type && !file.type.startsWith("image/")) {
    reveal();
    tell(`${file.name || "That file"} is not a picture: choose a photo or a screenshot of a puzzle.`, "bad");
    return;
  }
  const ticket = ++asked;
  reveal();
  tell("Reading the picture…");
  $("photo-panel").setAttribute("aria-busy", "true");
  try {
    const sent = file.size > MAX_BYTES ? await smaller(file) : file;
    const form = new FormData();
    form.append("file", sent, file.name || "picture");
    if ($("photo-size").value) form.append("size", $("photo-size").value);
    let response;
    try {
      response = await fetch("/api/read-image", { method: "POST", body: form });
    } catch {
      throw new Error("the picture could not be sent: is the server still running?");
    }
    const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    if (ticket !== asked) return; // another picture was sent since
    take(data, file);
  } catch (error) {
    if (ticket !== asked) return;
    const hint = /grid/.test(error.message) ? " Try a sharper photo taken straight on, with the whole grid in view." : "";
    // nothing read or corrected before is touched
    tell(`Could not read the picture: ${error.message.replace(/\.$/, "")}.${hint}${reading ? " The reading below is unchanged." : ""}`, "bad");
  } finally {
    if (ticket === asked) $("photo-panel").removeAttribute("aria-busy");
  }
}

// A picture over the size limit, drawn again smaller (its orientation applied) as a JPEG.
async function smaller(file) {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise((done) => canvas.toBlob((blob) => done(blob || file), "image/jpeg", 0.9));
  } catch {
    return file; // not a picture this browser decodes: the server says so
  }
}

function take(data, file) {
  reading = data;
  values = data.read.slice();
  marks = data.read.map(() => "");
  picture = file;
  current = firstToCheck();
  show(file);
  keep(file);
  const unsure = data.unsure.length;
  tell(unsure
    ? `Read. ${unsure} cell${unsure === 1 ? "" : "s"} to check: highlighted in the grid, with their other readings.`
    : "Read. Check the digits against the picture, correct any cell, then press Play this puzzle.", "good");
}

function firstToCheck() {
  const left = reading.unsure.filter((c) => !marks[c]);
  return left.length ? left[0] : 0;
}

// ----------------------------------------------------------------------------------- showing

function reveal() {
  $("photo-panel").open = true;
  $("photo-panel").scrollIntoView({ block: "nearest" });
}

function show(file) {
  $("photo-reading").hidden = false;
  view = upright(reading);
  showPicture(file);
  buildGrid();
  drawOverlay();
  summarise();
  focusCell(current, false);
  checkSoon();
}

function cellName(c) { return reading.board.names?.[c] || `cell ${c + 1}`; }

function buildGrid() {
  const { board, size } = reading;
  const grid = $("photo-grid");
  grid.innerHTML = "";
  grid.style.setProperty("--n", board.cols);
  const position = new Map(board.cells.map(([r, c], i) => [`${r},${c}`, i]));
  inputs = board.cells.map(([r, c], i) => {
    const input = document.createElement("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.inputMode = size <= 9 ? "numeric" : "text";
    input.dataset.index = i;
    input.tabIndex = -1;
    input.style.gridRow = r + 1;
    input.style.gridColumn = c + 1;
    for (const [dr, dc, side] of [[-1, 0, "bt"], [1, 0, "bb"], [0, -1, "bl"], [0, 1, "br"]]) {
      const other = position.get(`${r + dr},${c + dc}`);
      if (other === undefined || board.region[other] !== board.region[i]) input.classList.add(side);
    }
    input.addEventListener("keydown", (event) => key(event, i));
    input.addEventListener("input", () => typed(i));
    input.addEventListener("focus", () => focusCell(i, false));
    input.addEventListener("click", () => input.select());
    grid.append(input);
    return input;
  });
  inputs.forEach((_, i) => paintCell(i));
}

function paintCell(i) {
  const input = inputs[i];
  const read = reading.read[i];
  const unsure = reading.unsure.includes(i) && !marks[i];
  input.value = values[i];
  input.classList.toggle("unsure", unsure);
  input.classList.toggle("edited", marks[i] === "edited");
  input.classList.toggle("read", !!values[i] && marks[i] !== "edited");
  const state = marks[i] === "edited" ? `corrected, read ${read || "empty"}`
    : unsure ? "unsure, check it" : marks[i] === "confirmed" ? "confirmed" : "read";
  input.setAttribute("aria-label", `${cellName(i)}: ${values[i] || "empty"} (${state})`);
  const others = (reading.cells[i] || []).filter((o) => o.symbol !== read && o.p >= 0.01).slice(0, 3);
  input.title = unsure && others.length ? `maybe ${others.map((o) => o.symbol || "empty").join(" or ")}` : "";
  const label = document.getElementById(`photo-label-${i}`);
  if (label) {
    label.textContent = values[i];
    label.setAttribute("class", marks[i] === "edited" ? "edited" : unsure ? "unsure" : "read");
  }
  document.getElementById(`photo-doubt-${i}`)?.classList.toggle("settled", !unsure);
}

// The grid's lines and the symbols read, drawn over the picture through its four corners.
function drawOverlay() {
  const svg = $("photo-overlay");
  const [width, height] = view.size;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.innerHTML = "";
  const m = homography(view.corners);
  const n = reading.board.cols, rows = reading.board.rows;
  const [bh, bw] = reading.board.box || [0, 0];
  quad = (r0, c0, r1, c1) => [[c0, r0], [c1, r0], [c1, r1], [c0, r1]]
    .map(([c, r]) => at(m, c / n, r / rows).map((v) => v.toFixed(1)).join(",")).join(" ");
  const add = (name, attrs, parent = svg) => {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    parent.append(el);
    return el;
  };
  const side = Math.hypot(...sub(at(m, 1, 0), at(m, 0, 0))) / n; // a cell's side in the picture's pixels
  const lines = add("g", { class: "lines", "stroke-width": Math.max(1, side / 24) });
  for (let k = 0; k <= n; k++) {
    const thick = k === 0 || k === n || (bw && k % bw === 0);
    const [a, b] = [at(m, k / n, 0), at(m, k / n, 1)];
    add("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: thick ? "thick" : "" }, lines);
  }
  for (let k = 0; k <= rows; k++) {
    const thick = k === 0 || k === rows || (bh && k % bh === 0);
    const [a, b] = [at(m, 0, k / rows), at(m, 1, k / rows)];
    add("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: thick ? "thick" : "" }, lines);
  }
  const doubts = add("g", { class: "doubts", "stroke-width": Math.max(2, side / 12) });
  for (const c of reading.unsure) {
    const [r, col] = reading.board.cells[c];
    add("polygon", { id: `photo-doubt-${c}`, points: quad(r + 0.06, col + 0.06, r + 0.94, col + 0.94) }, doubts);
  }
  add("polygon", { id: "photo-focus", points: "" });
  const labels = add("g", { class: "labels", "font-size": (side * 0.42).toFixed(1), "stroke-width": Math.max(1.5, side / 14) });
  reading.board.cells.forEach(([r, c], i) => {
    const [x, y] = at(m, (c + 0.8) / n, (r + 0.3) / rows); // the top right corner: the printed digit stays visible
    add("text", { id: `photo-label-${i}`, x: x.toFixed(1), y: y.toFixed(1) }, labels);
  });
  svg.onclick = (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const { x, y } = point.matrixTransform(svg.getScreenCTM().inverse());
    const [u, v] = back(m, x, y);
    if (u < 0 || u >= 1 || v < 0 || v >= 1) return;
    const c = reading.board.cells.findIndex(([r, col]) => r === Math.floor(v * rows) && col === Math.floor(u * n));
    if (c >= 0) focusCell(c);
  };
  inputs.forEach((_, i) => paintCell(i));
}

// A photo of a page taken sideways: the quarter turns (clockwise) that stand the grid upright, and
// the picture's size and the grid's corners once turned.
function upright({ corners, picture: [width, height] }) {
  const [[x0, y0], [x1, y1]] = corners;
  const turns = (4 - Math.round(Math.atan2(y1 - y0, x1 - x0) / (Math.PI / 2))) % 4;
  const turn = ([x, y]) => [[x, y], [height - y, x], [width - x, height - y], [y, width - x]][turns];
  return { turns, size: turns % 2 ? [height, width] : [width, height], corners: corners.map(turn) };
}

// The picture shown, turned as the view says (its own orientation, as a phone saved it, applied first).
let shownTicket = 0;
async function showPicture(file) {
  const ticket = ++shownTicket;
  const image = $("photo-image");
  if (pictureUrl) URL.revokeObjectURL(pictureUrl);
  pictureUrl = "";
  image.hidden = !file;
  image.removeAttribute("src");
  if (!file) return;
  let shown = file;
  if (view.turns) {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      const canvas = document.createElement("canvas");
      const odd = view.turns % 2;
      canvas.width = odd ? bitmap.height : bitmap.width;
      canvas.height = odd ? bitmap.width : bitmap.height;
      const context = canvas.getContext("2d");
      context.translate(...[[0, 0], [bitmap.height, 0], [bitmap.width, bitmap.height], [0, bitmap.width]][view.turns]);
      context.rotate((view.turns * Math.PI) / 2);
      context.drawImage(bitmap, 0, 0);
      shown = await new Promise((done) => canvas.toBlob((blob) => done(blob || file), "image/jpeg", 0.9));
    } catch { /* shown as it is */ }
  }
  if (ticket !== shownTicket || !reading) return; // another picture came meanwhile, or none is wanted
  pictureUrl = URL.createObjectURL(shown);
  image.src = pictureUrl;
}

// The projective map of the unit square onto the grid's corners (top left, top right, bottom right,
// bottom left), so lines and labels follow a photo taken at an angle.
function homography([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]) {
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det ? (dx3 * dy2 - dx2 * dy3) / det : 0;
  const h = det ? (dx1 * dy3 - dx3 * dy1) / det : 0;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h];
}

function at(m, u, v) {
  const w = m[6] * u + m[7] * v + 1;
  return [(m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w];
}

function back(m, x, y) { // the point of the unit square that maps to (x, y)
  const a = m[0] - m[6] * x, b = m[1] - m[7] * x, c = x - m[2];
  const d = m[3] - m[6] * y, e = m[4] - m[7] * y, f = y - m[5];
  const det = a * e - b * d;
  return det ? [(c * e - b * f) / det, (a * f - c * d) / det] : [-1, -1];
}

function sub(p, q) { return [p[0] - q[0], p[1] - q[1]]; }

function summarise() {
  const given = values.filter(Boolean).length;
  const left = reading.unsure.filter((c) => !marks[c]);
  const edited = marks.filter((m) => m === "edited").length;
  const out = $("photo-summary");
  out.innerHTML = "";
  const { rows, cols } = reading.board;
  let text = `A ${rows}x${cols} grid with ${given} digit${given === 1 ? "" : "s"}`;
  if (edited) text += `, ${edited} corrected`;
  out.append(`${text}. `);
  if (left.length) {
    out.append(`${left.length} to check: `);
    for (const c of left) {
      const go = document.createElement("button");
      go.type = "button";
      go.className = "photo-go";
      go.textContent = cellName(c);
      go.title = `Go to ${cellName(c)}`;
      go.onclick = () => focusCell(c);
      out.append(go, " ");
    }
  } else {
    out.append(reading.unsure.length ? "Every unsure cell is checked." : "The reader was sure of every cell.");
  }
}

// The cell chosen: what was read there, and its other readings as buttons.
function focusCell(i, move = true) {
  if (!reading || i < 0 || i >= inputs.length) return;
  inputs[current]?.setAttribute("tabindex", "-1");
  inputs[current]?.classList.remove("current");
  current = i;
  inputs[i].setAttribute("tabindex", "0");
  inputs[i].classList.add("current");
  if (move && document.activeElement !== inputs[i]) inputs[i].focus();
  const [r, c] = reading.board.cells[i];
  $("photo-focus").setAttribute("points", quad(r, c, r + 1, c + 1));
  const box = $("photo-cell");
  box.innerHTML = "";
  const choices = reading.cells[i] || [];
  const read = reading.read[i];
  const first = choices.find((o) => o.symbol === read);
  const sure = first ? ` (${percent(first.p)} sure)` : "";
  const head = document.createElement("span");
  head.textContent = `${cellName(i)}: read ${read || "empty"}${sure}.`;
  box.append(head);
  const others = choices.filter((o) => o.symbol !== read && o.p >= 0.01).slice(0, 3);
  const unsure = reading.unsure.includes(i);
  if (unsure || marks[i] === "edited") {
    if (values[i] === read && marks[i] !== "confirmed") box.append(" ", option(i, read, `Keep ${read || "empty"}`));
    else if (values[i] !== read) box.append(" ", option(i, read, `Back to ${read || "empty"}`));
  }
  if (others.length && (unsure || others[0].p >= 0.05)) {
    box.append(" Or: ");
    for (const o of others) box.append(option(i, o.symbol, `${o.symbol || "empty"} (${percent(o.p)})`), " ");
  }
}

function option(i, symbol, text) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "photo-option";
  b.textContent = text;
  b.onclick = () => { set(i, symbol, true); focusCell(i); };
  return b;
}

function percent(p) { return `${Math.round(p * 100)}%`; }

// ----------------------------------------------------------------------------------- correcting

function symbolOf(key) {
  const symbols = reading.board.symbols;
  if (symbols.includes(key)) return key;
  return symbols.includes(key.toUpperCase()) ? key.toUpperCase() : null;
}

// A cell's symbol as the player has it: back to (or kept as) the one read, it is confirmed when the
// reader was unsure of it or the player had changed it (``confirm``: kept on purpose).
function set(i, symbol, confirm = false) {
  const read = reading.read[i];
  values[i] = symbol;
  marks[i] = symbol !== read ? "edited" : confirm || marks[i] || reading.unsure.includes(i) ? "confirmed" : "";
  paintCell(i);
  summarise();
  save();
  checkSoon();
}

function key(event, i) {
  const k = event.key;
  const { rows, cols } = reading.board;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) {
    event.preventDefault();
    const [r, c] = reading.board.cells[i];
    const [dr, dc] = arrows[k];
    const target = reading.board.cells.findIndex(([rr, cc]) => rr === (r + dr + rows) % rows && cc === (c + dc + cols) % cols);
    focusCell(target);
  } else if (["Delete", "Backspace", ".", "0", " "].includes(k) && !symbolOf(k)) {
    event.preventDefault();
    set(i, "");
    focusCell(i);
  } else if (k === "Enter") { // the cell is right as it stands: on to the next one to check
    event.preventDefault();
    set(i, values[i], true);
    const left = reading.unsure.filter((c) => !marks[c]);
    focusCell(left.length ? left[0] : i);
  } else if (k.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault(); // one symbol per cell: the key pressed replaces it
    const symbol = symbolOf(k);
    if (symbol) { set(i, symbol); focusCell(i); }
  }
}

// A phone's keyboard sends no usable key: take what the input now holds.
function typed(i) {
  const text = inputs[i].value;
  const symbol = [...text].reverse().map(symbolOf).find(Boolean);
  set(i, symbol || "");
  focusCell(i);
}

export function puzzleLine() {
  return values.map((v) => v || ".").join("");
}

// What the grid as corrected holds: one solution, several or none (as the player types).
function checkSoon() {
  clearTimeout(checkTimer);
  const line = puzzleLine();
  const as = marks.includes("edited") ? "As corrected" : "As read";
  $("photo-verdict").textContent = `${as}: counting the solutions…`; // never an answer for another grid
  $("photo-verdict").className = "muted";
  checkTimer = setTimeout(async () => {
    try {
      const parsed = await fetch("/api/parse", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ puzzle: line }),
      }).then((r) => r.json());
      if (!reading || line !== puzzleLine()) return;
      $("photo-verdict").textContent = parsed.error ? `${as}: ${parsed.error}` : `${as}: ${verdict(parsed)}`;
      $("photo-verdict").className = parsed.solutions === "unique" ? "good" : "bad";
    } catch { /* the verdict waits for the next change */ }
  }, 250);
}

// ----------------------------------------------------------------------------------- keeping

// The reading and the corrections, with the picture made small, kept for a reload of this tab.
async function keep(file) {
  let image = "";
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, 1000 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    image = canvas.toDataURL("image/jpeg", 0.8);
  } catch { /* kept without the picture */ }
  if (reading) save(image);
}

let keptImage = "";
function save(image = keptImage) {
  keptImage = image;
  try {
    sessionStorage.setItem(KEPT, JSON.stringify({ reading, values, marks, image }));
  } catch {
    try { sessionStorage.setItem(KEPT, JSON.stringify({ reading, values, marks, image: "" })); } catch { /* full */ }
  }
}

function restore() {
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(KEPT) || "null"); } catch { kept = null; }
  if (!kept?.reading) return;
  ({ reading, values, marks } = kept);
  keptImage = kept.image || "";
  picture = null;
  current = firstToCheck();
  $("photo-panel").open = true;
  show(keptImage ? fromDataUrl(keptImage) : null);
  tell("The reading and your corrections from before the reload.");
}

function fromDataUrl(url) {
  const [head, data] = url.split(",");
  const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
  return new Blob([bytes], { type: head.slice(5).split(";")[0] });
}

function discard() {
  reading = null;
  shownTicket += 1;
  picture = null;
  if (pictureUrl) URL.revokeObjectURL(pictureUrl);
  pictureUrl = "";
  keptImage = "";
  sessionStorage.removeItem(KEPT);
  $("photo-reading").hidden = true;
  $("photo-image").removeAttribute("src");
  tell("");
}

// ----------------------------------------------------------------------------------- wiring

function typing(target) {
  return target instanceof Element && !!target.closest("input, textarea, select, [contenteditable]");
}

function imageIn(items) {
  for (const item of items || []) {
    const file = item.kind === "file" ? item.getAsFile() : item;
    if (file && (!file.type || file.type.startsWith("image/"))) return file;
  }
  return null;
}

export function wirePhoto() {
  for (const id of ["photo-file", "photo-saved"]) {
    $(id).addEventListener("change", () => {
      const file = $(id).files[0];
      $(id).value = ""; // the same picture may be chosen again
      readPicture(file);
    });
  }
  $("photo-size").addEventListener("change", () => {
    if (picture) readPicture(picture);
    else if (reading) tell("Choose the picture again to read it as another size.");
  });
  $("photo-play").onclick = () => guarded(async () => {
    await open(puzzleLine());
    tell("Playing the puzzle read. Its reading stays here until you discard it.", "good");
    $("board").scrollIntoView({ block: "nearest" });
    $("board").focus({ preventScroll: true });
  });
  $("photo-discard").onclick = discard;
  // a screenshot pasted anywhere but in a field
  document.addEventListener("paste", (event) => {
    if (typing(event.target)) return;
    const file = imageIn(event.clipboardData?.items);
    if (!file) return;
    event.preventDefault();
    readPicture(file);
  });
  // a picture dropped anywhere on the page
  const dragging = (event) => [...(event.dataTransfer?.types || [])].includes("Files");
  document.addEventListener("dragover", (event) => {
    if (!dragging(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", (event) => {
    if (!event.relatedTarget) document.body.classList.remove("dropping");
  });
  document.addEventListener("drop", (event) => {
    document.body.classList.remove("dropping");
    if (!dragging(event)) return;
    if (event.target instanceof HTMLInputElement && event.target.type === "file") return; // its own drop
    event.preventDefault(); // never let the browser leave the page for the file
    const file = event.dataTransfer.files[0];
    if (file) readPicture(file);
  });
  restore();
}
