// The referee in the phone's Web Worker: Pyodide booted from this application's own files, bragref and its
// dependencies unpacked from its wheels, and the ledger opened; then each of the page's messages answered in turn,
// as `serve --referee` answers HTTP (bragref.serve.phone.table.Phone). The ledger is a SQLite file in the worker's
// memory, kept in the browser's origin private file system (OPFS) after every write and before its answer goes back:
// two slots written in turn, each a header (its generation and length) and the file, the header written and flushed
// after the file is, so that a tab killed in the middle of a write leaves the other slot, the last acknowledged
// ledger, whole. Nothing here is fetched from anywhere but this application's folder.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const LEDGER = "/ledger/bragref.db";
const INCOMING = "/ledger/incoming.db";
const MAGIC = 0x42524746;  // "BRGF": a slot's header begins with it
const HEAD = 64;           // a slot's header: magic, generation, length, generation last exported
const SLOTS = ["ledger-a.slot", "ledger-b.slot"];

let py = null, phone = null;
const store = { handles: [], generation: 0, exported: 0, slot: -1 };  // `slot`: the one holding `generation`
let queue = Promise.resolve();

function header(handle) {
  const bytes = new DataView(new ArrayBuffer(HEAD));
  if (handle.getSize() < HEAD || handle.read(bytes, { at: 0 }) < HEAD || bytes.getUint32(0) !== MAGIC) return null;
  const found = { generation: bytes.getFloat64(8), length: bytes.getFloat64(16), exported: bytes.getFloat64(24) };
  return found.length + HEAD <= handle.getSize() ? found : null;
}

function writeHeader(handle, generation, length, exported) {
  const bytes = new DataView(new ArrayBuffer(HEAD));
  bytes.setUint32(0, MAGIC);
  bytes.setFloat64(8, generation);
  bytes.setFloat64(16, length);
  bytes.setFloat64(24, exported);
  handle.write(bytes, { at: 0 });
  handle.flush();
}

async function openStore() {  // the newest whole slot, into the worker's memory: the ledger as last acknowledged
  const root = await navigator.storage.getDirectory();
  for (const name of SLOTS) {
    const file = await root.getFileHandle(name, { create: true });
    store.handles.push(await file.createSyncAccessHandle());  // one tab at a time: a second is refused here
  }
  store.handles.forEach((handle, i) => {
    const found = header(handle);
    if (found && found.generation > store.generation) Object.assign(store, found, { slot: i });
  });
  if (store.slot >= 0) {
    const data = new Uint8Array(store.length);
    store.handles[store.slot].read(data, { at: HEAD });
    py.FS.writeFile(LEDGER, data);
    held[store.slot] = data;
  }
}

const PAGE = 4096;  // SQLite's page: what a write changes a few of
const held = [null, null];  // what each slot holds after the header, where this worker wrote or read it

function keep() {  // the ledger in memory, durably in the slot not holding the last acknowledged one: only the pages
  // that differ from what that slot holds are written (a tap's few, not the whole night's file)
  const data = py.FS.readFile(LEDGER);
  const slot = store.slot === 0 ? 1 : 0, handle = store.handles[slot], generation = store.generation + 1;
  const old = held[slot];
  held[slot] = null;  // unknown until this write is whole
  if (!old) handle.write(data, { at: HEAD });
  else {
    const now32 = new Uint32Array(data.buffer, 0, data.length >> 2), old32 = new Uint32Array(old.buffer, 0, old.length >> 2);
    for (let at = 0; at < data.length; at += PAGE) {
      const end = Math.min(at + PAGE, data.length);
      let same = end <= old.length && end % 4 === 0;
      for (let i = at >> 2; same && i < end >> 2; i++) same = now32[i] === old32[i];
      if (!same) handle.write(data.subarray(at, end), { at: HEAD + at });
    }
  }
  handle.truncate(HEAD + data.length);
  handle.flush();
  writeHeader(handle, generation, data.length, store.exported);
  held[slot] = data;
  Object.assign(store, { generation, slot, length: data.length });
}

function exported() {  // the ledger as it is now has been downloaded or shared: it may be replaced without asking
  if (store.slot < 0) return;
  store.exported = store.generation;
  writeHeader(store.handles[store.slot], store.generation, store.length, store.exported);
}

function status() { post({ kind: "status", data: phone.status() }); }

