// sudokit in the browser: selection, entry of digits, marks and colours, undo, and the keyboard.
import { edited } from "./app.js";
import { buildKeypad, paint, positions } from "./board.js";
import { remember, save, snapshot, state } from "./state.js";

export function selectOnly(c) { state.selected = new Set([c]); paint(); }

export function toggleSelect(c) {
  if (state.selected.has(c) && state.selected.size > 1) state.selected.delete(c); else state.selected.add(c);
  paint();
}

export function back(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  const [values, corner, centre, colour, givens] = JSON.parse(from.pop());
  Object.assign(state, { values, corner, centre, colour });
  if (givens) state.board.givens = givens;
  state.wrong.clear();
  paint(); save(); edited();
}

export function editable(c) { return state.editing || state.board.givens[c] === null; }

export function enter(v, mode = state.mode) {
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

export function erase() {
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
