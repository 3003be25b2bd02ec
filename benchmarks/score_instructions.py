"""Machine instructions the engine executes a hand, counted under valgrind.

A measure of the hot path that neither the machine's load nor the timer's grain moves, so
that a change of 1% shows (issue 24, engine speed). CPU time on the machines here varies by
5 to 10% from run to run; the same count comes back to the instruction when the hash seed
is fixed.

Each count is a run of this script under `valgrind --tool=cachegrind` (instructions only,
no cache simulation), on the same seeded hands, in one of three modes:

- `base`: the engine scores `--warm` new hands uncounted (its memories fill as in a long
  run), then draws `--hands` other hands and scores none of them;
- `new`: the same, then scores the drawn hands once;
- `again`: the same, then scores them twice.

So (new - base) / hands is a new hand's cost, and (again - new) / hands the same hand's
when every memory holds it. Start-up, the table's loading and the warm-up fall out of both
differences; a run ends without the interpreter's clean-up, which frees more in a run that
scored more. No memory of the engine reaches its limit at the default sizes, where it would
start afresh and the second pass would cost more: the second pass adds no entry to any.

With `--fans-read`, every hand scored (the warm-up's too) also has its result's fan lines
read, which scoring otherwise leaves for later (rules.result.LATER_FIELDS): the cost a
caller that shows or compares the fans pays.

With `--stages`, two more runs stop a new hand part way, through the engine's public
functions as rules.score_with_table calls them: `parse` reads the notation
(rules.parse_hand), `situation` also makes the situation (rules.situation_for). Their
differences split a new hand's cost into those steps and the rest: the readings, the fans,
the principles that settle them, and the result.

    python benchmarks/score_instructions.py [--hands 2000] [--warm 5000] [--edition ...] [--stages] [--fans-read]

A run takes about 20 s a mode and an edition. Needs valgrind (`apt-get install valgrind`;
`./dev` installs it). Instructions are not time: a cache miss costs more than an addition.
Check a change that counts fewer instructions with benchmarks/score_speed.py too.
"""
from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402 - after the path tweak
from benchmarks.number_options import not_negative, positive  # noqa: E402
from rules.sampling import sample_hands  # noqa: E402

# How often each mode scores the drawn hands whole, and how far it takes them part way.
PASSES = {"base": 0, "new": 1, "again": 2}
STAGES = {"parse": 1, "situation": 2}   # steps of a new hand (--stages), in order
MODES = (*PASSES, *STAGES)
WARM_SEED, HANDS_SEED = 11, 31   # the warm-up hands and the counted ones: never the same
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")

Requests = list[tuple[str, dict[str, Any]]]   # (hand, situation keywords)


@dataclass(frozen=True)
class Counts:
    """Instructions a hand in one edition; `steps`, with --stages, splits `new` (the
    instructions of each step in STAGES, then of the rest)."""

    edition: str
    new: float
    again: float
    steps: tuple[float, ...] = ()


def drawn_requests(hands: int, seed: int = HANDS_SEED) -> Requests:
    """The seeded hands a run draws (or, with WARM_SEED, warms up on), as score requests."""
    return [(h.hand, h.situation) for h in sample_hands(hands, seed)]


def run_mode(edition: str, warm: int, hands: int, mode: str, fans_read: bool = False) -> None:
    """What a counted run does: the warm-up, the hands drawn, and scoring by `mode`; with
    `fans_read`, each result's fan lines read too."""
    table = rules.fan_table(None, edition)
    score_all(table, drawn_requests(warm, WARM_SEED), fans_read)
    requests = drawn_requests(hands)
    gc.collect()   # the drawn hands to the oldest generation, which the count then seldom collects
    if mode in STAGES:
        score_part_way(table, requests, STAGES[mode])
    for _ in range(PASSES.get(mode, 0)):
        score_all(table, requests, fans_read)


def score_all(table: rules.FanTable, requests: Requests, fans_read: bool) -> None:
    """Score every request; with `fans_read`, read each result's fan lines too."""
    for hand_text, situation in requests:
        result = rules.score_with_table(table, hand_text, **situation)
        if fans_read:
            result.fans   # noqa: B018 - read to work the lines out


