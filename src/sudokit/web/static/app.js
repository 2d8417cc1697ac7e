// sudokit in the browser: loading puzzles, checking every rule through the API, and wiring the page.
import { $, api, escapeHtml, say, unsay } from "./api.js";
import { build, cells, paint, redrawOverlay, saveSettings, settings } from "./board.js";
import { applyHint, drawLinks, drawRules, explain, hint, showHint, showStep } from "./hints.js";
import { back, erase, setMode } from "./input.js";
import { fresh, otherTabs, remember, restore, save, state } from "./state.js";
import { fromLink, leave, startRecording, watch, wireReplay } from "./replay.js";
import { resumeSetter, wireSetter } from "./setter.js";
import { wirePhoto } from "./photo.js";

export function load(text, board, { progress = null, editing = false } = {}) {
  Object.assign(state, { text, board, editing, history: [], future: [], solution: null, unknownDrawing: [], seconds: 0, solved: false,
    revealed: false, broken: new Set(), brokenRules: [],
    wrong: new Set(), selected: new Set([firstEmpty(board)]), hint: null, steps: [], stepIndex: -1,
    marked: new Set(), preview: null });
  leave({ quiet: true }); // a replay on screen ends with the puzzle
  fresh(board.cells.length);
  state.replay = [];
  if (!editing) restore();
  startRecording(state.replay); // from the grid as restored: what follows is recorded
  if (progress) applyProgress(progress);
  // the rules with nothing drawn, unless the description names them already ("anti-knight" once)
  const extra = board.rules.filter((rule) => !board.description.toLowerCase().includes(rule.toLowerCase()));
  $("description").textContent = board.description + (extra.length ? ` · ${extra.join(", ")}` : "");
  showInfo(board);
  showOtherTabs();
  verified = "";
  const unread = board.unread || [];
  $("unread").hidden = !unread.length;
  $("unread").textContent = unread.length
    ? `Rules sudokit did not read: ${unread.join("; ")}. Solutions, checks and hints are made without them.`
    : "";
  $("timer").textContent = clock(state.seconds);
  $("edit-done").hidden = !editing;
  $("hint-box").hidden = true;
  $("step-text").textContent = "";
  $("step-count").textContent = "–";
  $("rating").textContent = "";
  // playing: the address is the puzzle's link; setting: the bare page, so a reload returns to the draft
  history.replaceState(null, "", editing ? "/" : `/?puzzle=${encodeURIComponent(text)}`);
  build();
  paint();
  save();
}

// The title, author and rules text the setter wrote (f-puzzles and SudokuPad keep them).
function showInfo(board) {
  const info = board.info || {};
  $("puzzle-title").textContent = info.title || "";
  $("puzzle-author").textContent = info.author ? `by ${info.author}` : "";
  $("puzzle-rules").textContent = info.rules || "";
  $("puzzle-info").hidden = !(info.title || info.author || info.rules);
  showReading(board.reading || { sentences: [], drawn: "" });
}

// Each sentence of the rules text with what sudokit made of it, and what each drawing became.
function showReading(reading) {
  const list = $("reading-list");
  list.innerHTML = "";
  for (const item of reading.sentences) {
    const li = document.createElement("li");
    const tag = document.createElement("span");
    const read = item.reading === "the rules read" && item.kinds.length ? item.kinds.join(", ") : item.reading;
    tag.className = item.reading === "NOT READ" ? "reading-tag not-read" : "reading-tag";
    tag.textContent = item.reading === "NOT READ" ? "not read" : read;
    li.append(tag, " ", item.sentence);
    list.append(li);
  }
  $("reading-drawn").textContent = reading.drawn ? `Drawn: ${reading.drawn}` : "";
  $("puzzle-reading").hidden = !reading.sentences.length && !reading.drawn;
}

