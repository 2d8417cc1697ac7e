// sudokit in the browser: setter mode: draw a puzzle's rules on the grid with mouse or touch, and see at
// once whether the puzzle has no, one or several solutions.
//
// The puzzle is sudokit's own JSON (format "sudokit", version 3), made here from the givens typed into
// the grid (the "Enter givens" flow: state.editing) and the constraints drawn.  After every change the
// server reads it again (POST /api/parse), and the grid is redrawn from the board it answers: board.js
// draws the setter's constraints exactly as it draws any puzzle's.
import { $, api, say } from "./api.js";
import { blank, checkTimer, guarded, load, open, verdict } from "./app.js";
import { drawOverlay, drawShape, paint, positions } from "./board.js";
import { state } from "./state.js";

const WAIT_MS = 250; // the verdict is asked for this long after the last change
const NEAR_CENTRE = 0.4; // a drag takes a cell once it passes this close to the cell's centre (cell units)
const NEAR_EDGE = 0.3; // the eraser takes a dot when pressed this close to the dot's edge
const ACCENT = "#1f5fbf"; // the colour of what is being drawn

// The tools: how the pointer draws with each ("path", "cells", "cell", "edge", "outside", "erase";
// none: the cells are selected and typed into as usual) and the tip shown while it is chosen.
const TOOLS = {
  givens: { tip: "Click a cell and type its digit; Delete clears it." },
  cage: { how: "cells", tip: "Drag over the cage's cells, then type its sum and press Enter (or leave it without one)." },
  thermometer: { how: "path", tip: "Drag from the bulb to the tip." },
  arrow: { how: "path", tip: "Press on the circle's cell, then drag the shaft out of it." },
  line: { how: "path", tip: "Choose the kind of line below, then drag it from one end to the other." },
  white: { how: "edge", tip: "Click the edge between two cells (or drag from a cell to its neighbour); again to remove." },
  black: { how: "edge", tip: "Click the edge between two cells (or drag from a cell to its neighbour); again to remove." },
  x: { how: "edge", tip: "Click the edge between two cells whose digits add up to 10." },
  v: { how: "edge", tip: "Click the edge between two cells whose digits add up to 5." },
  odd: { how: "cell", tip: "Click (or drag over) cells that hold odd digits; again to unmark." },
  even: { how: "cell", tip: "Click (or drag over) cells that hold even digits; again to unmark." },
  region: { how: "cells", tip: "Drag over the cells of an extra region: its digits differ." },
  clone: { how: "cells", tip: "Drag over the original cells, then over their copy in the same order." },
  outside: { how: "outside", tip: "Choose the kind below, click outside the grid beside a row or column (a little killer: by a diagonal, or drag into it), then type the clue and press Enter." },
  eraser: { how: "erase", tip: "Click a constraint's cell, dot or outside clue to remove it (the last placed goes first)." },
};

// The Line tool's kinds: the JSON each line gets (n: the grid's size) and the fewest cells it needs.
const LINES = {
  renban: { json: () => ({ kind: "renban" }), min: 2 },
  german: { json: () => ({ kind: "whispers" }), min: 2 },
  dutch: { json: (n) => ({ kind: "whispers", difference: Math.ceil((n - 2) / 2) }), min: 2 },
  palindrome: { json: () => ({ kind: "palindrome" }), min: 2 },
  between: { json: () => ({ kind: "between" }), min: 3 },
  "region sum": { json: () => ({ kind: "region sum" }), min: 2 },
  zipper: { json: () => ({ kind: "zipper" }), min: 2 },
  entropic: { json: () => ({ kind: "entropic" }), min: 2 },
  modular: { json: () => ({ kind: "modular" }), min: 2 },
  nabner: { json: () => ({ kind: "nabner" }), min: 2 },
  "parity line": { json: () => ({ kind: "parity line" }), min: 2 },
  "double arrow": { json: () => ({ kind: "double arrow" }), min: 3 },
  "slow thermometer": { json: () => ({ kind: "slow thermometer" }), min: 2 },
  lockout: { json: () => ({ kind: "lockout" }), min: 2 },
};

const OUTSIDE = new Set(["sandwich", "x-sum", "skyscraper", "little killer", "numbered room", "frame sum"]);
const DOTS = new Set(["kropki", "xv"]);
const DIAGONALS = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

