// Every phone a witness: a seat's page keeps, in the phone's own storage, the newest ledger digest it was shown (with
// its night, hand and time) and the closing digest of every night it saw closed; `witnessed` lists them, and a night
// closed shows its closing digest to keep. Any of them is checked later with the ledger's audit of a digest: a ledger
// changed since cannot hold it. Self-contained: it listens to the `table` events page.js sends; text nodes only.
"use strict";

const WITNESS_KEY = "bragref-witnessed";
const WITNESS_MOST = 200;  // closing digests kept: a season of nights, and then the oldest go

function witnessed() {
  try {
    const kept = JSON.parse(localStorage.getItem(WITNESS_KEY) || "{}");
    return { newest: kept.newest || null, closings: Array.isArray(kept.closings) ? kept.closings : [] };
  } catch (error) {
    return { newest: null, closings: [] };
  }
}

function witness(t) {
  const kept = witnessed();
  const at = new Date().toISOString();
  if (t.digest && (!kept.newest || kept.newest.digest !== t.digest)) {
    kept.newest = { digest: t.digest, session: t.session || t.closed_session || "", hand: t.hand || null, at };
  }
  const night = t.session || t.closed_session;
  if (t.closing && !kept.closings.some(c => c.digest === t.closing)) {
    kept.closings.push({ digest: t.closing, session: night || "", at });
    kept.closings = kept.closings.slice(-WITNESS_MOST);
  }
  try {
    localStorage.setItem(WITNESS_KEY, JSON.stringify(kept));
  } catch (error) { /* storage full or refused: shown, not kept */ }
  return kept;
}


function witnessLine(label, entry) {
  const item = document.createElement("li");
  const when = entry.at ? new Date(entry.at).toLocaleString() : "";
  const where = [entry.session, entry.hand ? `hand ${entry.hand}` : "", when].filter(Boolean).join(" · ");
  const code = document.createElement("code");
  code.textContent = entry.digest;
  item.append(`${label}: `, code, where ? ` (${where})` : "");
  return item;
}

function witnessList(kept) {
  document.querySelector("#witnessed ul").replaceChildren(
    ...(kept.newest ? [witnessLine("newest", kept.newest)] : []),
    ...kept.closings.slice().reverse().map(c => witnessLine("closed", c)));
}

document.addEventListener("table", event => {
  const t = event.detail || {};
  const box = document.getElementById("witnessed");
  if (!box || !t.seat) return;  // the seats' pages witness; the referee holds the ledger itself
  box.hidden = false;  // its summary shown with the table; what it lists, in a closed `details`, once the table is
  // painted: the phone's storage read and written (5-25 ms on a slow phone), and a phone's first date in its own
  // locale's words loads its locale's data (about 0.2 s)
  afterPaint(() => witnessList(witness(t)));
  const closing = document.getElementById("closing");
  closing.hidden = !t.closing;
  if (t.closing) {
    const code = document.createElement("code");
    code.textContent = t.closing;
    closing.replaceChildren(`${t.closed_session || t.session || "Tonight"} is closed. Keep this: it proves tonight's `
                            + "results: ", code, ".");
  }
});
