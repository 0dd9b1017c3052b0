// The referee's page: the moves on offer and the table's other answers, each a button made from what the server
// offers (`told.moves`, `told.forms`: the game's own declarations), recorded by `POST act` with the words the table
// takes and the digest of the table the button was drawn for. A move that takes an amount or cards opens its fields
// at the first tap and records at the second. A tap means one thing: every button names its player, its words name
// them too, a field left open closes when the table moves on, and for a moment after a tap that records, opens a
// move's fields or asks for a confirmation, the page takes no other tap (the calm), so a double tap's second never
// lands on what was drawn under the finger since: the next player's move, a form, a confirmation. A seat's page
// (a player's own phone) is the same page: its taps are requests (`POST ask`), which the referee records or refuses.
"use strict";

let table = null;    // the table as the page shows it: what an answer is for
let open = null;     // the move whose fields are open (its label), or the form waiting for its second tap
let busy = false;    // a tap is being recorded: the page takes no other until it is answered
let calm = 0;        // the time until which the page's controls take no tap: a double tap's second
let last = null;     // the page's last recorded tap: the head it was sent with, and what was recorded
let asked = null;    // a seat's page: the request it is waiting on
let overtaken = null;  // a seat's page: the request it has said the table moved on from
let lastPick = {};   // the card last picked or put back, and when: a double tap's second leaves it as it is
const kept = {};     // each form's state across redraws: open or not, and what its fields hold
const CALM_MS = 500;

function element(name, attributes, ...children) {
  const node = document.createElement(name);
  Object.entries(attributes || {}).forEach(([key, value]) => {
    if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  });
  node.append(...children);
  return node;
}

function quoted(word) {  // the table reads its answers as a shell does: a name with a space or a quote kept whole
  return /^[\w.£$€+\-/:,]+$/u.test(word) ? word : `'${word.replace(/'/g, "'\"'\"'")}'`;
}

let saidAt = 0;  // when the page last said something: what is said of an earlier hand is cleared
const READ_MS = 3000;  // how long what was said stays at least, before news of the table clears it
let spoke = null;  // a seat's page: the hand its ✓ line speaks of (a move of it recorded), while it says so

function say(kind, message) {
  spoke = null;  // said of what `spoke` named: nothing, unless its caller says so
  const answer = document.getElementById("answer");
  answer.className = kind;
  answer.replaceChildren(...whole(unbroken(message)));  // a hand's name whole (page.js), a digest too
  saidAt = Date.now();
  // the answer in view: a picker that closed may have left it above (its place asked only then: a layout forced)
  if (kind && answer.getBoundingClientRect().top < 0) answer.scrollIntoView({ block: "start" });
}

const DIGEST = /\b\d+-[0-9a-f]{16}\b/g;  // a ledger's digest (`169-f70119dbf17e723e`), as a close says it (R9.1)

function whole(text) {  // `text` with each digest in a span kept on one line (page.css): never broken at its hyphen,
  // and copied as it is written (no joiner inside it, which `audit --digest` would not read)
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(DIGEST)) {
    parts.push(text.slice(at, match.index), element("span", { class: "whole" }, match[0]));
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter(part => part !== "");
}

function seated() { return Boolean(table && table.seat); }  // a player's own page: what it taps is asked

function recorded(message) {  // a move recorded, said with ✓: on a seat's page, of the hand it is in, until it is over
  say("recorded", message);
  if (seated()) spoke = table.hand;
}

function overSaid() {  // a seat's ✓ line goes once the hand it speaks of is over: at once where it was said a while
  // ago, else once it has been read (the move it confirms may have ended the hand)
  if (!seated() || spoke === null || (table.hand === spoke && table.phase !== "over")) return;
  const wait = saidAt + READ_MS - Date.now();
  if (wait > 0) setTimeout(overSaid, wait + 1);
  else say("", "");
}

async function post(path, body) {
  return transport.post(path, body);
}

