// sudokit in the browser: draw any board the API describes, play it, and ask the API for the rest.
// State is per puzzle text and kept in localStorage, so a reload loses nothing.

const $ = (id) => document.getElementById(id);
const api = async (path, body) => {
  const response = await fetch(`/api/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
};

const state = {
  text: "", board: null, values: [], corner: [], centre: [], colour: [], wrong: new Set(),
  selected: new Set(), mode: "normal", history: [], future: [], solution: null, editing: false,
  seconds: 0, solved: false, hint: null, hintStage: 0, steps: [], stepIndex: -1, marked: new Set(),
  preview: null, rules: [], broken: new Set(),
};
let cells = [];
let positions = new Map(); // "row,col" -> cell index, for the board being played
let dragging = false;

// ------------------------------------------------------------------------------------ storage

const key = () => `sudokit:${state.text}`;
function save() {
  if (!state.text || state.editing) return;
  const progress = { values: state.values, corner: state.corner, centre: state.centre, colour: state.colour,
    seconds: state.seconds, solved: state.solved };
  localStorage.setItem(key(), JSON.stringify(progress));
  localStorage.setItem("sudokit:last", state.text);
}
function restore() {
  const saved = JSON.parse(localStorage.getItem(key()) || "null");
  if (!saved || !Array.isArray(saved.values) || saved.values.length !== state.board.cells.length) return;
  Object.assign(state, { values: saved.values, corner: saved.corner, centre: saved.centre, colour: saved.colour,
    seconds: saved.seconds || 0, solved: !!saved.solved });
}

// ------------------------------------------------------------------------------------- loading

function fresh(n) {
  state.values = Array(n).fill(null);
  state.corner = Array.from({ length: n }, () => []);
  state.centre = Array.from({ length: n }, () => []);
  state.colour = Array(n).fill(0);
}

function load(text, board, { progress = null, editing = false } = {}) {
  Object.assign(state, { text, board, editing, history: [], future: [], solution: null, seconds: 0, solved: false,
    broken: new Set(),
    wrong: new Set(), selected: new Set([firstEmpty(board)]), hint: null, steps: [], stepIndex: -1,
    marked: new Set(), preview: null });
  fresh(board.cells.length);
  if (!editing) restore();
  if (progress) applyProgress(progress);
  $("description").textContent = board.description + (board.rules.length ? ` · ${board.rules.join(", ")}` : "");
  verified = "";
  const unread = board.unread || [];
  $("unread").hidden = !unread.length;
  $("unread").textContent = unread.length
    ? `Rules sudokit did not read: ${unread.join("; ")}. Solutions, checks and hints are made without them.`
    : "";
  $("edit-done").hidden = !editing;
  $("hint-box").hidden = true;
  $("step-text").textContent = "";
  $("step-count").textContent = "–";
  $("rating").textContent = "";
  if (!editing) history.replaceState(null, "", `/?puzzle=${encodeURIComponent(text)}`);
  build();
  paint();
  save();
}

function applyProgress(line) {
  const symbols = state.board.symbols;
  const tokens = symbols.every((s) => s.length === 1) ? [...line] : line.split(/\s+/);
  tokens.forEach((token, c) => {
    const v = symbols.indexOf(token);
    if (c < state.values.length && v >= 0 && state.board.givens[c] === null) state.values[c] = v;
  });
}

function firstEmpty(board) {
  const c = board.givens.findIndex((g) => g === null);
  return c < 0 ? 0 : c;
}

async function open(text, options = {}) {
  try {
    const parsed = await api("parse", { puzzle: text });
    load(text, parsed.board, options);
    say(verdict(parsed), parsed.solutions === "unique" ? "" : "bad");
    return parsed;
  } catch (error) {
    say(error.message, "bad");
    throw error;
  }
}

function verdict(parsed) {
  const answer = plainVerdict(parsed);
  return parsed.warning ? `${answer}, counting only the rules read (see the note below)` : answer;
}

function plainVerdict(parsed) {
  const givens = `${parsed.givens} given${parsed.givens === 1 ? "" : "s"}`;
  if (parsed.solutions === "unique") return `${givens} · one solution`;
  if (parsed.solutions === "several") return `${givens} · several solutions`;
  if (parsed.solutions === "none") return `no solution${parsed.reason ? `: ${parsed.reason}` : ""}`;
  return `${givens} · uniqueness not known yet`;
}

// ---------------------------------------------------------------------------------- the board

function build() {
  const { board } = state;
  const el = $("board");
  el.innerHTML = "";
  el.style.setProperty("--cols", board.cols);
  el.style.setProperty("--rows", board.rows);
  $("board-wrap").style.setProperty("--cols", board.cols);
  positions = new Map(board.cells.map(([r, c], i) => [`${r},${c}`, i]));
  const index = positions;
  const rows = [];
  cells = board.cells.map(([r, c], i) => {
    if (!rows[r]) {
      rows[r] = document.createElement("div");
      rows[r].setAttribute("role", "row");
      rows[r].style.display = "contents";
      el.append(rows[r]);
    }
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.setAttribute("role", "gridcell");
    cell.dataset.index = i;
    cell.style.gridRow = r + 1;
    cell.style.gridColumn = c + 1;
    const region = board.region[i];
    for (const [dr, dc, side] of [[-1, 0, "bt"], [1, 0, "bb"], [0, -1, "bl"], [0, 1, "br"]]) {
      const other = index.get(`${r + dr},${c + dc}`);
      if (other === undefined || board.region[other] !== region) cell.classList.add(side);
    }
    cell.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      $("board").focus();
      dragging = true;
      if (event.ctrlKey || event.metaKey || event.shiftKey) toggleSelect(i);
      else selectOnly(i);
    });
    cell.addEventListener("pointerenter", () => { if (dragging) { state.selected.add(i); paint(); } });
    rows[r].append(cell);
    return cell;
  });
  drawOverlay(index);
  buildKeypad();
}

// The puzzle's drawing description (sudokit.constraints.drawing): the same shapes the SVG renderer
// draws, in cell units with the corner origin ([row, col]); "ink" is the theme's text colour.
function drawOverlay(index) {
  const { board } = state;
  const svg = $("overlay");
  svg.setAttribute("viewBox", `0 0 ${board.cols} ${board.rows}`);
  const parts = [];
  const shapes = [...(board.drawing || [])].sort((a, b) => (a.layer ?? 1) - (b.layer ?? 1));
  for (const shape of shapes) parts.push(drawShape(shape, index));
  svg.innerHTML = parts.join("");
  $("board-wrap").classList.toggle("outside-clues", Boolean(board.outside));
}

function colourOf(value) { return value === "ink" ? "currentColor" : value; }

function drawShape(shape, index) {
  const kind = String(shape.kind || "").replace(/ /g, "-");
  const opacity = shape.opacity !== undefined ? ` opacity="${shape.opacity}"` : "";
  const colour = colourOf(shape.color);
  if (shape.shape === "line" || shape.shape === "arrow") {
    const points = shape.points.map(([r, c]) => `${c},${r}`).join(" ");
    let out = `<polyline class="line ${kind}" points="${points}" fill="none" stroke="${colour}"
      stroke-width="${shape.width}" stroke-linecap="round" stroke-linejoin="round"${shape.dash ? ' stroke-dasharray=".12 .08"' : ""}${opacity}/>`;
    if (shape.shape === "arrow" && shape.points.length >= 2) {
      const [[r1, c1], [r2, c2]] = shape.points.slice(-2);
      const length = Math.hypot(r2 - r1, c2 - c1) || 1, ur = (r2 - r1) / length, uc = (c2 - c1) / length;
      const h = shape.head ?? 0.3;
      const left = [r2 - h * ur + h * 0.6 * uc, c2 - h * uc - h * 0.6 * ur], right = [r2 - h * ur - h * 0.6 * uc, c2 - h * uc + h * 0.6 * ur];
      out += `<polyline class="${kind}-head" points="${[left, [r2, c2], right].map(([r, c]) => `${c},${r}`).join(" ")}"
        fill="none" stroke="${colour}" stroke-width="${shape.width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    return out;
  }
  if (shape.shape === "circle") {
    const [r, c] = shape.at;
    return `<circle class="${kind}" cx="${c}" cy="${r}" r="${shape.radius}" fill="${colourOf(shape.fill)}"
      stroke="${colourOf(shape.stroke)}" stroke-width="${shape.stroke_width}"${opacity}/>`;
  }
  if (shape.shape === "rect") {
    const [r, c] = shape.at;
    return `<rect class="${kind}" x="${c - shape.width / 2}" y="${r - shape.height / 2}" width="${shape.width}"
      height="${shape.height}" rx="${shape.rounded || 0}" fill="${colourOf(shape.fill)}" stroke="${colourOf(shape.stroke)}"
      stroke-width="${shape.stroke_width}"${opacity}/>`;
  }
  if (shape.shape === "text") {
    const [r, c] = shape.at;
    const halo = shape.halo ? ' paint-order="stroke" stroke="var(--bg, #fff)" stroke-width=".06"' : "";
    return `<text class="clue ${kind}" x="${c}" y="${r}" font-size="${shape.size}" text-anchor="middle"
      dominant-baseline="central"${shape.bold ? ' font-weight="700"' : ""} fill="${colour}"${halo}>${escapeHtml(shape.text)}</text>`;
  }
  if (shape.shape === "shade") {
    return shape.cells.map(([r, c]) => `<rect class="shade ${kind}" x="${c}" y="${r}" width="1" height="1"
      fill="${colour}"${opacity}/>`).join("");
  }
  if (shape.shape === "cage") return drawCage(shape, index);
  return "";
}

