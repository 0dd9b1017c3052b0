"""Benchmark for the referee in the phone (issue 75). Run: python tests/benchmarks/bench_app.py [--actions 200]
[--hands 1000] [--starts N] [--folder DIR]

Builds the application (`bragref app build`), serves it with `python -m http.server` on loopback and drives Debian's
Chromium (a phone's screen, touch, a profile of its own), printing beside each target a floor measured in the same
run:
- the application's size on disk, each part's weight (target: 20 MB in all);
- the first load over loopback, from the address typed to the first tap possible (the table drawn by bragref running
  in the page's worker), target 8 s; the floor: Pyodide alone loaded in a page of the same origin;
- a warm start with no network (the browser closed and opened again offline, every file from the service worker),
  target 3 s, and the same with the CPU throttled 4x (DevTools' `Emulation.setCPUThrottlingRate`), target 10 s; the
  floor: Pyodide alone loaded again in the first browser, its files from the service worker's cache;
- `--actions` taps (a deal and two folds a hand), each from the click to its answer shown, the ledger durable in the
  browser's storage before it is: median (target 150 ms) and p90 (target 300 ms); the floor: the same message sent
  to the worker and answered by it without bragref (`status`, the table read);
- the memory in the tab after those hands (the worker's WebAssembly memory and the page's JavaScript heap), target
  150 MB;
- `--hands` hands recorded in the app (straight to the worker, as the page posts them), then taps timed again:
  target within 1.2x of the taps at hand 1.
Each warm start also prints where the worker's own clock says it went (the build's name read and its snapshot looked
for, Pyodide started or restored from the phone's snapshot of its memory, bragref's files written, the ledger read,
bragref imported, the first table) and Pyodide alone started at once after in the same page, the floor nearest in
time. `--starts N`: only the first load and N warm starts, each beside that floor (the start alone, compared build
with build: `--folder` runs an application built already, e.g. by another bragref).
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
READY = "html[data-app]"

TIMED_TAP = """async label => {  // the click to the answer shown (the page's #answer changed), in the page's own time
  const answer = document.getElementById('answer');
  const button = [...document.querySelectorAll('#moves > button, #forms button')].find(b => b.textContent === label);
  const began = performance.now();
  const shown = new Promise(resolve => new MutationObserver((_, observer) => {
    if (answer.className && answer.className !== 'waiting') { observer.disconnect(); resolve(performance.now()); }
  }).observe(answer, { attributes: true, childList: true, characterData: true, subtree: true }));
  answer.className = 'waiting';
  button.click();
  const at = await shown;
  return { ms: at - began, kind: answer.className, said: answer.textContent, took: bragrefApp.took };
}"""

HANDS = """async hands => {  // hands recorded straight through the worker, as the page posts them: a deal, folds
  const status = async () => (await bragrefApp.get('status.json')).json();
  for (let i = 0; i < hands; i++) {
    let now = await status();
    await bragrefApp.post('act', { words: 'deal', head: now.digest });
    for (;;) {
      now = await status();
      if (!now.to_act) break;
      await bragrefApp.post('act', { words: `fold ${now.to_act}`, head: now.digest });
    }
  }
  return (await status()).hand;
}"""

FLOOR = """<!doctype html><script type="module">
const began = performance.now();
const { loadPyodide } = await import('./pyodide/pyodide.mjs');
await loadPyodide({ indexURL: './pyodide/' });
document.title = String(performance.now() - began);
</script>"""


def served(folder: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                               str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    return server, f"http://127.0.0.1:{port}/"


def started(context, url: str, throttle: float = 1) -> float:
    """Seconds from the address opened to the first tap possible: bragref ready in the worker, the table drawn."""
    page = context.pages[0] if context.pages else context.new_page()
    if throttle != 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    began = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=300_000)
    page.wait_for_function("document.body.dataset.head !== undefined", timeout=300_000)
    return time.perf_counter() - began


IN_PAGE = """async () => {  // Pyodide alone, started in the page just opened, from the same files (the same cache)
  const began = performance.now();
  const { loadPyodide } = await import('./pyodide/pyodide.mjs');
  await loadPyodide({ indexURL: './pyodide/' });
  return (performance.now() - began) / 1000;
}"""


def said_start(page) -> str:
    """Where the worker's start went (its own clock), as it said when ready."""
    took = page.evaluate("bragrefApp.started")
    before = page.evaluate("bragrefApp.began")  # from the page's navigation to the worker's first line
    opened = "" if before is None else f"the page opened to the worker's start {before / 1000:.2f}, "
    how = "Pyodide restored from the phone's snapshot" if page.evaluate("bragrefApp.restored") else "Python started"
    return f"{how}: " + opened + ", ".join(f"{part} {ms / 1000:.2f}" for part, ms in took.items()) + " s"


