// sudokit in the browser: the player's state: digits, marks, colours, undo history; saved per tab and per puzzle.

export const state = {
  text: "", board: null, values: [], corner: [], centre: [], colour: [], wrong: new Set(),
  selected: new Set(), mode: "normal", history: [], future: [], solution: null, editing: false,
  seconds: 0, solved: false, hint: null, hintStage: 0, steps: [], stepIndex: -1, marked: new Set(),
  preview: null, rules: [], broken: new Set(),
};

export const key = () => `sudokit:${state.text}`;

export function save() {
  if (!state.text || state.editing) return;
  const progress = { values: state.values, corner: state.corner, centre: state.centre, colour: state.colour,
    seconds: state.seconds, solved: state.solved };
  localStorage.setItem(key(), JSON.stringify(progress));
  localStorage.setItem("sudokit:last", state.text);
}

export function restore() {
  const saved = JSON.parse(localStorage.getItem(key()) || "null");
  if (!saved || !Array.isArray(saved.values) || saved.values.length !== state.board.cells.length) return;
  Object.assign(state, { values: saved.values, corner: saved.corner, centre: saved.centre, colour: saved.colour,
    seconds: saved.seconds || 0, solved: !!saved.solved });
}

// ------------------------------------------------------------------------------------- loading

export function fresh(n) {
  state.values = Array(n).fill(null);
  state.corner = Array.from({ length: n }, () => []);
  state.centre = Array.from({ length: n }, () => []);
  state.colour = Array(n).fill(0);
}

export function snapshot() {
  return JSON.stringify([state.values, state.corner, state.centre, state.colour, state.editing ? state.board.givens : null]);
}

export function remember() { state.history.push(snapshot()); state.future = []; if (state.history.length > 500) state.history.shift(); }