function drawCage(shape, index) {
  const inset = 0.09;
  const members = new Set(shape.cells.map(([r, c]) => `${r},${c}`));
  const parts = [];
  for (const [r, col] of shape.cells) {
    const has = (dr, dc) => members.has(`${r + dr},${col + dc}`);
    const x0 = col + inset, x1 = col + 1 - inset, y0 = r + inset, y1 = r + 1 - inset;
    const segment = (a, b, d, e) => parts.push(`<line x1="${a}" y1="${b}" x2="${d}" y2="${e}"
      stroke="${colourOf(shape.color)}" stroke-width=".025" stroke-dasharray=".08 .06"/>`);
    if (!has(-1, 0)) segment(has(0, -1) ? col : x0, y0, has(0, 1) ? col + 1 : x1, y0);
    if (!has(1, 0)) segment(has(0, -1) ? col : x0, y1, has(0, 1) ? col + 1 : x1, y1);
    if (!has(0, -1)) segment(x0, has(-1, 0) ? r : y0, x0, has(1, 0) ? r + 1 : y1);
    if (!has(0, 1)) segment(x1, has(-1, 0) ? r : y0, x1, has(1, 0) ? r + 1 : y1);
  }
  if (shape.label !== null && shape.label !== undefined) {
    const [r, col] = [...shape.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    parts.push(`<text class="cage-sum" x="${col + 0.12}" y="${r + 0.3}" font-size=".22" fill="${colourOf(shape.color)}">${escapeHtml(String(shape.label))}</text>`);
  }
  return parts.join("");
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  state.board.symbols.forEach((symbol, v) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = state.mode === "colour" ? String(v + 1) : symbol;
    button.setAttribute("aria-label", state.mode === "colour" ? `colour ${v + 1}` : `enter ${symbol}`);
    button.addEventListener("click", () => enter(v));
    if (state.mode !== "colour" || v < 6) pad.append(button);
  });
}