// Setter mode's own state; the givens stay in state.board.givens, where the "Enter givens" flow keeps them.
const setter = {
  on: false, tool: "givens", items: [], drag: null, pending: null, clone: null, ghost: [],
  asked: 0, timer: null, givens: "", metadata: null,
};

// --------------------------------------------------------------------------------------- wiring

// Wire the panel, the pointer on the grid and the watch on the givens (called by app.js's wire()).
export function wireSetter() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "setter-preview";
  svg.setAttribute("aria-hidden", "true");
  $("board-wrap").append(svg);
  $("setter-start-form").onsubmit = (event) => {
    event.preventDefault();
    guarded(() => start(Number($("setter-size").value)));
  };
  $("setter-adopt").onclick = () => guarded(adopt);
  document.querySelectorAll("#setter-panel [data-tool]").forEach((b) => { b.onclick = () => choose(b.dataset.tool); });
  $("setter-line").onchange = () => choose("line");
  $("setter-outside").onchange = () => choose("outside");
  $("setter-value-form").onsubmit = (event) => { event.preventDefault(); applyValue(); };
  $("setter-value").onchange = applyValue;
  document.querySelectorAll("#setter-rules input").forEach((box) => { box.onchange = () => { if (setting()) changed(); }; });
  $("setter-json-form").onsubmit = (event) => { event.preventDefault(); guarded(addJson); };
  $("setter-candidates").onclick = () => guarded(candidates);
  $("setter-audit").onclick = () => guarded(audit);
  $("setter-fpuzzles").onclick = () => guarded(() => exportLink("fpuzzles"));
  $("setter-sudokupad").onclick = () => guarded(() => exportLink("sudokupad"));
  $("setter-play").onclick = () => guarded(play);
  $("setter-panel").addEventListener("toggle", () => { if (!$("setter-panel").open && setter.on) choose("givens"); });
  $("play").addEventListener("pointerdown", down, { capture: true });
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", () => { setter.drag = null; preview(); });
  document.addEventListener("keydown", afterInput);
  document.addEventListener("click", afterInput);
  new MutationObserver(() => { if (setter.on && !isSetting()) stop(); }).observe($("board"), { childList: true });
}

// True while the grid on screen is the setter's (another puzzle loaded ends setter mode).
function isSetting() {
  return setter.on && state.editing && Boolean(state.board && state.board.setter);
}

// True when setting; else setter mode is closed and the setter told how to start.
function setting() {
  if (isSetting()) return true;
  stop();
  say("Start setting first: on an empty grid, or from the puzzle being played.", "bad");
  return false;
}

// A new empty grid of the size chosen, to set on.
async function start(size) {
  setter.on = false;
  await blank(size, []);
  begin([], null);
}

// The puzzle being played, to set on: its givens and every constraint it has (a grid with boxes only).
async function adopt() {
  if (!state.text) { say("There is no puzzle being played: start on an empty grid.", "bad"); return; }
  const written = await api("convert", { puzzle: state.text, to: "json" });
  const data = JSON.parse(written.text);
  const known = ["format", "version", "size", "symbols", "box", "givens", "constraints", "metadata"];
  const other = Object.keys(data).filter((key) => !known.includes(key));
  if (!data.box || other.length) {
    say(`Setter mode draws on square grids with boxes; this puzzle has ${other.join(", ") || "no boxes"}.`, "bad");
    return;
  }
  await openDraft(written.text, data);
}

// A puzzle in sudokit's JSON taken into setter mode: its grid, givens, rules and constraints.
async function openDraft(text, data) {
  setter.on = false;
  const parsed = await api("parse", { puzzle: text, check: false });
  load("", parsed.board, { editing: true });
  state.rules = [];
  begin((data.constraints || []).map((c) => (typeof c === "string" ? { kind: c } : c)), data.metadata || null);
}

// The draft is kept after every change: in this tab's sessionStorage (a reload takes the setter back
// to it) and in localStorage (the last draft of any tab), so that no setter's work is lost.
const DRAFT = "sudokit:setter-draft";
function keepDraft() {
  const text = JSON.stringify(puzzle());
  try { sessionStorage.setItem(DRAFT, text); localStorage.setItem(DRAFT, text); } catch { /* full: keep setting */ }
}

// After a reload: back to the draft this tab was setting, if it was setting.  True when it was.
export async function resumeSetter() {
  const text = sessionStorage.getItem(DRAFT);
  if (!text) return false;
  let data = null;
  try { data = JSON.parse(text); } catch { data = null; }
  if (!data || !data.size) { sessionStorage.removeItem(DRAFT); return false; }
  await openDraft(text, data);
  $("setter-panel").open = true;
  return true;
}