def floor(context, url: str) -> float:
    page = context.new_page()
    page.goto(url + "floor.html")
    page.wait_for_function("document.title !== ''", timeout=300_000)
    seconds = float(page.title()) / 1000
    page.close()
    return seconds


def taps(page, count: int) -> tuple[list[float], list[float]]:
    """`count` taps (deal, then the player to act folding) timed click to answer, beside the worker's status read."""
    from test_referee import calmed

    times, floors = [], []
    while len(times) < count:
        calmed(page)
        moves = page.locator("#moves > button").all_text_contents()
        label = next((m for m in moves if m.startswith("fold ")), "deal" if not moves else moves[0])
        timed = page.evaluate(TIMED_TAP, label)
        assert timed["kind"] == "recorded", timed
        times.append(timed["ms"])
        began = time.perf_counter()
        page.evaluate("bragrefApp.get('status.json').then(r => r.text())")
        floors.append((time.perf_counter() - began) * 1000)
        page.wait_for_function("document.body.dataset.head === document.getElementById('answer').dataset.head")
    return times, floors


def starts(kind, profile: Path, url: str, count: int) -> None:
    """`count` warm starts offline, each the browser opened again on the profile, beside Pyodide alone at once
    after in the same page; their medians."""
    import os

    mine, floors = [], []
    for _ in range(count):
        context = kind.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=["--no-sandbox"],
                                                 offline=True, **PHONE)
        try:
            mine.append(started(context, url))
            where = said_start(context.pages[0])
            floors.append(context.pages[0].evaluate(IN_PAGE))
        finally:
            context.close()
        print(f"  warm start {mine[-1]:.2f} s, Pyodide alone after it {floors[-1]:.2f} s; the worker: {where}; "
              f"load {os.getloadavg()[0]:.1f}")
    print(f"warm start offline to the first tap, median of {count}: {statistics.median(mine):.2f} s (target 3 s); "
          f"Pyodide alone beside each: {statistics.median(floors):.2f} s; the difference "
          f"{statistics.median(m - f for m, f in zip(mine, floors, strict=True)):.2f} s")


