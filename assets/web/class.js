// A class on one screen (src/web/): every open game of a channel or a server as a grid
// of boards, and the season's standings, swapped in when any of them changes. No words
// of its own: they come with the page.

import { fetchLatest, follow, largeType } from "./live.js";

const base = location.pathname.replace(/\/+$/, "");
const ask = location.search;
const $ = (id) => document.getElementById(id);

async function refresh(version) {
  const s = await fetchLatest("state", base + "/state" + ask);
  if (!s) return;
  $("grid").innerHTML = s.grid;
  $("standings").innerHTML = s.standings;
  document.body.dataset.version = String(s.version ?? version);
}

largeType($("large"));
follow(base, ask, refresh);