// Setter mode on the grid just loaded, with these constraints (global rules go to their checkboxes).
function begin(constraints, metadata) {
  state.board.setter = true;
  let rest = constraints;
  document.querySelectorAll("#setter-rules input").forEach((box) => {
    const rules = JSON.parse(box.dataset.rule);
    box.checked = rules.every((rule) => rest.some((c) => same(c, rule)));
    if (box.checked) rest = rest.filter((c) => !rules.some((rule) => same(c, rule)));
  });
  Object.assign(setter, { on: true, items: rest.map((json) => ({ json, outside: anchorOf(json) })), drag: null,
    pending: null, clone: null, ghost: [], givens: state.board.givens.join(","), metadata });
  $("edit-done").hidden = true; // "Play these givens" would drop the constraints: Play this puzzle keeps them
  document.body.dataset.setting = "1"; // on a phone the setter's tools move up under the grid
  $("setter-body").hidden = false;
  $("setter-link").value = "";
  choose(setter.tool);
  changed();
}

// Setter mode off: the panel's tools hidden, the grid's margin and drawings of setting gone.
function stop() {
  if (setter.on) sessionStorage.removeItem(DRAFT); // left on purpose: a reload plays, the draft stays in localStorage
  Object.assign(setter, { on: false, drag: null, pending: null, clone: null, ghost: [] });
  delete document.body.dataset.setting;
  clearTimeout(setter.timer);
  $("setter-body").hidden = true;
  margin();
  preview();
}

// Choose a tool: its button pressed, its tip shown.
function choose(tool) {
  if (!setting()) return;
  setter.tool = tool;
  setter.clone = null;
  document.querySelectorAll("#setter-panel [data-tool]").forEach((b) => {
    b.classList.toggle("active", b.dataset.tool === tool);
    b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
  });
  $("setter-tip").textContent = TOOLS[tool].tip;
  margin();
  preview();
}

// ------------------------------------------------------------------------------ the puzzle as JSON

// The setter's puzzle in sudokit's JSON: size, boxes, givens by row, global rules and constraints.
export function puzzle() {
  const { board } = state;
  const givens = [];
  for (let r = 0; r < board.rows; r++) {
    let row = "";
    for (let c = 0; c < board.cols; c++) {
      const g = board.givens[positions.get(`${r},${c}`)];
      row += g === null ? "." : board.symbols[g];
    }
    givens.push(row);
  }
  const constraints = [...globals(), ...setter.items.map((item) => item.json)];
  const out = { format: "sudokit", version: 3, size: board.size, symbols: board.symbols, box: board.box, givens, constraints };
  if (setter.metadata) out.metadata = setter.metadata;
  return out;
}

// The global rules ticked, as JSON constraints.
function globals() {
  return [...document.querySelectorAll("#setter-rules input:checked")].flatMap((box) => JSON.parse(box.dataset.rule));
}

// Two JSON constraints alike (their keys in any order).
function same(a, b) {
  const canon = (o) => JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
  return canon(a) === canon(b);
}

// The cell names a JSON constraint holds, in its fields' order.
function namesIn(json) {
  return Object.values(json).flat().filter((v) => typeof v === "string" && /^r\d+c\d+$/.test(v));
}

// A cell's index from its name (r1c1), and back.
function indexOf(name) { return state.board.names.indexOf(name); }
function nameOf(index) { return state.board.names[index]; }

// Where an outside clue stands, [row, col] one step before its line; null for any other constraint.
function anchorOf(json) {
  if (!OUTSIDE.has(json.kind) || !Array.isArray(json.line) || !json.line.length) return null;
  const [[r1, c1], second] = json.line.map((n) => state.board.cells[indexOf(n)] || [0, 0]);
  if (second) {
    const [r2, c2] = second;
    return [r1 - Math.sign(r2 - r1), c1 - Math.sign(c2 - c1)];
  }
  const way = DIAGONALS.find(([dr, dc]) => cellAt(r1 - dr + 0.5, c1 - dc + 0.5) < 0 && cellAt(r1 + dr + 0.5, c1 + dc + 0.5) < 0);
  return way ? [r1 - way[0], c1 - way[1]] : [r1 - 1, c1 - 1];
}

