"""Benchmark of the scoring engine through the command line, as tools use it.

Scores a fixed, seeded set of random legal winning hands through `mcr score -` (JSON
Lines) and times one `mcr score HAND` call. This machine is noisy, so every figure is the
best of several runs, and the report gives the ratio to the targets of the engine issue
(5,000 hands per second; under 0.5 s for one call), and one call's time over a bare
`python -c "import yaml, jinja2"` run in turn with it (at most 2).

    python benchmarks/score_speed.py [--hands 20000] [--seed 1] [--runs 3]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.sampling import sample_hands  # noqa: E402 - after the path tweak

TARGET_HANDS_PER_SECOND = 5000
TARGET_START_UP_SECONDS = 0.5
ONE_HAND = ["score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn"]


def _mcr(args: list[str], stdin=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcr", *args], stdin=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT, env=env, check=True)


def bench_json_lines(hands: int, seed: int, runs: int, env: dict[str, str]) -> tuple[float, int]:
    lines = "".join(json.dumps(h.request()) + "\n" for h in sample_hands(hands, seed))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write(lines)
        path = fh.name
    best = float("inf")
    errors = 0
    try:
        for run in range(runs):
            with open(path, "rb") as stdin:
                start = time.perf_counter()
                done = _mcr(["score", "-"], stdin=stdin, env=env)
                best = min(best, time.perf_counter() - start)
            answers = done.stdout.decode().splitlines()
            assert len(answers) == hands, f"expected {hands} answers, got {len(answers)}"
            errors = sum(1 for a in answers if '"error"' in a)
            print(f"  run {run + 1}: {hands / (time.perf_counter() - start):,.0f} hands/s", flush=True)
    finally:
        os.unlink(path)
    return hands / best, errors


def bench_start_up(runs: int, env: dict[str, str]) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        _mcr(ONE_HAND, env=env)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


# One call's start-up against a bare interpreter that imports two libraries (issue 20): the
# table's checks are cached, so `mcr score HAND` should cost at most twice that start.
TARGET_START_UP_RATIO = 2.0
START_UP_HAND = ["score", "[123m]456789m55pEEE"]
BARE_START = ["-c", "import yaml, jinja2"]


def bench_start_up_ratio(runs: int, env: dict[str, str]) -> tuple[float, float, float]:
    """Median seconds of one `mcr score HAND` call and of a bare `python -c "import yaml,
    jinja2"`, run in turn so that each pair sees the same load, and the median ratio of
    the pairs (the target is at most TARGET_START_UP_RATIO). Both may write their modules'
    bytecode, as any interpreter does unless told not to (PYTHONDONTWRITEBYTECODE): the
    libraries' was written when they were installed, and a checkout's is on its first run."""
    env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "mcr", *START_UP_HAND], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)   # writes the bytecode
    pairs = []
    for _ in range(runs):
        timed = []
        for args in ([sys.executable, "-m", "mcr", *START_UP_HAND], [sys.executable, *BARE_START]):
            start = time.perf_counter()
            subprocess.run(args, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            timed.append(time.perf_counter() - start)
        pairs.append((timed[0], timed[1]))
    return (statistics.median(m for m, _ in pairs), statistics.median(b for _, b in pairs),
            statistics.median(m / b for m, b in pairs))


def start_up_ratio_lines(runs: int, env: dict[str, str]) -> list[str]:
    call, bare, ratio = bench_start_up_ratio(runs, env)
    return [f"start-up:   mcr score {START_UP_HAND[1]} {call:.3f} s, python -c \"import yaml, jinja2\" {bare:.3f} s "
            f"(medians of {runs} pairs); ratio {ratio:.2f} (target at most {TARGET_START_UP_RATIO:.1f})"]


def interpreter() -> str:
    """Which Python runs the benchmark, and whether its executable links the interpreter
    in or calls it through libpython (slower: see the README's Benchmarks)."""
    real = os.path.realpath(sys.executable)
    try:
        linked = subprocess.run(["ldd", real], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    except OSError:
        linked = ""
    build = "through libpython (shared)" if "libpython" in linked else "linked in"
    return f"Python {platform.python_version()} at {real}, interpreter {build}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands scored per run (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="runs of the JSON Lines benchmark (default 3)")
    parser.add_argument("--start-up-runs", type=int, default=10, help="single calls timed (default 10)")
    args = parser.parse_args()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache:
        env["MCR_CACHE_DIR"] = cache
        cold = time.perf_counter()
        _mcr(ONE_HAND, env=env)  # parses fans.yaml and fills the table cache
        cold = time.perf_counter() - cold
        print(f"interpreter: {interpreter()}")
        print(f"mcr score - with {args.hands:,} seeded random hands (seed {args.seed}), {os.cpu_count()} cores:")
        rate, errors = bench_json_lines(args.hands, args.seed, args.runs, env)
        best, median = bench_start_up(args.start_up_runs, env)
        start_up_ratio = start_up_ratio_lines(args.start_up_runs, env)
    print(f"JSON Lines: best {rate:,.0f} hands/s ({rate / TARGET_HANDS_PER_SECOND:.2f} x the "
          f"{TARGET_HANDS_PER_SECOND:,}/s target); {errors} error lines (expected 0)")
    print(f"one call:   best {best:.3f} s, median {median:.3f} s ({TARGET_START_UP_SECONDS / median:.2f} x faster "
          f"than the {TARGET_START_UP_SECONDS} s target); first call with an empty cache {cold:.3f} s")
    print("\n".join(start_up_ratio))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