function paint() {
  const { board, values, selected, preview } = state;
  const shown = (c) => (board.givens[c] !== null ? board.givens[c] : values[c]);
  const previewed = (c) => (preview && shown(c) === null ? preview[c] : null);
  const focus = [...selected];
  const houses = new Set(focus.length === 1 ? board.peers[focus[0]] : []);
  const same = focus.length === 1 && shown(focus[0]) !== null ? shown(focus[0]) : null;
  const conflicts = new Set();
  board.cells.forEach((_, c) => {
    const v = shown(c);
    if (v === null) return;
    for (const p of board.peers[c]) if (shown(p) === v) { conflicts.add(c); conflicts.add(p); }
  });
  const clashes = new Set(conflicts);
  for (const c of state.broken) conflicts.add(c); // the cells of rules the server says are broken
  cells.forEach((cell, c) => {
    const v = shown(c);
    const given = board.givens[c] !== null;
    cell.classList.toggle("given", given);
    cell.classList.toggle("selected", selected.has(c));
    cell.classList.toggle("house", houses.has(c));
    cell.classList.toggle("same", same !== null && v === same);
    cell.classList.toggle("conflict", conflicts.has(c));
    cell.classList.toggle("wrong", state.wrong.has(c));
    cell.classList.toggle("hinted", state.marked.has(c));
    if (state.colour[c]) cell.dataset.colour = state.colour[c]; else delete cell.dataset.colour;
    const name = `row ${board.cells[c][0] + 1}, column ${board.cells[c][1] + 1}`;
    cell.classList.toggle("preview", previewed(c) !== null);
    if (v === null && previewed(c) !== null) {
      cell.innerHTML = `<span class="value">${escapeHtml(board.symbols[previewed(c)])}</span>`;
      cell.setAttribute("aria-label", `${name}: ${board.symbols[previewed(c)]} (earlier step)`);
    } else if (v !== null) {
      cell.innerHTML = `<span class="value">${escapeHtml(board.symbols[v])}</span>`;
      cell.setAttribute("aria-label", `${name}: ${board.symbols[v]}${given ? " (given)" : ""}`);
    } else {
      const centre = state.centre[c].map((s) => board.symbols[s]);
      const corner = state.corner[c].map((s) => board.symbols[s]);
      const spots = [[0, 0], [0, 70], [70, 0], [70, 70], [0, 35], [70, 35], [35, 0], [35, 70], [35, 35]];
      cell.innerHTML = (centre.length ? `<span class="centre">${escapeHtml(centre.join(""))}</span>` : "")
        + (corner.length ? `<span class="corner">${corner.map((s, k) => `<span style="top:${spots[k % 9][0]}%;left:${spots[k % 9][1]}%">${escapeHtml(s)}</span>`).join("")}</span>` : "");
      const marks = [centre.length ? `candidates ${centre.join(" ")}` : "", corner.length ? `corner marks ${corner.join(" ")}` : ""]
        .filter(Boolean).join(", ");
      cell.setAttribute("aria-label", `${name}: empty${marks ? `, ${marks}` : ""}`);
    }
    cell.setAttribute("aria-selected", selected.has(c) ? "true" : "false");
  });
  if (!state.editing) verifySoon(clashes.size > 0);
}

