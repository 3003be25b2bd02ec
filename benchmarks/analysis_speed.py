"""Benchmark of the discard analysis of a 14-tile hand (rules.analyze_hand), on CPython.

The calculator page will run it in the browser under Pyodide, where the target is under
100 ms an analysis; this reports the CPython figures that target rests on. Hands: seeded
winning hands with two standing tiles swapped for others (mostly one or two from ready,
as at the table). "First" is a fresh process's first analysis (the per-suit tables
empty); "next" the same hand again, and "session" a run over all the hands in one process
(the tables shared, as on the page while a player taps tiles). The times are the
process's CPU time: the machines here are shared, and wall time there measures the others.

    python benchmarks/analysis_speed.py [--hands 40] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from rules.sampling import sample_near_wins  # noqa: E402

TARGET_MS = 100
_ONE = """
import json, sys, time
import rules
hand = sys.argv[1]
rules.fan_table()
start = time.process_time(); rules.analyze_hand(hand); first = time.process_time() - start
start = time.process_time(); rules.analyze_hand(hand); again = time.process_time() - start
print(json.dumps([first, again]))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sample = sample_near_wins(args.hands, args.seed)
    first, again = [], []
    for hand in sample:
        run = subprocess.run([sys.executable, "-c", _ONE, hand], capture_output=True, text=True, cwd=ROOT, check=True)
        a, b = json.loads(run.stdout)
        first.append(a * 1000)
        again.append(b * 1000)
    rules.fan_table()
    session = []
    for hand in sample:
        start = time.process_time()
        rules.analyze_hand(hand)
        session.append((time.process_time() - start) * 1000)
    print(f"Python {sys.version.split()[0]} ({sys.executable}), {len(sample)} hands of 14 tiles, seed {args.seed}")
    for name, times in (("first in a process", first), ("same hand again", again), ("session", session)):
        print(f"  {name:<20} median {statistics.median(times):6.1f} ms, 90th percentile "
              f"{statistics.quantiles(times, n=10)[-1]:6.1f} ms, worst {max(times):6.1f} ms "
              f"(browser target {TARGET_MS} ms: median at {statistics.median(times) / TARGET_MS:.0%})")


if __name__ == "__main__":
    main()
