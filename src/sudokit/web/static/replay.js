// sudokit in the browser: every solve recorded (digits, marks, colours, with their times), watched back
// at any speed, shared as a link and kept as a file.
//
// A recording is a list of changes, one cell and one layer each: [ms since the one before, cell, layer,
// what the layer holds now] (layers: v digit, c corner marks, m centre marks, k colour).  Written out
// it is one line, "dt.cell.layer.value;..." in base 36 with marks as symbol indexes run together,
// deflated for links (a 20-minute solve is a few kB).
import { $, say } from "./api.js";
import { paint } from "./board.js";
import { state } from "./state.js";

const LAYERS = { v: "values", c: "corner", m: "centre", k: "colour" };
const MAX_GAP = 5000; // a pause longer than this plays back as this long
const FORMAT = "sudokit-replay";

let last = null; // the layers as last recorded
let lastTime = 0;
let playing = null; // { events, at, timer, own, speed } while a recording plays

function copy() {
  return { values: [...state.values], corner: state.corner.map((m) => [...m]), centre: state.centre.map((m) => [...m]), colour: [...state.colour] };
}

function encodeValue(layer, value) {
  if (layer === "c" || layer === "m") return value.map((d) => d.toString(36)).join(",");
  return value === null ? "" : value.toString(36);
}

function decodeValue(layer, text) {
  if (layer === "c" || layer === "m") return text ? text.split(",").map((d) => parseInt(d, 36)) : [];
  if (layer === "v") return text === "" ? null : parseInt(text, 36);
  return text === "" ? 0 : parseInt(text, 36);
}

// Start a recording for the puzzle just loaded (or go on with one saved with its progress).
export function startRecording(saved) {
  state.replay = Array.isArray(saved) ? saved : [];
  last = copy();
  lastTime = Date.now();
}

// After an edit: each changed layer of each cell becomes one event.
export function record() {
  if (!state.board || state.editing || playing || !last) return;
  const now = Date.now();
  let dt = now - lastTime;
  const current = copy();
  for (const [layer, name] of Object.entries(LAYERS)) {
    current[name].forEach((value, c) => {
      const before = last[name][c];
      const same = Array.isArray(value) ? JSON.stringify(value) === JSON.stringify(before) : value === before;
      if (!same) {
        state.replay.push([Math.min(dt, 600000), c, layer, encodeValue(layer, value)]);
        dt = 0;
      }
    });
  }
  if (dt === 0) lastTime = now;
  last = current;
}

export function encode(events) {
  return events.map(([dt, c, layer, value]) => `${dt.toString(36)}.${c.toString(36)}.${layer}.${value}`).join(";");
}

export function decode(text) {
  if (!text) return [];
  return text.split(";").map((part) => {
    const [dt, c, layer, value = ""] = part.split(".");
    if (!LAYERS[layer]) throw new Error(`not a replay: layer ${layer}`);
    return [parseInt(dt, 36), parseInt(c, 36), layer, value];
  });
}

