// A class on one screen (src/web/): every open game of a channel or a server as a grid
// of boards, and the season's standings, kept live through server-sent events. No words
// of its own: they come with the page.

const base = location.pathname.replace(/\/+$/, "");
const ask = location.search;
const body = document.body;
const $ = (id) => document.getElementById(id);

let version = null;

function status(text) {
  const s = $("status");
  if (s) s.textContent = text;
}

async function refresh() {
  const r = await fetch(base + "/state" + ask, { cache: "no-store" });
  if (!r.ok) return;
  const s = await r.json();
  $("grid").innerHTML = s.grid;
  $("standings").innerHTML = s.standings;
  body.dataset.version = String(version);
}

const events = new EventSource(base + "/live" + ask);
events.addEventListener("version", (e) => {
  status(body.dataset.live);
  const v = e.data;
  // The first version told is the page's own.
  if (version === null) {
    version = v;
    body.dataset.version = v;
    return;
  }
  if (v !== version) {
    version = v;
    refresh();
  }
});
events.onopen = () => status(body.dataset.live);
events.onerror = () => status(body.dataset.reconnecting);

const large = $("large");
function setLarge(on) {
  body.classList.toggle("large", on);
  large.setAttribute("aria-pressed", String(on));
}
large.addEventListener("click", () => setLarge(!body.classList.contains("large")));
if (new URLSearchParams(location.search).get("large") === "1") setLarge(true);
