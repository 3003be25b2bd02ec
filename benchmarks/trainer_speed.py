"""Benchmark of the quiz pages' trainer in headless Chromium (Debian's /usr/bin/chromium).

Builds the site (or takes --site DIR), serves it on 127.0.0.1 and measures, for a level
page (quiz/beginner/), the time from opening it (navigation start) to the trainer asking
for the edition (`div.mcr-trainer[data-state=edition]`): Pyodide started, the trainer
imported and loaded (banks, tables, curriculum), a session opened. Each run opens it in a
fresh browser context (an empty cache), then once more in that context (the files from
the browser's HTTP cache: what is left is Python's own start). No service worker runs:
the site's would download the whole site for offline use beside the page. It also reports
the bytes the page loads (every response body, the worker's included).

With --baseline REV, that commit is checked out beside this one (a git worktree), its
site built and served too, and every run measures both, alternating which goes first: the
machines here are shared, so compare the ratios of the same run. The helpers (serving,
building, the checkout, the bytes) are calculator_speed.py's.

    python benchmarks/trainer_speed.py [--runs 5] [--site build/site] [--baseline REV] [--level beginner]
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from calculator_speed import CHROMIUM, CHROMIUM_ARGS, Site, page_bytes, served_sites

EDITION = "div.mcr-trainer[data-state=edition]"
START_TIMEOUT_MS = 600_000


def _to_edition(context: Any, url: str) -> float:
    """Seconds from opening `url` (navigation start) to the trainer's edition prompt."""
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(f"{EDITION}, div.mcr-trainer[data-state=failed]", timeout=START_TIMEOUT_MS)
    seconds = page.evaluate("performance.now()") / 1000
    if page.get_attribute("div.mcr-trainer", "data-state") != "edition":
        raise SystemExit(f"{url}: the trainer failed: {page.inner_text('.mcr-trainer__notice')}")
    page.close()
    return seconds


def cold_and_warm(browser: Any, site: Site, level: str) -> None:
    context = browser.new_context(service_workers="block")
    try:
        site.cold.append(_to_edition(context, f"{site.base}quiz/{level}/"))
        time.sleep(1)   # the HTTP cache's writes settle
        site.warm.append(_to_edition(context, f"{site.base}quiz/{level}/"))
    finally:
        context.close()


def _summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s (best {min(values):.2f}, worst {max(values):.2f})"


def report(sites: list[Site], sizes: list[tuple[Site, tuple[int, list[tuple[str, int]]]]]) -> None:
    print()
    for site in sites:
        print(f"{site.name}: to the edition prompt, empty cache {_summary(site.cold)}; warm {_summary(site.warm)}")
    if len(sites) == 2:
        old, new = sites
        for kind in ("cold", "warm"):
            ratios = [n / o for o, n in zip(getattr(old, kind), getattr(new, kind))]
            print(f"{kind}, {new.name} / {old.name} in each run: " + ", ".join(f"{r:.2f}" for r in ratios)
                  + f" (median {statistics.median(ratios):.2f})")
    for site, (total, files) in sizes:
        print(f"trainer page ({site.name}): {total:,} bytes; largest: "
              + ", ".join(f"{url.rsplit('/', 1)[1]} {size:,}" for url, size in files[:6]))


def measure(sites: list[Site], args: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version}, headless; {args.runs} runs, each in a fresh context", flush=True)
        for run in range(args.runs):
            for site in (sites if run % 2 == 0 else sites[::-1]):
                cold_and_warm(browser, site, args.level)
                print(f"  run {run + 1}, {site.name}: {site.cold[-1]:.2f} s with an empty cache, "
                      f"{site.warm[-1]:.2f} s warm", flush=True)
        sizes = [(site, page_bytes(browser, f"{site.base}quiz/{args.level}/", ready=EDITION)) for site in sites]
        browser.close()
    report(sites, sizes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--level", default="beginner", help="the level page to open (default beginner)")
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one now)")
    parser.add_argument("--baseline", metavar="REV", help="a commit to build and measure beside this checkout")
    args = parser.parse_args()
    with served_sites(args.site, args.baseline) as sites:
        measure(sites, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