// Other tabs' progress on this puzzle, when it differs: offered, never merged without asking.
function showOtherTabs() {
  const others = state.editing ? [] : otherTabs();
  const note = $("tabs-note");
  note.hidden = !others.length;
  note.innerHTML = "";
  if (!others.length) return;
  const latest = others.sort((a, b) => (b.saved.updated || 0) - (a.saved.updated || 0))[0];
  note.append(`Another tab has other progress on this puzzle (${latest.filled} digits). `);
  const take = document.createElement("button");
  take.type = "button";
  take.id = "tabs-take";
  take.textContent = "Use it here";
  take.onclick = () => {
    remember(); // undo brings this tab's own progress back
    const { values, corner, centre, colour } = latest.saved;
    Object.assign(state, { values, corner, centre, colour });
    note.hidden = true;
    paint(); save();
  };
  note.append(take);
}

export function applyProgress(line) {
  const symbols = state.board.symbols;
  const tokens = symbols.every((s) => s.length === 1) ? [...line] : line.split(/\s+/);
  tokens.forEach((token, c) => {
    const v = symbols.indexOf(token);
    if (c < state.values.length && v >= 0 && state.board.givens[c] === null) state.values[c] = v;
  });
}

export function firstEmpty(board) {
  const c = board.givens.findIndex((g) => g === null);
  return c < 0 ? 0 : c;
}

