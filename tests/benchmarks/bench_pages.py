"""Benchmark for the pages' weight and first render on a slow phone (issue 79). Run: python
tests/benchmarks/bench_pages.py [--runs 5] [--throttle 6]

With 8 players at a dealt hand (`serve --referee --seats ask`), Debian's chromium driven by Playwright, its CPU
slowed `--throttle` times (`Emulation.setCPUThrottlingRate`, a slow phone) and a phone's viewport, each page opened
`--runs` times in a fresh context (nothing cached). Prints, beside each target and a floor measured in the same run:
- each page's weight: the bytes transferred for it (the page, its style sheet and scripts; the stream of tables,
  open for as long as the page is, not counted), against 30 KiB; the floor is a bare page of the same bytes
  gzipped (what the page's own text weighs at the least);
- each page's first render: from the start of navigation to the table drawn (the first table's digest shown, and
  on the referee's and a seat page their controls with it), the median of the runs, against 0.6 s; and its first
  contentful paint; the floor is the same figures for a bare page of one paragraph, served by the same route.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_serve import bragref, start

import httpx

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
DRAWN = "document.body.dataset.head !== undefined && document.body.dataset.head !== ''"
TIMING = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').filter(r => !r.name.endsWith('/events'));
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {bytes: nav.transferSize + files.reduce((sum, r) => sum + r.transferSize, 0),
          drawn: window.drawnAt, paint: paint ? paint.startTime : null};
}"""
MARK = ("new MutationObserver((_, seen) => { if (document.body && document.body.dataset.head) { "
        "window.drawnAt = window.drawnAt || performance.now(); } }).observe(document, {attributes: true, subtree: true,"
        " attributeFilter: ['data-head']});")


def measure(browser, url: str, throttle: float, bare: bytes | None = None) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()
    page.add_init_script(MARK)
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    if bare is not None:  # the floor: a bare page, fulfilled at once
        page.route(url, lambda route: route.fulfill(body=bare, content_type="text/html; charset=utf-8"))
        page.goto(url)
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        page.evaluate("window.drawnAt = performance.getEntriesByName('first-contentful-paint')[0].startTime")
    else:
        page.goto(url)
        page.wait_for_function(f"{DRAWN} && window.drawnAt !== undefined", timeout=30_000)
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    figures = page.evaluate(TIMING)
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=6)
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "ledger.db"
        bragref(db, "session", "new", "friday", "--players", ",".join(PLAYERS), "--currency", "£", "--unit", "0.10")
        bragref(db, "deal")
        bragref(db, "bet", "bob", "2")
        server, players = start(db, "--seats", "ask")
        try:
            seat = players.rstrip("/") + httpx.get(server.referee + "status.json").json()["seats"]["Cat"]
            pages = {"referee's page": server.referee, "players' page": players, "seat page": seat}
            raw = {name: b"".join(httpx.get(url + file, headers={"Accept-Encoding": "identity"}).content
                                  for file in ("", "page.css",
                                               "table.js" if name == "players' page" else "referee-page.js"))
                   for name, url in pages.items()}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                measured = {name: [measure(browser, url, options.throttle) for _ in range(options.runs)]
                            for name, url in pages.items()}
                bare = b"<!doctype html><title>bare</title><p>The table</p>"
                floor = [measure(browser, players + "bare", options.throttle, bare) for _ in range(options.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    print(f"{len(PLAYERS)} players, CPU throttled x{options.throttle:g}, {options.runs} runs each (medians)")
    print("| page | weight | target | floor (its bytes gzipped) | first table drawn | target | first paint | floor: a "
          "bare page's first paint |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    bare_paint = statistics.median(f["paint"] for f in floor)
    for name, runs in measured.items():
        weight = statistics.median(f["bytes"] for f in runs) / 1024
        drawn = statistics.median(f["drawn"] for f in runs) / 1000
        paint = statistics.median(f["paint"] for f in runs) / 1000
        least = len(gzip.compress(raw[name], 9)) / 1024
        print(f"| {name} | {weight:.1f} KiB | ≤ 30 KiB | {least:.1f} KiB ({len(raw[name]) / 1024:.1f} KiB as sent unzipped) | {drawn:.2f} s | "
              f"≤ 0.6 s | {paint:.2f} s | {bare_paint / 1000:.2f} s |")


if __name__ == "__main__":
    main()