async function record(words, head) {  // the status it was answered with (none: not sent)
  if (busy) return 0;
  busy = true;
  say("", seated() ? "Asking…" : "Recording…");
  const sent = head === undefined ? (table && table.digest) : head, armed = open;
  let response;
  try {
    response = await post(seated() ? "ask" : "act", { words: words.map(quoted).join(" "), head: sent });
  } catch (error) {
    busy = false;
    say("refused", "The server cannot be reached: nothing was recorded. Tap again once it is back.");
    return 0;
  }
  const answer = await response.json().catch(() => ({}));
  busy = false;
  if (answer.head !== undefined) document.getElementById("answer").dataset.head = answer.head;
  if (response.status === 202) {  // asked: the referee records or refuses it
    if (open === armed && armed !== null) {  // the fields it was asked from shut, as a recorded tap's do (the table
      open = null;  // does not move for a request: nothing else draws them again); a field opened since, for the
      calmFor();  // next move, stays open. What moved up under the finger takes no tap for a moment
      drawMoves(table);
    }
    asked = answer.id;
    say("asked", `${answer.asked} — waiting for the referee.`);
  } else if (response.status === 200) {
    if (open === armed) open = null;
    last = { sent, recorded: answer.recorded };
    calmFor();
    recorded(answer.recorded);
  } else if (response.status === 409) {  // the table as it is now, at once
    if (open === armed) open = null;
    if (last && last.sent === sent) say("recorded", `${last.recorded} (Tapped twice: recorded once.)`);
    else say("refused", `Stale: ${answer.stale}`);
    transport.get("status.json").then(now => now.json()).then(show);
  }
  else if (response.status === 422) say("refused", [answer.refused, answer.may].filter(Boolean).join(" — "));
  else say("refused", answer.error || `Not recorded (${response.status}).`);
  return response.status;
}

function unreadable(move, inputs) {  // an amount left empty or not a number: said, and nothing sent
  const bad = move.fields.find(field => field.kind === "amount" && inputs[field.name] && (() => {
    const input = inputs[field.name], value = input.value.trim();
    if (input.validity.badInput || (value && !Number.isFinite(Number(value)))) return true;
    return !value && !field.optional;
  })());
  if (!bad) return false;
  const currency = (table && table.money && table.money.currency) || "";  // the session's money (R1.1a)
  say("refused", `amount? Fill in ${bad.label.toLowerCase()} for ${move.label}${bad.min ? ` (at least ${currency}${
    bad.min})` : ""}: nothing was sent.`);
  return true;
}

const SUITS = { h: ["♥", "red"], d: ["♦", "red"], c: ["♣", "black"], s: ["♠", "black"] };

const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SUIT_WORDS = { h: "hearts", d: "diamonds", c: "clubs", s: "spades" };

function cardFace(card) {  // `Kh` as its rank and its suit's symbol, red or black (`K♥`); a joker as it is written
  const suit = SUITS[card.slice(-1)];
  return suit ? [card.slice(0, -1), element("span", { class: `suit ${suit[1]}`, "aria-hidden": "true" }, suit[0])]
    : [card];
}

function cardWords(card) {  // `king of hearts`, `joker 1`: the card said, beside its name as written (`Kh`)
  const rank = RANK_WORDS[card.slice(0, -1)], suit = SUIT_WORDS[card.slice(-1)];
  return rank && suit ? `${rank} of ${suit}` : card.replace(/^X/, "joker ");
}

const RANKS = "AKQJ1098765432X";

function bySuit(pack) {  // the pack a suit at a time, each from the ace down: ranks and suits line up
  const suit = card => "shdc".indexOf(card.slice(-1)), rank = card => RANKS.indexOf(card[0]);
  return [...pack].sort(([a], [b]) => (suit(a) - suit(b)) * 100 + rank(a) - rank(b));
}

function picker(label, cards, picked, changed) {  // `changed`: told after each card picked or put back
  const pack = element("div", { class: "pack", role: "group", "aria-label": label });
  const fixed = cards.fixed || {};  // known to be the player's (a face-up card): held, and no tap takes it out (R8.10)
  bySuit(cards.pack).forEach(([card, seen], i, all) => {
    const first = !i || all[i - 1][0].slice(-1) !== card.slice(-1);  // each suit from a row of its own
    const held = card in fixed;
    const button = element("button", { type: "button", disabled: Boolean(seen), title: seen || (held ? `${fixed[card]
      }: held` : null), class: first ? "first" : null, "aria-disabled": held ? "true" : null,
      "aria-label": card, "aria-description": held ? `${cardWords(card)}, ${fixed[card]}: held, in their show`
        : cardWords(card), "aria-pressed": picked.includes(card) ? "true" : "false" },
    ...cardFace(card));
    button.addEventListener("click", () => {
      if (held) return;  // fixed: the note beside the picker says why
      if (lastPick.card === card && Date.now() - lastPick.at < CALM_MS) return;  // a double tap's second
      if (Date.now() < movedUntil) return;  // the page moved under the finger (`clearOfTray`): a double tap's second
      lastPick = { card, at: Date.now() };
      const at = picked.indexOf(card);
      if (at >= 0) picked.splice(at, 1);
      else if (!cards.count || picked.length < cards.count) picked.push(card);
      button.setAttribute("aria-pressed", picked.includes(card) ? "true" : "false");
      if (changed) changed();
    });
    pack.append(button);
  });
  return pack;
}