def p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9) - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--starts", type=int, default=0, help="only the starts: this many warm starts offline, each "
                        "beside Pyodide alone started at once after in the same page")
    parser.add_argument("--folder", help="an application built already (default: built here)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-app-"))
    folder = work / "app"
    if args.folder:
        shutil.copytree(args.folder, folder)
    else:
        subprocess.run([sys.executable, "-m", "bragref", "app", "build", str(folder)], check=True, capture_output=True)
    parts: dict[str, int] = {}
    for file in folder.rglob("*"):
        if file.is_file():
            part = file.relative_to(folder).parts[0] if len(file.relative_to(folder).parts) > 1 else "page"
            parts[part] = parts.get(part, 0) + file.stat().st_size
    print(f"size on disk: {sum(parts.values()) / 1e6:.1f} MB (target 20 MB): " +
          ", ".join(f"{part} {size / 1e6:.2f} MB" for part, size in sorted(parts.items(), key=lambda p: -p[1])))
    for file in sorted((folder / "pyodide").iterdir()) + sorted((folder / "wheels").iterdir()):
        print(f"  {file.relative_to(folder)}: {file.stat().st_size / 1e6:.2f} MB")
    (folder / "floor.html").write_text(FLOOR)  # measured beside the app, not part of it
    server, url = served(folder)
    profile = work / "profile"
    try:
        with sync_playwright() as playwright:
            kind = playwright.chromium
            context = kind.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=["--no-sandbox"],
                                                     **PHONE)
            first = started(context, url)
            first_floor = floor(context, url)
            warm_floor = floor(context, url)  # its files from the service worker's cache (floor.html is not: online)
            print(f"first load over loopback: {first:.2f} s (target 8 s; floor, Pyodide alone: {first_floor:.2f} s)")
            page = context.pages[0]
            page.evaluate("navigator.serviceWorker.ready")
            if args.starts:
                context.close()
                starts(kind, profile, url, args.starts)
                return
            page.clock.install()
            from test_referee import tap

            tap(page, "session new", name="bench", players="Ann, Bob, Cat")
            times, floors = taps(page, args.actions)
            print(f"a tap to its answer shown, durable, over {len(times)} actions: median "
                  f"{statistics.median(times):.0f} ms (target 150), p90 {p90(times):.0f} ms (target 300); floor, the "
                  f"worker's table read: median {statistics.median(floors):.0f} ms")
            memory = page.evaluate("bragrefApp.ask({kind: 'memory'})")
            heap = context.new_cdp_session(page).send("Runtime.getHeapUsage")["usedSize"]
            total = (memory["wasm"] or 0) + heap
            hand = page.evaluate("fetch ? bragrefApp.get('status.json').then(r => r.json()).then(s => s.hand) : 0")
            print(f"memory in the tab after {hand} hands: {total / 1e6:.0f} MB (target 150 MB): the worker's "
                  f"WebAssembly memory {(memory['wasm'] or 0) / 1e6:.0f} MB, the page's JavaScript heap "
                  f"{heap / 1e6:.1f} MB; the ledger's file {memory['ledger'] / 1e6:.2f} MB")
            context.close()

            context = kind.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=["--no-sandbox"],
                                                     offline=True, **PHONE)
            warm = started(context, url)
            where = said_start(context.pages[0])
            beside = context.pages[0].evaluate(IN_PAGE)  # the floor, at once after, in the same browser
            print(f"warm start offline to the first tap: {warm:.2f} s; Pyodide alone started at once after in the "
                  f"same page: {beside:.2f} s; the worker's own clock: {where}")
            context.close()
            context = kind.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=["--no-sandbox"],
                                                     offline=True, **PHONE)
            slow = started(context, url, throttle=4)
            print(f"warm start offline to the first tap: {warm:.2f} s (target 3 s; floor, Pyodide alone: "
                  f"{warm_floor:.2f} s); at 4x CPU throttle {slow:.2f} s (target 10 s)")
            page = context.pages[0]
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 1})
            page.clock.install()
            early, _ = taps(page, 21)
            began = time.perf_counter()
            reached = page.evaluate(HANDS, args.hands - hand)
            filled = time.perf_counter() - began
            late, _ = taps(page, 21)
            memory = page.evaluate("bragrefApp.ask({kind: 'memory'})")
            print(f"{reached} hands recorded in the app ({filled:.0f} s to record {args.hands - hand} straight "
                  f"through the worker); a tap at hand {reached}: median {statistics.median(late):.0f} ms, beside "
                  f"{statistics.median(early):.0f} ms near hand {hand}: "
                  f"{statistics.median(late) / statistics.median(early):.2f}x "
                  f"(target 1.2x); the ledger's file {memory['ledger'] / 1e6:.2f} MB, the worker's WebAssembly memory "
                  f"{(memory['wasm'] or 0) / 1e6:.0f} MB (target for the tab: 150 MB)")
            context.close()
    finally:
        server.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
