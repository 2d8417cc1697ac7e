// sudokit in the browser: the board: cells, regions, the drawing of every rule, and painting the state onto it.
import { $, escapeHtml } from "./api.js";
import { verifySoon } from "./app.js";
import { enter, selectOnly, selectSame, toggleSelect } from "./input.js";
import { state } from "./state.js";

export let cells = [];

export let positions = new Map(); // "row,col" -> cell index, for the board being played

export let dragging = false;
let labelled = new Set(); // cells that hold a cage's sum in their top-left corner

// The player's settings (kept in localStorage): conflict checker, highlighting, and removing a placed
// digit from the marks of the cells it sees.
export const settings = Object.assign({ conflicts: true, highlight: true, autoRemove: false },
  JSON.parse(localStorage.getItem("sudokit:settings") || "{}"));
export function saveSettings() { localStorage.setItem("sudokit:settings", JSON.stringify(settings)); }

export const COLOURS = 9; // cell colours, whatever the grid's size

export function build() {
  const { board } = state;
  const el = $("board");
  el.innerHTML = "";
  el.style.setProperty("--cols", board.cols);
  el.style.setProperty("--rows", board.rows);
  $("board-wrap").style.setProperty("--cols", board.cols);
  $("board-wrap").style.setProperty("--rows", board.rows);
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
    cell.id = `cell-${i}`;
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
      // focusing must not scroll: the page moving under a pressed button would drag-select the next cell
      $("board").focus({ preventScroll: true });
      dragging = true;
      if (event.ctrlKey || event.metaKey || event.shiftKey) toggleSelect(i);
      else selectOnly(i);
    });
    cell.addEventListener("pointerenter", (event) => {
      if (dragging && event.buttons && !state.selected.has(i)) { state.selected.add(i); paint(); }
    });
    cell.addEventListener("dblclick", () => selectSame(i));
    rows[r].append(cell);
    return cell;
  });
  // a finger's drag: touch pointers stay captured by the first cell, so find the cell under it
  el.onpointermove = (event) => {
    if (!dragging || event.pointerType === "mouse") return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest?.(".cell");
    const i = under ? Number(under.dataset.index) : -1;
    if (i >= 0 && !state.selected.has(i)) { state.selected.add(i); paint(); }
  };
  drawOverlay(index);
  buildKeypad();
}

