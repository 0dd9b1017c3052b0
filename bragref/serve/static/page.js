// The live table: every change the ledger records arrives as a Server-Sent Event carrying `status --json`'s object,
// with the words to show it in (`told`: written once, on the server, for every screen). The page is drawn from it
// with text nodes only, so nothing from the ledger is ever read as markup. The referee's page listens too
// (`table` events on the document).
"use strict";

let unit = { scale: 0, times: 1n, currency: "" };

function setMoney(money) {  // amounts are units; a person reads the session's money (R1.1a)
  const text = (money && money.unit) || "1";
  const [whole, part = ""] = text.split(".");
  unit = { scale: part.length, times: BigInt(whole + part), currency: (money && money.currency) || "" };
}

function cash(units) {
  if (typeof units !== "number") return "";
  const negative = units < 0;
  let digits = (BigInt(Math.abs(units)) * unit.times).toString().padStart(unit.scale + 1, "0");
  if (unit.scale) digits = digits.slice(0, -unit.scale) + "." + digits.slice(-unit.scale);
  return (negative ? "−\u2060" : "") + unit.currency + digits;  // a word joiner: the sign stays with its amount
}

function cell(row, text, kind, head) {  // kind: "n" for an amount, "n wide" for one a phone may leave out; text: a
  // list of phrases is said joined by " · ", each phrase in a span of its own (a TV's keeps each on one line)
  const td = document.createElement(head ? "th" : "td");
  if (Array.isArray(text)) {
    text.forEach((phrase, i) => {
      const span = document.createElement("span");
      span.textContent = phrase;
      td.append(...(i ? [" · "] : []), span);
    });
  } else td.textContent = text;
  if (head) td.scope = "col";
  if (kind) td.className = kind === true ? "n" : kind;
  row.appendChild(td);
}

function fill(table, heads, rows) {
  const head = table.tHead, body = table.tBodies[0];
  head.replaceChildren();
  body.replaceChildren();
  const top = head.insertRow();
  heads.forEach(([label, numeric]) => cell(top, label, numeric, true));
  rows.forEach(([cells, className]) => {
    const row = body.insertRow();
    if (className) row.className = className;
    cells.forEach(([text, numeric]) => cell(row, text, numeric, false));
  });
}

function unbroken(words) {  // a hand's name read whole: `7-6-5`, `A-2-3` never broken at a hyphen, and a gain
  // whole with its sign: `+£2.00` (a word joiner after each, as a loss's `−` has from the server; the page's rendering
  // alone, the terminal's words are as they were)
  return String(words ?? "").replace(/\b(10|[2-9AKQJ])-(?=(?:10|[2-9AKQJ])\b)/g, "$1-\u2060")
    .replace(/\+(?=\S)/g, "+\u2060");
}

function text(id, value) {  // a part the page has not (the app's, with no server, has no `live`): nothing said
  const node = document.getElementById(id);
  if (node) node.textContent = unbroken(value);
}

const TV = matchMedia("(min-width: 1200px) and (min-aspect-ratio: 4/3)");  // page.css's TV: the hand's list scrolls
// in a place of the screen's height (asked of the screen, not of the list's style: no layout forced)

const LEAST = 0.8;  // a TV's players' type at its smallest, of the page's text: as the night's chart's names at 1280x720

function fitPlayers() {  // a TV's players' table whole in its part of the screen, none of its rows past the part's foot
  // or edge: its type as large as the style sheet gives it, or, where eight players' long states (three-stake's, R15)
  // would run past it, as much smaller as it takes, never below `LEAST` of the page's text (a phone's page scrolls)
  const part = document.getElementById("table"), table = document.getElementById("players");
  const keys = document.getElementById("keys");
  part.style.fontSize = "";
  delete document.body.dataset.players;
  if (!TV.matches) return;
  const last = () => (keys.childElementCount ? keys : table);  // the game's own details under the table, whole too
  const whole = () => last().getBoundingClientRect().bottom <= part.getBoundingClientRect().bottom + 1
    && table.offsetWidth <= part.clientWidth + 1;
  if (whole()) return;
  const text = parseFloat(getComputedStyle(document.body).fontSize);
  if (fitted(part, whole, text)) return;  // as small as the page's text, its column as it was
  part.style.fontSize = "";
  document.body.dataset.players = "long";  // else the column widened from the hand's, the rows closer (page.css)
  if (whole() || fitted(part, whole, LEAST * text)) return;
  part.style.fontSize = "";
  document.body.dataset.players = "longer";  // else the hand's head above them smaller too (a name of 40 characters
  fitted(part, whole, LEAST * text);  // over four lines among them, three-stake's pots under them)
}