// ------------------------------------------------------------------------- the live verdict

// Something changed: marks of an older answer go, and the verdict is asked for after a pause.
function changed() {
  clearTimeout(checkTimer); // app.js's check of the givens alone: the setter's check counts the rules too
  state.centre = state.centre.map(() => []);
  state.marked = new Set();
  list();
  preview();
  paint();
  clearTimeout(setter.timer);
  setter.timer = setTimeout(() => verdictNow(), WAIT_MS);
  keepDraft();
}

// Ask the server to read the puzzle; show its verdict and redraw the grid from the board it answers.
async function verdictNow() {
  const asked = ++setter.asked;
  const started = performance.now();
  let parsed;
  try {
    parsed = await api("parse", { puzzle: JSON.stringify(puzzle()) });
  } catch (error) {
    if (asked === setter.asked && isSetting()) { setter.ghost = []; preview(); say(error.message, "bad"); }
    return;
  }
  if (asked !== setter.asked || !isSetting()) return; // a newer change is on its way
  $("setter-panel").dataset.verdictMs = String(Math.round(performance.now() - started));
  redraw(parsed.board);
  say(verdict(parsed), parsed.solutions === "unique" ? "good" : "bad");
}

// The grid redrawn from the server's board; the givens stay the setter's (typed since it was asked).
function redraw(board) {
  state.board = Object.assign(board, { givens: state.board.givens, setter: true });
  drawOverlay(positions);
  setter.ghost = [];
  margin();
  preview();
  $("description").textContent = board.description + (board.rules.length ? ` · ${board.rules.join(", ")}` : "");
  paint();
}

// After a key or a click: if the givens changed, that is a change of the puzzle.
function afterInput() {
  if (!isSetting()) return;
  clearTimeout(checkTimer);
  const now = state.board.givens.join(",");
  if (now === setter.givens) return;
  setter.givens = now;
  changed();
}

// -------------------------------------------------------------------------------- the pointer

// Where a pointer is, as fractional [row, col] of the grid (negative or past the end outside it).
function gridPoint(event) {
  const box = $("board").getBoundingClientRect();
  const { rows, cols } = state.board;
  return [((event.clientY - box.top) / box.height) * rows, ((event.clientX - box.left) / box.width) * cols];
}

// The index of the cell at a fractional [row, col], or -1 outside the grid.
function cellAt(fr, fc) {
  const i = positions.get(`${Math.floor(fr)},${Math.floor(fc)}`);
  return i === undefined ? -1 : i;
}

// A pointer pressed with a drawing tool: the drag starts (the cells' own selection is not made).
function down(event) {
  if (!isSetting() || !TOOLS[setter.tool].how || event.button > 0) return;
  const how = TOOLS[setter.tool].how;
  const [fr, fc] = gridPoint(event);
  const { rows, cols } = state.board;
  const inside = cellAt(fr, fc) >= 0;
  const ring = fr >= -1 && fr < rows + 1 && fc >= -1 && fc < cols + 1;
  if (!inside && !(ring && (how === "outside" || how === "erase"))) return;
  event.preventDefault();
  event.stopPropagation();
  if (how === "erase") { erase(fr, fc); return; }
  if (how === "outside" && inside) { say("Click outside the grid, beside the row, column or diagonal.", "bad"); return; }
  if (setter.pending && setter.pending.required) setter.pending = null; // a clue left without its number
  setter.drag = { how, start: [fr, fc], at: [fr, fc], cells: inside ? [cellAt(fr, fc)] : [] };
  preview();
}

// The pointer moved while drawing: the cells it passes are taken.
function move(event) {
  const { drag } = setter;
  if (!drag) return;
  const to = gridPoint(event);
  const [r0, c0] = drag.at;
  const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - r0, to[1] - c0) / 0.2));
  for (let k = 1; k <= steps; k++) take(drag, r0 + ((to[0] - r0) * k) / steps, c0 + ((to[1] - c0) * k) / steps);
  drag.at = to;
  preview();
}

// Take the cell at a point of a drag, if near its centre: a path steps to a neighbour (diagonals too);
// stepping back onto the cell before undoes the last step.
function take(drag, fr, fc) {
  const i = cellAt(fr, fc);
  if (i < 0) return;
  const [r, c] = state.board.cells[i];
  if (Math.abs(fr - r - 0.5) > NEAR_CENTRE || Math.abs(fc - c - 0.5) > NEAR_CENTRE) return;
  const { cells } = drag;
  const last = cells[cells.length - 1];
  if (i === last) return;
  if (cells.length > 1 && i === cells[cells.length - 2]) { cells.pop(); return; }
  if (cells.includes(i)) return;
  if (drag.how === "path" && last !== undefined && !touching(last, i, true)) return;
  cells.push(i);
}

