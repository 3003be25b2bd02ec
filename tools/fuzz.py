"""The fuzz suite of tests/cli/test_fuzz.py at full size: 100,000+ inputs.

    .venv/bin/python tools/fuzz.py [--api 100000] [--lines 100000] [--examples 5000] [--tables 200] [--no-files] [--seed 1]

1. API: seeded random calls of rules.score, score_readings, parse_hand, waits and
   read_tiles (damaged real hands, look-alike digits and spaces, any situation dict):
   each must return or raise a RulesError.
2. Stream: seeded random request lines through `mcr score -` with its workers: every
   line answered, in order, no internal error, nothing on standard error, exit 0.
3. Hypothesis: the property tests of tests/cli/test_fuzz.py with --examples examples each,
   exploring new inputs (CI runs 400, the same every time).
4. Tables: the regression corpus (tests/corpus/table_mutations.yaml) and --tables seeded
   random damage of the same kinds (a key twice, a key that is not text, a lone surrogate,
   an integer of thousands of digits) at random fans: `mcr check` must refuse each one with
   a problem, never a traceback, never "sound".
5. Files and streams: /dev/zero, a FIFO, a link to /dev/zero and a 1 GB sparse file as the
   table, `--fans` and the progress file; every command with standard output closed, on
   /dev/full, standard input closed: one line on standard error, a non-zero exit (a
   command that reads no input may run with it closed), no traceback, and no process
   growing past 300 MB (a read past the cap).

Prints what it ran, how long it took and what it found; exit status 1 on any problem.
"""
from __future__ import annotations

import argparse
import os
import random
import re
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


def fuzz_tables(count: int, seed: int) -> int:
    import shutil
    import tempfile

    from tests.engine.test_hardening import corpus, mutated_copy

    rng = random.Random(seed)
    table_text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    places = [m.group() for m in re.finditer(r"names: \{en: [^,]+, ", table_text)]
    damage = [lambda p: p + "en: again, ", lambda p: p.replace("names: {", "names: {7: x, "),
              lambda p: p.replace("{en: ", '{en: "\\ud83d', 1).replace(", ", '", ', 1),
              lambda p: p.replace("names: {", "names: {zz: " + "9" * rng.randrange(4400, 9000) + ", ")]
    cases = [*corpus()]
    for i in range(count):
        place = rng.choice(places)
        cases.append({"name": f"random {i}", "file": "fans.yaml", "find": place, "replace": rng.choice(damage)(place),
                      "expect": ""})
    problems = 0
    started = time.perf_counter()
    for case in cases:
        folder = Path(tempfile.mkdtemp(prefix="mcr-fuzz-"))
        try:
            found = rules.check_fan_table(str(mutated_copy(case, folder)))
            if not found or not any(case["expect"] in p for p in found):
                problems += 1
                print(f"  PROBLEM {case['name']}: called sound or not named: {found[:3]}")
        except Exception as err:  # noqa: BLE001 - what the fuzz looks for
            problems += 1
            print(f"  PROBLEM {case['name']}: {type(err).__name__}: {err}"[:500])
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"tables: {len(cases):,} damaged tables (seed {seed}) in {time.perf_counter() - started:.1f} s, "
          f"{problems} problem(s)")
    return problems


def _run_limited(args: list[str], data: str, **streams: object) -> tuple[int, str, int]:
    """Run `mcr ARGS` (standard error captured); exit status, standard error, peak MB."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT), MCR_DATA_DIR=data)
    run = subprocess.run([sys.executable, "-m", "mcr", *args], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                         text=True, timeout=120, **streams)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    return run.returncode, run.stderr, peak


def fuzz_files_and_streams() -> int:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="mcr-fuzz-files-"))
    fifo, link, big = folder / "fifo", folder / "link", folder / "big.yaml"
    os.mkfifo(fifo)
    link.symlink_to("/dev/zero")
    with big.open("wb") as fh:
        fh.truncate(1 << 30)
    problems: list[str] = []
    hand = "123m456m789m123p55p"
    for special in ("/dev/zero", str(fifo), str(link), str(big)):
        for args in (["check", special], ["score", hand, "--fans", special]):
            status, err, peak = _run_limited(args, str(folder / "none"), stdout=subprocess.DEVNULL)
            if status == 0 or "Traceback" in err or peak > 300:
                problems.append(f"mcr {' '.join(args)}: exit {status}, peak {peak} MB, {err[-300:]}")
        data = folder / f"data-{Path(special).name}"
        data.mkdir()
        (data / "progress.json").symlink_to(special)
        status, err, peak = _run_limited(["quiz", "--stats"], str(data), stdout=subprocess.DEVNULL)
        if status != 0 or "Traceback" in err or peak > 300:
            problems.append(f"progress file {special}: exit {status}, peak {peak} MB, {err[-300:]}")
    writers = [["score", hand], ["score", hand, "--json"], ["fans"], ["vocabulary"], ["editions"], ["fans", "-h"]]
    for args in writers:
        with open("/dev/full", "w") as full:
            status, err, _ = _run_limited(args, str(folder / "none"), stdout=full)
        if status == 0 or "Traceback" in err or len(err.strip().splitlines()) != 1:
            problems.append(f"mcr {' '.join(args)} > /dev/full: exit {status}, {err[-300:]}")
    for args, close in [*((a, 1) for a in writers), (["score", "-"], 0)]:
        code = (f"import os, subprocess, sys; os.close({close}); sys.exit(subprocess.run([sys.executable, '-m', 'mcr',"
                f" *{args!r}], cwd={str(ROOT)!r}).returncode)")
        run = subprocess.run([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True, timeout=120,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
        if run.returncode == 0 or "Traceback" in run.stderr or len(run.stderr.strip().splitlines()) != 1:
            problems.append(f"mcr {' '.join(args)} with fd {close} closed: exit {run.returncode}, {run.stderr[-300:]}")
    big.unlink()
    for problem in problems:
        print(f"  PROBLEM {problem}")
    print(f"files and streams: 4 special files x 3 readers, {len(writers)} commands x 3 dead streams: "
          f"{len(problems)} problem(s)")
    return len(problems)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", type=int, default=100_000, help="random API calls (default 100000)")
    parser.add_argument("--lines", type=int, default=100_000, help="random request lines (default 100000)")
    parser.add_argument("--examples", type=int, default=5000, help="hypothesis examples per property (default 5000)")
    parser.add_argument("--tables", type=int, default=200, help="randomly damaged tables (default 200)")
    parser.add_argument("--no-files", action="store_true", help="skip the special files and dead streams")
    parser.add_argument("--seed", type=int, default=1, help="seed of the API calls and the lines (default 1)")
    args = parser.parse_args()
    problems = 0
    if args.api:
        problems += fuzz_api(args.api, args.seed)
    if args.lines:
        problems += fuzz_stream(args.lines, args.seed)
    if args.examples:
        problems += fuzz_hypothesis(args.examples)
    problems += fuzz_tables(args.tables, args.seed)
    if not args.no_files:
        problems += fuzz_files_and_streams()
    print("no problem found" if not problems else f"{problems} problem(s) found")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
