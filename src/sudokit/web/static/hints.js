// sudokit in the browser: hints in stages and the whole explained path, drawn on the board.
import { $, api, say } from "./api.js";
import { cells, paint } from "./board.js";
import { remember, save, state } from "./state.js";

export async function hint() {
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

export function showHint() {
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
export function drawLinks(step) {
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

export function showEliminations(step) {
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

export function applyHint() {
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

export async function explain() {
  const path = await api("explain", { puzzle: state.text });
  state.steps = path.steps;
  state.stepIndex = 0;
  $("rating").textContent = `Rated ${path.level} (score ${path.score}${path.hardest ? `, hardest: ${path.hardest}` : ""})`;
  showStep();
}

export function showStep() {
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
