// Settling up from the phones: each payment still owed (the table's `pay`, sent to the referee's page and to the
// payer's and the payee's own seat pages only, never to the players' page) as a box of its own: its line, what to know
// before paying (a scheme that takes no amount), the link that pays it as a button with its QR code (`pay.svg`, drawn
// by bragref, the server's or the phone's worker's, saying who scans it), and a button that says what it records
// through the same answers as every other tap: `record: Bill paid Ann ₹12.50` on the referee's page (`POST act`),
// `received ₹12.50 from Bill` on the payee's seat (`POST ask`). A seat's page says it as theirs ("You pay Ann", "Bill
// pays you"); the payee's is never offered a payment to themselves, the payer never a record of their own word.
// Self-contained: it listens to the `table` events page.js sends, and draws with text nodes only; a payment recorded
// is said on the page's answer line too (a `said` event, which referee.js says), the list going once nothing is owed.
"use strict";

let answeredAt = null;  // the ledger's digest when the last answer was said here

function said(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

function payItem(row, seat, head) {
  const item = document.createElement("li");
  const owed = row.owed || "";
  item.appendChild(said("p", seat === row.from ? `You pay ${row.to} ${owed}` : seat === row.to
    ? `${row.from} pays you ${owed}` : row.said, "owed"));
  if (row.note) item.appendChild(said("p", row.note));  // before the button: what to type where the link cannot say
  if (row.link) {
    if (seat !== row.to) {  // the payee is never offered a payment to themselves
      const button = said("button", `pay ${row.to}`, "pay-link");
      button.type = "button";
      button.title = row.link;
      button.addEventListener("click", () => {  // upi:// opens the phone's payment app; an https link a new tab
        if (row.link.startsWith("https://")) window.open(row.link, "_blank", "noopener,noreferrer");
        else window.location.assign(row.link);
      });
      item.appendChild(button);
    }
    const code = document.createElement("img");
    transport.picture(code, `pay.svg?from=${encodeURIComponent(row.from)}&to=${encodeURIComponent(row.to)}`);
    code.alt = `QR code: ${row.said}, ${row.link}`;
    code.width = 180;
    code.height = 180;
    item.appendChild(code);
    item.appendChild(said("p", !seat ? `${row.from} scans this to pay ${row.to}.` : seat === row.to
      ? `Show this to ${row.from}: it opens the payment on their phone.` : "Or scan it from the phone you pay with.",
      "scan"));
  }
  if (seat && seat === row.from) {  // a payer's word that they paid is not the payee's
    item.appendChild(said("p", `Once ${row.to} has it, ${row.to}'s phone or the referee records it.`));
  } else {  // the referee records it, or the payee says it was received
    const paid = said("button", seat ? `received ${owed} from ${row.from}` : `record: ${row.from} paid ${row.to} ${owed}`);
    paid.type = "button";
    paid.addEventListener("click", async () => {
      const answer = document.getElementById("paid-answer");
      paid.disabled = true;
      try {
        const response = await transport.post(seat ? "ask" : "act", { words: row.words, head });
        const told = await response.json();
        answer.textContent = told.recorded || told.refused || told.stale || told.error || "";
        answeredAt = told.head || head;  // said of the ledger as it then stood: cleared once it moves on
        if (told.recorded) {  // said on the page's answer line too: the list goes once nothing is owed, its line too
          document.dispatchEvent(new CustomEvent("said", { detail: { kind: "recorded", said: told.recorded,
            head: told.head } }));
        }
      } catch (error) {
        answer.textContent = "Not recorded: the server did not answer.";
      } finally {
        paid.disabled = false;
      }
    });
    item.appendChild(paid);
  }
  return item;
}

document.addEventListener("table", event => {
  const t = event.detail || {};
  const section = document.getElementById("pay");
  if (!section) return;
  const rows = t.pay || [];  // sent between hands and after a close alone (R1.2): never among a hand's moves
  const head = "pay_head" in t ? t.pay_head : t.digest;  // a closed night's table as it stands (the referee's page
  // shows the start of the next session beside it, whose own head is empty)
  const answer = document.getElementById("paid-answer");
  if (answer && answeredAt !== null && head !== answeredAt) {  // an undo, the next hand: no longer the news
    answer.textContent = "";
    answeredAt = null;
  }
  section.hidden = rows.length === 0;
  section.querySelector("ul").replaceChildren(...rows.map(row => payItem(row, t.seat, head)));
});
