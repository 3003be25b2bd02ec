"""Benchmark of the calculator page in headless Chromium (Debian's /usr/bin/chromium).

Builds the site (or takes --site DIR), serves it on 127.0.0.1 and measures:
- the first score with an empty cache: from opening the calculator with a hand in its
  address (a fresh browser context) to the breakdown drawn;
- the first score with a warm cache: the same page opened again in that context, once
  the first visit is over (the site saved for offline use, where the site does that),
  so the files come from the browser's caches;
- where the page reports them, the moments its engine reached each stage (Pyodide
  started, the engine imported, the table loaded): the time to start Pyodide alone is
  the floor no change of ours lowers;
- the time per further answer: a hand typed into the notation field until its answer is
  drawn, by the kind of answer: a breakdown (seeded random winning hands), the wait finder
  (their 13-tile prefixes) and the discard analysis (14 tiles, the winning hands with two
  standing tiles swapped); and of that time, what the engine took in its worker (the
  page's data-engine-ms) and what the messages, the page's own work and the drawing took;
- the bytes the calculator page loads (every response body, the worker's included), and
  the bytes of a typical rulebook page.

With --baseline REV, that commit is checked out into a temporary folder (git worktree),
its site built and served too, and every run measures both sites one after the other,
alternating which goes first: the machines here are shared and noisy, so compare the
ratios of the same run rather than single timings.
Targets of issue 22: first score 4 s or less with an empty cache and 1.5 s or less with a
warm one (issue 16: further scores under 300 ms; a rulebook page under 600 KB; issue 24:
the wait finder and the discard analysis under 100 ms each once the engine has started).

    python benchmarks/calculator_speed.py [--runs 3] [--hands 20] [--site build/site] [--baseline REV] [--phone]
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.sampling import sample_hands, sample_near_wins  # noqa: E402 - after the path tweak

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
FIRST_HAND = "[123m]456m789m34p55s5p"
RULEBOOK_PAGE = "rulebook/scoring/"
TARGET_COLD_S = 4.0
TARGET_WARM_S = 1.5
TARGET_FURTHER_SCORE_MS = 300.0
# The page's kinds of answer (data-answer): what they are called here, and their targets
# after the engine has started.
ANSWERS = {"score": ("breakdown", TARGET_FURTHER_SCORE_MS), "waits": ("wait finder", 100.0),
           "discards": ("discard analysis", 100.0)}
TARGET_RULEBOOK_BYTES = 600_000

# Types each hand into the notation field and waits for its answer to be drawn: [ms, kind,
# the worker's ms on it (data-engine-ms; null for an answer the page gave by itself)].
TYPE_HANDS = """async (hands) => {
  const root = document.querySelector('.mcr-calc'), input = root.querySelector('.mcr-calc__notation');
  const times = [];
  for (const hand of hands) {
    const before = root.dataset.answered;
    root.removeAttribute('data-engine-ms');
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
    const engine = root.dataset.engineMs;
    times.push([performance.now() - start, root.dataset.answer, engine === undefined ? null : Number(engine)]);
  }
  return times; }"""
Answer = tuple[float, float | None]   # what TYPE_HANDS gives per hand, its kind aside


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def page_bytes(browser: Any, url: str, ready: str | None = None) -> tuple[int, list[tuple[str, int]]]:
    """Every response body a page loads (its worker's too), largest first."""
    context = browser.new_context(service_workers="block")   # the page's own loading, not the saving for offline
    sizes: dict[str, int] = {}
    context.on("requestfinished", lambda r: sizes.__setitem__(r.url, r.sizes()["responseBodySize"]))
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    if ready:
        page.wait_for_selector(ready, timeout=300_000)
        page.wait_for_load_state("networkidle")
    context.close()
    ranked = sorted(sizes.items(), key=lambda kv: -kv[1])
    return sum(sizes.values()), ranked


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
SCORED = ".mcr-calc[data-answer=score] .mcr-calc__result .mcr-hand"
STAGES = ("stage-2", "stage-3", "stage-4")   # Pyodide started, engine imported, table loaded


@dataclass
class Site:
    name: str
    folder: Path
    base: str = ""
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    stages: list[dict[str, float]] = field(default_factory=list)
    warm_stages: list[dict[str, float]] = field(default_factory=list)
    offline: bool = False


def _first_score(context: Any, base: str) -> tuple[float, dict[str, float]]:
    """Seconds from opening the calculator (navigation start) to its first score drawn, and
    when the engine reached each stage, where the page says."""
    page = context.new_page()
    page.goto(f"{base}calculator/?hand={quote(FIRST_HAND)}&self_drawn=1", wait_until="commit")
    page.wait_for_selector(SCORED, timeout=300_000)
    seconds = page.evaluate("performance.now()") / 1000
    stages = page.evaluate("""(names) => { const root = document.querySelector('.mcr-calc'), out = {};
        for (const n of names) { const v = root.getAttribute('data-' + n + '-ms'); if (v) out[n] = Number(v) / 1000; }
        return out; }""", list(STAGES))
    page.close()
    return seconds, stages


def cold_and_warm(browser: Any, site: Site, phone: bool) -> None:
    """One visit with an empty cache, then (the site saved for offline use, where it does
    that) one with the caches the first left."""
    context = browser.new_context(**(PHONE if phone else {}))
    try:
        cold, stages = _first_score(context, site.base)
        if site.offline:
            saver = context.new_page()
            saver.goto(f"{site.base}calculator/", wait_until="load")
            saver.wait_for_selector("html[data-mcr-offline=ready]", state="attached", timeout=600_000)
            saver.close()
        else:
            time.sleep(1)   # the HTTP cache's writes settle
        warm, warm_stages = _first_score(context, site.base)
    finally:
        context.close()
    site.cold.append(cold)
    site.warm.append(warm)
    site.stages.append(stages)
    site.warm_stages.append(warm_stages)


# Pyodide alone, from the site's own files, on a page of the site that runs nothing else
# (its 404 page): the floor under the calculator's first score on this machine.
BARE_PYODIDE = """async (base) => {
  const folder = base + 'assets/mcr/pyodide/';
  const {loadPyodide} = await import(folder + 'pyodide.mjs');
  const py = await loadPyodide({indexURL: folder, stdLibURL: folder + 'python_stdlib.zip'});
  py.runPython('1 + 1');
  return performance.now() / 1000; }"""


def bare_pyodide(browser: Any, base: str, runs: int) -> tuple[list[float], list[float]]:
    """Seconds from opening a page to Pyodide started and running Python, with an empty cache
    and then warm (the same context), `runs` times."""
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()
        try:
            for kept in (cold, warm):
                page = context.new_page()
                page.goto(f"{base}404.html", wait_until="commit")
                kept.append(page.evaluate(BARE_PYODIDE, base))
                page.close()
                time.sleep(1)   # the HTTP cache's writes settle
        finally:
            context.close()
    return cold, warm


def further_answers(browser: Any, base: str, hands: list[str]) -> dict[str, list[Answer]]:
    """Each hand's times (Answer), by the kind of answer."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}calculator/", wait_until="load")
    page.wait_for_selector(".mcr-calc__status[data-state=ready]", timeout=300_000)
    by_kind: dict[str, list[Answer]] = {}
    for ms, kind, engine_ms in page.evaluate(TYPE_HANDS, hands):
        by_kind.setdefault(kind, []).append((ms, engine_ms))
    context.close()
    return by_kind


def report_answers(name: str, by_kind: dict[str, list[Answer]]) -> None:
    """Per kind of answer: the time to the answer drawn against its target, then how much of
    it the engine took in its worker and how much the rest (messages, page, drawing) took."""
    known = [kind for kind in ANSWERS if kind in by_kind]
    for kind in known + sorted(set(by_kind) - set(known)):   # the targeted kinds first
        times = [ms for ms, _ in by_kind[kind]]
        called, target = ANSWERS.get(kind, (kind, None))
        line = f"{called} ({name}, {len(times)} hands): median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms"
        if target:
            line += (f" (target {target:.0f} ms: median {statistics.median(times) / target:.2f} of it, "
                     f"slowest {max(times) / target:.2f})")
        print(line)
        split = [(ms, engine_ms) for ms, engine_ms in by_kind[kind] if engine_ms is not None]
        if split:
            in_worker = [engine_ms for _, engine_ms in split]
            rest = [ms - engine_ms for ms, engine_ms in split]
            print(f"  of which the engine in its worker: median {statistics.median(in_worker):.0f} ms, slowest "
                  f"{max(in_worker):.0f} ms; messages, page and drawing: median {statistics.median(rest):.0f} ms, "
                  f"slowest {max(rest):.0f} ms")


def build(source: Path, output: Path) -> None:
    print(f"building the site of {source} ...", flush=True)
    done = subprocess.run([sys.executable, "-m", "mcr", "site", "build", "--output", str(output)], cwd=source,
                          capture_output=True, text=True, check=False,
                          # The fan sheet's PDF plays no part in the calculator: not printed.
                          env=dict(os.environ, PYTHONPATH=str(source), NO_MKDOCS_2_WARNING="1",
                                   MCR_SKIP_FAN_SHEET_PDF="1"))
    if done.returncode != 0:
        raise SystemExit(f"the build of {source} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def baseline_checkout(rev: str, folder: Path) -> Path:
    """REV checked out beside this one (a git worktree), with this checkout's npm packages."""
    subprocess.run(["git", "worktree", "add", "--detach", str(folder), rev], cwd=ROOT, check=True,
                   capture_output=True)
    (folder / "node_modules").symlink_to(ROOT / "node_modules")
    return folder


def _summary(values: list[float]) -> str:
    return f"best {min(values):.2f} s, median {statistics.median(values):.2f} s"


def report(sites: list[Site]) -> None:
    print()
    for site in sites:
        print(f"{site.name}:")
        print(f"  first score, empty cache: {_summary(site.cold)} (target {TARGET_COLD_S} s: "
              f"median {statistics.median(site.cold) / TARGET_COLD_S:.2f} of it)")
        print(f"  first score, warm cache:  {_summary(site.warm)} (target {TARGET_WARM_S} s: "
              f"median {statistics.median(site.warm) / TARGET_WARM_S:.2f} of it)")
        # Pyodide started, with the files at hand (warm): the floor under any first score here.
        for cache, runs in (("empty cache", site.stages), ("warm cache", site.warm_stages)):
            for name, what in zip(STAGES, ("Pyodide started", "engine imported", "table loaded")):
                values = [s[name] for s in runs if name in s]
                if values:
                    print(f"  {what:16} ({cache}): median {statistics.median(values):.2f} s after opening")
    if len(sites) == 2:
        old, new = sites
        for kind in ("cold", "warm"):
            ratios = [n / o for o, n in zip(getattr(old, kind), getattr(new, kind))]
            print(f"{kind} first score, {new.name} / {old.name} in each run: "
                  + ", ".join(f"{r:.2f}" for r in ratios) + f" (median {statistics.median(ratios):.2f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=20,
                        help="hands typed for each kind of further answer: wins, ready 13-tile hands and 14-tile "
                             "hands to discard from (default 20 each)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one now)")
    parser.add_argument("--baseline", metavar="REV", help="a commit to build and measure beside this checkout")
    parser.add_argument("--phone", action="store_true", help="a phone's viewport (390 px, touch) for the first scores")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with served_sites(args.site, args.baseline) as sites:
        for site in sites:
            site.offline = (site.folder / "sw.js").is_file()
        measure(sites, args, sync_playwright)
    return 0


@contextmanager
def served_sites(site: Path | None, baseline: str | None) -> Iterator[list[Site]]:
    """The sites to measure (also trainer_speed.py's), each served on a port of its own
    (`.base`): the baseline commit's build when asked, then this checkout's (`site`, or built now)."""
    if site is not None and not (site / "calculator" / "index.html").is_file():
        # Served as it is, a folder with no site answers every page with 404 and the first
        # wait runs out five minutes later.
        raise SystemExit(f"--site {site}: no built site there (no calculator/index.html); "
                         "build one with `mcr site build --output DIR`, or leave --site out")
    with tempfile.TemporaryDirectory() as tmp:
        sites = []
        if baseline:
            checkout = baseline_checkout(baseline, Path(tmp) / "baseline")
            build(checkout, Path(tmp) / "baseline-site")
            sites.append(Site(f"baseline {baseline}", Path(tmp) / "baseline-site"))
        if site is None:
            build(ROOT, Path(tmp) / "site")
        sites.append(Site("this checkout", site or Path(tmp) / "site"))
        servers = []
        for made in sites:
            server, made.base = serve(made.folder)
            servers.append(server)
        try:
            yield sites
        finally:
            for server in servers:
                server.shutdown()
            if baseline:
                subprocess.run(["git", "worktree", "remove", "--force", str(Path(tmp) / "baseline")], cwd=ROOT,
                               check=False, capture_output=True)


def measure(sites: list[Site], args: argparse.Namespace, sync_playwright: Any) -> None:
    # A full hand, its 13-tile prefix and a hand two tiles away: a breakdown, the wait finder
    # and the discard analysis (a prefix that is no ready hand, or a swap that still wins, is
    # reported under the answer the page gave).
    hands = []
    for sampled, near in zip(sample_hands(args.hands, args.seed), sample_near_wins(args.hands, args.seed)):
        hands += [sampled.hand, sampled.waiting, near]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version}, headless; {args.runs} runs, each in a fresh context"
              + (", phone viewport" if args.phone else ""), flush=True)
        for run in range(args.runs):
            for site in (sites if run % 2 == 0 else sites[::-1]):
                cold_and_warm(browser, site, args.phone)
                print(f"  run {run + 1}, {site.name}: first score {site.cold[-1]:.2f} s with an empty cache, "
                      f"{site.warm[-1]:.2f} s warm; stages {site.stages[-1]}", flush=True)
        current = sites[-1]
        bare_cold, bare_warm = bare_pyodide(browser, current.base, args.runs)
        answers = further_answers(browser, current.base, hands)
        sizes = [(site, page_bytes(browser, f"{site.base}calculator/?hand={quote(FIRST_HAND)}",
                                   ready=".mcr-calc[data-answered]")) for site in sites]
        book_bytes, book_files = page_bytes(browser, current.base + RULEBOOK_PAGE)
        browser.close()
    report(sites)
    print(f"Pyodide alone ({current.name}, its 404 page): empty cache {_summary(bare_cold)}, "
          f"warm cache {_summary(bare_warm)} (the floor under the first score here)")
    report_answers(current.name, answers)
    for site, (calc_bytes, calc_files) in sizes:
        print(f"calculator page ({site.name}): {calc_bytes:,} bytes; largest: "
              + ", ".join(f"{url.rsplit('/', 1)[1]} {size:,}" for url, size in calc_files[:5]))
    print(f"rulebook page:     {book_bytes:,} bytes ({RULEBOOK_PAGE}; target {TARGET_RULEBOOK_BYTES:,}: "
          f"{book_bytes / TARGET_RULEBOOK_BYTES:.2f} of it); largest: "
          + ", ".join(f"{url.rsplit('/', 1)[1] or url} {size:,}" for url, size in book_files[:3]))


if __name__ == "__main__":
    raise SystemExit(main())
