"""Machine instructions the engine executes a hand, counted under valgrind: a measure of the
hot path that neither the machine's load nor the timer's grain moves, so that a change of
1% shows (issue: engine speed). CPU time on this machine varies by 5 to 10% from run to
run; the same count comes back to the instruction when the hash seed is fixed.

Each count is a run of this script under `valgrind --tool=cachegrind` (instructions only,
no cache simulation) in one of three modes, on the same seeded hands:

- `base`: the engine scores `--warm` new hands untimed (its memories fill as in a long
  run), then draws `--hands` other hands and scores none of them;
- `new`: the same, then scores the drawn hands once;
- `again`: the same, then scores them twice.

So (new - base) / hands is a new hand's cost, and (again - new) / hands the same hand's
cost when every memory holds it. Start-up, the table's loading and the warm-up fall out
of both differences. The runs of one edition go two at a time (this machine has two cores).

With `--stages`, three more modes stop a new hand's scoring part way, through the public
functions the engine's own steps are: `parse` reads the notation (rules.parse_hand),
`situation` also makes the situation (rules.situation_for), `readings` also finds the
readings (rules.shapes.readings_of). Their differences split a new hand's cost into those
steps and the rest: the fans, the principles that settle them, and the result.

    python benchmarks/score_instructions.py [--hands 2000] [--warm 5000] [--edition ...] [--stages]

A run takes about 20 s a mode and an edition. Needs valgrind (`apt-get install valgrind`).
Instructions are not time: a cache miss costs more than an addition. Check a change that
counts fewer instructions with benchmarks/score_speed.py too.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = ("base", "new", "again")
STAGES = ("parse", "situation", "readings")   # new hands scored part way (--stages), in order
WARM_SEED, HANDS_SEED = 11, 31   # the warm-up hands and the counted ones: never the same
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


@dataclass(frozen=True)
class Counts:
    """Instructions a hand in one edition; `steps`, with --stages, splits `new` (the
    instructions of each step in STAGES, then of the rest)."""

    edition: str
    new: float
    again: float
    steps: tuple[float, ...] = ()


def _child(edition: str, warm: int, hands: int, mode: str) -> None:
    """What runs under valgrind: the warm-up, the hands drawn, and scoring by `mode`."""
    import gc

    sys.path.insert(0, str(ROOT))
    import rules
    from rules.sampling import sample_hands

    table = rules.fan_table(None, edition)
    for hand in sample_hands(warm, WARM_SEED):
        rules.score_with_table(table, hand.hand, **hand.situation)
    requests = [(h.hand, h.situation) for h in sample_hands(hands, HANDS_SEED)]
    gc.collect()   # the drawn hands to the oldest generation: no full collection in the count
    if mode in STAGES:
        _score_part_way(table, requests, STAGES.index(mode) + 1)
    for _ in range(MODES.index(mode) if mode in MODES else 0):
        for hand_text, situation in requests:
            rules.score_with_table(table, hand_text, **situation)


def _score_part_way(table: object, requests: list[tuple[str, dict]], steps: int) -> None:
    """The first `steps` of STAGES for every request, as rules.score_with_table takes them."""
    import rules
    from rules.shapes import readings_of

    for hand_text, situation in requests:
        hand = rules.parse_hand(hand_text)
        if steps > 1:
            made = rules.situation_for(table, **situation)
            if steps > 2:
                readings_of(hand, made.self_drawn)


def _count(edition: str, warm: int, hands: int, mode: str) -> int:
    """Instructions of one run of this script in `mode` under valgrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--child", mode, "--edition", edition,
               "--warm", str(warm), "--hands", str(hands)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}   # dictionaries laid out alike in every run
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the {mode} run of {edition} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def _write_caches(edition: str) -> None:
    """A run without valgrind, which writes what the first run after a change would
    write (compiled modules, the table's cache), so that no counted run does."""
    subprocess.run([sys.executable, __file__, "--child", "base", "--edition", edition, "--warm", "1",
                    "--hands", "1"], check=True)


def count_edition(edition: str, warm: int, hands: int, stages: bool = False) -> Counts:
    """The runs of one edition, two at a time, and their differences a hand."""
    _write_caches(edition)
    modes = MODES + (STAGES if stages else ())
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = dict(zip(modes, pool.map(lambda mode: _count(edition, warm, hands, mode), modes)))
    steps: tuple[float, ...] = ()
    if stages:
        marks = [runs[mode] for mode in ("base", *STAGES, "new")]
        steps = tuple((later - earlier) / hands for earlier, later in zip(marks, marks[1:]))
    return Counts(edition, (runs["new"] - runs["base"]) / hands, (runs["again"] - runs["new"]) / hands, steps)


def _editions(chosen: str | None) -> list[str]:
    sys.path.insert(0, str(ROOT))
    import rules

    known = [info.id for info, _ in rules.editions()]
    if chosen is not None and chosen not in known:
        raise SystemExit(f"unknown edition {chosen!r}: expected one of {', '.join(known)}")
    return [chosen] if chosen else known


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=_positive, default=2000, help="hands counted (default 2000)")
    parser.add_argument("--warm", type=int, default=5000, help="new hands scored first, uncounted (default 5000)")
    parser.add_argument("--edition", default=None, help="one edition (default: every edition)")
    parser.add_argument("--stages", action="store_true",
                        help="split a new hand's count into reading the notation, the situation, the "
                             "readings and the rest (three more runs an edition)")
    parser.add_argument("--child", choices=MODES + STAGES, help=argparse.SUPPRESS)
    return parser.parse_args()


def main() -> int:
    args = _arguments()
    if args.child:
        _child(args.edition, args.warm, args.hands, args.child)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install valgrind", file=sys.stderr)
        return 2
    print(f"instructions a hand, {args.hands:,} seeded hands after {args.warm:,} others "
          f"(valgrind, Python {sys.version.split()[0]}):", flush=True)
    for edition in _editions(args.edition):
        counts = count_edition(edition, args.warm, args.hands, args.stages)
        print(f"  {edition + ':':<12} new {counts.new:>9,.0f}   again {counts.again:>9,.0f}", flush=True)
        for name, count in zip(STAGES + ("the rest",), counts.steps):
            print(f"    of a new hand, {name + ':':<11} {count:>9,.0f} ({count / counts.new:.0%})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