export async function open(text, options = {}) {
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

// The first page: the board as soon as it is read, then the verdict (a hard variant takes its time).
async function openFirst(text, options = {}) {
  const parsed = await api("parse", { puzzle: text, check: false });
  load(text, parsed.board, options);
  say("Counting the solutions…");
  document.body.dataset.ready = "1";
  const checked = await api("parse", { puzzle: text });
  if (state.text !== text) return;
  // a rule broken by the digits (or the check's wrong digits), said while the count ran, stays said
  if (["grid", "check"].includes($("status").dataset.about)) return;
  if (state.solved && !state.revealed) say(`Solved in ${clock(state.seconds)}. ${verdict(checked)}`, "good");
  else say(verdict(checked), checked.solutions === "unique" ? "" : "bad");
}

export function verdict(parsed) {
  const answer = plainVerdict(parsed);
  if (parsed.solutions === "undetermined") return `${answer} (see the note below)`;
  return parsed.warning ? `${answer}, counting only the rules read (see the note below)` : answer;
}

export function plainVerdict(parsed) {
  const givens = `${parsed.givens} given${parsed.givens === 1 ? "" : "s"}`;
  if (parsed.solutions === "unique") return `${givens} · one solution`;
  if (parsed.solutions === "several") return `${givens} · several solutions`;
  if (parsed.solutions === "none") return `no solution${parsed.reason ? `: ${parsed.reason}` : ""}`;
  if (parsed.solutions === "undetermined") {
    const many = parsed.complete ? `${parsed.count}` : `at least ${parsed.count}`;
    return `${givens} · undetermined: ${many} solution${parsed.count === 1 ? "" : "s"} under the rules read`;
  }
  return `${givens} · uniqueness not known yet`;
}

// A file the server makes (a PDF), saved by the browser; an error answer is said, as every API error is.
async function download(path, body, name) {
  const response = await fetch(`/api/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.error || `the server answered ${response.status}`);
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await response.blob());
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// ---------------------------------------------------------------------------------- the board

// Every rule is judged by the server, by the rule's own meaning (sudokit.constraints): a filled cage
// whose sum is wrong is a conflict, and a full grid is "solved" only when it breaks nothing.
export let verifyTimer = null;

export let verified = "";

export function verifySoon(clashing) {
  const line = progressLine();
  if (line === verified) return;
  clearTimeout(verifyTimer);
  verifyTimer = setTimeout(() => guarded(() => verify(line, clashing)), 150);
}

export async function verify(line, clashing) {
  const text = state.text;
  const progress = state.values.map((v) => (v === null ? null : state.board.symbols[v]));
  const result = await api("verify", { puzzle: text, progress });
  if (text !== state.text || line !== progressLine()) return; // the player moved on
  verified = line;
  state.broken = new Set(result.broken.flatMap((b) => b.cells));
  state.brokenRules = result.broken;
  paint();
  nameBroken(result.broken);
  if (!state.wrong.size) unsay("check");
  const rules = [...new Set(result.broken.map((b) => b.rule))];
  if (result.solved && !clashing) {
    if (!state.solved) finish(result.setter ? null : result.warning, result.setter);
  } else if (result.complete) {
    say(`The grid is full but breaks ${rules.length ? rules.join(", ") : result.faults.join(", ")}.`, "bad", "grid");
  } else if (rules.length) {
    say(`Breaks ${rules.slice(0, 3).join("; ")}${rules.length > 3 ? ` and ${rules.length - 3} more` : ""}.`, "bad", "grid");
  } else {
    unsay("grid");
  }
}

// Each conflicting cell says which rules it breaks (its tooltip, and its name for screen readers).
function nameBroken(broken) {
  const rulesOf = new Map();
  for (const { rule, cells: members } of broken) {
    for (const c of members) rulesOf.set(c, [...(rulesOf.get(c) || []), rule]);
  }
  cells.forEach((cell, c) => {
    if (rulesOf.has(c)) cell.title = `breaks ${rulesOf.get(c).join("; ")}`;
    else cell.removeAttribute("title");
  });
}

export function progressLine() {
  const { symbols } = state.board;
  const single = symbols.every((s) => s.length === 1);
  const tokens = state.values.map((v) => (v === null ? (single ? "." : "0") : symbols[v]));
  return single ? tokens.join("") : tokens.join(" ");
}

export async function solution() {
  if (!state.solution) {
    const result = await api("solve", { puzzle: state.text });
    if (!result.solution) throw new Error(result.reason || result.status);
    state.solution = result.solution.map((s) => state.board.symbols.indexOf(s));
    state.unique = result.unique;
    state.verdict = result.verdict;
    state.only = result.only; // the rules read leave just this solution: the puzzle's, if it has one
    state.whose = result.whose; // "setter": the link's own solution (sudokit's reading is incomplete)
    // the solution's unknowns beside the digits (shaded cells, regions drawn), shown when revealed
    state.unknownDrawing = (result.unknown_drawing || []).map((shape) => ({ ...shape, solution: true }));
  }
  return state.solution;
}

// Whether the solution found may judge the player's digits: it is the puzzle's own.
function trusted() {
  return state.verdict === "unique" || (state.verdict === "undetermined" && state.only) || state.whose === "setter";
}

// Said after a check or a reveal made against the setter's solution rather than sudokit's own.
function bySetter() { return state.whose === "setter" ? " (checked against the setter's solution)" : ""; }

export async function guarded(work) {
  try { await work(); } catch (error) { say(error.message, "bad"); }
}

export async function check() {
  const answer = await solution();
  if (!trusted()) {
    say("Cannot check: some rules were not read, and the rules read allow more than one solution.", "bad", "check");
    return;
  }
  state.wrong = new Set(state.values.map((v, c) => (v !== null && v !== answer[c] ? c : -1)).filter((c) => c >= 0));
  paint();
  say(state.wrong.size ? `${state.wrong.size} wrong${bySetter()}` : `Everything so far is right${bySetter()}.`, state.wrong.size ? "bad" : "good", "check");
}

export async function reveal() {
  const answer = await solution();
  if (!trusted()) {
    say("Cannot reveal: some rules were not read, and the rules read allow more than one solution.", "bad");
    return;
  }
  remember();
  for (const c of state.selected) if (state.board.givens[c] === null) state.values[c] = answer[c];
  paint(); save();
}

export async function solveAll() {
  const answer = await solution();
  remember();
  state.values = state.board.givens.map((g, c) => (g === null ? answer[c] : null));
  state.revealed = true; // shown, not solved: never greeted "Solved"
  if (state.unknownDrawing?.length) {
    state.board.drawing = [...(state.board.drawing || []).filter((shape) => !shape.solution), ...state.unknownDrawing];
    redrawOverlay();
  }
  paint(); save();
  if (state.verdict === "undetermined") say("A solution under the rules read is shown; some rules were not read, so it may not be the puzzle's.", "bad");
  else if (state.unique === false) say("A solution is shown; the puzzle has several, so this is only one of them.", "bad");
  else if (state.unique === null) say("A solution is shown; whether it is the only one was not settled in time.", "");
  else say("The solution is shown.", "");
}

export function autoCandidates() {
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

export function finish(warning, setter = false) {
  state.solved = true;
  save();
  if (state.revealed) return; // the solution was shown by Solve: the status already says so
  if (warning) say(`Every rule sudokit read holds (${clock(state.seconds)}); ${warning}.`, "");
  else say(`Solved in ${clock(state.seconds)}${setter ? " (the setter's solution)" : ""}.`, "good");
}

export async function trueCandidates() {
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

export let checkTimer = null;

export function edited() {
  if (!state.editing) return;
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    try {
      const parsed = await api("parse", { puzzle: givensText(), size: state.board.size, variant: state.rules });
      say(verdict(parsed), parsed.solutions === "unique" ? "good" : "bad");
    } catch (error) { say(error.message, "bad"); }
  }, 250);
}

export function givensText() {
  const { symbols, givens } = state.board;
  const single = symbols.every((s) => s.length === 1);
  const tokens = givens.map((g) => (g === null ? (single ? "." : "0") : symbols[g]));
  return single ? tokens.join("") : tokens.join(" ");
}

export async function blank(size, rules) {
  const parsed = await api("parse", { puzzle: ".".repeat(size * size), size, variant: rules });
  load("", parsed.board, { editing: true });
  state.rules = rules;
  say("Type the givens; the status says whether they make one solution.");
}

// -------------------------------------------------------------------------------------- timer

export function clock(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

setInterval(() => {
  if (!state.board || state.editing || state.solved || state.paused || state.replaying || document.hidden) return;
  state.seconds += 1;
  $("timer").textContent = clock(state.seconds);
  if (state.seconds % 5 === 0) save();
}, 1000);

// -------------------------------------------------------------------------------------- wiring

export function wire() {
  wireSetter();
  wireReplay();
  wirePhoto();
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
  $("restart").onclick = () => {
    if (state.replaying) return;
    remember(); fresh(state.board.cells.length); state.solved = false; state.revealed = false; state.wrong.clear();
    startRecording([]); // a new solve, a new recording
    paint(); save();
  };
  $("explain-load").onclick = () => guarded(explain);
  $("step-prev").onclick = () => { if (state.stepIndex > 0) { state.stepIndex -= 1; showStep(); } };
  $("step-next").onclick = () => { if (state.stepIndex < state.steps.length - 1) { state.stepIndex += 1; showStep(); } };
  $("explain-panel").addEventListener("toggle", () => {
    if (!$("explain-panel").open) { state.preview = null; state.marked = new Set(); state.stepView = null; drawLinks(null); drawRules(null); paint(); }
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
    if (!found.determined) {
      const many = found.count >= 2 ? "at least two solutions" : `${found.count} solution${found.count === 1 ? "" : "s"}`;
      say(`Setter's check: undetermined: ${many} under the rules read (some rules were not read; see the note below)`);
    } else if (found.count === 0) say("Setter's check: no solution");
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
    // only blank lines and trailing space go: a frame's first row may start with spaces (windmill)
    const text = $("import-text").value.replace(/^(\s*\n)+/, "").trimEnd();
    if (!text) return;
    const layout = $("import-layout").value;
    if (layout) {
      // the text cannot say its box shape or layout: read it so, then keep the JSON, which says it
      const [kind, value] = layout.split(":");
      const request = kind === "box" ? { box: value.split("x").map(Number) } : { variant: [value] };
      const written = await api("convert", { puzzle: text, to: "json", ...request });
      await open(written.text);
    } else {
      await open(text);
    }
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
  $("pdf").onclick = () => guarded(() => download("pdf", { puzzle: state.text, solution: $("pdf-solution").checked }, "sudokit-puzzle.pdf"));
  $("booklet").onclick = () => guarded(async () => {
    const variant = $("gen-variant").value;
    say("Making the booklet…");
    await download("booklet", {
      count: Number($("booklet-count").value) || 6, size: variant === "samurai" ? 9 : Number($("gen-size").value),
      variant: variant ? [variant] : [], level: $("gen-level").value || null,
      symmetry: ["jigsaw", "killer"].includes(variant) ? "none" : $("gen-symmetry").value,
    }, "sudokit-booklet.pdf");
    say("The booklet is saved.", "good");
  });
  wireSettings();
  wireLibrary();
  $("pause").onclick = () => pause(!state.paused);
  $("resume").onclick = () => pause(false);
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

export // Settings: each checkbox is one of board.js's settings, saved as soon as it changes.
function wireSettings() {
  for (const [id, name] of [["set-conflicts", "conflicts"], ["set-highlight", "highlight"], ["set-auto-remove", "autoRemove"]]) {
    $(id).checked = settings[name];
    $(id).onchange = () => { settings[name] = $(id).checked; saveSettings(); if (state.board) paint(); };
  }
}

// Pause: the grid is hidden and the clock stops until the player resumes.
export function pause(on) {
  state.paused = on;
  $("paused").hidden = !on;
  $("pause").textContent = on ? "Resume" : "Pause";
}

// The library: bundled puzzles by size and rule, and today's puzzle (the date is the seed).
async function wireLibrary() {
  $("today").onclick = () => guarded(async () => {
    say("Making today's puzzle…");
    const made = await api("today", { size: Number($("today-size").value), level: $("today-level").value });
    load(made.puzzle, made.board);
    say(`Today's ${made.rating ? made.rating.level : ""} puzzle (${made.date}): ${made.givens} givens`);
  });
  let puzzles = [];
  try { puzzles = (await (await fetch("/api/library")).json()).puzzles || []; } catch { return; }
  const fill = (select, values) => {
    for (const v of values) select.insertAdjacentHTML("beforeend", `<option>${escapeHtml(String(v))}</option>`);
  };
  fill($("library-size"), [...new Set(puzzles.map((p) => p.size))].sort((a, b) => a - b));
  fill($("library-kind"), [...new Set(puzzles.flatMap((p) => p.kinds))].sort());
  const show = () => {
    const size = $("library-size").value, kind = $("library-kind").value;
    $("library-list").innerHTML = "";
    for (const p of puzzles) {
      if ((size && String(p.size) !== size) || (kind && !p.kinds.includes(kind))) continue;
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${p.title}${p.author ? ` by ${p.author}` : ""} · ${p.size}x${p.size}${p.kinds.length ? ` · ${p.kinds.join(", ")}` : ""}`;
      button.onclick = () => guarded(() => open(p.puzzle));
      item.append(button);
      $("library-list").append(item);
    }
  };
  $("library-size").onchange = show;
  $("library-kind").onchange = show;
  show();
}

async function start() {
  wire();
  const params = new URLSearchParams(location.search);
  const asked = params.get("puzzle");
  const last = localStorage.getItem("sudokit:last");
  try {
    if (asked) {
      await openFirst(asked, { progress: params.get("progress") });
      if (params.get("replay")) {  // a shared replay: watched, the player's own grid untouched
        try { watch(await fromLink(params.get("replay"))); } catch { say("The replay in this link cannot be read.", "bad"); }
      }
    } else if (last) await openFirst(last);
    else {
      const made = await api("generate", { size: 9, symmetry: "rot180", level: "easy" });
      load(made.puzzle, made.board);
      say(`A new puzzle: ${made.givens} givens, ${made.rating ? made.rating.level : ""}`);
    }
    // a reload while setting: back to the draft; a link opened in this tab is played, the draft kept
    if (!asked) await resumeSetter();
  } catch (error) {
    say(error.message, "bad");
  }
  document.body.dataset.ready = "1";
  document.body.dataset.verdict = "1";
}

start();
