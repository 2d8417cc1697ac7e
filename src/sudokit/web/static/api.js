// sudokit in the browser: talking to the API, and the small helpers every module uses.

export const $ = (id) => document.getElementById(id);

export const api = async (path, body) => {
  const response = await fetch(`/api/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
};

export function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

// The status line.  ``about`` tags a message that holds only while its cause does ("grid": rules the
// digits break, "check": wrong digits), so that unsay(about) clears it once the player fixes the cause.
export function say(text, kind = "", about = "") {
  const s = $("status");
  s.textContent = text;
  s.className = kind;
  s.dataset.about = about;
}

export function unsay(about) {
  const s = $("status");
  if (s.dataset.about === about) say("");
}
