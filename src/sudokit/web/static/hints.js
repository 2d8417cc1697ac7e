// sudokit in the browser: hints in stages and the whole explained path, drawn on the board.
import { $, api, say } from "./api.js";
import { markPlace, marksPerRow, paint } from "./board.js";
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
  const full = state.hintStage >= 3;
  // first stages: the house to look at shaded; the full step: its own cells
  state.marked = new Set(full ? h.step.cell_indexes : h.where_cells || []);
  state.stepView = full ? stepView(h.step) : null;
  paint();
  drawLinks(full ? h.step : null);
  drawRules(h.step);
}

// What the board shows with a step: the pencil marks it starts from, the candidates it uses (its
// digits in its cells), what it places and what it removes.
export function stepView(step) {
  if (!step || !step.candidates) return null;
  const pair = (c, d) => `${c},${d}`;
  const digits = new Set(step.digit_indexes || []);
  const used = new Set();
  for (const c of step.cell_indexes) for (const d of step.candidates[c] || []) if (digits.has(d)) used.add(pair(c, d));
  for (const [c, d] of chainNodes(step)) used.add(pair(c, d));
  return {
    candidates: step.candidates,
    used,
    placed: new Set(step.placed.map(([c, d]) => pair(c, d))),
    eliminated: new Set(step.eliminated.map(([c, d]) => pair(c, d))),
  };
}

// The candidates a chain names, in order, with the link that leads to each: Eureka notation,
// (d)r1c2=(d)r1c5-(d)r3c5 ...; "=" a strong link, "-" a weak one.
function chainNodes(step) {
  const index = new Map(state.board.names.map((name, c) => [name, c]));
  const nodes = [];
  for (const [, link, digits, name] of step.explanation.matchAll(/([=-]?)\(([^)]*)\)(r\d+c\d+)/g)) {
    const c = index.get(name);
    // "(4=8)r1c2": a cell's own strong link, entered by 4 and left by 8; "(4)r1c2" or "(4/5)r1c2": one
    const parts = digits.split("=").map((part) => state.board.symbols.indexOf(part.split(/[/,]/)[0].trim()));
    if (c === undefined || parts.some((d) => d < 0)) continue;
    nodes.push([c, parts[0], link]);
    if (parts.length > 1) nodes.push([c, parts[parts.length - 1], "="]);
  }
  return nodes;
}

// Where a candidate's pencil mark sits in its cell, in board units (the same k x k layout paint uses).
function markCentre(c, d) {
  const [r, col] = state.board.cells[c];
  const k = marksPerRow();
  const [row, column] = markPlace(d);
  return [col + (column + 0.5) / k, r + (row + 0.5) / k];
}

// The variant rules a step reads (a thermometer, a cage, a dot's two cells), shaded under the board's
// drawings from the first stage on: where to look, without saying which digit.
export function drawRules(step) {
  const layer = overlayGroup("rules");
  layer.innerHTML = "";
  if (!step) return;
  for (const cells of step.rule_indexes || []) {
    for (const c of cells) {
      const [r, col] = state.board.cells[c];
      layer.insertAdjacentHTML("beforeend", `<rect class="rule-focus" x="${col + 0.04}" y="${r + 0.04}"
        width=".92" height=".92" rx=".08" fill="#ffb300" fill-opacity=".22" stroke="#ef6c00"
        stroke-width=".04"/>`);
    }
  }
}

// A group of the overlay, made on first use (chain links, rule shading).
function overlayGroup(id) {
  const existing = $("overlay").querySelector(`#${id}`);
  if (existing) return existing;
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.id = id;
  $("overlay").append(g);
  return g;
}

