// The referee's page: the moves on offer and the table's other answers, each a button made from what the server
// offers (`told.moves`, `told.forms`: the game's own declarations), recorded by `POST act` with the words the table
// takes and the digest of the table the page shows. A move that takes an amount or cards opens its field or the
// pack's picker at the first tap, and records at the second.
"use strict";

let table = null;  // the table as the page shows it: what an answer is for
let open = null;   // the move whose amount or cards are being given: its label

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
  return /^[\w.£$€+\-/:]+$/u.test(word) ? word : `'${word.replace(/'/g, "'\"'\"'")}'`;
}

function say(kind, message) {
  const answer = document.getElementById("answer");
  answer.className = kind;
  answer.textContent = message;
}

async function record(words) {
  say("", "Recording…");
  let response;
  try {
    response = await fetch("act", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ words: words.map(quoted).join(" "), head: table && table.digest }) });
  } catch (error) {
    say("refused", "The server cannot be reached: nothing was recorded. Tap again once it is back.");
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (answer.head) document.getElementById("answer").dataset.head = answer.head;  // the table the page will show
  if (response.status === 200) { open = null; say("recorded", answer.recorded); }
  else if (response.status === 409) {  // the table as it is now, at once
    open = null;
    say("refused", `Stale: ${answer.stale}`);
    fetch("status.json").then(now => now.json()).then(show);
  }
  else if (response.status === 422) say("refused", [answer.refused, answer.may].filter(Boolean).join(" — "));
  else say("refused", answer.error || `Not recorded (${response.status}).`);
}

function moveWords(move, picked) {
  const amount = document.getElementById("amount");
  return move.words.flatMap(word => {
    if (word === "{amount}") return [amount ? amount.value : ""];
    if (word === "{cards}") return picked;
    if (word.startsWith("{cards:")) return picked.length ? [word.slice(7, -1), ...picked] : [];
    if (word.startsWith("{more:")) {  // a second amount, where one is given (Three Card Poker's Pair Plus)
      const more = document.querySelector(`[data-more="${word.slice(6, -1)}"]`);
      return more && more.value ? [word.slice(6, -1), more.value] : [];
    }
    return [word];
  });
}

function picker(move, picked) {
  const pack = element("div", { class: "pack", role: "group", "aria-label": `cards for ${move.label}` });
  move.cards.pack.forEach(([card, seen]) => {
    const button = element("button", { type: "button", disabled: Boolean(seen), title: seen || null,
      "aria-pressed": picked.includes(card) ? "true" : "false" }, card);
    button.addEventListener("click", () => {
      const at = picked.indexOf(card);
      if (at >= 0) picked.splice(at, 1);
      else if (!move.cards.count || picked.length < move.cards.count) picked.push(card);
      button.setAttribute("aria-pressed", picked.includes(card) ? "true" : "false");
    });
    pack.append(button);
  });
  return pack;
}

function drawMoves(t) {
  const moves = document.getElementById("moves"), panel = document.getElementById("picked");
  const offered = (t.told && t.told.moves) || [];
  if (!offered.some(move => move.label === open)) open = null;
  moves.replaceChildren();
  panel.replaceChildren();
  const picked = [];
  offered.forEach(move => {
    const needs = move.amount || move.cards || move.more;
    const button = element("button", { type: "button", "aria-pressed": needs ? String(open === move.label) : null },
      move.label);
    button.addEventListener("click", () => {
      if (needs && open !== move.label) { open = move.label; drawMoves(table); return; }
      record(moveWords(move, picked));
    });
    moves.append(button);
    if (open !== move.label) return;
    if (move.amount) {
      panel.append(element("label", {}, "amount ", element("input", { id: "amount", type: "number",
        inputmode: "decimal", min: move.amount.min, max: move.amount.max, step: move.amount.step,
        value: move.amount.min, "aria-label": "amount" })));
    }
    (move.more || []).forEach(more => panel.append(element("label", {}, `${more.name} `, element("input", {
      type: "number", inputmode: "decimal", min: more.min || "0", max: more.max, step: more.step || "any",
      "aria-label": more.name, "data-more": more.keyword }))));  // bounded by its own range, where it has one
    if (move.cards) panel.append(picker(move, picked));
    panel.append(element("p", {}, `Tap “${move.label}” again to record it.`));
  });
}

function field(form, spec) {
  const name = form.verb === "deal" ? spec.name : `${form.verb} ${spec.name}`;
  let input;
  if (spec.options) {
    input = element("select", { "aria-label": name, "data-name": spec.name },
      ...(spec.optional ? [element("option", { value: "" }, "—")] : []),
      ...spec.options.map(option => element("option", { value: option }, option)));
  } else {
    input = element("input", { type: spec.kind === "amount" ? "number" : "text", "aria-label": name,
      "data-name": spec.name, ...(spec.kind === "amount" ? { inputmode: "decimal", min: "0", step: "any" } : {}) });
  }
  return element("label", {}, `${spec.name} `, input);
}

function drawForms(t) {
  const forms = document.getElementById("forms");
  const offered = (t.told && t.told.forms) || [];
  forms.replaceChildren(...offered.map(form => {
    const folded = form.verb !== "deal" && form.verb !== "undo";  // the rarer answers, a tap away
    const box = folded ? element("details", {}, element("summary", {}, form.verb))
      : element("fieldset", {}, element("legend", {}, form.verb));
    const inputs = form.fields.map(spec => field(form, spec));
    const button = element("button", { type: "button" }, form.verb);
    button.addEventListener("click", () => {
      const words = [form.verb];
      form.fields.forEach((spec, i) => {
        const value = inputs[i].querySelector("[data-name]").value.trim();
        if (!value) return;
        if (spec.keyword) words.push(spec.keyword);
        words.push(...(spec.kind === "text" && spec.name !== "name" && spec.name !== "reason" ? value.split(/\s+/)
          : [value]));
      });
      record(words);
    });
    box.append(...inputs, button);
    return box;
  }));
}

document.addEventListener("table", event => {
  const changed = !table || table.digest !== event.detail.digest;
  table = event.detail;
  if (changed) { drawMoves(table); drawForms(table); }
});