function fitted(part, whole, least) {  // the largest type between the part's own and `least` its rows are whole in
  // (halved each time: a few layouts, not one a pixel); whether they are
  let low = least, high = parseFloat(getComputedStyle(part).fontSize);
  part.style.fontSize = `${low}px`;
  if (!whole()) return false;
  for (let step = 0; step < 5 && high - low > 0.25; step++) {
    const size = (low + high) / 2;
    part.style.fontSize = `${size}px`;
    if (whole()) low = size;
    else high = size;
  }
  part.style.fontSize = `${low}px`;
  return true;
}

function fitClosed() {  // a closed night on a TV: every player's balance whole above the screen's foot. The closing
  // words (who pays whom, what was paid, what is still owed, a carried pot explained) take the height they need
  // first: where they would leave the balances too little, they are made smaller, then the balances too, neither
  // below `LEAST` of the page's text (a phone's page scrolls)
  const said = document.getElementById("said"), balances = document.getElementById("balances");
  said.style.fontSize = balances.style.fontSize = "";
  if (!TV.matches || !document.body.hasAttribute("data-closed")) return;
  const night = document.getElementById("night");
  const whole = () => balances.getBoundingClientRect().bottom <= night.getBoundingClientRect().bottom + 1;
  if (whole()) return;
  const least = LEAST * parseFloat(getComputedStyle(document.body).fontSize);
  if (!fitted(said, whole, least)) fitted(balances, whole, least);
}

function fitScreen() { fitPlayers(); fitClosed(); }

addEventListener("resize", fitScreen);

function show(t) {
  setMoney(t.money);
  const told = t.told || {};
  text("title", t.session ? `${t.session} · ${told.title || t.game || ""}` : "The table");
  const voided = told.voided || [];  // misdeals: numbers no hand was played under (R9.1)
  text("where", t.hand ? `Hand ${t.hand} · ${t.dealer} dealt${voided.length ? ` · ${voided.length > 1 ? "hands"
    : "hand"} ${voided.join(", ")} voided (misdealt)`
    : ""}` : "");
  text("pot", told.pot);
  text("turn", told.turn);
  text("said", t.said);
  const players = t.players || [];
  const own = told.players || {};
  const money = players.some(p => "table_money" in p);
  const states = told.states || {};
  const out = new Set(told.out || []);  // out of this hand, as its game says (struck through): not one who folded
  // but plays on for another of its pots (three-stake's thirty-one, R15.3), nor one seated since its deal
  fill(document.getElementById("players"),
    [["player"], ["state"], ["paid", true], ...(money ? [["on table", true]] : [])],
    players.map(p => [[[p.name === t.seat ? `${p.name} (you)` : p.name],
      [[states[p.name] || p.state.replace(/-/g, " "), ...(own[p.name] || [])]], [cash(p.paid), true],
      ...(money ? [[cash(p.table_money), true]] : [])],
      [p.name === t.to_act ? "acting" : out.has(p.name) ? "out" : "", p.name === t.seat ? "me" : ""]
        .filter(Boolean).join(" ")]));
  const keys = document.getElementById("keys");
  keys.replaceChildren(...(told.keys || []).map(([label, said]) => {  // each a line of its own, read on from its
    // label (`Pot for the brag (£14.00): Bill`), taking the lines it needs in the part's width
    const line = document.createElement("div"), dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = label;
    dd.textContent = unbroken(said);
    line.append(dt, dd);
    return line;
  }));
  const actions = document.getElementById("actions");
  actions.replaceChildren(...(told.lines || []).map(line => {  // numbered as a void names them (R9.1)
    const li = document.createElement("li");
    li.value = line.n;
    li.textContent = unbroken(line.text);
    if (line.voided) li.className = "voided";
    return li;
  }));
  actions.classList.toggle("hundreds", (told.lines || []).some(line => line.n >= 100));  // a TV's numbers' room
  const loans = (t.balances || []).some(b => b.loans);
  fill(document.getElementById("balances"),  // the night's result apart from money lent and repaid (R7.5)
    [["player"], ["paid", "n wide"], ["won", "n wide"], ...(loans ? [["result", true], ["loans", true]] : []),
      ["net", true]],
    (t.balances || []).map(b => [[[b.player], [cash(b.paid), "n wide"], [cash(b.won), "n wide"],
      ...(loans ? [[cash(b.result ?? b.net - b.loans), true], [cash(b.loans), true]] : []), [cash(b.net), true]]]));
  document.getElementById("settle").replaceChildren(...(told.settle || []).map(line => {
    const li = document.createElement("li");
    li.textContent = unbroken(line);
    return li;
  }));
  drawChart(document.getElementById("running"), document.getElementById("running-said"), told.chart, cash, "hands");
  drawChart(document.getElementById("season"), document.getElementById("season-said"), told.season, cash, "nights");
  document.body.toggleAttribute("data-closed", Boolean(t.closed));  // a TV's page lays out the night's result
  fitScreen();  // in the page's layout as it now is, and then the hand's list, in the column that leaves it
  if (TV.matches) {  // a TV's list, of the screen's height; a phone's list grows with the page, and neither its size
    // nor its style is asked for: a layout forced in the middle of drawing is done twice
    while (actions.scrollHeight > actions.clientHeight + 1 && actions.children.length > 1) {
      actions.firstElementChild.remove();  // a TV's list is not scrolled: the oldest lines give way, whole, to the
    }  // newest (each keeps its number)
    actions.scrollTop = actions.scrollHeight;  // the newest in view
  }
  document.body.dataset.head = t.digest || "";  // the table shown: what the referee's answers are for
  document.dispatchEvent(new CustomEvent("table", { detail: t }));
}