// Every rule is judged by the server, by the rule's own meaning (sudokit.constraints): a filled cage
// whose sum is wrong is a conflict, and a full grid is "solved" only when it breaks nothing.
let verifyTimer = null;
let verified = "";
function verifySoon(clashing) {
  const line = progressLine();
  if (line === verified) return;
  clearTimeout(verifyTimer);
  verifyTimer = setTimeout(() => guarded(() => verify(line, clashing)), 150);
}

async function verify(line, clashing) {
  const text = state.text;
  const progress = state.values.map((v) => (v === null ? null : state.board.symbols[v]));
  const result = await api("verify", { puzzle: text, progress });
  if (text !== state.text || line !== progressLine()) return; // the player moved on
  verified = line;
  state.broken = new Set(result.broken.flatMap((b) => b.cells));
  paint();
  if (result.solved && !clashing) {
    if (!state.solved) finish(result.warning);
  } else if (result.complete) {
    const rules = result.broken.map((b) => b.rule);
    say(`The grid is full but breaks ${rules.length ? rules.join(", ") : result.faults.join(", ")}.`, "bad");
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

// -------------------------------------------------------------------------------- selection, entry

function selectOnly(c) { state.selected = new Set([c]); paint(); }
function toggleSelect(c) {
  if (state.selected.has(c) && state.selected.size > 1) state.selected.delete(c); else state.selected.add(c);
  paint();
}

function snapshot() {
  return JSON.stringify([state.values, state.corner, state.centre, state.colour, state.editing ? state.board.givens : null]);
}
function remember() { state.history.push(snapshot()); state.future = []; if (state.history.length > 500) state.history.shift(); }
function back(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  const [values, corner, centre, colour, givens] = JSON.parse(from.pop());
  Object.assign(state, { values, corner, centre, colour });
  if (givens) state.board.givens = givens;
  state.wrong.clear();
  paint(); save(); edited();
}

function editable(c) { return state.editing || state.board.givens[c] === null; }

function enter(v, mode = state.mode) {
  const targets = [...state.selected].filter(editable);
  if (!targets.length) return;
  remember();
  if (state.editing && mode === "normal") {
    const all = targets.every((c) => state.board.givens[c] === v);
    targets.forEach((c) => { state.board.givens[c] = all ? null : v; });
  } else if (mode === "normal") {
    const all = targets.every((c) => state.values[c] === v);
    targets.forEach((c) => { state.values[c] = all ? null : v; state.wrong.delete(c); });
  } else if (mode === "colour") {
    const all = targets.every((c) => state.colour[c] === v + 1);
    targets.forEach((c) => { state.colour[c] = all ? 0 : v + 1; });
  } else {
    const marks = mode === "corner" ? state.corner : state.centre;
    const open = targets.filter((c) => state.values[c] === null);
    const all = open.every((c) => marks[c].includes(v));
    open.forEach((c) => {
      marks[c] = all ? marks[c].filter((s) => s !== v) : [...new Set([...marks[c], v])].sort((a, b) => a - b);
    });
  }
  paint(); save(); edited();
}

function erase() {
  const targets = [...state.selected].filter(editable);
  if (!targets.length) return;
  remember();
  targets.forEach((c) => {
    if (state.editing) state.board.givens[c] = null;
    else if (state.values[c] !== null) state.values[c] = null;
    else if (state.mode === "colour") state.colour[c] = 0;
    else { state.centre[c] = []; state.corner[c] = []; }
    state.wrong.delete(c);
  });
  paint(); save(); edited();
}

function move(dr, dc, extend) {
  const { board } = state;
  const last = [...state.selected].pop() ?? 0;
  let [r, c] = board.cells[last];
  for (let step = 0; step < Math.max(board.rows, board.cols); step++) {
    r = (r + dr + board.rows) % board.rows;
    c = (c + dc + board.cols) % board.cols;
    const next = positions.get(`${r},${c}`);
    if (next !== undefined) {
      if (extend) { state.selected.delete(next); state.selected.add(next); } else state.selected = new Set([next]);
      paint();
      return;
    }
  }
}

function setMode(mode) {
  state.mode = mode;
  document.querySelectorAll(".mode").forEach((b) => b.classList.toggle("active", b.dataset.mode === mode));
  buildKeypad();
}

document.addEventListener("keydown", (event) => {
  if (!state.board || event.target.closest("input, textarea, select")) return;
  const k = event.key;
  if ((event.ctrlKey || event.metaKey) && k.toLowerCase() === "z") { event.preventDefault(); event.shiftKey ? back(state.future, state.history) : back(state.history, state.future); return; }
  if ((event.ctrlKey || event.metaKey) && k.toLowerCase() === "y") { event.preventDefault(); back(state.future, state.history); return; }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { event.preventDefault(); move(...arrows[k], event.shiftKey || event.ctrlKey); return; }
  if (k === "Delete" || k === "Backspace") { event.preventDefault(); erase(); return; }
  if (k === "Escape") { state.selected.clear(); paint(); return; }
  const modes = { z: "normal", x: "corner", c: "centre", v: "colour" };
  const symbols = state.board.symbols;
  let v = symbols.indexOf(k);
  if (v < 0) v = symbols.indexOf(k.toUpperCase());
  if (v < 0 && event.code.startsWith("Digit")) v = symbols.indexOf(event.code.slice(5));
  if (v < 0 && !event.ctrlKey && modes[k.toLowerCase()]) { setMode(modes[k.toLowerCase()]); return; }
  if (v >= 0) {
    event.preventDefault();
    const mode = state.mode === "colour" ? "colour" : event.shiftKey ? "corner" : (event.ctrlKey || event.metaKey) ? "centre" : state.mode;
    enter(v, mode);
  }
});
document.addEventListener("pointerup", () => { dragging = false; });

// --------------------------------------------------------------------------------- the API's help

function say(text, kind = "") { const s = $("status"); s.textContent = text; s.className = kind; }

function progressLine() {
  const { symbols } = state.board;
  const single = symbols.every((s) => s.length === 1);
  const tokens = state.values.map((v) => (v === null ? (single ? "." : "0") : symbols[v]));
  return single ? tokens.join("") : tokens.join(" ");
}

async function solution() {
  if (!state.solution) {
    const result = await api("solve", { puzzle: state.text });
    if (!result.solution) throw new Error(result.reason || result.status);
    state.solution = result.solution.map((s) => state.board.symbols.indexOf(s));
  }
  return state.solution;
}

async function guarded(work) {
  try { await work(); } catch (error) { say(error.message, "bad"); }
}

async function hint() {
  if (state.hint && state.hintStage < 3) { state.hintStage += 1; showHint(); return; }
  const progress = state.values.map((v) => (v === null ? null : state.board.symbols[v]));
  const result = await api("hint", { puzzle: state.text, progress, stage: 3 });
  if (result.wrong && result.wrong.length) {
    state.wrong = new Set(result.wrong);
    state.hint = null;
    paint();
    say(result.text, "bad");
    return;
  }
  if (result.complete) { say("The grid is complete."); return; }
  state.hint = result;
  state.hintStage = 1;
  showHint();
}

function showHint() {
  const { hint: h } = state;
  $("hint-box").hidden = false;
  $("hint-text").textContent = h.stages[state.hintStage - 1];
  $("hint-more").hidden = state.hintStage >= 3;
  $("hint-apply").hidden = state.hintStage < 3;
  state.marked = new Set(state.hintStage >= 3 ? h.step.cell_indexes : []);
  paint();
  drawLinks(state.hintStage >= 3 ? h.step : null);
  if (state.hintStage >= 3) showEliminations(h.step);
}

// chains are written in Eureka notation: (d)r1c2=(d)r1c5-(d)r3c5 ... ; "=" a strong link, "-" a weak one
function drawLinks(step) {
  const layer = $("overlay").querySelector("#links") || (() => {
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.id = "links";
    $("overlay").append(g);
    return g;
  })();
  layer.innerHTML = "";
  if (!step) return;
  const index = new Map(state.board.names.map((name, c) => [name, c]));
  const nodes = [...step.explanation.matchAll(/([=-]?)\(([^)]*)\)(r\d+c\d+)/g)];
  let previous = null;
  for (const [, link, , name] of nodes) {
    const c = index.get(name);
    if (c === undefined) { previous = null; continue; }
    const [r, col] = state.board.cells[c];
    if (previous && link) {
      const [pr, pc] = previous;
      layer.insertAdjacentHTML("beforeend", `<line x1="${pc + 0.5}" y1="${pr + 0.5}" x2="${col + 0.5}" y2="${r + 0.5}"
        stroke="#2e7d32" stroke-width=".06" ${link === "-" ? 'stroke-dasharray=".12 .08"' : ""} stroke-linecap="round"/>`);
    }
    previous = [r, col];
  }
}

function showEliminations(step) {
  for (const [c, d] of step.eliminated) {
    const cell = cells[c];
    if (!cell || state.values[c] !== null) continue;
    const mark = document.createElement("span");
    mark.className = "centre elim";
    mark.style.bottom = "2px";
    mark.textContent = state.board.symbols[d];
    cell.append(mark);
  }
}

function applyHint() {
  const step = state.hint && state.hint.step;
  if (!step) return;
  remember();
  for (const [c, d] of step.placed) if (state.board.givens[c] === null) state.values[c] = d;
  for (const [c, d] of step.eliminated) state.centre[c] = state.centre[c].filter((s) => s !== d);
  state.hint = null;
  state.marked = new Set();
  $("hint-box").hidden = true;
  drawLinks(null);
  paint(); save();
}

async function explain() {
  const path = await api("explain", { puzzle: state.text });
  state.steps = path.steps;
  state.stepIndex = 0;
  $("rating").textContent = `Rated ${path.level} (score ${path.score}${path.hardest ? `, hardest: ${path.hardest}` : ""})`;
  showStep();
}

function showStep() {
  const step = state.steps[state.stepIndex];
  if (!step) return;
  $("step-count").textContent = `${state.stepIndex + 1} / ${state.steps.length}`;
  $("step-text").textContent = step.explanation;
  // the grid as it stands before this step: every earlier step's digits, shown in grey
  state.preview = Array(state.board.cells.length).fill(null);
  for (const earlier of state.steps.slice(0, state.stepIndex)) {
    for (const [c, d] of earlier.placed) state.preview[c] = d;
  }
  state.marked = new Set(step.cell_indexes);
  paint();
  drawLinks(step);
  showEliminations(step);
}

async function check() {
  const answer = await solution();
  state.wrong = new Set(state.values.map((v, c) => (v !== null && v !== answer[c] ? c : -1)).filter((c) => c >= 0));
  paint();
  say(state.wrong.size ? `${state.wrong.size} wrong` : "Everything so far is right.", state.wrong.size ? "bad" : "good");
}

async function reveal() {
  const answer = await solution();
  remember();
  for (const c of state.selected) if (state.board.givens[c] === null) state.values[c] = answer[c];
  paint(); save();
}

async function solveAll() {
  const answer = await solution();
  remember();
  state.values = state.board.givens.map((g, c) => (g === null ? answer[c] : null));
  paint(); save();
}

function autoCandidates() {
  remember();
  const { board } = state;
  const shown = (c) => (board.givens[c] !== null ? board.givens[c] : state.values[c]);
  board.cells.forEach((_, c) => {
    if (shown(c) !== null) return;
    const taken = new Set(board.peers[c].map(shown).filter((v) => v !== null));
    const allowed = board.allowed ? board.allowed[c] : board.symbols.map((_, v) => v);
    state.centre[c] = allowed.filter((v) => !taken.has(v));
  });
  paint(); save();
}

function finish(warning) {
  state.solved = true;
  save();
  if (warning) say(`Every rule sudokit read holds (${clock(state.seconds)}); ${warning}.`, "");
  else say(`Solved in ${clock(state.seconds)}.`, "good");
}

async function trueCandidates() {
  say("Looking for every candidate some solution holds…");
  const progress = state.values.map((v) => (v === null ? null : state.board.symbols[v]));
  const found = await api("candidates", { puzzle: state.text, progress });
  if (!found.solvable) { say("No solution from here: some digit placed is wrong.", "bad"); return; }
  remember();
  state.board.cells.forEach((_, c) => {
    if (state.board.givens[c] === null && state.values[c] === null) state.centre[c] = found.cells[c];
  });
  paint(); save();
  const unsettled = found.unsettled.length ? `; ${found.unsettled.length} left unsettled by the time limit` : "";
  say(`True candidates in ${(found.seconds * 1000).toFixed(0)} ms${unsettled}.`, found.unsettled.length ? "bad" : "good");
}

// ------------------------------------------------------------------------------- entering givens

let checkTimer = null;
function edited() {
  if (!state.editing) return;
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    try {
      const parsed = await api("parse", { puzzle: givensText(), size: state.board.size, variant: state.rules });
      say(verdict(parsed), parsed.solutions === "unique" ? "good" : "bad");
    } catch (error) { say(error.message, "bad"); }
  }, 250);
}

