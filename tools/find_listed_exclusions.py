"""Judge, for every edition, each exclusion of the fan table: implied by the excluding fan, or
only listed with it (with a hand that shows it), and write rules/exclusion_judgements.json.

    .venv/bin/python tools/find_listed_exclusions.py [--all] [--built N]

Only the pairs whose judgement is missing or stale (the two fans' predicates, the exclusion or
the edition's settings changed since) are judged again; --all judges every pair afresh.
`mcr check` lists the stale pairs.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from generator.atomic_file import write_atomic  # noqa: E402
from generator.quizzes.exclusion_evidence import dump_judgements, judge_table, known_pairs  # noqa: E402
from rules.exclusion_judgements import JUDGEMENTS_PATH, LISTED, WAYS, read_judgements  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="judge every pair again, not only the stale ones")
    parser.add_argument("--built", type=int, default=80, metavar="N",
                        help="hands built per fan besides its examples (default 80)")
    args = parser.parse_args()
    started = time.monotonic()
    recorded = {} if args.all else read_judgements()
    judged = {}
    for info, _ in rules.editions():
        table = rules.fan_table(None, info.id)

        def show(n: int, total: int, edition: str = info.id) -> None:
            bar = "#" * (30 * n // total)
            print(f"\r{edition:>10} [{bar:<30}] {n}/{total} fans", end="", file=sys.stderr, flush=True)
        judged[info.id] = judge_table(table, args.built, known_pairs(recorded, info.id), show)
        print(file=sys.stderr)
    write_atomic(JUDGEMENTS_PATH, dump_judgements(judged))
    listed = {e: sum(isinstance(p[w], dict) for p in pairs for w in WAYS) for e, pairs in judged.items()}
    print(f"{JUDGEMENTS_PATH.name}: {LISTED} (pair, way) judgements by edition {listed}, "
          f"in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