// Two cells side by side (or corner to corner, when diagonals count).
function touching(a, b, diagonal) {
  const [r1, c1] = state.board.cells[a], [r2, c2] = state.board.cells[b];
  const dr = Math.abs(r1 - r2), dc = Math.abs(c1 - c2);
  return diagonal ? Math.max(dr, dc) === 1 : dr + dc === 1;
}

// The pointer released: what the drag drew is placed.
function up() {
  const { drag } = setter;
  if (!drag) return;
  setter.drag = null;
  const tool = setter.tool;
  const placed = setter.items.length;
  if (drag.how === "path") finishPath(tool, drag.cells);
  else if (drag.how === "edge") finishDot(tool, drag);
  else if (drag.how === "cell") finishMarks(tool, drag.cells);
  else if (drag.how === "outside") finishOutside(drag);
  else if (tool === "clone") finishClone(drag.cells);
  else finishCells(tool, drag.cells);
  if (setter.items.length > placed && drag.how !== "edge") setter.ghost = dragShapes(drag); // until the redraw
  preview();
}

// A path drawn: a thermometer, an arrow (circle first) or a line of the kind chosen.
function finishPath(tool, cells) {
  const names = cells.map(nameOf);
  const kind = LINES[$("setter-line").value];
  const min = tool === "line" ? kind.min : 2;
  if (names.length < min) { say(`Drag over ${min} cells or more.`, "bad"); return; }
  if (tool === "thermometer") place({ kind: "thermometer", line: names });
  else if (tool === "arrow") place({ kind: "arrow", circle: names.slice(0, 1), shaft: names.slice(1) });
  else place({ ...kind.json(state.board.size), line: names });
}

// Cells dragged over: a killer cage (whose sum is asked for) or an extra region.
function finishCells(tool, cells) {
  const names = cells.map(nameOf);
  if (tool === "region") {
    if (names.length < 2) { say("An extra region needs 2 cells or more.", "bad"); return; }
    place({ kind: "extra region", members: names });
    return;
  }
  const item = place({ kind: "killer", members: names });
  askValue(item, false);
}

// Clone: the first drag gives the original cells, the second their copy.
function finishClone(cells) {
  if (!setter.clone) {
    setter.clone = cells;
    say(`Now drag over the copy: ${cells.length} cell${cells.length === 1 ? "" : "s"}, in the same order.`);
    return;
  }
  const originals = setter.clone;
  setter.clone = null;
  if (cells.length !== originals.length || cells.some((c) => originals.includes(c))) {
    say(`The copy needs ${originals.length} other cells; start again with the originals.`, "bad");
    return;
  }
  place({ kind: "clone", originals: originals.map(nameOf), copies: cells.map(nameOf) });
}

// Odd or even marks on the cells clicked; cells that all have the mark already lose it.
function finishMarks(kind, cells) {
  const names = cells.map(nameOf);
  const marked = (n, k) => setter.items.some((it) => it.json.kind === k && it.json.cell === n);
  if (names.every((n) => marked(n, kind))) {
    setter.items = setter.items.filter((it) => !(it.json.kind === kind && names.includes(it.json.cell)));
  } else {
    const other = kind === "odd" ? "even" : "odd";
    setter.items = setter.items.filter((it) => !(it.json.kind === other && names.includes(it.json.cell)));
    for (const n of names) if (!marked(n, kind)) setter.items.push({ json: { kind, cell: n }, outside: null });
  }
  changed();
}

// The two cells whose shared edge is nearest a point in a cell (or null at the grid's border).
function edgeAt(fr, fc) {
  const a = cellAt(fr, fc);
  if (a < 0) return null;
  const [r, c] = state.board.cells[a];
  const dr = fr - r - 0.5, dc = fc - c - 0.5;
  const b = Math.abs(dc) > Math.abs(dr) ? cellAt(r + 0.5, c + 0.5 + Math.sign(dc)) : cellAt(r + 0.5 + Math.sign(dr), c + 0.5);
  return b < 0 ? null : [a, b];
}

