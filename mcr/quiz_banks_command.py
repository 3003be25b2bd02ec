"""`mcr quiz-banks`: rebuild the quiz banks in quizzes/, or check them against the engine."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import rules

from quiz import level_targets
from quiz.bank_stats import checks, missing_fans, stats_of
from quiz.hand_builder import BuildError
from quiz.levels import LEVELS
from mcr import rules_bank_step
from quiz.banks import COVERAGE, DEFAULT_COUNT, DEFAULT_SEED, QUIZ_DIR, bank_path, build_banks, check_bank, \
    load_bank, write_bank


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Rebuild the quiz banks (quizzes/<level>.json) from a seed: random winning hands "
                          "scored by the engine, with answer keys and explanations. Same seed and fan table, "
                          "same files. With --check, re-score every question instead and report differences.")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"build seed (default {DEFAULT_SEED})")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                        help=f"questions per level (default {DEFAULT_COUNT})")
    parser.add_argument("--coverage", type=int, default=COVERAGE, metavar="K",
                        help=f"hands built for each of the fans, spread over the levels (default {COVERAGE})")
    parser.add_argument("--level", choices=LEVELS, action="append", help="only this level (repeatable)")
    parser.add_argument("--out", type=Path, default=QUIZ_DIR, metavar="DIR", help="folder of the banks")
    parser.add_argument("--check", action="store_true",
                        help="validate the banks against the schema and re-score every answer key")
    parser.add_argument("--rules", action="store_true",
                        help="only the rules bank (quizzes/rules.json, from the rulebook's check blocks); "
                             "without --rules and --level it is built or checked with the others")
    parser.add_argument("--stats", action="store_true",
                        help="print each bank's fans, kinds and totals against the levels' targets and caps "
                             "(quiz/level_targets.yaml); exit status 1 when one is missed")


def run(args: argparse.Namespace) -> int:
    levels = args.level or ([] if args.rules else list(LEVELS))
    with_rules = args.rules or not args.level
    table = rules.fan_table()
    if args.stats:
        return _stats(levels, args.out, table)
    if args.check:
        problems = []
        for level in levels:
            try:
                bank = load_bank(bank_path(level, args.out), validate=True)
            except ValueError as err:
                problems.append(str(err))
                continue
            found = check_bank(bank, table)
            problems += found
            print(f"{level}: {len(bank.questions)} questions, {'ok' if not found else f'{len(found)} problems'}")
        if with_rules:
            problems += rules_bank_step.check(args.out)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("mcr quiz-banks: rebuild with `mcr quiz-banks` after a fan table or rulebook change", file=sys.stderr)
        return 1 if problems else 0
    start = time.perf_counter()
    if with_rules and rules_bank_step.build(args.out):
        return 1
    try:
        level_targets.default(table)   # the levels' data, read (and checked) before any hand is built
        banks = build_banks(levels, seed=args.seed, count=args.count, coverage=args.coverage, table=table)
    except (BuildError, ValueError) as err:
        print(f"mcr quiz-banks: {err}; the banks were left as they were", file=sys.stderr)
        return 1
    for bank in banks:
        path = write_bank(bank, args.out)
        print(f"{path}: {len(bank.questions)} questions (seed {bank.seed}, fan table {bank.fan_table_version})")
    print(f"built in {time.perf_counter() - start:.1f} s")
    return 0


def _stats(levels: list[str], folder: Path, table: rules.FanTable) -> int:
    try:
        spec = level_targets.default(table)
        banks = [load_bank(bank_path(level, folder)) for level in levels]
    except ValueError as err:
        print(f"mcr quiz-banks: {err}", file=sys.stderr)
        return 1
    missed = 0
    for bank in banks:
        st = stats_of(bank, spec)
        low, median, high = st.totals
        print(f"{bank.level}: {st.questions} questions")
        print("  kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(st.kinds.items())))
        print(f"  totals: lowest {low}, median {median:g}, highest {high}")
        print("  fans (share of questions):")
        for fan, share in st.fans.items():
            print(f"    {fan:<36} {share:6.1%}   (in play {spec.play.share(fan):5.1%}, {spec.fan_level(fan)})")
        print("  targets and caps:")
        for c in checks(st, spec):
            missed += not c.ok
            print(f"    {'ok  ' if c.ok else 'MISS'} {c.what:<40} wanted {c.wanted:<8} got {c.got}")
    if set(levels) == set(LEVELS):
        missing = missing_fans(banks, table)
        missed += bool(missing)
        print(f"fans in no bank: {', '.join(missing) if missing else 'none'} "
              f"({len(table.fans) - len(missing)} of {len(table.fans)} appear)")
    return 1 if missed else 0