const LIVE = "Live: changes appear here as the referee records them.";
const ENDED = "This address has ended: the server has stopped. Scan the new code it shows when it starts again.";
const KEPT = "The server has stopped. This page carries on by itself when it starts again.";  // an address it keeps
const REPLACED = "This seat's code was replaced by the referee: this phone no longer opens it. Ask the referee to show "
  + "you the new code.";  // issued anew: this address is over
let lost = null;  // while the stream is down: when the page gives this address up

let source = null;  // the stream of tables, opened once every script of the page listens and the first table is
// painted (`listen`, `follow`)

function ended(event) {  // said within 5 s of the server stopping, instead of retrying forever
  source.close();
  clearTimeout(lost);
  const said = event && event.data && JSON.parse(event.data).replaced ? REPLACED
    : document.body.dataset.address === "kept" ? KEPT : ENDED;  // only what is true after a restart
  text("live", said);
  text("said", said);
  if (said === ENDED) {
    fetch("status.json").then(again => {  // the server answers, but not here: this seat was issued anew
      if (again.status === 404) { text("live", REPLACED); text("said", REPLACED); }
    }).catch(() => null);
  }
  document.body.dataset.ended = "true";
  setInterval(() => transport.get("status.json").then(again => { if (again.ok) location.reload(); }).catch(() => null),
    3000);  // the same address served again (a TV's, on this machine): the page carries on
}

let shownText = null;  // the table last shown, as it came: the stream's first is the one already fetched

function showText(data) {  // the page's own first table writes each `<` as `\u003c`: the same table, not drawn again
  const same = data.replace(/</g, "\\u003c");
  if (same === shownText) return;
  shownText = same;
  show(JSON.parse(data));
}

function afterPaint(work) {  // work the first table does not need, done once the page as drawn now is painted (a
  // hidden page paints nothing: done at once)
  if (document.hidden) setTimeout(work, 0);
  else requestAnimationFrame(() => setTimeout(work, 0));
}

function listen() {  // after the page's last deferred script has run: a table shown before it would be lost to it
  const carried = document.getElementById("first-table");  // the page served with its first table in it: drawn now
  if (carried) showText(carried.textContent);
  else {
    transport.get("status.json").then(first => first.ok ? first.text() : null).then(data => {  // fetched with the
      if (data && shownText === null) showText(data);  // page's files (preloaded): drawn before the stream connects
    }).catch(() => null);
  }
  afterPaint(follow);  // the stream opened after the first table is painted: its first event is that table again
}

function follow() {  // the stream of tables, each drawn as it comes
  source = transport.events("events");
  source.addEventListener("status", event => showText(event.data));
  source.addEventListener("ended", ended);  // the server said it is stopping
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) { ended(); return; }  // this address is no longer served
    text("live", "Reconnecting…");
    lost = lost || setTimeout(ended, 4000);
  };
  source.onopen = () => { clearTimeout(lost); lost = null; text("live", LIVE); };
}

document.addEventListener("DOMContentLoaded", listen);
