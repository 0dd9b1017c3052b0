// The season page follows the ledger (serve/season.py, docs/serve.md): it listens to the one stream of tables every
// page of the table listens to (`events`, through transport.js) and, each time a hand is dealt or ends (or a session
// starts or closes), fetches this page again for the same nights (`?from=&to=`) and puts its pictures and their
// figures in place of the old, an open table of figures left open: a hand recorded while the page is open shows
// without a reload. Without this script the page is whole as served, and says to reload.
"use strict";

const FOLLOWING = "Live: the pictures follow the ledger as hands are recorded.";
const STOPPED = "The server has stopped: reload this page once it is back.";
let followed = null;  // the moment of the table the pictures were last drawn for (`moment`)
let drawing = false;  // a fetch of the page under way
let behind = false;  // the ledger moved on again while it was

function sayLive(text) {
  const live = document.getElementById("live");
  if (live && live.textContent !== text) live.textContent = text;
}

async function redraw() {
  if (drawing) { behind = true; return; }
  drawing = true;
  try {
    const answer = await transport.get("season" + location.search);
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
    const main = fresh.querySelector("main");
    if (!answer.ok || !main) {
      sayLive("The ledger cannot be read now: the pictures are as they were. Reload this page to look again.");
      return;
    }
    const open = [...document.querySelectorAll("main figure details[open]")].map(d => d.closest("figure").id);
    for (const id of open) {
      const details = main.querySelector(`figure[id="${CSS.escape(id)}"] details`);
      if (details) details.open = true;
    }
    document.querySelector("main").replaceWith(document.adoptNode(main));
    if (!document.getElementById("range") && fresh.getElementById("range")) {  // the first hand of an empty ledger:
      document.querySelector("header").replaceWith(document.adoptNode(fresh.querySelector("header")));  // its form
    } else {
      const summary = fresh.getElementById("summary");
      const mine = document.getElementById("summary");
      if (summary && mine) mine.replaceWith(document.adoptNode(summary));
    }
    document.body.dataset.digest = fresh.body.dataset.digest || "";
    sayLive(`${FOLLOWING} Drawn again at ${new Date().toLocaleTimeString()}.`);
  } catch (error) {
    sayLive("The pictures could not be drawn again: reload this page to look.");
  } finally {
    drawing = false;
    if (behind) { behind = false; redraw(); }
  }
}

function moment(t) {  // what the figures can change with: the session, its hand, whether that hand is over (a deal
  // counts a hand, its end what was won and shown), the close. A bet or a look does not draw the page again: that
  // would be `stats` over the whole ledger at every tap, a second of a core on a season of 2,000 hands
  return JSON.stringify([t.session, t.hand, t.phase === "over", t.closed]);
}

function follow() {
  const source = transport.events("events");
  source.addEventListener("status", event => {
    let t;
    try { t = JSON.parse(event.data); } catch (error) { return; }
    if (typeof t.digest !== "string") return;
    const now = moment(t);
    const first = followed === null;
    if (now === followed) return;
    followed = now;
    if (first && t.digest === document.body.dataset.digest) return;  // the page as served is of this ledger
    redraw();
  });
  source.addEventListener("ended", event => {  // the server is stopping, or this seat's address was issued anew
    source.close();
    let replaced = false;
    try { replaced = JSON.parse(event.data).replaced === true; } catch (error) { replaced = false; }
    sayLive(replaced ? "This seat's address has ended: the pictures are as they were." : STOPPED);
  });
  source.onopen = () => sayLive(FOLLOWING);
  source.onerror = () => sayLive(source.readyState === EventSource.CLOSED ? STOPPED : "Reconnecting…");
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.getElementById("live") && "digest" in document.body.dataset) follow();
});