function post(message, transfer) { self.postMessage(message, transfer || []); }

const HANDLERS = {
  post({ path, body }) {
    if (path !== "act") return { status: 404, body: JSON.stringify({ error: "the referee in the phone records by act alone" }) };
    const began = performance.now();
    const answer = JSON.parse(phone.act(body));
    const acted = performance.now();
    if (answer.wrote) keep();  // durable before the answer is shown
    return { status: answer.status, body: JSON.stringify(answer.body), wrote: answer.wrote,
             took: { bragref: acted - began, kept: performance.now() - acted } };
  },
  status() { return { status: 200, body: phone.status() }; },
  picture({ path }) {  // `pay.svg?from=…&to=…`: a pay link's QR code, as serve draws it
    const asked = new URLSearchParams(path.split("?")[1]);
    const svg = phone.pay(asked.get("from") || "", asked.get("to") || "");
    return svg === undefined || svg === null ? { status: 404, body: "" } : { status: 200, body: svg };
  },
  exportLedger() {
    if (!py.FS.analyzePath(LEDGER).exists) return { error: "There is no ledger here yet: start a session first." };
    const data = py.FS.readFile(LEDGER);
    return { name: `${phone.name()}.db`, bytes: data.buffer, transfer: [data.buffer] };
  },
  exportHistory() {
    if (!py.FS.analyzePath(LEDGER).exists) return { error: "There is no ledger here yet: start a session first." };
    try { return JSON.parse(phone.history()); } catch (error) { return { error: `${error.message.split("\n").filter(Boolean).pop()}` }; }
  },
  exported() { exported(); return {}; },
  memory() {  // what the worker holds: Pyodide's WebAssembly memory, and the ledger's file
    const heap = py._module && py._module.HEAP8;
    return { wasm: heap ? heap.buffer.byteLength : null, ledger: store.length || 0 };
  },
  open({ bytes, confirmed }) {
    py.FS.writeFile(INCOMING, new Uint8Array(bytes));
    const findings = JSON.parse(phone.audit(INCOMING));
    if (findings.length) { py.FS.unlink(INCOMING); return { findings }; }
    if (store.slot >= 0 && store.exported !== store.generation && !confirmed) {
      py.FS.unlink(INCOMING);
      return { unexported: true };
    }
    phone.replace(INCOMING);
    keep();
    exported();  // the ledger opened is a file the referee has: nothing here is lost by replacing it later
    return { opened: true };
  },
};

self.onmessage = ({ data }) => {
  queue = queue.then(async () => {  // one at a time: a write and its keeping are done before the next is read
    let answer;
    try {
      await booted;
      answer = HANDLERS[data.kind](data);
    } catch (error) {
      answer = { status: 500, error: `bragref in this phone failed: ${error.message}`,
                 body: JSON.stringify({ error: `bragref in this phone failed: ${String(error.message).split("\n").filter(Boolean).pop()}` }) };
    }
    const transfer = answer.transfer;
    delete answer.transfer;
    post({ id: data.id, ...answer }, transfer);
    if (answer.wrote || answer.opened) status();
  });
};