function dealtTo(spec, state) {  // a deal's cards of one for each player (`Param.each`): whose each is, in turn from
  // the eldest of the dealer chosen, else of the dealer due
  return spec.orders[(spec.by && state.values[spec.by]) || spec.due] || [];
}

function eachPicked(line, names, cards) {  // whose each card picked is, in the order they are sent: `Hal 5♠, Cat …`
  line.replaceChildren(...names.flatMap((name, i) => [i ? ", " : "", `${name} `,
    ...(cards[i] ? cardFace(cards[i]) : ["…"])]));
}

function moveWords(move, values) {  // the button's words, each `{field}` as it is filled
  return move.words.flatMap(word => {
    const field = word.startsWith("{") && move.fields.find(f => f.name === word.slice(1, -1));
    if (!field) return [word];
    const given = values[field.name] || [];
    return given.length ? [...(field.keyword ? [field.keyword] : []), ...given] : [];
  });
}

function calmed() { return Date.now() < calm; }  // a tap now is a double tap's second: taken by nothing

function calmFor() {  // after a tap that recorded, opened a move's fields or asked to be confirmed
  calm = Date.now() + CALM_MS;
  calming();
}

function calming() {  // the controls faded while they take no tap, and marked so (disabled, for a screen reader)
  const controls = document.getElementById("referee"), wait = calm - Date.now();
  const rest = () => { controls.classList.remove("calming"); controls.removeAttribute("aria-disabled"); };
  controls.classList.toggle("calming", wait > 0);
  if (wait > 0) controls.setAttribute("aria-disabled", "true");
  else rest();
  if (wait > 0) setTimeout(() => { if (!calmed()) rest(); }, wait);
}

function drawMoves(t) {
  const moves = document.getElementById("moves"), panel = document.getElementById("picked");
  const offered = (t.told && t.told.moves) || [];
  if (!offered.some(move => move.label === open)) open = null;
  moves.replaceChildren();
  panel.replaceChildren();
  const head = t.digest, values = {}, inputs = {};
  calming();
  document.getElementById("whose").textContent = t.told && t.hand ? t.told.turn : "";  // beside the buttons
  offered.forEach(move => {
    const needs = move.fields.length > 0;
    const button = element("button", { type: "button", class: move.said ? null : "unsaid", title: move.help || null,
      "aria-description": move.help || null, "aria-pressed": needs ? String(open === move.label) : null }, move.label);
    // what the move is (its declaration's description), said in words too once its fields open
    button.addEventListener("click", () => {
      if (busy || calmed()) return;
      if (needs && open !== move.label) { open = move.label; calmFor(); drawMoves(table); return; }
      if (!unreadable(move, inputs)) record(moveWords(move, values), head);
    });
    moves.append(button);
    if (open !== move.label) return;
    if (move.help) panel.append(element("p", { class: "help" }, move.help));
    let amounts = 0;
    move.fields.forEach(field => {
      if (field.kind === "amount") {  // the first with its least filled in, and named `amount`
        const first = amounts++ === 0;
        const input = element("input", { type: "number", inputmode: "decimal", min: field.min, max: field.max,
          step: field.step, value: first ? field.min : null, "aria-label": first ? "amount" : field.label });
        values[field.name] = first ? [field.min] : [];
        inputs[field.name] = input;
        input.addEventListener("input", () => { values[field.name] = input.value ? [input.value] : []; });
        panel.append(element("label", {}, `${field.label} `, input));
      } else if (field.kind === "cards") {
        values[field.name] = [...(field.picked || [])];  // a hand seen already in the deal: the one they hold (R8.10)
        panel.append(element("p", { class: "field" }, field.label), ...(field.note ? [element("p", {}, field.note)]
          : []), picker(`${field.label} for ${move.label}`, field, values[field.name]));  // a card fixed: said why
      } else if (field.kind === "players") {
        values[field.name] = [];
        panel.append(choices(field.label, field.options, values[field.name]));
      }
    });
    const verb = seated() ? "ask" : "record";  // a seat's tap asks the referee; the referee's records
    const again = element("button", { type: "button", class: "again" }, `${verb} ${move.label}`);
    again.addEventListener("click", () => {
      if (!busy && !calmed() && !unreadable(move, inputs)) record(moveWords(move, values), head);
    });
    panel.append(element("p", {}, `Tap “${move.label}” again, or below, to ${verb} it.`), again);
  });
  if (t.told && t.told.asks) moves.append(element("p", { class: "asks" }, t.told.asks));  // after the buttons: why a
  // seat's tap waits for the referee (`--seats record`: a show), moving none of them

}

