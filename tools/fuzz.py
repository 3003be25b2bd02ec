"""The fuzz suite of tests/cli/test_fuzz.py at full size: 100,000+ inputs.

    .venv/bin/python tools/fuzz.py [--api 100000] [--lines 100000] [--examples 5000] [--seed 1]

1. API: seeded random calls of rules.score, score_readings, parse_hand, waits and
   read_tiles (damaged real hands, look-alike digits and spaces, any situation dict):
   each must return or raise a RulesError.
2. Stream: seeded random request lines through `mcr score -` with its workers: every
   line answered, in order, no internal error, nothing on standard error, exit 0.
3. Hypothesis: the property tests of tests/cli/test_fuzz.py with --examples examples each,
   exploring new inputs (CI runs 400, the same every time).

Prints what it ran, how long it took and what it found; exit status 1 on any problem.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from tests.fuzz_inputs import api_calls, stream, stream_problems  # noqa: E402


def fuzz_api(count: int, seed: int) -> int:
    table = rules.fan_table()
    calls = api_calls(table)
    outcomes: Counter[tuple[str, str]] = Counter()
    failures: dict[tuple[str, str], str] = {}
    rng = random.Random(seed)
    started = time.perf_counter()
    for i in range(count):
        name, call = calls[i % len(calls)]
        try:
            call(rng)
            outcomes[name, "result"] += 1
        except rules.RulesError:
            outcomes[name, "RulesError"] += 1
        except Exception as err:  # what the fuzz looks for: report it, go on
            kind = type(err).__name__
            outcomes[name, kind] += 1
            failures.setdefault((name, kind), "".join(traceback.format_exception(err, limit=-4)))
    seconds = time.perf_counter() - started
    print(f"API: {count:,} calls (seed {seed}) in {seconds:.1f} s, {count / seconds:,.0f} calls/s")
    for name, _ in calls:
        kinds = ", ".join(f"{kind} {n:,}" for (who, kind), n in sorted(outcomes.items()) if who == name)
        print(f"  {name}: {kinds}")
    for (name, kind), trace in failures.items():
        print(f"  PROBLEM {name} raised {kind} ({outcomes[name, kind]:,} times); first:\n{trace}")
    return len(failures)


def fuzz_stream(count: int, seed: int) -> int:
    data, lines = stream(random.Random(seed), count)
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "mcr", "score", "-"], input=data, capture_output=True, cwd=ROOT,
                         timeout=3600)
    seconds = time.perf_counter() - started
    problems = stream_problems(lines, run.stdout)
    if run.returncode != 0 or run.stderr:
        problems.insert(0, f"exit status {run.returncode}, standard error: {run.stderr[-2000:].decode(errors='replace')}")
    errors = sum(b'"error":"line ' in answer for answer in run.stdout.split(b"\n"))
    print(f"stream: {count:,} lines, {len(data) / 1e6:.1f} MB (seed {seed}) through `mcr score -` with "
          f"{os.environ.get('MCR_WORKERS') or os.cpu_count()} workers in {seconds:.1f} s, {count / seconds:,.0f} lines/s; "
          f"{len(run.stdout.splitlines()):,} answers, {errors:,} of them errors")
    for problem in problems[:20]:
        print(f"  PROBLEM {problem}")
    return len(problems)


def fuzz_hypothesis(examples: int) -> int:
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/cli/test_fuzz.py",
                          "-k", "rules_error"], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, MCR_FUZZ_EXAMPLES=str(examples)), timeout=7200)
    seconds = time.perf_counter() - started
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    print(f"hypothesis: 3 properties x {examples:,} examples in {seconds:.1f} s: {summary}")
    if run.returncode != 0:
        print(run.stdout[-4000:])
    return run.returncode != 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", type=int, default=100_000, help="random API calls (default 100000)")
    parser.add_argument("--lines", type=int, default=100_000, help="random request lines (default 100000)")
    parser.add_argument("--examples", type=int, default=5000, help="hypothesis examples per property (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the API calls and the lines (default 1)")
    args = parser.parse_args()
    problems = 0
    if args.api:
        problems += fuzz_api(args.api, args.seed)
    if args.lines:
        problems += fuzz_stream(args.lines, args.seed)
    if args.examples:
        problems += fuzz_hypothesis(args.examples)
    print("no problem found" if not problems else f"{problems} problem(s) found")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
