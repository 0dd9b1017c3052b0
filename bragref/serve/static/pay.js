// Settling up from the phones: each payment still owed (the table's `pay`, sent to the referee's page and to the
// payer's and the payee's own seat pages only, never to the players' page) as a line, the link that pays it as a
// button with its QR code (`pay.svg`, drawn by bragref: the server's, or the phone's worker's), and a button that records it through the same answers as
// every other tap: `paid` on the referee's page (`POST act`), `received` on the payee's seat (`POST ask`).
// Self-contained: it listens to the `table` events page.js sends, and draws with text nodes only.
"use strict";

let answeredAt = null;  // the ledger's digest when the last answer was said here

function payItem(row, seat, head) {
  const item = document.createElement("li");
  const line = document.createElement("p");
  line.textContent = row.said;
  item.appendChild(line);
  if (row.link) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pay-link";
    button.textContent = `pay ${row.to}`;
    button.title = row.link;
    button.addEventListener("click", () => {  // upi:// opens the phone's payment app; an https link a new tab
      if (row.link.startsWith("https://")) window.open(row.link, "_blank", "noopener,noreferrer");
      else window.location.assign(row.link);
    });
    item.appendChild(button);
    const code = document.createElement("img");
    transport.picture(code, `pay.svg?from=${encodeURIComponent(row.from)}&to=${encodeURIComponent(row.to)}`);
    code.alt = `QR code: ${row.said}, ${row.link}`;
    code.width = 180;
    code.height = 180;
    item.appendChild(code);
  }
  if (row.note) {
    const note = document.createElement("p");
    note.textContent = row.note;
    item.appendChild(note);
  }
  if (!seat || seat === row.to) {  // the referee records it, or the payee says it was received; the payer cannot
    const paid = document.createElement("button");
    paid.type = "button";
    paid.textContent = seat ? `received from ${row.from}` : `paid: ${row.from} to ${row.to}`;
    paid.addEventListener("click", async () => {
      const answer = document.getElementById("paid-answer");
      paid.disabled = true;
      try {
        const response = await transport.post(seat ? "ask" : "act", { words: row.words, head });
        const said = await response.json();
        answer.textContent = said.recorded || said.refused || said.error || "";
        answeredAt = said.head || head;  // said of the ledger as it then stood: cleared once it moves on
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
  const rows = t.pay || [];
  const answer = document.getElementById("paid-answer");
  if (answer && answeredAt !== null && t.digest !== answeredAt) {  // an undo, the next hand: no longer the news
    answer.textContent = "";
    answeredAt = null;
  }
  section.hidden = rows.length === 0;
  section.querySelector("ul").replaceChildren(...rows.map(row => payItem(row, t.seat, t.digest)));
});
