// The board as a Discord Activity (src/web/activity.rs): signs in with Discord's
// Embedded App SDK, shows the live board of the channel's game, and lets the player to
// move play it by touch: a pawn, then a die and an operation (each showing the space it
// lands on), then Play. Every address is relative: Discord serves the page through its
// proxy. No words of its own: they come with the page.

import { DiscordSDK } from "./sdk/index.mjs";
import { follow as followLive } from "./live.js";

const body = document.body;
const W = JSON.parse(body.dataset.words);
const lang = body.dataset.lang;
const $ = (id) => document.getElementById(id);

let pass = null;
let place = null;
// The board as last read, the pawn picked and the step chosen (waiting for Play).
let board = null;
let picked = null;
let chosen = null;
let following = null;

function say(text) {
  $("say").textContent = text || "";
}

function button(label, onClick, extra) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", onClick);
  if (extra) extra(b);
  return b;
}

async function signIn() {
  const client = body.dataset.client;
  const sdk = new DiscordSDK(client, { disableConsoleLogOverride: true });
  await sdk.ready();
  place = { guild: sdk.guildId || "", channel: sdk.channelId || "" };
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
    body: JSON.stringify({ code }),
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

function query(extra) {
  return new URLSearchParams({ ...place, pass, lang, ...extra }).toString();
}

async function load() {
  const r = await fetch("api/board?" + query(), { cache: "no-store" });
  // A pass that ran out asks for the board to be opened again; a place with no channel
  // (a direct message) or a server that cannot read the game just now shows none.
  if (r.status === 403) throw new Error("no pass");
  const b = r.ok ? await r.json() : { none: W.no_game };
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
  let r;
  try {
    r = await fetch("api/act", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...place, pass, lang, click, value: value ?? null }),
    });
  } catch (_) {
    // The connection dropped: the board is read again below.
  }
  picked = null;
  chosen = null;
  const a = r && r.ok ? await r.json() : {};
  try {
    await load();
  } catch (_) {
    $("to-move").textContent = W.no_sign_in;
  }
  if (a.refused) say(a.refused);
}

// The game's live stream: a change anywhere (Discord, another board) reloads it. One
// stream a game, kept open (reconnecting by itself after a restart of the bot); a new
// game in the channel gets its own.
const followed = new Set();
function follow(game, link) {
  if (followed.has(game)) return;
  followed.add(game);
  followLive("game/" + link, "", () => {
    if (board && board.game === game) load().catch(() => {});
  });
}

try {
  await signIn();
  await load();
} catch (e) {
  $("to-move").textContent = W.no_sign_in;
}
