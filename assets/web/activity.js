// The board as a Discord Activity (src/web/activity.rs): signs in with Discord's
// Embedded App SDK, shows the live board of the channel's game, and lets the player to
// move play it by touch: a pawn, then a die and an operation (each showing the space it
// lands on), then Play. Every address is relative: Discord serves the page through its
// proxy. No words of its own: they come with the page.

import { DiscordSDK } from "./sdk/index.mjs";

const body = document.body;
const W = JSON.parse(body.dataset.words);
const lang = body.dataset.lang;
const $ = (id) => document.getElementById(id);

let pass = null;
// The board as last read, the pawn picked and the step chosen (waiting for Play).
let board = null;
let picked = null;
let chosen = null;
// A move on its way: no other touch until it is answered.
let busy = false;

function say(text) {
  $("say").textContent = text || "";
}

function button(label, onClick, extra) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", () => {
    if (!busy) onClick();
  });
  if (extra) extra(b);
  return b;
}

async function signIn() {
  const client = body.dataset.client;
  const sdk = new DiscordSDK(client, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: client,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const r = await fetch("api/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    // The bot asks Discord where this Activity runs and who is in it.
    body: JSON.stringify({ code, instance: sdk.instanceId }),
  });
  if (!r.ok) throw new Error("no pass");
  const t = await r.json();
  await sdk.commands.authenticate({ access_token: t.access_token });
  pass = t.pass;
  // Who else has the board open (names only).
  try {
    const { participants } = await sdk.commands.getInstanceConnectedParticipants();
    $("here").textContent = participants.map((p) => p.global_name || p.username).join(", ");
  } catch (_) {
    // Not every client says; the board works without it.
  }
}

// The pass names who and where: sent with every request.
function headers(extra) {
  return { authorization: "Bearer " + pass, ...extra };
}

// Reads of the board, only the latest answer kept (an older one arriving last must
// not roll the board back).
let reads = 0;
let idle = null;
async function load() {
  const n = ++reads;
  const r = await fetch("api/board?lang=" + lang, { cache: "no-store", headers: headers() });
  // A pass that ran out asks for the board to be opened again.
  if (r.status === 403) throw new Error("no pass");
  const b = r.ok ? await r.json() : { none: W.no_game };
  if (n !== reads) return;
  // No game, or a finished one: look again now and then for the next.
  clearTimeout(idle);
  if (b.none || b.over) idle = setTimeout(() => load().catch(() => {}), 5000);
  if (b.none) {
    board = null;
    $("to-move").textContent = b.none;
    $("board").textContent = "";
    $("touches").textContent = "";
    say("");
    return;
  }
  if (board && board.version !== b.version) {
    picked = null;
    chosen = null;
  }
  board = b;
  body.dataset.game = String(b.game);
  body.dataset.version = String(b.version);
  $("to-move").textContent = b.to_move;
  $("board").innerHTML = b.board;
  follow(b.game, b.link);
  show();
}

// Steps grouped by die (Die 3: +3 → 17, ×3 → 42…), Keepers and Curses apart.
function stepButtons(steps, into) {
  const groups = new Map();
  for (const s of steps) {
    const key = s.die == null ? W.cards : W.die + " " + s.die;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s);
  }
  for (const [key, group] of groups) {
    const row = document.createElement("p");
    row.className = "steps";
    const head = document.createElement("span");
    head.textContent = key;
    row.append(head);
    for (const s of group) {
      row.append(
        button(s.label, () => {
          chosen = s;
          show();
        }, (b) => (b.dataset.id = s.id)),
      );
    }
    into.append(row);
  }
}

function show() {
  const area = $("touches");
  area.textContent = "";
  if (!board) return;
  if (!board.move) {
    say(board.seated ? "" : W.watching);
    return;
  }
  if (chosen) {
    say(chosen.pawn ? chosen.pawn + " · " + chosen.label : chosen.label);
    area.append(
      button(W.confirm, () => act(chosen.id), (b) => (b.id = "confirm")),
      button(W.cancel, () => {
        chosen = null;
        show();
      }),
    );
    return;
  }
  if (board.choices.length) {
    for (const c of board.choices) {
      area.append(button(c.label, () => act(c.id, c.value), (b) => (b.dataset.id = c.id)));
    }
  } else if (picked !== null) {
    say(W.pick_step);
    stepButtons(board.steps[picked] || [], area);
    area.append(
      button(W.cancel, () => {
        picked = null;
        show();
      }),
    );
  } else {
    say(W.your_turn);
    const pawns = document.createElement("p");
    pawns.className = "pawns";
    for (const t of board.touches.filter((t) => t.kind === "pawn")) {
      pawns.append(
        button(t.label, () => {
          picked = String(t.space);
          show();
        }, (b) => (b.dataset.id = t.id)),
      );
    }
    area.append(pawns);
    // One pawn that can move (or Curses to play): its steps at once.
    stepButtons(board.touches.filter((t) => t.kind === "step"), area);
  }
  const turn = document.createElement("p");
  for (const t of [board.end, board.undo]) {
    if (t) turn.append(button(t.label, () => act(t.id), (b) => {
      b.disabled = !t.enabled;
      b.dataset.id = t.id;
    }));
  }
  area.append(turn);
}

async function act(click, value) {
  busy = true;
  let a = {};
  try {
    const r = await fetch("api/act", {
      method: "POST",
      headers: headers({ "content-type": "application/json" }),
      body: JSON.stringify({ lang, click, value: value ?? null }),
    });
    if (r.ok) a = await r.json();
  } catch (_) {
    // The connection dropped: the board is read again below.
  }
  busy = false;
  picked = null;
  chosen = null;
  try {
    await load();
  } catch (_) {
    $("to-move").textContent = W.no_sign_in;
  }
  if (a.refused) say(a.refused);
}

// The game's live stream: a change anywhere (Discord, another board) reads the board
// again. One stream, for the game shown; a stream the server or a proxy ends (the bot
// restarting) is opened again after a pause that grows, with a fresh link.
let stream = null;
function follow(game, link) {
  if (stream && stream.game === game) return;
  if (stream) stream.close();
  const s = { game, pause: 2000, events: null, timer: null };
  s.close = () => {
    clearTimeout(s.timer);
    if (s.events) s.events.close();
  };
  const open = (l) => {
    s.events = new EventSource("game/" + l + "/live");
    s.events.addEventListener("version", (e) => {
      s.pause = 2000;
      if (e.data !== body.dataset.version) load().catch(() => {});
    });
    s.events.onerror = () => {
      if (s.events.readyState !== EventSource.CLOSED) return;
      const wait = s.pause * (0.8 + Math.random() * 0.4);
      s.pause = Math.min(s.pause * 2, 30000);
      s.timer = setTimeout(async () => {
        if (stream !== s) return;
        await load().catch(() => {});
        if (stream === s) open(board ? board.link : l);
      }, wait);
    };
  };
  open(link);
  stream = s;
}

try {
  await signIn();
  await load();
} catch (e) {
  $("to-move").textContent = W.no_sign_in;
}