// A chain drawn from candidate to candidate: a solid line for a strong link, dashed for a weak one.
export function drawLinks(step) {
  const layer = overlayGroup("links");
  layer.innerHTML = "";
  if (!step) return;
  let previous = null;
  for (const [c, d, link] of chainNodes(step)) {
    const [x, y] = markCentre(c, d);
    if (previous && link) {
      const [px, py] = previous;
      // stop short of both marks, so the digits stay readable
      const length = Math.hypot(x - px, y - py) || 1, gap = Math.min(0.12, length / 3);
      const ux = (x - px) / length, uy = (y - py) / length;
      layer.insertAdjacentHTML("beforeend", `<line class="chain-link ${link === "=" ? "strong" : "weak"}"
        x1="${px + ux * gap}" y1="${py + uy * gap}" x2="${x - ux * gap}" y2="${y - uy * gap}"
        stroke="#2e7d32" stroke-width=".035" ${link === "-" ? 'stroke-dasharray=".08 .05"' : ""} stroke-linecap="round"/>`);
    }
    layer.insertAdjacentHTML("beforeend", `<circle class="chain-node" cx="${x}" cy="${y}" r=".1" fill="none"
      stroke="#2e7d32" stroke-width=".025"/>`);
    previous = [x, y];
  }
}

export function applyHint() {
  const step = state.hint && state.hint.step;
  if (!step) return;
  remember();
  for (const [c, d] of step.placed) if (state.board.givens[c] === null) state.values[c] = d;
  for (const [c, d] of step.eliminated) {
    // a cell without centre marks gets the step's candidates, so the removal shows
    if (!state.centre[c].length && step.candidates && step.candidates[c]) state.centre[c] = [...step.candidates[c]];
    state.centre[c] = state.centre[c].filter((s) => s !== d);
  }
  closeHint();
  paint(); save();
}

export function closeHint() {
  state.hint = null;
  state.marked = new Set();
  state.stepView = null;
  $("hint-box").hidden = true;
  drawLinks(null);
  drawRules(null);
}

export async function explain() {
  const path = await api("explain", { puzzle: state.text });
  state.steps = path.steps;
  state.stepIndex = 0;
  $("rating").textContent = `Rated ${path.level} (score ${path.score}${path.hardest ? `, hardest: ${path.hardest}` : ""})`;
  // Sudoku Explainer's rating, the one forums quote: classic 9x9 only, and it may take a moment
  const text = state.text;
  if (state.board.classic) {
    api("rate", { puzzle: text, scale: "se" }).then((se) => {
      if (state.text === text) $("rating").textContent += ` · Sudoku Explainer ER ${se.er.toFixed(1)} (EP ${se.ep.toFixed(1)}, ED ${se.ed.toFixed(1)})`;
    }).catch(() => {});
  }
  listSteps();
  showStep();
}

// Every step of the path in a list: the player jumps to one by choosing it.
function listSteps() {
  const list = $("step-list");
  list.innerHTML = "";
  state.steps.forEach((step, k) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "step-jump";
    const where = step.placements.length
      ? step.placements.map((p) => `r${p.row}c${p.col}=${p.symbol}`).join(" ")
      : `${step.eliminations.length} removed`;
    button.textContent = `${step.technique}: ${where}`;
    button.onclick = () => { state.stepIndex = k; showStep(); };
    item.append(button);
    list.append(item);
  });
}

export function showStep() {
  const step = state.steps[state.stepIndex];
  if (!step) return;
  $("step-count").textContent = `${state.stepIndex + 1} / ${state.steps.length}`;
  $("step-text").textContent = step.explanation;
  document.querySelectorAll("#step-list .step-jump").forEach((b, k) => {
    b.classList.toggle("current", k === state.stepIndex);
    if (k === state.stepIndex) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  });
  // the grid as it stands before this step: every earlier step's digits, shown in grey
  state.preview = Array(state.board.cells.length).fill(null);
  for (const earlier of state.steps.slice(0, state.stepIndex)) {
    for (const [c, d] of earlier.placed) state.preview[c] = d;
  }
  state.marked = new Set(step.cell_indexes);
  state.stepView = stepView(step);
  paint();
  drawLinks(step);
  drawRules(step);
}
