"""Find, for every edition, the exclusions that a fan lists without implying them, each
with a hand that shows it, and write generator/quizzes/listed_exclusions.yaml.

    .venv/bin/python tools/find_listed_exclusions.py [--built N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from generator.atomic_file import write_atomic  # noqa: E402
from generator.quizzes.exclusion_evidence import EVIDENCE_PATH, dump_evidence, find_evidence  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--built", type=int, default=80, metavar="N",
                        help="hands built per fan besides its examples (default 80)")
    args = parser.parse_args()
    started = time.monotonic()
    found = {}
    for info, _ in rules.editions():
        table = rules.fan_table(None, info.id)

        def show(n: int, total: int, edition: str = info.id) -> None:
            bar = "#" * (30 * n // total)
            print(f"\r{edition:>10} [{bar:<30}] {n}/{total} fans", end="", file=sys.stderr, flush=True)
        found[info.id] = find_evidence(table, args.built, show)
        print(file=sys.stderr)
    write_atomic(EVIDENCE_PATH, dump_evidence(found))
    pairs = {e: len(v) for e, v in found.items()}
    print(f"{EVIDENCE_PATH.name}: listed exclusions {pairs} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
