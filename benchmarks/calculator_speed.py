"""Benchmark of the calculator page in headless Chromium (Debian's /usr/bin/chromium).

Builds the site (or takes --site DIR), serves it on 127.0.0.1 and measures, each time in
a fresh browser context (an empty cache, as on a first visit):
- the time from opening the calculator with a hand in its address to the first score on
  the page (the engine downloaded, started, and the breakdown drawn);
- the time per further score: a hand typed into the notation field until its breakdown
  or waits are drawn, for seeded random hands and their 13-tile prefixes;
- the bytes the calculator page loads (every response body, the worker's included), and
  the bytes of a typical rulebook page.
Targets of issue 16: first score within 8 s, then under 300 ms each; a rulebook page
under 600 KB. The machine is noisy: the figures are the best (and the median) of --runs.

    python benchmarks/calculator_speed.py [--runs 3] [--hands 40] [--site build/site]
"""
from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.sampling import sample_hands  # noqa: E402 - after the path tweak

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
FIRST_HAND = "[123m]456m789m34p55s5p"
RULEBOOK_PAGE = "rulebook/scoring/"
TARGET_FIRST_SCORE_S = 8.0
TARGET_FURTHER_SCORE_MS = 300.0
TARGET_RULEBOOK_BYTES = 600_000

# Types each hand into the notation field and waits for its answer to be drawn.
TYPE_HANDS = """async (hands) => {
  const root = document.querySelector('.mcr-calc'), input = root.querySelector('.mcr-calc__notation');
  const times = [];
  for (const hand of hands) {
    const before = root.dataset.answered;
    const start = performance.now();
    input.value = hand;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    await new Promise((resolve) => {
      const done = () => root.dataset.answered !== before && !root.hasAttribute('aria-busy');
      if (done()) return resolve();
      const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
      watch.observe(root, {attributes: true});
    });
    await new Promise(requestAnimationFrame);   // drawn, not only answered
    times.push(performance.now() - start);
  }
  return times; }"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def page_bytes(browser: Any, url: str, ready: str | None = None) -> tuple[int, list[tuple[str, int]]]:
    """Every response body a page loads (its worker's too), largest first."""
    context = browser.new_context()
    sizes: dict[str, int] = {}
    context.on("requestfinished", lambda r: sizes.__setitem__(r.url, r.sizes()["responseBodySize"]))
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    if ready:
        page.wait_for_selector(ready, timeout=120_000)
        page.wait_for_load_state("networkidle")
    context.close()
    ranked = sorted(sizes.items(), key=lambda kv: -kv[1])
    return sum(sizes.values()), ranked


def first_score(browser: Any, base: str) -> float:
    """Seconds from opening the calculator (navigation start) to its first score drawn."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}calculator/?hand={quote(FIRST_HAND)}&self_drawn=1", wait_until="commit")
    page.wait_for_selector(".mcr-calc[data-answer=score] .mcr-calc__result .mcr-hand", timeout=120_000)
    seconds = page.evaluate("performance.now()") / 1000
    context.close()
    return seconds


def further_scores(browser: Any, base: str, hands: list[str]) -> list[float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}calculator/", wait_until="load")
    page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=120_000)
    times = page.evaluate(TYPE_HANDS, hands)
    context.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=40, help="hands typed for the further scores (default 40)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one now)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            print("building the site ...", flush=True)
            subprocess.run([sys.executable, "-m", "mcr", "site", "build", "--output", str(site)], cwd=ROOT,
                           check=True, capture_output=True)
        server, base = serve(site)
        # A full hand and its 13-tile prefix: one breakdown and one wait finder each.
        hands = []
        for sampled in sample_hands(args.hands // 2, args.seed):
            hands += [sampled.hand, sampled.hand[:-2] if sampled.hand[-2] in "mps" else sampled.hand[:-1]]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, headless; {args.runs} runs, each in a fresh context", flush=True)
            firsts, further = [], []
            for run in range(args.runs):
                firsts.append(first_score(browser, base))
                times = further_scores(browser, base, hands)
                further.append(statistics.median(times))
                print(f"  run {run + 1}: first score {firsts[-1]:.2f} s; further scores median "
                      f"{further[-1]:.0f} ms, slowest {max(times):.0f} ms ({len(times)} hands)", flush=True)
            calc_bytes, calc_files = page_bytes(browser, f"{base}calculator/?hand={quote(FIRST_HAND)}",
                                                ready=".mcr-calc[data-answered]")
            book_bytes, book_files = page_bytes(browser, base + RULEBOOK_PAGE)
            browser.close()
        server.shutdown()
    best_first, best_further = min(firsts), min(further)
    print()
    print(f"first score:       best {best_first:.2f} s, median {statistics.median(firsts):.2f} s "
          f"(target {TARGET_FIRST_SCORE_S:.0f} s: {best_first / TARGET_FIRST_SCORE_S:.2f} of it)")
    print(f"further score:     best median {best_further:.0f} ms "
          f"(target {TARGET_FURTHER_SCORE_MS:.0f} ms: {best_further / TARGET_FURTHER_SCORE_MS:.2f} of it)")
    print(f"calculator page:   {calc_bytes:,} bytes; largest: "
          + ", ".join(f"{url.rsplit('/', 1)[1]} {size:,}" for url, size in calc_files[:4]))
    print(f"rulebook page:     {book_bytes:,} bytes ({RULEBOOK_PAGE}; target {TARGET_RULEBOOK_BYTES:,}: "
          f"{book_bytes / TARGET_RULEBOOK_BYTES:.2f} of it); largest: "
          + ", ".join(f"{url.rsplit('/', 1)[1] or url} {size:,}" for url, size in book_files[:3]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
