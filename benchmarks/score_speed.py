"""Benchmark of the scoring engine against the C++ reference and through the command line.

1. In process, one core: seeded random legal winning hands scored by the C++ calculator
   behind the widely used MCR apps (PyMahjongGB, a test-only dependency; timed on its own
   arguments, built beforehand) and by the engine (`rules.score_with_table` from the
   notation, parsing included), in each edition, and again in each edition reading every
   result's fan lines ("fans read", as a caller that shows or compares the fans does:
   results are otherwise dropped unread, and a result's fields worked out only when read,
   rules.result.LATER_FIELDS, are not timed). Each of these engine variants gets hands of
   its own in each run (seed, seed + 1, ... across the runs and the variants), scored in
   turns of 500 hands with C++ on the same hands: the engine's memories of blocks and
   tokens are shared by its tables, so a variant that came second on the same hands would
   find them warm. A full collection (gc.collect) runs before the turns are timed: it moves
   the hands and the C++ arguments, tens of thousands of live objects, to the oldest
   generation, where their arrival would otherwise set off a full collection in whichever
   contender's turn it came. The time is the process's CPU time, which other work on a busy
   machine does not add to. The report gives each one's best run and the engine's ratio to
   C++ against the target of the engine speed issue (at least one tenth of C++ in every
   edition).
2. The same on hands each contender has scored once already, untimed ("again"): the
   engine's floor with every memory holding the hand (see report_memories_warm).
3. `mcr score -` (JSON Lines) with its worker processes, start-up included (wall time).
4. One `mcr score HAND` call (start-up and one hand, wall time).
5. One call's time over a bare `python -c "import yaml, jinja2"` run in turn with it
   (at most 2).

This machine is noisy, so every figure is the best of several runs.

    python benchmarks/score_speed.py [--hands 20000] [--seed 1] [--runs 3]

Each part is a function from the Setting to its report lines (PARTS, in order): a new
measure is one more function there.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from benchmarks.number_options import positive  # noqa: E402
from rules.sampling import SampledHand, sample_hands  # noqa: E402

HANDS_PER_RUN = 20_000   # new hands each run scores, unless --hands says otherwise
TARGET_HANDS_PER_SECOND = 5000
TARGET_START_UP_SECONDS = 0.5
TARGET_SHARE_OF_CPP = 1 / 10   # the engine, one process, against the C++ calculator, one process
ONE_HAND = ["score", "[EEE][SSSS1]55pWWWNNN", "--self-drawn"]


@dataclass(frozen=True)
class Setting:
    """What every part of the benchmark gets: the options, the environment of the `mcr`
    calls (their own table cache), and how long the first call took with that cache empty."""

    args: argparse.Namespace
    env: dict[str, str]
    cold_call: float


def _mcr(args: list[str], stdin=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcr", *args], stdin=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT, env=env, check=True)


Contender = Callable[[int, int], None]   # scores the hands from one index to another


def _cpp_contender(hands: list[SampledHand]) -> Contender | None:
    """Scores hands with the C++ calculator, or None when it is not installed."""
    from tests.independent_calculator import MahjongFanCalculator, gb_arguments

    if MahjongFanCalculator is None:
        return None
    arguments = [gb_arguments(h.hand, h.situation) for h in hands]

    def run(first: int, stop: int) -> None:
        for kwargs in arguments[first:stop]:
            MahjongFanCalculator(**kwargs)
    return run


def _engine_contender(hands: list[SampledHand], edition: str, read_lines: bool = False) -> Contender:
    """Scores hands with the engine; with `read_lines`, reads each result's fan lines too
    (what the C++ calculator's answer holds: the fans that count)."""
    table = rules.fan_table(None, edition)
    requests = [(h.hand, h.situation) for h in hands]
    score = rules.score_with_table

    def run(first: int, stop: int) -> None:
        for hand, situation in requests[first:stop]:
            score(table, hand, **situation)

    def run_reading_lines(first: int, stop: int) -> None:
        for hand, situation in requests[first:stop]:
            score(table, hand, **situation).fans   # noqa: B018 - read to work the lines out
    return run_reading_lines if read_lines else run


def _engine_variants() -> list[tuple[str, str, bool]]:
    """(name, edition, fan lines read) of each engine variant timed: every edition with
    its results dropped unread, then every edition reading each result's lines."""
    editions = [info.id for info, _ in rules.editions()]
    return ([(f"engine {e}", e, False) for e in editions]
            + [(f"engine {e}, fans read", e, True) for e in editions])


CHUNK = 500   # hands each contender scores in its turn: all of them meet the same load


def _timed_turns(contenders: dict[str, Contender], count: int, warm: bool) -> dict[str, float]:
    """CPU seconds each contender took on the hands, in turns of CHUNK hands; with `warm`,
    after each has scored them all once untimed."""
    if warm:
        for score in contenders.values():
            score(0, count)
    gc.collect()   # the hands and arguments to the oldest generation now, not in a contender's turn
    spent = dict.fromkeys(contenders, 0.0)
    for first in range(0, count, CHUNK):
        for name, score in contenders.items():
            start = time.process_time()
            score(first, first + CHUNK)
            spent[name] += time.process_time() - start
    return spent


@dataclass(frozen=True)
class Rates:
    """One engine variant's best rate (hands a second) and C++'s best on the same hands
    (None without PyMahjongGB)."""

    engine: float
    cpp: float | None


def bench_in_process(count: int, seed: int, runs: int, warm: bool = False) -> dict[str, Rates]:
    """Hands per second of each engine variant and of C++ on the same hands (CPU time),
    best of `runs`. In each run each variant scores new hands of its own, taking turns with
    C++ on them, so that a change in the machine's load in the middle falls on both alike.
    With `warm`, both score the hands once untimed first, so that the timed turns score
    hands they have seen: the engine's memories then hold all of them (see
    report_memories_warm)."""
    best: dict[str, dict[str, float]] = {}   # variant -> contender -> best seconds
    variants = _engine_variants()
    for run in range(runs):
        for index, (name, edition, read_lines) in enumerate(variants):
            hand_seed = seed + run * len(variants) + index
            hands = sample_hands(count, hand_seed)
            contenders: dict[str, Contender] = {}
            cpp = _cpp_contender(hands)
            if cpp is not None:
                contenders["C++"] = cpp
            contenders[name] = _engine_contender(hands, edition, read_lines)
            spent = _timed_turns(contenders, count, warm)
            mine = best.setdefault(name, {})
            for who, seconds in spent.items():
                mine[who] = min(mine.get(who, float("inf")), seconds)
            rates = ", ".join(f"{who} {count / seconds:,.0f}" for who, seconds in spent.items())
            print(f"  run {run + 1} (seed {hand_seed}): {rates} hands/s", flush=True)
    return {name: Rates(count / seconds[name], count / seconds["C++"] if "C++" in seconds else None)
            for name, seconds in best.items()}


def report_in_process(setting: Setting) -> list[str]:
    args = setting.args
    print(f"in process, one core, {args.hands:,} new seeded random hands a run for each engine variant, C++ on "
          "the same (CPU time):", flush=True)
    rates = bench_in_process(args.hands, args.seed, args.runs)
    missing = [] if all(r.cpp is not None for r in rates.values()) else [
        "C++: PyMahjongGB is not installed (pip install -e '.[test]'): no ratio"]
    return missing + _ratio_lines(rates)


def report_memories_warm(setting: Setting) -> list[str]:
    """The same measure on hands every contender has scored once already: what the engine
    costs when each of its memories (blocks, sets, result lines) holds the hand. New
    hands cannot be faster than this, so it bounds what better memories alone can gain;
    the rest must come from doing less per hand. (At the default sizes no memory nears its
    limit, where it would stop growing or start afresh: after 60,000 hands the largest
    holds 25,000 entries of its 200,000; benchmarks/score_bytecodes.py warns if one does.)
    C++ keeps no memories: its second pass is for the ratio on the same hands."""
    args = setting.args
    print(f"in process, the same {args.hands:,} hands a second time (every memory warm):", flush=True)
    return _ratio_lines(bench_in_process(args.hands, args.seed, args.runs, warm=True), " (again)")


def _ratio_lines(rates: dict[str, Rates], label: str = "") -> list[str]:
    """Each engine variant's best rate and its ratio to C++'s best on the same hands (when
    C++ ran) against the target; `label` follows each name."""
    width = max(map(len, rates)) + len(label) + 2   # the names and their colon, aligned
    lines = []
    for name, rate in rates.items():
        line = f"{name + label + ':':<{width}} best {rate.engine:,.0f} hands/s"
        if rate.cpp is not None:
            share = rate.engine / rate.cpp
            verdict = "meets" if share >= TARGET_SHARE_OF_CPP else "misses"
            target = f"1/{round(1 / TARGET_SHARE_OF_CPP)}"
            line += (f", 1/{rate.cpp / rate.engine:.1f} of C++ ({rate.cpp:,.0f} on the same hands; "
                     f"{share / TARGET_SHARE_OF_CPP:.2f} x the {target} target: {verdict} it)")
        lines.append(line)
    return lines


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


def report_json_lines(setting: Setting) -> list[str]:
    args = setting.args
    print(f"mcr score - with {args.hands:,} seeded random hands (seed {args.seed}), {os.cpu_count()} cores:",
          flush=True)
    rate, errors = bench_json_lines(args.hands, args.seed, args.runs, setting.env)
    return [f"JSON Lines: best {rate:,.0f} hands/s ({rate / TARGET_HANDS_PER_SECOND:.2f} x the "
            f"{TARGET_HANDS_PER_SECOND:,}/s target); {errors} error lines (expected 0)"]


def bench_start_up(runs: int, env: dict[str, str]) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        _mcr(ONE_HAND, env=env)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def report_start_up(setting: Setting) -> list[str]:
    best, median = bench_start_up(setting.args.start_up_runs, setting.env)
    return [f"one call:   best {best:.3f} s, median {median:.3f} s ({TARGET_START_UP_SECONDS / median:.2f} x faster "
            f"than the {TARGET_START_UP_SECONDS} s target); first call with an empty cache {setting.cold_call:.3f} s"]


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


def report_start_up_ratio(setting: Setting) -> list[str]:
    return start_up_ratio_lines(setting.args.start_up_runs, setting.env)


# The parts of the report, in order: each prints its progress and returns its lines.
PARTS: tuple[Callable[[Setting], list[str]], ...] = (
    report_in_process, report_memories_warm, report_json_lines, report_start_up, report_start_up_ratio)


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
    parser.add_argument("--hands", type=positive, default=HANDS_PER_RUN,
                        help=f"hands scored per run (default {HANDS_PER_RUN})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands (default 1)")
    parser.add_argument("--runs", type=positive, default=3, help="runs of each throughput benchmark (default 3)")
    parser.add_argument("--start-up-runs", type=positive, default=10, help="single calls timed (default 10)")
    args = parser.parse_args()
    env = dict(os.environ)
    report: list[str] = []
    with tempfile.TemporaryDirectory() as cache:
        env["MCR_CACHE_DIR"] = cache
        cold = time.perf_counter()
        _mcr(ONE_HAND, env=env)  # parses fans.yaml and fills the table cache
        setting = Setting(args, env, time.perf_counter() - cold)
        print(f"interpreter: {interpreter()}", flush=True)
        for part in PARTS:
            report.extend(part(setting))
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