function choices(label, options, chosen) {  // any of a list: who boils in, whom a split pot goes to
  return element("fieldset", { class: "choices" }, element("legend", {}, label), ...options.map(option => {
    const box = element("input", { type: "checkbox", value: option, checked: chosen.includes(option) });
    box.addEventListener("change", () => {
      const at = chosen.indexOf(option);
      if (box.checked && at < 0) chosen.push(option);
      if (!box.checked && at >= 0) chosen.splice(at, 1);
    });
    return element("label", {}, box, ` ${option}`);
  }));
}

function pairs(options) { return options.map(option => Array.isArray(option) ? option : [option, option]); }

function field(form, spec, state) {  // one field of a form, holding what it held before the page was redrawn
  const name = form.verb === "deal" || form.verb === "session new" ? spec.name : `${form.verb} ${spec.name}`;
  const held = state.values[spec.name] ?? spec.value  // a seat's own name, where the form is for it alone
    ?? (spec.now || {})[state.values[spec.by]];  // a rule's value in force, until another is chosen
  let input;
  if (spec.kind === "player" || spec.kind === "choice") {  // a list; no player chosen in advance
    const blank = spec.kind === "player" && spec.value === undefined || spec.optional;  // a seat's own: no blank
    input = element("select", { "aria-label": name, "data-name": spec.name },
      ...(blank ? [element("option", { value: "" }, spec.kind === "player" ? "choose…" : "none")] : []),
      ...pairs(spec.options).map(([value, label]) => element("option", { value, selected: held === value }, label)));
  } else if (spec.kind === "players") {
    const chosen = Array.isArray(held) ? held : [];
    state.values[spec.name] = chosen;
    return choices(name, spec.options, chosen);
  } else if (spec.kind === "cards") {
    const chosen = Array.isArray(held) ? held : [];
    state.values[spec.name] = chosen;
    const names = spec.orders ? dealtTo(spec, state) : [];  // how many, whose first, and whose each picked is
    const line = element("p", { class: "order", "aria-live": "polite" });
    eachPicked(line, names, chosen);
    const told = names.length ? [element("p", {}, `Pick ${names.length}: ${[`${names[0]}'s first`,
      ...names.slice(1).map(other => `then ${other}'s`)].join(", ")}.`), line] : [];
    return element("div", {}, element("p", { class: "field" }, name),
      ...(spec.help ? [element("p", {}, spec.help)] : []), ...told,
      picker(name, spec.cards, chosen, () => eachPicked(line, names, chosen)));
  } else if (spec.kind === "value") {  // the rule's own values where they are a list, else typed
    const listed = spec.choices[state.values[spec.by]];
    input = listed ? element("select", { "aria-label": name, "data-name": spec.name },
      ...pairs(listed).map(([value, label]) => element("option", { value, selected: held === value }, label)))
      : element("input", { type: "text", "aria-label": name, "data-name": spec.name, value: held || null });
  } else {
    input = element("input", { type: spec.kind === "amount" ? "number" : "text", "aria-label": name,
      "data-name": spec.name, value: held || null, placeholder: spec.hint || null,
      ...(spec.kind === "amount" ? { inputmode: "decimal", min: "0", step: "any" } : {}) });
  }
  state.values[spec.name] = input.value;
  if (spec.value !== undefined && input.tagName === "INPUT") selectedOnFocus(input);  // prefilled (the next night's
  // ante and players): what is typed replaces it, never added to it
  input.addEventListener("change", () => {
    state.values[spec.name] = input.value;
    if (form.fields.some(other => other.by === spec.name)) drawForms(table);  // its values follow it
  });
  input.addEventListener("input", () => { state.values[spec.name] = input.value; });
  const label = element("label", {}, `${spec.name} `, input);
  return spec.help ? element("div", {}, label, element("p", { class: "help" }, spec.help)) : label;  // what it is
}

function selectedOnFocus(input) {  // a field reached holds what it held selected, as an address bar does: typing
  // replaces it, a second tap places the caret
  let reached = false;
  input.addEventListener("focus", () => { reached = true; input.select(); });
  input.addEventListener("mouseup", event => { if (reached) event.preventDefault(); reached = false; });  // the tap
  // that focused it leaves it selected
  input.addEventListener("keydown", () => { reached = false; });
}

function formWords(form, state) {
  const words = form.verb.split(" ");
  form.fields.forEach(spec => {
    const value = state.values[spec.name];
    const given = Array.isArray(value) ? value : String(value || "").trim();
    if (!given.length) return;
    if (spec.keyword) words.push(spec.keyword);
    if (spec.kind === "players") words.push(given.join(","));
    else if (spec.kind === "cards") words.push(...given);
    else words.push(given);
  });
  return words;
}

function confirmation(form, state) {  // what an irreversible answer will do, said before it is recorded
  if (typeof form.confirm === "string") return form.confirm;
  const name = state.values.name, amount = String(state.values.amount || "").trim();  // chosen: the form asks
  return amount ? `cash out ${name}: ${(table.money && table.money.currency) || ""}${amount} off the table (R1.3)`
    : form.confirm[name] || "";
}

function drawForms(t) {  // each form as offered; a closed one's body (a `details` shows its summary alone) filled
  // once the table is painted, or at once where it is opened first: filled later, it moves nothing on the screen
  const forms = document.getElementById("forms");
  const offered = (t.told && t.told.forms) || [];
  const later = [];
  forms.replaceChildren(...offered.map(form => {
    const state = kept[form.verb] = kept[form.verb] || { open: false, values: {}, confirming: "" };
    const always = ["deal", "undo", "session new"].includes(form.verb);
    const box = always ? element("fieldset", {}, element("legend", {}, form.verb))
      : element("details", { open: state.open }, element("summary", {}, form.verb));
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      box.append(...formBody(form, state));
    };
    if (!always) {
      box.addEventListener("toggle", () => { state.open = box.open; fill(); });
      box.firstChild.addEventListener("click", event => {
        if (calmed()) { event.preventDefault(); return; }
        fill();  // opened filled, never empty for a frame
        state.open = !box.open;  // what the click makes it, known now: its toggle event comes a task later, after
        // a change in its body may have drawn the forms again (a rule's values follow its option)
      });
    }
    if (always || state.open) fill();
    else later.push([box, fill]);
    return box;
  }));
  if (later.length) afterPaint(() => later.forEach(([box, fill]) => { if (box.isConnected) fill(); }));  // not
  // drawn again since
}

function formBody(form, state) {  // a form's fields, what its tap will do, and its button
  const inputs = form.fields.map(spec => field(form, spec, state));
  const button = element("button", { type: "button" },  // named as the form is, or what its tap does (`change rule`)
    state.confirming ? `confirm ${form.verb}` : form.button || form.verb);
  const warning = element("p", { class: "confirm", role: "status" }, state.confirming);
  button.addEventListener("click", async () => {
    if (busy || calmed()) return;
    const missing = form.fields.find(spec => !spec.optional && !String(state.values[spec.name] ?? "").trim());
    if (missing) { say("refused", `Choose or fill in ${missing.name} first.`); return; }
    if (form.confirm && !state.confirming) {  // the first tap says what it will do; the second records it
      state.confirming = confirmation(form, state) || `${form.verb} ${state.values.name || ""}`.trim();
      calmFor();
      drawForms(table);
      return;
    }
    state.confirming = "";
    if (await record(formWords(form, state)) !== 200) return;  // refused: the form keeps what it shows and sent
    // kept open for the next: an amount and a choice (a night's money) kept, each player and name chosen again
    const held = form.fields.filter(spec => ["amount", "choice"].includes(spec.kind)).map(spec => spec.name);
    state.values = Object.fromEntries(held.filter(name => name in state.values)
      .map(name => [name, state.values[name]]));
    if (document.body.dataset.head === document.getElementById("answer").dataset.head) drawForms(table);  // the
    // table recorded is shown already: the form drawn again shows what it holds; else its table's arrival draws it
  });
  return [...inputs, warning, button];
}

let shownHand;  // the hand the page shows: what was said of another is cleared
let shownNight = null;  // the night the forms were drawn for: its session, the one just closed, and whether closed

let closedSaid = null;  // a seat's page: the closed night it has said is closed
let adopted = false;  // a seat's page: its request found at its first table (a page reloaded while it waited)

function fate(request) {  // a seat's page: what became of its request, and asking it again for the table as it is
  if (request && !adopted && asked === null) {  // reloaded: the request asked before is this page's to follow
    adopted = true;
    const what = request.line.replace(/^.*? asks: /, "");
    if (request.state === "waiting" && !request.stale) {
      asked = request.id;
      say("asked", `${request.line} — waiting for the referee.`);
      return;
    }
    if (request.state === "recorded") { say("recorded", `Your last request: ${request.said}`); return; }
    if (request.state === "refused") {
      say("refused", `Your last request, to ${what}, was refused by the referee: nothing was recorded.`);
      return;
    }
    asked = request.id;  // stale: said as the table moving on, below
  }
  adopted = true;
  if (!request || request.id !== asked) return;
  const what = request.line.replace(/^.*? asks: /, "");
  if (request.state === "waiting" && !request.stale) return;
  if (request.state === "waiting" || request.state === "stale") {
    if (overtaken === request.id) return;
    overtaken = request.id;
    say("refused", `The table moved on before the referee answered your request to ${what}: nothing was recorded.`);
    if (request.again) {  // asked again only where it is a move their seat offers now (the server's `offered`)
      const again = element("button", { type: "button" }, `ask again: ${what}`);
      again.addEventListener("click", () => { asked = null; record(request.words.split(" ")); });
      document.getElementById("answer").append(" ", again);
    }
    if (request.state === "stale") asked = null;
    return;
  }
  asked = null;
  if (overtaken === request.id && request.state === "refused") return;  // as the table had moved on: said so
  if (request.state === "recorded") recorded(request.said);
  else say("refused", `The referee refused your request to ${what}: nothing was recorded.`);
}

const appeared = {};  // each request's controls, when they were first drawn or last moved: no tap for CALM_MS
const arrived = {};  // each request, when it first came: the tray takes them in that order, a new one last
const passed = {};  // each request the table moved past, and until when the tray says so
let shown = null;  // the request the tray shows: one at a time, the others counted, each reached by `next`
let before = null;  // the request the tray last drew: another drawn in its place takes no tap for CALM_MS

function drawRequests(t) {  // the referee's page: the seats' requests waiting, to record or refuse, in a band of its
  // own at the foot of the screen, there the whole time seats may ask, of one height, and kept clear by the page: a
  // request arriving covers and moves nothing on the page. The band shows one request whole, and which it is of how
  // many wait ("1 of 2 requests · next"): the first come, the next once it is answered or refused, any other by that
  // button; none scrolled out of sight inside it
  const list = document.getElementById("requests"), now = Date.now();
  const trayed = Object.keys(t.seats || {}).length > 0 && Boolean(t.session) && !t.closed;  // while seats may ask:
  // a night open (once it is closed, or before one starts, no request can wait)
  document.body.classList.toggle("trayed", trayed);
  (t.requests || []).forEach(request => { arrived[request.id] = arrived[request.id] || now; });
  const waiting = (t.requests || []).filter(request => !request.stale)
    .sort((a, b) => arrived[a.id] - arrived[b.id]);
  const gone = (t.requests || []).filter(request => request.stale && !passed[request.id]);  // each goes by itself,
  gone.forEach(request => { passed[request.id] = { line: request.line, until: now + 5000 }; });  // said so: the
  // last in the band where none waits, the others on the answer line (the band holds one)
  const elsewhere = waiting.length || !trayed ? gone : gone.slice(0, -1);  // no band: each on the answer line
  if (elsewhere.length) setTimeout(() => elsewhere.forEach(request => also(moved(request.line))), 0);  // after what
  // the table's arrival says
  if (!waiting.some(request => request.id === shown)) {  // answered, refused or moved past: the next after it
    const after = waiting.findIndex(request => arrived[request.id] > (arrived[shown] || 0));
    shown = waiting.length ? waiting[Math.max(after, 0)].id : null;
  }
  if (shown !== null && shown !== before) appeared[shown] = Math.max(appeared[shown] || 0, now);  // in a finger's
  before = shown;  // place, where another was: no tap for a moment
  const said = waiting.length || !trayed ? [] : Object.values(passed).filter(gone => gone.until > now);
  const young = waiting.map(request => appeared[request.id] + CALM_MS - now).filter(wait => wait > 0);
  if (young.length || said.length) {
    setTimeout(() => drawRequests(table), Math.min(...young, ...said.map(gone => gone.until - now)) + 1);
  }
  const at = waiting.findIndex(request => request.id === shown);
  const drawn = at >= 0 ? [waitingRow(waiting[at], now, at, waiting)]
    : said.slice(-1).map(gone => element("li", { class: "stale" }, moved(gone.line)));
  if (!drawn.length && trayed) drawn.push(element("li", { class: "none" }, "No requests from the players' phones."));
  list.replaceChildren(...drawn);
}

function moved(line) {  // a request the table moved past, said
  return `${line.replace(/ asks: /, "'s request to ")}: the table moved past it, nothing was recorded.`;
}

function also(sentence) {  // said after what the answer line says now (the move that moved past a request)
  const answer = document.getElementById("answer");
  if (answer.textContent.includes(sentence)) return;
  answer.textContent = [answer.textContent, sentence].filter(Boolean).join(" ");
  saidAt = Date.now();
}

function waitingRow(request, now, at, waiting) {  // the request shown: its line, its `record` and `refuse`,
  // and where more than one waits, which it is of how many, in the order they came, on the button that shows the next
  const fresh = appeared[request.id] + CALM_MS > now;  // just appeared or moved: no tap yet, marked so
  const buttons = ["record", "refuse"].map(answer => {
    const button = element("button", { type: "button", disabled: fresh,  // named for what it does: "Record Ann's look"
      "aria-label": `${answer[0].toUpperCase()}${answer.slice(1)} ${request.line.replace(/^(.*?) asks: /, "$1's ")}` },
    answer);
    button.addEventListener("click", async () => {
      if (busy || calmed() || appeared[request.id] + CALM_MS > Date.now()) return;
      busy = true;
      const response = await post("answer", { id: request.id, answer }).catch(() => null);
      busy = false;
      const said = response ? await response.json().catch(() => ({})) : {};
      if (response && response.status === 200) calmFor();
      if (!response) say("refused", "The server cannot be reached: nothing was recorded.");
      else if (said.refused) say("refused", `${said.refused.replace(/^(.*?) asks: /, "Refused $1's request to ")}: `
        + "nothing was recorded.");
      else if (response.status === 200) say("recorded", said.recorded);
      else say("refused", said.stale || said.error || `Not recorded (${response.status}).`);
    });
    return button;
  });
  if (waiting.length > 1) {  // which is shown of how many wait, on the button that shows the next: on the row a
    // finger reaches (a phone's row holds "1 of 2 · next")
    const next = element("button", { type: "button", class: "next" }, `${at + 1} of ${waiting.length}`,
      element("span", { class: "wide" }, " requests"), " · next");
    next.addEventListener("click", () => {
      if (busy || calmed()) return;
      shown = waiting[(at + 1) % waiting.length].id;
      calmFor();  // a double tap's second does not pass the one it shows
      drawRequests(table);
    });
    buttons.push(next);
  }
  return element("li", {}, element("span", {}, unbroken(request.line)), " ", ...buttons);
}

const codes = new Set();  // the players whose seat's code is shown: each stays until closed
const pictures = {};  // each seat's code as drawn, by its path
let renewing = null;  // the player whose new code was asked for once: the second tap issues it

let codesFor = null;  // the table the seats' codes were last listed for
let codesHeard = false;  // the seats' summary listened to

function drawSeats(t) {  // the referee's page: each player's seat, its code shown on request, or issued anew (asked
  // twice: a new code cuts the player's phone off); listed once the table is painted while their `details` is
  // closed (its summary alone shows), at once where it is open or opened first
  const seats = document.getElementById("seats");
  const paths = Object.entries(t.seats || {});
  seats.hidden = !paths.length;
  seats.querySelector(".reach").hidden = t.reached !== false;
  const listed = () => { if (codesFor !== table) drawCodes(table); };
  if (!codesHeard) {  // opened before the list is filled: opened filled, never empty for a frame
    codesHeard = true;
    seats.firstElementChild.addEventListener("click", listed);
    seats.addEventListener("toggle", listed);
  }
  if (seats.open) drawCodes(t);
  else afterPaint(listed);
}

function drawCodes(t) {
  codesFor = t;
  const paths = Object.entries(t.seats || {});
  const list = document.querySelector("#seats ul");
  list.replaceChildren(...paths.map(([player, path]) => {
    const code = element("button", { type: "button", "aria-pressed": String(codes.has(player)) },
      codes.has(player) ? `close ${player}'s code` : `code for ${player}`);
    const again = element("button", { type: "button", class: "renew" },
      renewing === player ? `confirm new code for ${player}` : `new code for ${player}`);
    if (codes.has(player) && !pictures[path]) {  // made when first shown, then kept: a redraw neither fetches it
      // again nor flickers it; one never shown is never fetched
      pictures[path] = [element("img", { src: `qr.svg?player=${encodeURIComponent(player)}`,
        alt: `${player}'s seat: ${path}` }), element("p", {}, `${location.origin}${path}`)];
    }
    const shown = element("div", { class: "code" }, ...(codes.has(player) ? pictures[path] : []));
    code.addEventListener("click", () => {
      if (codes.has(player)) codes.delete(player);
      else codes.add(player);
      drawSeats(table);
    });
    again.addEventListener("click", async () => {
      if (busy || calmed()) return;
      if (renewing !== player) {  // the first tap says what it will do
        renewing = player;
        calmFor();
        drawSeats(table);
        say("", `A new code for ${player} cuts their phone off: its old code stops opening the seat. Tap “confirm new `
          + `code for ${player}” to issue it.`);
        return;
      }
      renewing = null;
      const response = await post("seats", { player }).catch(() => null);
      calmFor();
      say(response && response.ok ? "recorded" : "refused",
        response && response.ok ? `${player} has a new seat: the old code no longer opens it. Show them the new one.`
          : "Not issued.");
      drawSeats(table);
    });
    return element("li", {}, code, again, shown);
  }));
}

