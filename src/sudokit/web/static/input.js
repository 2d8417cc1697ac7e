// sudokit in the browser: selection, entry of digits, marks and colours, undo, and the keyboard.
import { edited, pause } from "./app.js";
import { COLOURS, buildKeypad, paint, positions, settings } from "./board.js";
import { remember, save, snapshot, state } from "./state.js";

export function selectOnly(c) { state.selected = new Set([c]); paint(); }

// A double click: every cell showing the same digit (a given or one entered); on an empty cell,
// every cell of the same colour.
export function selectSame(c) {
  const { board } = state;
  const shown = (i) => (board.givens[i] !== null ? board.givens[i] : state.values[i]);
  const digit = shown(c);
  const same = digit !== null
    ? board.cells.map((_, i) => i).filter((i) => shown(i) === digit)
    : state.colour[c] ? board.cells.map((_, i) => i).filter((i) => state.colour[i] === state.colour[c]) : [c];
  state.selected = new Set(same);
  paint();
}

export const MODES = ["normal", "corner", "centre", "colour"];

export function toggleSelect(c) {
  if (state.selected.has(c) && state.selected.size > 1) state.selected.delete(c); else state.selected.add(c);
  paint();
}

export function back(from, to) {
  if (!from.length || state.replaying) return;
  to.push(snapshot());
  const [values, corner, centre, colour, givens] = JSON.parse(from.pop());
  Object.assign(state, { values, corner, centre, colour });
  if (givens) state.board.givens = givens;
  state.wrong.clear();
  paint(); save(); edited();
}

export function editable(c) { return state.editing || state.board.givens[c] === null; }

export function enter(v, mode = state.mode) {
  if (state.replaying) return; // a replay on screen: entry is off until the player leaves it
  const targets = [...state.selected].filter(editable);
  if (!targets.length) return;
  remember();
  if (state.editing && mode === "normal") {
    const all = targets.every((c) => state.board.givens[c] === v);
    targets.forEach((c) => { state.board.givens[c] = all ? null : v; });
  } else if (mode === "normal") {
    const all = targets.every((c) => state.values[c] === v);
    targets.forEach((c) => { state.values[c] = all ? null : v; state.wrong.delete(c); });
    if (!all && settings.autoRemove) {
      for (const c of targets) {
        for (const p of state.board.peers[c]) {
          state.centre[p] = state.centre[p].filter((s) => s !== v);
          state.corner[p] = state.corner[p].filter((s) => s !== v);
        }
      }
    }
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

export function erase() {
  if (state.replaying) return;
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

export function move(dr, dc, extend) {
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

export function setMode(mode) {
  state.mode = mode;
  document.querySelectorAll(".mode").forEach((b) => {
    b.classList.toggle("active", b.dataset.mode === mode);
    b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
  });
  buildKeypad();
}

document.addEventListener("keydown", (event) => {
  if (!state.board || event.target.closest("input, textarea, select")) return;
  const k = event.key;
  if (k.toLowerCase() === "p" && !event.ctrlKey && !event.metaKey && !state.board.symbols.includes(k.toUpperCase())) {
    pause(!state.paused);
    return;
  }
  if (state.paused) return; // the grid is hidden: no entry until the player resumes
  if ((event.ctrlKey || event.metaKey) && k.toLowerCase() === "z") { event.preventDefault(); event.shiftKey ? back(state.future, state.history) : back(state.history, state.future); return; }
  if ((event.ctrlKey || event.metaKey) && k.toLowerCase() === "y") { event.preventDefault(); back(state.future, state.history); return; }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { event.preventDefault(); move(...arrows[k], event.shiftKey || event.ctrlKey); return; }
  if (k === "Delete" || k === "Backspace") { event.preventDefault(); erase(); return; }
  if (k === "Escape") { state.selected.clear(); paint(); return; }
  if ((event.ctrlKey || event.metaKey) && k.toLowerCase() === "a") {  // every cell
    event.preventDefault();
    state.selected = new Set(state.board.cells.map((_, i) => i));
    paint();
    return;
  }
  if (k === " " && !event.ctrlKey && !event.metaKey) {  // the next entry mode (Shift: the one before)
    event.preventDefault();
    const at = MODES.indexOf(state.mode);
    setMode(MODES[(at + (event.shiftKey ? MODES.length - 1 : 1)) % MODES.length]);
    return;
  }
  const modes = { z: "normal", x: "corner", c: "centre", v: "colour" };
  const symbols = state.board.symbols;
  if (state.mode === "colour" && /^[1-9]$/.test(k) && Number(k) <= COLOURS) {
    event.preventDefault();
    enter(Number(k) - 1, "colour");
    return;
  }
  const mode = event.shiftKey ? "corner" : (event.ctrlKey || event.metaKey) ? "centre" : state.mode;
  if (/^[0-9]$/.test(k) || event.code.startsWith("Digit")) {
    const digit = /^[0-9]$/.test(k) ? k : event.code.slice(5);
    if (typeTwoDigits(digit, symbols, mode)) { event.preventDefault(); return; }
  }
  let v = symbols.indexOf(k);
  if (v < 0) v = symbols.indexOf(k.toUpperCase());
  if (v < 0 && event.code.startsWith("Digit")) v = symbols.indexOf(event.code.slice(5));
  if (v < 0 && !event.ctrlKey && modes[k.toLowerCase()]) { setMode(modes[k.toLowerCase()]); return; }
  if (v >= 0) {
    event.preventDefault();
    enter(v, mode);
  }
});

// Symbols of two digits (10 to 16): "1" then "2" within a moment enters 12; "1" alone enters 1 once the
// moment passes (at once where no symbol starts with a "1" and has two digits).
let pending = null;
function typeTwoDigits(digit, symbols, mode) {
  if (pending) {
    clearTimeout(pending.timer);
    const both = symbols.indexOf(pending.digit + digit);
    const first = pending;
    pending = null;
    if (both >= 0) { enter(both, first.mode); return true; }
    const alone = symbols.indexOf(first.digit);
    if (alone >= 0) enter(alone, first.mode);
  }
  const longer = symbols.some((s) => s.length === 2 && s.startsWith(digit) && /^[0-9]+$/.test(s));
  if (!longer) return false;
  pending = { digit, mode, timer: setTimeout(() => {
    const alone = symbols.indexOf(digit);
    pending = null;
    if (alone >= 0) enter(alone, mode);
  }, TWO_DIGIT_MS) };
  return true;
}
const TWO_DIGIT_MS = 700;