async function fetched(path) {  // a file of this application's, its bytes: gunzipped where they are gzip's (the
  // pack; a server may have unzipped it already, as some do for a file whose name ends .gz: its name does not)
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} is missing from this application (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

function unpacked(bytes, site) {  // `app build`'s pack: bragref and its dependencies, compiled for this Python
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  const made = new Set();
  for (const [name, size] of index) {
    const folder = `${site}/${name}`.replace(/\/[^/]*$/, "");
    if (!made.has(folder)) { py.FS.mkdirTree(folder); made.add(folder); }
    py.FS.writeFile(`${site}/${name}`, bytes.subarray(at, at + size));
    at += size;
  }
}

// Pyodide's memory as it stands once bragref is imported (its private `makeMemorySnapshot`, pinned with the runtime),
// kept in OPFS for the build that made it (its version in the file's name): a later start of the same build restores
// it instead of starting Python and importing bragref again. Made at a build's first start, in the phone itself (a
// snapshot is of one browser's Pyodide), gzipped; one that fails to load is dropped and Python started as at first.
const SNAPSHOT = version => `snapshot-${version}.gz`;

async function snapshotOf(version) {  // this build's snapshot, as a promise of its bytes (read while Pyodide's own
  // files are fetched); null where there is none
  try {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle(SNAPSHOT(version))).getFile();
    if (!file.size) return null;  // its writing cut short (a file is whole once closed, empty before)
    return { bytes: new Response(file.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() };
  } catch (error) {
    return null;  // none yet, or no storage: Python is started as at first
  }
}

async function dropSnapshot(version) {
  try { await (await navigator.storage.getDirectory()).removeEntry(SNAPSHOT(version)); } catch (error) { /* none */ }
}

async function started(about, snapshot) {  // Pyodide, from the snapshot where there is one; the site's folder
  let site = null;
  const options = { indexURL: new URL("./pyodide/", self.location).href, packages: [],
                    fsInit: async (FS, info) => { site = info.sitePackages; } };
  if (snapshot) options._loadSnapshot = snapshot.bytes;
  else options._makeSnapshot = true;
  return { py: await loadPyodide(options), site };
}

async function boot() {
  const started_ = performance.now();
  post({ kind: "booting", said: "Starting bragref in this phone…" });
  const about = await (await fetch("bragref-app.json")).json();
  const parts = about.site ? [fetched(about.site)] : about.wheels.map(wheel => fetched(`wheels/${wheel}`));
  parts.forEach(part => part.catch(() => null));  // fetched while Pyodide starts; a failure is said below
  let snapshot = await snapshotOf(about.version);
  const read = performance.now();  // this build's name read, its snapshot looked for
  let runtime;
  try {
    runtime = await started(about, snapshot);
  } catch (error) {
    if (!snapshot) throw error;
    await dropSnapshot(about.version);  // a snapshot this runtime cannot restore: dropped, and Python started anew
    snapshot = null;
    runtime = await started(about, null);
  }
  py = runtime.py;
  const ran = performance.now();
  if (about.site) unpacked(await parts[0], runtime.site);
  else for (const part of parts) py.unpackArchive(await part, "wheel", { extractDir: runtime.site });
  py.FS.mkdirTree("/ledger");
  const unpackedAt = performance.now();
  try {
    await openStore();
  } catch (error) {
    error.said = error.name === "NoModificationAllowedError"
      ? "This ledger is open in another tab or window of this browser: close it there, then reload this page."
      : `This browser keeps no file for the ledger here (${error.message}): nothing could be recorded.`;
    throw error;  // said once, by `booted`'s catch: the ledger's own words, not the browser's
  }
  const opened = performance.now();
  let memory = null;
  if (snapshot) py.runPython("import random\nrandom.seed()");  // the snapshot's random state is every start's: new
  else {
    py.runPython("from bragref.serve.phone.table import Phone");
    try {  // before any object of the ledger's (its open files are not in a snapshot), and any JavaScript object's
      memory = py.makeMemorySnapshot();
    } catch (error) {
      memory = null;  // none made: the next start starts Python as this one did
    }
  }
  py.runPython(`from bragref.serve.phone.table import Phone\nphone = Phone(${JSON.stringify(LEDGER)})`);
  phone = py.globals.get("phone");
  const imported = performance.now();
  status();
  post({ kind: "ready", version: about.version, ms: Math.round(performance.now() - started_),
         began: performance.timeOrigin + started_,  // when the worker's own start began, on the wall clock
         kept: store.slot >= 0, generation: store.generation, snapshot: Boolean(snapshot),
         took: { looked: read - started_, pyodide: ran - read, wheels: unpackedAt - ran, ledger: opened - unpackedAt,
                 bragref: imported - opened, table: performance.now() - imported } });
  keepSnapshot(about.version, memory);
}

async function keepSnapshot(version, memory) {  // after the start, not before it (the page is answered meanwhile):
  // this build's snapshot kept where it was just made; any other build's let go
  try {
    const root = await navigator.storage.getDirectory();
    if (memory) {
      const writable = await (await root.getFileHandle(SNAPSHOT(version), { create: true })).createWritable();
      await new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip")).pipeTo(writable);  // in place
      // once whole: a start never reads half of one
    }
    for await (const name of root.keys()) {
      if (name.startsWith("snapshot-") && name !== SNAPSHOT(version)) await root.removeEntry(name);
    }
  } catch (error) {
    // not kept: the next start starts Python as this one did
  }
}

const booted = boot();
booted.catch(error => post({ kind: "failed",
  said: error.said || `bragref could not start in this phone: ${error.message}` }));