def score_part_way(table: rules.FanTable, requests: Requests, steps: int) -> None:
    """The first `steps` steps of rules.score_with_table for every request."""
    for hand_text, situation in requests:
        rules.parse_hand(hand_text)
        if steps > 1:
            rules.situation_for(table, **situation)


def valgrind_count(edition: str, warm: int, hands: int, mode: str, fans_read: bool = False) -> int:
    """Instructions of one run of this script in `mode` under valgrind."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (./dev installs it)")
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--run", mode, "--edition", edition,
               "--warm", str(warm), "--hands", str(hands)] + ["--fans-read"] * fans_read
    env = {**os.environ, "PYTHONHASHSEED": "0"}   # dictionaries laid out alike in every run
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the {mode} run of {edition} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def write_caches(edition: str) -> None:
    """A run without valgrind, which writes what the first run after a change would write
    (compiled modules, the table's cache), so that no counted run does."""
    done = subprocess.run([sys.executable, __file__, "--run", "base", "--edition", edition, "--warm", "1",
                           "--hands", "1"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"a run of {edition} without valgrind failed (exit {done.returncode}):\n"
                         f"{done.stderr[-2000:]}")


def count_edition(edition: str, warm: int, hands: int, stages: bool = False, fans_read: bool = False) -> Counts:
    """The runs of one edition, as many at a time as there are cores (the counts do not
    depend on it), and their differences a hand."""
    write_caches(edition)
    modes = tuple(PASSES) + (tuple(STAGES) if stages else ())
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        runs = dict(zip(modes, pool.map(lambda mode: valgrind_count(edition, warm, hands, mode, fans_read), modes)))
    steps: tuple[float, ...] = ()
    if stages:
        marks = [runs[mode] for mode in ("base", *STAGES, "new")]
        steps = tuple((later - earlier) / hands for earlier, later in zip(marks, marks[1:]))
    return Counts(edition, (runs["new"] - runs["base"]) / hands, (runs["again"] - runs["new"]) / hands, steps)


def editions(chosen: str | None) -> list[str]:
    known = [info.id for info, _ in rules.editions()]
    if chosen is not None and chosen not in known:
        raise SystemExit(f"unknown edition {chosen!r}: expected one of {', '.join(known)}")
    return [chosen] if chosen else known


def report(counts: Counts) -> list[str]:
    lines = [f"  {counts.edition + ':':<12} new {counts.new:>9,.0f}   again {counts.again:>9,.0f}"]
    for name, count in zip((*STAGES, "the rest"), counts.steps):
        lines.append(f"    of a new hand, {name + ':':<11} {count:>9,.0f} ({count / counts.new:.0%})")
    return lines


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive, default=2000, help="hands counted (default 2000)")
    parser.add_argument("--warm", type=not_negative, default=5000,
                        help="new hands scored first, uncounted (default 5000)")
    parser.add_argument("--edition", default=None, help="one edition (default: every edition)")
    parser.add_argument("--stages", action="store_true",
                        help="split a new hand's count into reading the notation, the situation and the "
                             "rest (two more runs an edition)")
    parser.add_argument("--fans-read", action="store_true",
                        help="read each result's fan lines too (scoring leaves them for later)")
    parser.add_argument("--run", choices=MODES, help=argparse.SUPPRESS)   # a counted run: see run_mode
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if args.run:   # the edition checked by the run that started this one
        run_mode(args.edition, args.warm, args.hands, args.run, args.fans_read)
        sys.stdout.flush()
        os._exit(0)   # no clean-up: it frees more in a run that scored more, and would be counted
    chosen = editions(args.edition)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install valgrind (./dev installs it)", file=sys.stderr)
        return 2
    print(f"instructions a hand, {args.hands:,} seeded hands after {args.warm:,} others"
          f"{', fan lines read' if args.fans_read else ''} (valgrind, Python {sys.version.split()[0]}):", flush=True)
    for edition in chosen:
        counts = count_edition(edition, args.warm, args.hands, args.stages, args.fans_read)
        print("\n".join(report(counts)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