const CLEAR_PX = 8;  // what is left between a control worked with and the tray's band
let movedUntil = 0;  // the time until which a tap lands on nothing because the page moved under the finger

function clearOfTray(control, tapped) {  // a control the referee is working with (tapped, or reached by the
  // keyboard) never sits under the seats' band: where any of it does, it is brought whole into view above it
  // (and below the sticky line of whose turn it is), the page moved as little as that takes. Moved under a finger,
  // the page takes no tap for a moment (the calm): a double tap's second lands on nothing drawn there since
  const tray = document.getElementById("requests");
  if (!control.isConnected || !document.body.classList.contains("trayed") || tray.contains(control)) return;
  const band = tray.getBoundingClientRect().top, box = control.getBoundingClientRect();
  const whose = document.getElementById("whose"), top = whose.textContent ? whose.getBoundingClientRect().bottom : 0;
  if (!box.height || box.bottom <= band && box.top >= top) return;
  const by = box.bottom > band ? Math.min(box.bottom - band + CLEAR_PX, box.top - top) : box.top - top;
  const was = window.scrollY;
  window.scrollBy({ top: by, behavior: "instant" });
  if (tapped && window.scrollY !== was) {  // a key moves no finger
    movedUntil = Date.now() + CALM_MS;  // a card picked next takes it no more than any other control
    calmFor();
  }
}