function givensText() {
  const { symbols, givens } = state.board;
  const single = symbols.every((s) => s.length === 1);
  const tokens = givens.map((g) => (g === null ? (single ? "." : "0") : symbols[g]));
  return single ? tokens.join("") : tokens.join(" ");
}

async function blank(size, rules) {
  const parsed = await api("parse", { puzzle: ".".repeat(size * size), size, variant: rules });
  load("", parsed.board, { editing: true });
  state.rules = rules;
  say("Type the givens; the status says whether they make one solution.");
}

// -------------------------------------------------------------------------------------- timer

function clock(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
setInterval(() => {
  if (!state.board || state.editing || state.solved || document.hidden) return;
  state.seconds += 1;
  $("timer").textContent = clock(state.seconds);
  if (state.seconds % 5 === 0) save();
}, 1000);

// -------------------------------------------------------------------------------------- wiring

function wire() {
  document.querySelectorAll(".mode").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
  $("undo").onclick = () => back(state.history, state.future);
  $("redo").onclick = () => back(state.future, state.history);
  $("erase").onclick = erase;
  $("hint").onclick = () => guarded(hint);
  $("hint-more").onclick = () => { state.hintStage += 1; showHint(); };
  $("hint-apply").onclick = applyHint;
  $("check").onclick = () => guarded(check);
  $("reveal").onclick = () => guarded(reveal);
  $("solve").onclick = () => guarded(solveAll);
  $("auto").onclick = autoCandidates;
  $("true-candidates").onclick = () => guarded(trueCandidates);
  $("restart").onclick = () => { remember(); fresh(state.board.cells.length); state.solved = false; state.wrong.clear(); paint(); save(); };
  $("explain-load").onclick = () => guarded(explain);
  $("step-prev").onclick = () => { if (state.stepIndex > 0) { state.stepIndex -= 1; showStep(); } };
  $("step-next").onclick = () => { if (state.stepIndex < state.steps.length - 1) { state.stepIndex += 1; showStep(); } };
  $("explain-panel").addEventListener("toggle", () => {
    if (!$("explain-panel").open) { state.preview = null; state.marked = new Set(); drawLinks(null); paint(); }
  });
  $("generate-form").onsubmit = (event) => {
    event.preventDefault();
    guarded(async () => {
      say("Making a puzzle…");
      const variant = $("gen-variant").value;
      const size = variant === "samurai" ? 9 : Number($("gen-size").value);
      const made = await api("generate", {
        size, variant: variant ? [variant] : [], level: $("gen-level").value || null,
        symmetry: ["jigsaw", "killer"].includes(variant) ? "none" : $("gen-symmetry").value,
      });
      load(made.puzzle, made.board);
      say(`New puzzle: ${made.givens} given${made.givens === 1 ? "" : "s"}${made.rating ? `, ${made.rating.level}` : ""} (seed ${made.seed})`);
    });
  };
  $("blank-form").onsubmit = (event) => {
    event.preventDefault();
    const rules = $("blank-variant").value ? [$("blank-variant").value] : [];
    guarded(() => blank(Number($("blank-size").value), rules));
  };
  $("edit-done").onclick = () => guarded(async () => {
    let text = givensText();
    if (state.rules && state.rules.length) {  // a text that carries the rules: an f-puzzles link
      const written = await api("convert", { puzzle: text, size: state.board.size, variant: state.rules, to: "fpuzzles" });
      text = written.text.trim();
    }
    await open(text);
  });
  $("audit").onclick = () => guarded(async () => {
    let text = state.editing ? givensText() : state.text;
    if (state.editing && state.rules && state.rules.length) {
      text = (await api("convert", { puzzle: text, size: state.board.size, variant: state.rules, to: "fpuzzles" })).text.trim();
    }
    const found = await api("audit", { puzzle: text, size: state.board.size });
    state.marked = new Set(found.differing);
    paint();
    if (found.count === 0) say("Setter's check: no solution");
    else if (found.count === 2) {
      say(`Setter's check: two solutions differ in ${found.differing_names.join(" ")} (marked): a clue is missing there`);
    } else {
      const parts = [];
      if (found.redundant_givens.length) parts.push(`givens that could go: ${found.redundant_givens.join(" ")}`);
      if (found.redundant_constraints.length) parts.push(`constraints that could go: ${found.redundant_constraints.join("; ")}`);
      say(`Setter's check: unique. ${parts.length ? parts.join(". ") : "Every given and constraint is needed."}${found.complete ? "" : " (stopped by the time limit)"}`);
    }
  });
  $("import").onclick = () => guarded(async () => {
    const text = $("import-text").value.trim();
    if (!text) return;
    await open(text);
    $("import-status").textContent = "opened";
  });
  $("share").onclick = () => {
    let link = `${location.origin}/?puzzle=${encodeURIComponent(state.text)}`;
    if ($("share-progress").checked) link += `&progress=${encodeURIComponent(progressLine())}`;
    $("share-link").value = link;
    navigator.clipboard?.writeText(link).catch(() => {});
  };
  $("export").onclick = () => guarded(async () => {
    const result = await api("convert", { puzzle: state.text, to: $("export-format").value });
    $("export-text").value = result.text;
  });
  $("print").onclick = () => window.print();
  $("timer-toggle").onclick = () => {
    const hidden = $("timer").hidden = !$("timer").hidden;
    localStorage.setItem("sudokit:timer-hidden", hidden ? "1" : "");
  };
  $("timer").hidden = !!localStorage.getItem("sudokit:timer-hidden");
  $("theme").onclick = () => {
    const dark = document.documentElement.dataset.theme !== "dark";
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    localStorage.setItem("sudokit:theme", dark ? "dark" : "light");
  };
  const theme = localStorage.getItem("sudokit:theme")
    || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  document.documentElement.dataset.theme = theme;
}

async function start() {
  wire();
  const params = new URLSearchParams(location.search);
  const asked = params.get("puzzle");
  const last = localStorage.getItem("sudokit:last");
  try {
    if (asked) await open(asked, { progress: params.get("progress") });
    else if (last) await open(last);
    else {
      const made = await api("generate", { size: 9, symmetry: "rot180", level: "easy" });
      load(made.puzzle, made.board);
      say(`A new puzzle: ${made.givens} givens, ${made.rating ? made.rating.level : ""}`);
    }
  } catch (error) {
    say(error.message, "bad");
  }
  document.body.dataset.ready = "1";
}

start();