// The puzzle's drawing description (sudokit.constraints.drawing): the same shapes the SVG renderer
// draws, in cell units with the corner origin ([row, col]); "ink" is the theme's text colour.
export function drawOverlay(index) {
  const { board } = state;
  const svg = $("overlay");
  svg.setAttribute("viewBox", `0 0 ${board.cols} ${board.rows}`);
  const parts = [];
  const shapes = [...(board.drawing || [])].sort((a, b) => (a.layer ?? 1) - (b.layer ?? 1));
  for (const shape of shapes) parts.push(drawShape(shape, index));
  svg.innerHTML = parts.join("");
  // cage sums go above the cells' pencil marks (on a halo of the page), and corner marks leave their corner
  const labels = $("labels");
  labels.setAttribute("viewBox", svg.getAttribute("viewBox"));
  labels.innerHTML = "";
  svg.querySelectorAll("text.cage-sum").forEach((label) => labels.append(label));
  labelled = new Set(shapes.filter((shape) => shape.shape === "cage" && shape.label !== null && shape.label !== undefined)
    .map((shape) => {
      const [r, c] = [...shape.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
      return index.get(`${r},${c}`);
    }));
  $("board-wrap").classList.toggle("outside-clues", Boolean(board.outside));
}

// Draw the overlay again after the drawing changed (a revealed solution's shading or regions).
export function redrawOverlay() { drawOverlay(positions); }

export function colourOf(value) { return value === "ink" ? "currentColor" : value; }

export function drawShape(shape, index) {
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

export function drawCage(shape, index) {
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

export function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  if (state.mode === "colour") {
    for (let v = 0; v < COLOURS; v++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "swatch";
      button.dataset.colour = v + 1;
      button.textContent = String(v + 1);
      button.setAttribute("aria-label", `colour ${v + 1}`);
      button.addEventListener("click", () => enter(v));
      pad.append(button);
    }
    return;
  }
  state.board.symbols.forEach((symbol, v) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = symbol;
    button.setAttribute("aria-label", `enter ${symbol}`);
    button.title = "Double-click: highlight every cell and mark with this digit";
    button.classList.toggle("highlighted", state.highlightDigit === v);
    button.addEventListener("click", () => enter(v));
    button.addEventListener("dblclick", () => {
      state.highlightDigit = state.highlightDigit === v ? null : v;
      buildKeypad();
      paint();
    });
    pad.append(button);
  });
}

// Pencil marks sit k to a row in a cell (k x k places): where symbol d's mark is, as [row, column].
export function marksPerRow() { return Math.ceil(Math.sqrt(state.board.symbols.length)); }
export function markPlace(d) { const k = marksPerRow(); return [Math.floor(d / k), d % k]; }

// A cell's pencil marks before a step, in a k x k layout: the candidates the step uses, places and
// removes each in its own colour, so that several removals in one cell stay readable.
function stepMarks(c, view) {
  const { symbols } = state.board;
  const k = marksPerRow();
  const marks = view.candidates[c].map((d) => {
    const at = `${c},${d}`;
    const kind = view.placed.has(at) ? "place" : view.eliminated.has(at) ? "elim" : view.used.has(at) ? "used" : "";
    const [row, col] = markPlace(d);
    const style = `left:${(col / k) * 100}%;top:${(row / k) * 100}%;width:${100 / k}%;height:${100 / k}%`;
    return `<span class="mark ${kind}" style="${style}">${escapeHtml(symbols[d])}</span>`;
  });
  return `<span class="marks" style="--k:${k}">${marks.join("")}</span>`;
}

export function paint() {
  const { board, values, selected, preview } = state;
  const shown = (c) => (board.givens[c] !== null ? board.givens[c] : values[c]);
  const previewed = (c) => (preview && shown(c) === null ? preview[c] : null);
  const focus = [...selected];
  const houses = new Set(focus.length === 1 && settings.highlight ? board.peers[focus[0]] : []);
  const selectedDigit = focus.length === 1 && shown(focus[0]) !== null ? shown(focus[0]) : null;
  const same = !settings.highlight ? null : state.highlightDigit ?? selectedDigit;
  const conflicts = new Set();
  board.cells.forEach((_, c) => {
    const v = shown(c);
    if (v === null) return;
    for (const p of board.peers[c]) if (shown(p) === v) { conflicts.add(c); conflicts.add(p); }
  });
  const clashes = new Set(conflicts);
  for (const c of state.broken) conflicts.add(c); // the cells of rules the server says are broken
  if (!settings.conflicts) conflicts.clear(); // the player checks by themselves (completion still counts)
  cells.forEach((cell, c) => {
    const v = shown(c);
    const given = board.givens[c] !== null;
    cell.classList.toggle("given", given);
    cell.classList.toggle("selected", selected.has(c));
    cell.classList.toggle("house", houses.has(c));
    cell.classList.toggle("same", same !== null && v === same);
    const marked = v === null && same !== null && (state.centre[c].includes(same) || state.corner[c].includes(same));
    cell.classList.toggle("same-mark", marked);
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
    } else if (state.stepView && state.stepView.candidates[c]) {
      cell.innerHTML = stepMarks(c, state.stepView);
      const marks = state.stepView.candidates[c].map((d) => board.symbols[d]).join(" ");
      cell.setAttribute("aria-label", `${name}: empty, candidates ${marks} before this step`);
    } else {
      const centre = state.centre[c].map((s) => board.symbols[s]);
      const corner = state.corner[c].map((s) => board.symbols[s]);
      const wide = board.symbols.some((s) => s.length > 1); // 10 to 16: spaced, and smaller when many
      const spots = [[0, 0], [0, 70], [70, 0], [70, 70], [0, 35], [70, 35], [35, 0], [35, 70], [35, 35]];
      if (labelled.has(c)) spots.push(spots.shift()); // the top-left corner is the cage sum's
      const centreText = escapeHtml(centre.join(wide ? " " : ""));
      const small = centre.join("").length > 6 ? " many" : "";
      cell.innerHTML = (centre.length ? `<span class="centre${small}">${centreText}</span>` : "")
        + (corner.length ? `<span class="corner">${corner.map((s, k) => `<span style="top:${spots[k % 9][0]}%;left:${spots[k % 9][1]}%">${escapeHtml(s)}</span>`).join("")}</span>` : "");
      const marks = [centre.length ? `candidates ${centre.join(" ")}` : "", corner.length ? `corner marks ${corner.join(" ")}` : ""]
        .filter(Boolean).join(", ");
      cell.setAttribute("aria-label", `${name}: empty${marks ? `, ${marks}` : ""}`);
    }
    const rules = (board.cell_rules || [])[c] || [];
    if (rules.length) cell.setAttribute("aria-label", `${cell.getAttribute("aria-label")}; in ${rules.join("; ")}`);
    cell.setAttribute("aria-selected", selected.has(c) ? "true" : "false");
  });
  // the cell the keyboard is on, announced as the grid's active cell
  if (focus.length) $("board").setAttribute("aria-activedescendant", `cell-${focus[focus.length - 1]}`);
  else $("board").removeAttribute("aria-activedescendant");
  if (!state.editing && !state.replaying) verifySoon(clashes.size > 0);
}

document.addEventListener("pointerup", () => { dragging = false; });

// --------------------------------------------------------------------------------- the API's help