const WORKED = "button, input, select, textarea, summary";  // what a referee works with

document.addEventListener("click", event => {  // after the control's own work: a picked card stays where it was drawn
  const control = event.target.closest && event.target.closest(WORKED);
  if (control && control.closest("#referee, #pay")) clearOfTray(control, event.detail > 0);  // a tap, not a key
});

document.addEventListener("focusin", event => {  // the keyboard's focus: a tap's focus waits for its click (moved
  // now, its click would land elsewhere)
  const control = event.target.closest && event.target.closest(WORKED);
  if (control && control.matches(":focus-visible") && control.closest("#referee, #pay")) clearOfTray(control, false);
});

document.addEventListener("said", event => {  // a payment recorded from the Settle up list (pay.js): the answer
  // line says it, as the page's own taps, the list going once nothing is owed
  const answer = document.getElementById("answer");
  if (!answer) return;
  if (event.detail.head !== undefined) answer.dataset.head = event.detail.head;
  calmFor();  // the page may move to show the line: a double tap's second is taken by nothing
  say(event.detail.kind, event.detail.said);
});

let phonedSaid = null;  // the referee's page: what a phone recorded, once said

document.addEventListener("table", event => {
  const changed = !table || table.digest !== event.detail.digest, before = table;
  table = event.detail;
  document.getElementById("referee-head").textContent = seated() ? `${table.seat}'s moves` : "Record";
  fate(table.request);
  overSaid();
  if (seated() && table.closed && closedSaid !== table.session) {  // what was recorded before is the night's past
    closedSaid = table.session;
    say("", "The night is closed: nothing more is recorded in it.");
  }
  if (document.getElementById("requests")) { drawRequests(table); drawSeats(table); }
  const backup = document.getElementById("backup");  // the ledger's replica, where Litestream replicates it
  if (backup) {
    backup.hidden = !table.backup;
    backup.textContent = table.backup ? table.backup.said : "";
    backup.classList.toggle("warning", Boolean(table.backup && table.backup.warning));
  }
  const phoned = !seated() && table.phoned && [table.digest, table.pay_head].includes(table.phoned.head)
    && phonedSaid !== `${table.phoned.head} ${table.phoned.line}` ? table.phoned : null;  // a phone recorded its
  // player's move (`--seats record`) or a payment to them: said once, not the page's own last answer; after the
  // close too, where the table's digest is the next night's start and the payment's is the closed night's
  if (phoned) phonedSaid = `${phoned.head} ${phoned.line}`;
  if (!changed && phoned) say("recorded", phoned.line);
  if (changed) {
    if (shownHand !== undefined && shownHand !== table.hand && Date.now() - saidAt > READ_MS) say("", "");  // old
    // news
    if (phoned) say("recorded", phoned.line);
    else if (!seated() && before && !busy && table.told && table.told.elsewhere
      && document.getElementById("answer").dataset.head !== table.digest) say("recorded", table.told.elsewhere);
    // a move typed at the terminal: said as the page says its own, where it was recorded (unless the page's own
    // answer is about this very table: a tap found stale by it says so)
    shownHand = table.hand;
    const night = [table.session, table.closed_session, Boolean(table.closed)].join("\n");
    if (night !== shownNight) {  // another night, or this one closed: every form as the first night showed it (none
      // open, nothing kept: the last night's ante is not left in the next's session new)
      if (shownNight !== null) Object.keys(kept).forEach(verb => { delete kept[verb]; });
      shownNight = night;
    }
    open = null;  // a field or picker left open was for the table as it was
    Object.values(kept).forEach(state => { state.confirming = ""; });
    drawMoves(table);
    drawForms(table);
  }
});
