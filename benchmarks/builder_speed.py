"""How many hands per second the quiz's hand builder makes, targeted and not.

    .venv/bin/python benchmarks/builder_speed.py [--seconds 3] [--seed 1] [--fan ID ...]

Each row builds hands with a fresh HandBuilder for about --seconds and prints hands per
second, the candidates the engine scored per hand kept, and how many of the hands
differ. Targeted rows: each --fan ID, or by default the two rarest fans among the
untargeted hands of the first row (fewest hits, then the fan table's order). The last
row is the engine alone scoring the untargeted hands, the ceiling of any builder.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from generator.quizzes.hand_builder import BuiltHand, HandBuilder  # noqa: E402

RAREST = 2


def measure(seed: int, seconds: float, **request: object) -> tuple[float, float, float, list[BuiltHand]]:
    builder = HandBuilder(seed)
    hands: list[BuiltHand] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or len(hands) < 20:
        hands.append(builder.build(**request))  # type: ignore[arg-type]
    elapsed = time.perf_counter() - start
    distinct = len({(h.hand, tuple(sorted(h.situation.items()))) for h in hands}) / len(hands)
    return len(hands) / elapsed, builder.tries / len(hands), distinct, hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fan", action="append", metavar="ID",
                        help=f"a fan to target (repeatable; default: the {RAREST} rarest untargeted)")
    args = parser.parse_args(argv)
    table = rules.fan_table()
    print(f"Python {platform.python_version()} on {platform.machine()}, fan table {table.version}, "
          f"{args.seconds:g} s per row, seed {args.seed}\n")
    print(f"| {'request':<58} | hands/s | scored per hand | distinct |")
    print(f"|{'-' * 60}|--------:|----------------:|---------:|")

    def row(label: str, **request: object) -> list[BuiltHand]:
        rate, tries, distinct, hands = measure(args.seed, args.seconds, **request)
        print(f"| {label:<58} | {rate:7.0f} | {tries:15.1f} | {distinct:8.0%} |", flush=True)
        return hands

    untargeted = row("untargeted (any valid win)")
    row("untargeted, valid or not", valid=None)
    for level in ("beginner", "intermediate", "expert"):
        row(f"level {level}", level=level)
    hits = Counter(fan for h in untargeted for fan in h.result.fan_counts())
    fans = args.fan or [f.id for f in sorted(table.fans, key=lambda f: (hits[f.id], f.number))[:RAREST]]
    for fan in fans:
        share = hits[fan] / len(untargeted)
        row(f"fan {fan} ({table.fan(fan).points} pts, {share:.1%} untargeted)", fan=fan)
    start = time.perf_counter()
    for h in untargeted:
        rules.score(h.hand, **h.situation)
    rate = len(untargeted) / (time.perf_counter() - start)
    print(f"| {'engine alone: rules.score on those hands':<58} | {rate:7.0f} | {1:15.1f} | {'':>8} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
