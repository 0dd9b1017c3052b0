// The live table: every change the ledger records arrives as a Server-Sent Event carrying `status --json`'s object;
// the page is drawn from it with text nodes only, so nothing from the ledger is ever read as markup.
"use strict";

const COMMON = new Set(["session", "hand", "phase", "dealer", "to_act", "pot", "carried", "stake", "shuffle",
  "players", "pots", "live_pot", "shown", "legal", "game", "digest", "balances", "actions", "said", "money"]);
const PLAYER = new Set(["name", "state", "hands", "paid", "table_money"]);

let unit = { scale: 0, times: 1n, currency: "", keys: [], tableKeys: [] };

function setMoney(money) {  // amounts are units; a person reads the session's money (R1.1a)
  const text = (money && money.unit) || "1";
  const [whole, part = ""] = text.split(".");
  unit = { scale: part.length, times: BigInt(whole + part), currency: (money && money.currency) || "",
           keys: (money && money.keys) || [],  // a game's own player keys that are amounts
           tableKeys: (money && money.table_keys) || [] };  // and its own table keys holding amounts
}

function cash(units) {
  if (typeof units !== "number") return "";
  const negative = units < 0;
  let digits = (BigInt(Math.abs(units)) * unit.times).toString().padStart(unit.scale + 1, "0");
  if (unit.scale) digits = digits.slice(0, -unit.scale) + "." + digits.slice(-unit.scale);
  return (negative ? "-" : "") + unit.currency + digits;
}

function amounts(value) {  // every number in a game's key that holds amounts, in the session's money
  if (typeof value === "number") return cash(value);
  if (Array.isArray(value)) return value.map(amounts);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, amounts(v)]));
  return value;
}

function said(value) {  // a game's own value, as it declares it: text, a number, a list or a table of them
  if (value === null || value === undefined || value === false) return "—";
  if (value === true) return "yes";
  if (Array.isArray(value)) return value.map(said).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, " ")} ${said(v)}`).join("; ");
  return String(value);
}

function cell(row, text, className) {
  const td = document.createElement(row.parentElement && row.parentElement.tagName === "THEAD" ? "th" : "td");
  td.textContent = text;
  if (className) td.className = className;
  row.appendChild(td);
}

function fill(table, heads, rows) {
  const head = table.tHead, body = table.tBodies[0];
  head.replaceChildren();
  body.replaceChildren();
  const top = head.insertRow();
  heads.forEach(([label, numeric]) => cell(top, label, numeric ? "n" : ""));
  rows.forEach(([cells, className]) => {
    const row = body.insertRow();
    if (className) row.className = className;
    cells.forEach(([text, numeric]) => cell(row, text, numeric ? "n" : ""));
  });
}

function show(t) {
  setMoney(t.money);
  document.getElementById("title").textContent = t.session ? `${t.session} · ${t.game || ""}` : "The table";
  document.getElementById("where").textContent = t.hand ? `Hand ${t.hand} · ${t.dealer} dealt · ${t.phase}` : "";
  document.getElementById("said").textContent = t.said || "";
  document.getElementById("money").textContent = t.hand ?
    `Pot ${cash(t.pot)} · stake ${cash(t.stake)}` + (t.carried ? ` · carried ${cash(t.carried)}` : "") +
    (t.pots || []).map(p => ` · covered by ${p.covered_by}: ${cash(p.amount)}`).join("") : "";
  const players = t.players || [];
  const own = [...new Set(players.flatMap(p => Object.keys(p).filter(k => !PLAYER.has(k))))];
  const money = players.some(p => "table_money" in p);
  fill(document.getElementById("players"),
    [["player"], ["state"], ["paid", true], ...(money ? [["table money", true]] : []), ...own.map(k => [k.replace(/_/g, " ")])],
    players.map(p => [[[p.name], [p.state], [cash(p.paid), true], ...(money ? [[cash(p.table_money), true]] : []),
      ...own.map(k => unit.keys.includes(k) ? [cash(p[k]), true] : [said(p[k])])],
      p.name === t.to_act ? "acting" : ["folded", "sitting-out", "out"].includes(p.state) ? "out" : ""]));
  const keys = document.getElementById("keys");
  keys.replaceChildren();
  Object.entries(t).filter(([k]) => !COMMON.has(k)).forEach(([k, v]) => {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k.replace(/_/g, " ");
    dd.textContent = said(unit.tableKeys.includes(k) ? amounts(v) : v);
    keys.append(dt, dd);
  });
  document.getElementById("game").hidden = !keys.children.length;
  const actions = document.getElementById("actions");
  actions.replaceChildren(...(t.actions || []).map(a => {
    const li = document.createElement("li");
    const amount = a.amount !== null && a.amount !== undefined ? ` ${cash(a.amount)}` : "";
    li.textContent = [a.player, (a.blind ? "blind " : "") + a.action + amount, a.detail || a.reason || ""]
      .filter(Boolean).join(" · ");
    if (a.voided) li.className = "voided";
    return li;
  }));
  fill(document.getElementById("balances"), [["player"], ["paid", true], ["won", true], ["net", true]],
    (t.balances || []).map(b => [[[b.player], [cash(b.paid), true], [cash(b.won), true], [cash(b.net), true]]]));
}

const source = new EventSource("events");
source.addEventListener("status", event => show(JSON.parse(event.data)));
source.onerror = () => { document.getElementById("live").textContent = "Reconnecting to the referee…"; };
source.onopen = () => { document.getElementById("live").textContent = "Live: changes appear here as the referee records them."; };
