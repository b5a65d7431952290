// Following a page's subject live (src/web/live.rs): server-sent `version` events, a
// refresh when the version differs from the page's, and reconnecting by itself. The
// browser retries a dropped connection, but gives up for good on any answer that is not
// a stream (a proxy's 502 while the bot restarts, a 503, a 429): then this starts again
// after a pause that grows, and a link that no longer opens anything (403, 404) reloads
// the page, which then says why.

const body = document.body;

function say(text) {
  const s = document.getElementById("status");
  if (s) s.textContent = text;
}

// Call `changed(version)` whenever the subject's version differs from the page's
// (`body.dataset.version`), and keep the status line up to date.
export function follow(base, ask, changed) {
  let pause = 2000;
  const open = () => {
    const events = new EventSource(base + "/live" + ask);
    events.addEventListener("version", (e) => {
      say(body.dataset.live);
      pause = 2000;
      if (e.data !== body.dataset.version) changed(e.data);
    });
    events.onopen = () => say(body.dataset.live);
    events.onerror = () => {
      say(body.dataset.reconnecting);
      if (events.readyState !== EventSource.CLOSED) return;
      const wait = pause * (0.8 + Math.random() * 0.4);
      pause = Math.min(pause * 2, 30000);
      setTimeout(async () => {
        try {
          const r = await fetch(base + "/state" + ask, { cache: "no-store" });
          if (r.status === 403 || r.status === 404) {
            location.reload();
            return;
          }
        } catch (_) {
          // Still away: try the stream again anyway.
        }
        open();
      }, wait);
    };
  };
  open();
}

// Answers to requests of `slot` made so far are not wanted any more.
export function supersede(slot) {
  latest.set(slot, (latest.get(slot) || 0) + 1);
}

// Fetch `url` as JSON, keeping only the answer to the latest request of `slot` (an
// older answer arriving last must not roll the page back); a link that no longer opens
// anything reloads the page.
const latest = new Map();
export async function fetchLatest(slot, url) {
  const n = (latest.get(slot) || 0) + 1;
  latest.set(slot, n);
  const r = await fetch(url, { cache: "no-store" });
  if (r.status === 403 || r.status === 404) {
    location.reload();
    return null;
  }
  if (!r.ok) return null;
  const json = await r.json();
  return latest.get(slot) === n ? json : null;
}

// The large-type switch (a projector), remembered where the browser allows.
export function largeType(button) {
  const set = (on) => {
    body.classList.toggle("large", on);
    button.setAttribute("aria-pressed", String(on));
    try {
      localStorage.setItem("primeclimb-large", on ? "1" : "");
    } catch (_) {
      // Storage may be off; the switch still works for this page.
    }
  };
  button.addEventListener("click", () => set(!body.classList.contains("large")));
  let stored = false;
  try {
    stored = Boolean(localStorage.getItem("primeclimb-large"));
  } catch (_) {
    // As above.
  }
  if (stored || new URLSearchParams(location.search).get("large") === "1") set(true);
}
