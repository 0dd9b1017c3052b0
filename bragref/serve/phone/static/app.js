// The referee in the phone, the page's side: bragref runs in a Web Worker (worker.js) beside the referee's page, and
// this is the page's way to it (`transport.js` takes it from `window.bragrefApp`): a write is a message answered as
// `POST act` is answered over HTTP, the table comes as the worker's `status` messages where serve sends its events.
// It also registers the service worker that keeps every file for offline use, asks the browser to keep the ledger
// (persistent storage), and works the ledger's own controls: export ledger, export history, open ledger.
"use strict";

(() => {
  const worker = new Worker("worker.js", { type: "module" });
  const waiting = new Map();
  const sources = new Set();
  let next = 0, now = null, ready = false, failed = null;

  function ask(message, transfer) {
    return new Promise(resolve => {
      const id = next++;
      waiting.set(id, resolve);
      worker.postMessage({ ...message, id }, transfer || []);
    });
  }

  function kept(message, kind) {  // what the page says of the ledger in this phone
    const line = document.getElementById("kept");
    if (!line) { document.addEventListener("DOMContentLoaded", () => kept(message, kind), { once: true }); return; }
    line.textContent = message;
    line.className = kind || "";
  }

  let storage = "";  // what the page says of the browser's keeping of it, once asked

  worker.onmessage = ({ data }) => {
    if (data.id !== undefined) {
      waiting.get(data.id)(data);
      waiting.delete(data.id);
    } else if (data.kind === "status") {
      now = data.data;
      sources.forEach(source => source.emit(now));
    } else if (data.kind === "booting") kept(data.said);
    else if (data.kind === "ready") {
      ready = true;
      window.bragrefApp.started = data.took;  // where the start's time went (the benchmark reads it)
      window.bragrefApp.restored = data.snapshot;  // from the snapshot of a start before (the tests read it)
      window.bragrefApp.began = data.began - performance.timeOrigin;  // the page opened to the worker's start
      document.documentElement.dataset.app = data.version;
      kept(`bragref runs in this phone: the ledger is kept in it${storage}.`);  // its start's time is the
      // benchmark's (`started`), not words for the table
    } else if (data.kind === "failed") {
      failed = data.said;  // said here, where the ledger is spoken of: no table will come
      kept(data.said, "refused");
      const top = document.getElementById("said");  // and at the top, where "waiting for the ledger" stood
      if (top) top.textContent = data.said;
    }
  };

  class Source extends EventTarget {  // what `new EventSource("events")` is over HTTP: the table, each time it changes
    constructor() {
      super();
      this.readyState = 0;
      this.onopen = this.onerror = null;
      sources.add(this);
      queueMicrotask(() => {
        this.readyState = 1;
        if (this.onopen) this.onopen();
        if (now) this.emit(now);
      });
    }
    emit(data) { this.dispatchEvent(new MessageEvent("status", { data })); }
    close() { this.readyState = 2; sources.delete(this); }
  }

  window.bragrefApp = {
    async post(path, body) {
      const answer = await ask({ kind: "post", path, body: JSON.stringify(body) });
      window.bragrefApp.took = answer.took;  // where the time went (the benchmark reads it)
      return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "application/json" } });
    },
    async get(path) {
      if (path.startsWith("pay.svg?")) {
        const answer = await ask({ kind: "picture", path });
        return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "image/svg+xml" } });
      }
      if (path !== "status.json") return new Response("", { status: 404 });
      const answer = await ask({ kind: "status" });
      return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "application/json" } });
    },
    events() { return new Source(); },
    async picture(image, path) {  // drawn by the worker (no server to ask): the image's address is its own blob's
      const answer = await window.bragrefApp.get(path);
      if (!answer.ok) return;
      const address = URL.createObjectURL(await answer.blob());
      image.addEventListener("load", () => URL.revokeObjectURL(address), { once: true });
      image.src = address;
    },
    ask,  // the ledger's own messages, for the tests and the controls below
  };

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => null);  // http beyond this machine: no offline copy
  }

  async function persist() {
    if (!navigator.storage || !navigator.storage.persist) return;
    const already = await navigator.storage.persisted();
    const granted = already || await navigator.storage.persist();
    document.documentElement.dataset.persisted = String(granted);
    storage = granted ? ", and the browser has promised to keep it" :
      ", but the browser has not promised to keep it (it may clear it when short of space): export the ledger " +
      "at the end of the night, or add this page to the home screen";
    if (ready) kept(document.getElementById("kept").textContent.replace(/: the ledger is kept in it[^.]*\./,
      `: the ledger is kept in it${storage}.`));
  }

  function download(name, blob) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  async function hand(name, blob) {  // the phone's share sheet where there is one, else a download: true where the
    // file was handed over, false where the referee closed the share sheet (nothing exported; not a failure)
    const file = new File([blob], name, { type: blob.type });
    const data = { files: [file], title: name };
    let can = false;  // the share sheet takes this file: asked of the browser first (Chrome on Android takes only the
    // kinds of file it lists; a browser without the Web Share API has neither function)
    try { can = typeof navigator.share === "function" && typeof navigator.canShare === "function" &&
      navigator.canShare(data); } catch (error) { can = false; }
    if (can) {
      try { await navigator.share(data); return true; }
      catch (error) { if (error.name === "AbortError") return false; }  // any other refusal: downloaded instead
    }
    download(name, blob);
    return true;
  }

  let replacing = null;  // the file waiting for the referee's two confirmations, and how many they have given

  async function open(file, confirmed) {
    kept(`Auditing ${file.name}…`);
    const bytes = await file.arrayBuffer();
    const answer = await ask({ kind: "open", bytes, confirmed }, [bytes]);
    const asking = document.getElementById("replacing");
    asking.hidden = true;
    if (answer.findings) kept(`${file.name} was refused: its audit found ${answer.findings.join("; ")}. ` +
      "Nothing was replaced.", "refused");
    else if (answer.unexported) {
      replacing = { file, taps: 0 };
      asking.hidden = false;
      document.getElementById("replace-ledger").textContent = "replace the ledger here";
      kept(`${file.name} is sound. The ledger here has not been exported since its last change: export ledger ` +
        "first, or tap replace the ledger here twice to lose it.", "confirm");
    } else if (answer.opened) {
      replacing = null;
      const said = document.getElementById("answer");  // what was said of the ledger replaced is not this one's
      if (said) { said.textContent = ""; said.className = ""; }
      kept(`Opened ${file.name}: the table carries on from it.`, "recorded");
    } else kept(answer.error || "The ledger could not be opened.", "refused");
  }

  document.addEventListener("DOMContentLoaded", () => {
    persist();
    document.getElementById("export-ledger").addEventListener("click", async () => {
      const answer = await ask({ kind: "exportLedger" });
      if (answer.error) { kept(answer.error, "refused"); return; }
      if (await hand(answer.name, new Blob([answer.bytes], { type: "application/vnd.sqlite3" }))) {
        await ask({ kind: "exported" });
        kept(`Exported ${answer.name}: the whole ledger, to keep or to send to whoever keeps the club's nights. ` +
          "open ledger takes it back, in this phone or another.", "recorded");
      } else kept(`Not exported: the share of ${answer.name} was closed. Tap export ledger again to send it.`);
    });
    document.getElementById("export-history").addEventListener("click", async () => {
      const answer = await ask({ kind: "exportHistory" });
      if (answer.error) { kept(answer.error, "refused"); return; }
      if (await hand(answer.name, new Blob([answer.text], { type: "text/plain" }))) kept(`Exported ${answer.name}.`,
        "recorded");
      else kept(`Not exported: the share of ${answer.name} was closed. Tap export history again to send it.`);
    });
    document.getElementById("open-ledger").addEventListener("click", () => {
      const file = document.getElementById("ledger-file").files[0];
      if (!file) { kept("Choose a ledger file first.", "refused"); return; }
      open(file, false);
    });
    document.getElementById("replace-ledger").addEventListener("click", event => {
      if (!replacing) return;
      replacing.taps += 1;
      if (replacing.taps < 2) {
        event.target.textContent = "tap again: the ledger here is lost";
        return;
      }
      open(replacing.file, true);
    });
  });
})();