async function squeeze(text, compress) {
  const stream = new Blob([text]).stream().pipeThrough(compress ? new CompressionStream("deflate-raw") : new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The recording for a link: deflated, in URL-safe base64.
export async function toLink(events) {
  const bytes = await squeeze(encode(events), true);
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function fromLink(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const inflated = await squeeze(bytes, false);
  return decode(new TextDecoder().decode(inflated));
}

// ---------------------------------------------------------------------------------- playing back

function empty() {
  const n = state.board.cells.length;
  return { values: Array(n).fill(null), corner: Array.from({ length: n }, () => []), centre: Array.from({ length: n }, () => []), colour: Array(n).fill(0) };
}

function apply(layers, [, c, layer, value]) {
  layers[LAYERS[layer]][c] = decodeValue(layer, value);
}

function show(at) {
  const layers = empty();
  for (const event of playing.events.slice(0, at)) apply(layers, event);
  Object.assign(state, layers);
  playing.at = at;
  $("replay-position").value = String(at);
  const ms = playing.events.slice(0, at).reduce((sum, [dt]) => sum + Math.min(dt, MAX_GAP), 0);
  $("replay-time").textContent = `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")}`;
  paint();
}

function tick() {
  if (!playing || playing.at >= playing.events.length) { pausePlayback(); return; }
  show(playing.at + 1);
  const next = playing.events[playing.at];
  const wait = next ? Math.min(next[0], MAX_GAP) / playing.speed : 0;
  playing.timer = setTimeout(tick, Math.max(wait, 4));
}

function pausePlayback() {
  if (!playing) return;
  clearTimeout(playing.timer);
  playing.timer = null;
  $("replay-play").textContent = "Play";
}

// Watch a recording (this solve's, or one from a link or a file) without touching the player's digits.
export function watch(events, { autoplay = true } = {}) {
  if (!playing) playing = { own: copy() };
  Object.assign(playing, { events, at: 0, timer: null, speed: Number($("replay-speed").value) || 4 });
  state.replaying = true;
  document.body.dataset.replaying = "1";
  $("replay-panel").open = true;
  $("replay-position").max = String(events.length);
  $("replay-controls").hidden = false;
  show(0);
  say(`Watching a replay of ${events.length} change${events.length === 1 ? "" : "s"}: entry is off until you leave it.`);
  if (autoplay) play();
}

function play() {
  if (!playing) { watch(state.replay || []); return; }
  if (playing.timer) { pausePlayback(); return; }
  if (playing.at >= playing.events.length) show(0);
  $("replay-play").textContent = "Pause";
  playing.timer = setTimeout(tick, 4);
}

// Back to the player's own grid; ``quiet`` when another puzzle is being loaded over it.
export function leave({ quiet = false } = {}) {
  if (!playing) return;
  pausePlayback();
  const { own } = playing;
  playing = null;
  Object.assign(state, { values: own.values, corner: own.corner, centre: own.centre, colour: own.colour });
  state.replaying = false;
  delete document.body.dataset.replaying;
  $("replay-controls").hidden = true;
  if (quiet) return;
  say("Back to your own grid.");
  paint();
}

export function wireReplay() {
  $("replay-watch").onclick = () => watch(state.replay || []);
  $("replay-play").onclick = play;
  $("replay-leave").onclick = leave;
  $("replay-speed").onchange = () => { if (playing) playing.speed = Number($("replay-speed").value); };
  $("replay-position").oninput = () => { if (playing) { pausePlayback(); show(Number($("replay-position").value)); } };
  $("replay-share").onclick = async () => {
    const events = playing ? playing.events : state.replay || [];
    const link = `${location.origin}/?puzzle=${encodeURIComponent(state.text)}&replay=${await toLink(events)}`;
    $("replay-link").value = link;
    $("replay-link").hidden = false;
    $("replay-link").select();
    say(`Replay link: ${link.length.toLocaleString()} characters.`);
  };
  $("replay-export").onclick = () => {
    const events = playing ? playing.events : state.replay || [];
    const file = JSON.stringify({ format: FORMAT, version: 1, puzzle: state.text, events: encode(events) });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([file], { type: "application/json" }));
    a.download = "sudokit-replay.json";
    a.click();
    URL.revokeObjectURL(a.href);
  };
  $("replay-import").onchange = async () => {
    const file = $("replay-import").files[0];
    if (!file) return;
    try {
      const data = JSON.parse(await file.text());
      if (data.format !== FORMAT) throw new Error("not a sudokit replay file");
      if (data.puzzle !== state.text) throw new Error("this replay is of another puzzle: open that puzzle first");
      watch(decode(data.events));
    } catch (error) {
      say(`Cannot play that file: ${error.message}`, "bad");
    }
    $("replay-import").value = "";
  };
}