// The dot placed on an edge, if any: its index among the items.
function dotOn([a, b]) {
  const pair = [nameOf(a), nameOf(b)];
  return setter.items.findIndex((it) => DOTS.has(it.json.kind) && pair.includes(it.json.first) && pair.includes(it.json.second));
}

// A dot, X or V: on the edge between the two cells dragged over, or nearest where the pointer was pressed.
function finishDot(tool, drag) {
  const pair = drag.cells.length === 2 && touching(drag.cells[0], drag.cells[1], false) ? drag.cells : edgeAt(...drag.start);
  if (!pair) { say("Click the edge between two cells inside the grid.", "bad"); return; }
  const [first, second] = pair.map(nameOf);
  const json = {
    white: { kind: "kropki", first, second },
    black: { kind: "kropki", first, second, colour: "black" },
    x: { kind: "xv", first, second },
    v: { kind: "xv", first, second, total: 5 },
  }[tool];
  const there = dotOn(pair);
  const again = there >= 0 && same({ ...setter.items[there].json, first, second }, json);
  if (there >= 0) setter.items.splice(there, 1); // one sign per edge: the new one replaces the old
  if (again) changed(); else place(json);
}

// An outside clue: its line from where the pointer was pressed; its number is asked for.
function finishOutside(drag) {
  const R = Math.floor(drag.start[0]), C = Math.floor(drag.start[1]);
  const kind = $("setter-outside").value;
  const line = kind === "little killer" ? diagonalFrom(R, C, drag) : rowFrom(R, C);
  if (!line) {
    say(kind === "little killer" ? "Click outside the grid, at the end of a diagonal." : "Click beside a row or a column, outside the grid.", "bad");
    return;
  }
  askValue({ json: { kind, line: line.map(nameOf) }, outside: [R, C] }, true);
}

// The row or column seen from an outside position beside it, nearest cell first (null elsewhere).
function rowFrom(R, C) {
  const { rows, cols } = state.board;
  const range = (n, from, step) => Array.from({ length: n }, (_, k) => from + k * step);
  let spots = null;
  if ((R === -1 || R === rows) && C >= 0 && C < cols) spots = range(rows, R === -1 ? 0 : rows - 1, R === -1 ? 1 : -1).map((r) => [r, C]);
  if ((C === -1 || C === cols) && R >= 0 && R < rows) spots = range(cols, C === -1 ? 0 : cols - 1, C === -1 ? 1 : -1).map((c) => [R, c]);
  return spots && spots.map(([r, c]) => cellAt(r + 0.5, c + 0.5));
}

// The diagonal from an outside position: the one dragged into, else the longest (ties: the side pressed).
function diagonalFrom(R, C, drag) {
  if (cellAt(R + 0.5, C + 0.5) >= 0) return null;
  const ways = DIAGONALS.map(([dr, dc]) => {
    const line = [];
    for (let k = 1; cellAt(R + k * dr + 0.5, C + k * dc + 0.5) >= 0; k++) line.push(cellAt(R + k * dr + 0.5, C + k * dc + 0.5));
    return { line, dc };
  }).filter((way) => way.line.length);
  if (!ways.length) return null;
  const dragged = ways.find((way) => way.line[0] === drag.cells[0]);
  if (dragged) return dragged.line;
  const side = Math.sign(drag.start[1] - C - 0.5) || 1;
  ways.sort((a, b) => b.line.length - a.line.length || (b.dc === side) - (a.dc === side));
  return ways[0].line;
}

// The eraser: the outside clue, dot or constraint (the last placed) under the pointer goes.
function erase(fr, fc) {
  const R = Math.floor(fr), C = Math.floor(fc);
  const last = (test) => setter.items.map((it, k) => (test(it) ? k : -1)).filter((k) => k >= 0).pop() ?? -1;
  let index;
  if (cellAt(fr, fc) < 0) {
    index = last((it) => it.outside && it.outside[0] === R && it.outside[1] === C);
  } else {
    const off = Math.max(Math.abs(fr - R - 0.5), Math.abs(fc - C - 0.5));
    const edge = off > NEAR_EDGE ? edgeAt(fr, fc) : null;
    index = edge ? dotOn(edge) : -1;
    const name = nameOf(cellAt(fr, fc));
    if (index < 0) index = last((it) => !it.outside && namesIn(it.json).includes(name));
  }
  if (index < 0) { say("Nothing to remove there.", "bad"); return; }
  remove(index);
}

