// A game's live page (src/web/): swaps in the parts the server sends, already escaped,
// when the game changes; steps back through the turns. No words of its own: they come
// with the page.

import { fetchLatest, follow, largeType, supersede } from "./live.js";

const base = location.pathname.replace(/\/+$/, "");
const ask = location.search;
const body = document.body;
const $ = (id) => document.getElementById(id);

// The turn shown instead of the board now, if one is.
let viewing = null;

async function refresh() {
  const s = await fetchLatest("state", base + "/state" + ask);
  if (!s || s.version < Number(body.dataset.version)) return;
  body.dataset.version = String(s.version);
  $("to-move").textContent = s.to_move;
  if (viewing === null) $("board").innerHTML = s.board;
  const turns = $("turns");
  if (turns) {
    // The button a keyboard was on keeps the focus through the swap.
    const focused = document.activeElement?.dataset?.turn;
    turns.innerHTML = s.turns;
    if (focused) document.querySelector(`[data-turn="${focused}"]`)?.focus();
  }
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
    supersede("turn");
    $("older").hidden = true;
    await refresh();
    return;
  }
  const t = await fetchLatest("turn", base + "/turn/" + turn + ask);
  if (!t) return;
  viewing = Number(turn);
  $("board").innerHTML = t.board;
  $("older-story").textContent = t.story;
  $("older").hidden = false;
  markCurrent();
}

document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-turn]");
  if (b) show(b.dataset.turn);
});
$("back").addEventListener("click", () => show("now"));
largeType($("large"));
follow(base, ask, refresh);
