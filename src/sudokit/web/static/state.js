// sudokit in the browser: the player's state (digits, marks, colours, undo history), saved per tab.
//
// Every tab keeps its own progress: two tabs on the same puzzle never overwrite each other's digits.
// A tab's progress lives in sessionStorage (it survives a reload, with the undo history) and in
// localStorage under the tab's id (so a new tab, or the browser after a restart, finds the most recent).

export const state = {
  text: "", board: null, values: [], corner: [], centre: [], colour: [], wrong: new Set(),
  selected: new Set(), mode: "normal", history: [], future: [], solution: null, unknownDrawing: [], editing: false,
  seconds: 0, solved: false, revealed: false, hint: null, hintStage: 0, steps: [], stepIndex: -1,
  marked: new Set(), preview: null, rules: [], broken: new Set(), brokenRules: [],
};

import { decode, encode, record } from "./replay.js";

const MAX_TABS = 8; // progress kept per puzzle for this many tabs (the oldest goes first)
const MAX_HISTORY = 300; // undo steps kept across a reload

// This tab's id: kept in sessionStorage, so a reload keeps it and every other tab has its own.
export const tab = (() => {
  let id = sessionStorage.getItem("sudokit:tab");
  if (!id) {
    id = Math.random().toString(36).slice(2, 10);
    sessionStorage.setItem("sudokit:tab", id);
  }
  return id;
})();

export const key = () => `sudokit:${state.text}`;

function progress() {
  return { values: state.values, corner: state.corner, centre: state.centre, colour: state.colour,
    seconds: state.seconds, solved: state.solved, revealed: state.revealed, updated: Date.now(),
    replay: encode(state.replay || []) };
}

// The saves of every tab for this puzzle: { tabs: { id: progress } } (an older single save is one tab).
function tabsSaved() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(key()) || "null"); } catch { saved = null; }
  if (saved && Array.isArray(saved.values)) return { tabs: { old: saved } };
  return saved && saved.tabs ? saved : { tabs: {} };
}

function store(storage, name, value) {
  try { storage.setItem(name, value); return true; } catch { return false; } // full: keep playing
}

export function save() {
  // a replay on screen is not the player's grid: it is never saved over it
  if (!state.text || state.editing || state.replaying) return;
  record();
  const mine = progress();
  const saved = tabsSaved();
  saved.tabs[tab] = mine;
  const ids = Object.keys(saved.tabs).sort((a, b) => (saved.tabs[b].updated || 0) - (saved.tabs[a].updated || 0));
  for (const id of ids.slice(MAX_TABS)) delete saved.tabs[id];
  store(localStorage, key(), JSON.stringify(saved));
  store(localStorage, "sudokit:last", state.text);
  const own = { ...mine, history: state.history.slice(-MAX_HISTORY), future: state.future.slice(-MAX_HISTORY) };
  if (!store(sessionStorage, key(), JSON.stringify(own))) {
    store(sessionStorage, key(), JSON.stringify({ ...mine, history: [], future: [] }));
  }
}

function usable(saved) {
  return saved && Array.isArray(saved.values) && saved.values.length === state.board.cells.length;
}

// This tab's own progress after a reload (with its undo history); else the most recent of any tab.
export function restore() {
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(key()) || "null"); } catch { saved = null; }
  if (!usable(saved)) {
    const all = Object.values(tabsSaved().tabs).filter(usable);
    saved = all.sort((a, b) => (b.updated || 0) - (a.updated || 0))[0] || null;
  }
  if (!saved) return;
  Object.assign(state, { values: saved.values, corner: saved.corner, centre: saved.centre, colour: saved.colour,
    seconds: saved.seconds || 0, solved: !!saved.solved, revealed: !!saved.revealed, replay: decodeSaved(saved.replay),
    history: Array.isArray(saved.history) ? saved.history : [], future: Array.isArray(saved.future) ? saved.future : [] });
}

function decodeSaved(text) {
  try { return typeof text === "string" ? decode(text) : []; } catch { return []; }
}

// Progress other tabs saved for this puzzle that differs from this tab's: [{ id, filled, updated }].
export function otherTabs() {
  const mine = JSON.stringify(state.values);
  return Object.entries(tabsSaved().tabs)
    .filter(([id, saved]) => id !== tab && usable(saved) && JSON.stringify(saved.values) !== mine)
    .map(([id, saved]) => ({ id, saved, filled: saved.values.filter((v) => v !== null).length }));
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

export function remember() {
  state.history.push(snapshot());
  state.future = [];
  if (state.history.length > 500) state.history.shift();
}
