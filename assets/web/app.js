// A game's live page (src/web/): follows the game through server-sent events and swaps
// in the parts the server sends, already escaped; steps back through the turns; large
// type for a projector. No words of its own: they come with the page.

const base = location.pathname.replace(/\/+$/, "");
const ask = location.search;
const body = document.body;
const $ = (id) => document.getElementById(id);

let version = Number(body.dataset.version);
// The turn shown instead of the board now, if one is.
let viewing = null;

function status(text) {
  const s = $("status");
  if (s) s.textContent = text;
}

async function refresh() {
  const r = await fetch(base + "/state" + ask, { cache: "no-store" });
  if (!r.ok) return;
  const s = await r.json();
  version = s.version;
  body.dataset.version = String(version);
  $("to-move").textContent = s.to_move;
  if (viewing === null) $("board").innerHTML = s.board;
  const turns = $("turns");
  if (turns) turns.innerHTML = s.turns;
  markCurrent();
  $("text").innerHTML = s.text;
}

function markCurrent() {
  for (const b of document.querySelectorAll("[data-turn]")) {
    const here = viewing === null ? b.dataset.turn === "now" : b.dataset.turn === String(viewing);
    if (here) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  }
}

async function show(turn) {
  if (turn === "now") {
    viewing = null;
    $("older").hidden = true;
    await refresh();
    return;
  }
  const r = await fetch(base + "/turn/" + turn + ask, { cache: "no-store" });
  if (!r.ok) return;
  const t = await r.json();
  viewing = Number(turn);
  $("board").innerHTML = t.board;
  $("older-story").textContent = t.story;
  $("older").hidden = false;
  markCurrent();
}

function follow() {
  const events = new EventSource(base + "/live" + ask);
  events.addEventListener("version", (e) => {
    status(body.dataset.live);
    if (Number(e.data) !== version) refresh();
  });
  events.onopen = () => status(body.dataset.live);
  // The browser reconnects by itself; say so meanwhile.
  events.onerror = () => status(body.dataset.reconnecting);
}

document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-turn]");
  if (b) show(b.dataset.turn);
});
$("back").addEventListener("click", () => show("now"));

const large = $("large");
function setLarge(on) {
  body.classList.toggle("large", on);
  large.setAttribute("aria-pressed", String(on));
  try {
    localStorage.setItem("primeclimb-large", on ? "1" : "");
  } catch (_) {
    // Storage may be off; the switch still works for this page.
  }
}
large.addEventListener("click", () => setLarge(!body.classList.contains("large")));
try {
  if (localStorage.getItem("primeclimb-large")) setLarge(true);
} catch (_) {
  // As above.
}
if (new URLSearchParams(location.search).get("large") === "1") setLarge(true);

follow();