// ------------------------------------------------------------------------------- constraints

// Place a constraint (an outside clue: where it stands); the verdict follows.
function place(json, outside = anchorOf(json)) {
  const item = { json, outside };
  setter.pending = null; // a cage still without its sum keeps none from now on
  setter.items.push(item);
  changed();
  return item;
}

// A rule typed as sudokit's JSON (an "or" of rules, a pair rule's expression, shading givens...):
// added once the server reads the puzzle with it; otherwise its error is said and the text kept.
async function addJson() {
  if (!setting()) return;
  const text = $("setter-json").value.trim();
  if (!text) return;
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    say(`That rule is not JSON: ${error.message}`, "bad");
    return;
  }
  if (!json || typeof json !== "object" || Array.isArray(json) || typeof json.kind !== "string") {
    say('A rule is one JSON object with a "kind", such as {"kind": "yin-yang"}', "bad");
    return;
  }
  const trial = puzzle();
  trial.constraints = [...trial.constraints, json];
  await api("parse", { puzzle: JSON.stringify(trial), check: false }); // throws with the server's words
  setter.items.push({ json, outside: anchorOf(json) });
  $("setter-json").value = "";
  changed();
}

// Remove the constraint at an index of the list.
function remove(index) {
  const [item] = setter.items.splice(index, 1);
  if (setter.pending && setter.pending.item === item) setter.pending = null;
  changed();
}

// The number a cage or clue holds: its JSON field.
function valueKey(json) { return json.kind === "killer" || json.kind === "little killer" ? "total" : "value"; }

// The number typed in the panel, or null.
function typedValue() {
  const text = $("setter-value").value.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

// Ask for a constraint's number: one typed already is taken at once; else the field waits for it.
// ``required``: the constraint is placed only with its number (an outside clue; a cage may have none).
function askValue(item, required) {
  const typed = typedValue();
  if (typed !== null) {
    item.json[valueKey(item.json)] = typed;
    $("setter-value").value = "";
    if (required) place(item.json, item.outside); else changed();
    return;
  }
  setter.pending = { item, required };
  $("setter-value").focus();
  say(required ? "Type the clue and press Enter." : "Type the cage's sum and press Enter (or leave it without one).");
  preview();
}

// The number typed goes to the cage or clue waiting for it (or to the next one drawn).
function applyValue() {
  const typed = typedValue();
  const { pending } = setter;
  if (typed === null || !setting()) return;
  if (!pending) { say(`The next cage or clue drawn takes ${typed}.`); return; }
  setter.pending = null;
  pending.item.json[valueKey(pending.item.json)] = typed;
  $("setter-value").value = "";
  if (pending.required) place(pending.item.json, pending.item.outside); else changed();
  $("board").focus({ preventScroll: true });
}

// A constraint in words, for the list: its kind, number and cells.
function label(json) {
  const names = namesIn(json);
  const number = json.kind === "xv" ? null : json.total ?? json.value;
  let kind = json.kind;
  if (kind === "killer") kind = "killer cage";
  if (kind === "kropki") kind = `${json.colour || "white"} dot`;
  if (kind === "xv") kind = json.total === 5 ? "V" : "X";
  if (kind === "whispers") kind = json.difference ? `whispers (${json.difference} apart)` : "German whispers";
  if (kind === "diagonal") kind = json.direction === "anti" ? "anti-diagonal" : "diagonal";
  const where = names.length > 3 ? `${names[0]}…${names[names.length - 1]} (${names.length} cells)` : names.join(" ");
  return `${kind}${number !== undefined && number !== null ? ` ${number}` : ""}${where ? ` · ${where}` : ""}`;
}

// The list of constraints placed, each with a button that removes it.
function list() {
  const ol = $("setter-list");
  ol.innerHTML = "";
  setter.items.forEach((item, k) => {
    const li = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = label(item.json);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "×";
    button.title = "Remove";
    button.setAttribute("aria-label", `remove ${text.textContent}`);
    button.onclick = () => { if (setting()) remove(k); };
    li.append(text, button);
    ol.append(li);
  });
}

// ----------------------------------------------------------------------------- drawing a drag

// The shapes of a drag under way: its path as a line, or its cells shaded (board.js draws them).
function dragShapes(drag) {
  const centres = drag.cells.map((i) => state.board.cells[i].map((v) => v + 0.5));
  if (!centres.length) return [];
  if (drag.how === "path") {
    const shapes = [{ shape: "line", kind: "setter-preview", points: centres, color: ACCENT, width: 0.14, opacity: 0.6 }];
    if (setter.tool !== "line") shapes.push({ shape: "circle", kind: "setter-preview", at: centres[0], radius: 0.3, fill: ACCENT, stroke: "none", stroke_width: 0, opacity: 0.5 });
    return shapes;
  }
  return [{ shape: "shade", kind: "setter-preview", cells: drag.cells.map((i) => state.board.cells[i]), color: ACCENT, opacity: 0.25 }];
}

// The drawing of what is being set (a drag, the clone's originals, a clue waiting for its number).
function preview() {
  const svg = $("setter-preview");
  if (!svg || !state.board) return;
  svg.setAttribute("viewBox", `0 0 ${state.board.cols} ${state.board.rows}`);
  if (!isSetting()) { svg.innerHTML = ""; return; }
  const shapes = [...setter.ghost];
  if (setter.drag) shapes.push(...dragShapes(setter.drag));
  if (setter.clone) shapes.push(...dragShapes({ how: "cells", cells: setter.clone }));
  const { pending } = setter;
  if (pending && pending.required) {
    const [R, C] = pending.item.outside;
    shapes.push({ shape: "text", kind: "setter-preview", at: [R + 0.5, C + 0.5], text: "?", size: 0.4, color: ACCENT, bold: true });
  }
  svg.innerHTML = shapes.map((shape) => drawShape(shape, positions)).join("");
}

// Room outside the grid while an outside clue can be placed or is shown; the page then keeps the
// finger's drags for drawing.
function margin() {
  const outside = isSetting() && (setter.tool === "outside" || Boolean(state.board && state.board.outside));
  $("board-wrap").classList.toggle("setter-outside", outside);
  $("play").classList.toggle("setter-drawing", isSetting() && setter.tool === "outside");
}

// ---------------------------------------------------------------------------------- actions

// True candidates of the set puzzle, as centre marks in the empty cells.
async function candidates() {
  if (!setting()) return;
  say("Looking for every candidate some solution holds…");
  const found = await api("candidates", { puzzle: JSON.stringify(puzzle()) });
  if (!found.solvable) { say("True candidates: the puzzle has no solution.", "bad"); return; }
  state.board.cells.forEach((_, c) => { state.centre[c] = state.board.givens[c] === null ? found.cells[c] : []; });
  paint();
  const unsettled = found.unsettled.length ? `; ${found.unsettled.length} left unsettled by the time limit` : "";
  say(`True candidates in ${Math.round(found.seconds * 1000)} ms${unsettled}.`, unsettled ? "bad" : "good");
}

// The setter's check: where two solutions differ (marked), or what could go.
async function audit() {
  if (!setting()) return;
  say("Checking…");
  const found = await api("audit", { puzzle: JSON.stringify(puzzle()) });
  state.marked = new Set(found.differing);
  paint();
  if (found.count === 0) { say("Setter's check: no solution", "bad"); return; }
  if (found.count === 2) {
    say(`Setter's check: two solutions differ in ${found.differing_names.join(" ")} (marked): a clue is missing there`, "bad");
    return;
  }
  const parts = [];
  if (found.redundant_givens.length) parts.push(`givens that could go: ${found.redundant_givens.join(" ")}`);
  if (found.redundant_constraints.length) parts.push(`constraints that could go: ${found.redundant_constraints.join("; ")}`);
  const done = found.complete ? "" : " (stopped by the time limit)";
  say(`Setter's check: unique. ${parts.length ? parts.join(". ") : "Every given and constraint is needed."}${done}`, "good");
}

// A link to the set puzzle in f-puzzles or SudokuPad, shown in the panel (and copied when allowed).
async function exportLink(to) {
  if (!setting()) return;
  const written = await api("convert", { puzzle: JSON.stringify(puzzle()), to });
  const link = written.text.trim();
  $("setter-link").value = link;
  navigator.clipboard?.writeText(link).catch(() => {});
  say(`${to === "fpuzzles" ? "f-puzzles" : "SudokuPad"} link made: it is below the buttons.`, "good");
}

// Play the set puzzle: setter mode ends and the puzzle opens as any other.
async function play() {
  if (!setting()) return;
  const text = JSON.stringify(puzzle());
  stop();
  await open(text);
}
