"""`mcr quiz-banks`: rebuild the quiz banks in quizzes/, or check them against the engine."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import rules
from i18n import decimal_text
from i18n.display_width import display_width

from generator.quizzes import level_targets
from generator.quizzes.bank_sources import stale_banks
from generator.quizzes.bank_figures import figures_of, question_checks
from generator.quizzes.bank_stats import checks, missing_fans, stats_of
from generator.quizzes.rulebook_checks import BOOK_DIR
from generator.quizzes.hand_builder import BuildError
from generator.quizzes.levels import LEVELS
from mcr import rules_bank_step
from mcr.cli_text import cli_text, counted_text, points_text, quiz_text
from mcr.language import add_lang_argument
from generator.quizzes.banks import COVERAGE, DEFAULT_COUNT, DEFAULT_SEED, QUIZ_DIR, Bank, bank_path, build_banks, \
    check_bank, load_bank, write_bank


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    def help_text(key: str, **values: object) -> str:
        return cli_text(lang, key, **values)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=help_text("help_banks_seed", default=DEFAULT_SEED))
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                        help=help_text("help_banks_count", default=DEFAULT_COUNT))
    parser.add_argument("--coverage", type=int, default=COVERAGE, metavar="K",
                        help=help_text("help_banks_coverage", default=COVERAGE))
    parser.add_argument("--level", choices=LEVELS, action="append", help=help_text("help_banks_level"))
    parser.add_argument("--out", type=Path, default=QUIZ_DIR, metavar="DIR", help=help_text("help_banks_out"))
    parser.add_argument("--check", action="store_true", help=help_text("help_banks_check"))
    parser.add_argument("--rules", action="store_true", help=help_text("help_banks_rules"))
    parser.add_argument("--stats", action="store_true", help=help_text("help_banks_stats"))
    add_lang_argument(parser, lang)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    levels = args.level or ([] if args.rules else list(LEVELS))
    with_rules = args.rules or not args.level
    table = rules.fan_table()
    if args.stats:
        return _stats(levels, args.out, table, lang)
    if args.check:
        # First what a fingerprint shows at once (a bank built from other sources), then every answer re-scored.
        problems = [stale.message(str(stale.path)) for stale in stale_banks(args.out, BOOK_DIR)
                    if (stale.path.stem == "rules" and with_rules) or stale.path.stem in levels]
        for level in levels:
            try:
                bank = load_bank(bank_path(level, args.out), validate=True)
            except ValueError as err:
                problems.append(str(err))
                continue
            found = check_bank(bank, table)
            problems += found
            verdict = cli_text(lang, "banks_ok") if not found else counted_text(lang, "count_problems", len(found))
            print(counted_text(lang, "banks_checked", len(bank.questions), level=_level(level, lang), verdict=verdict))
        if with_rules:
            problems += rules_bank_step.check(args.out, lang)
        # Each problem is the checker's own line (which bank, question and field), for the maintainer.
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("mcr quiz-banks: " + cli_text(lang, "banks_rebuild"), file=sys.stderr)
        return 1 if problems else 0
    start = time.perf_counter()
    if with_rules and rules_bank_step.build(args.out, lang):
        return 1
    try:
        level_targets.default(table)   # the levels' data, read (and checked) before any hand is built
        banks = build_banks(levels, seed=args.seed, count=args.count, coverage=args.coverage, table=table)
    except (BuildError, ValueError) as err:
        print("mcr quiz-banks: " + cli_text(lang, "banks_left", error=err), file=sys.stderr)
        return 1
    for bank in banks:
        path = write_bank(bank, args.out)
        print(counted_text(lang, "banks_written", len(bank.questions), path=path, seed=bank.seed,
                           version=bank.fan_table_version))
    print(cli_text(lang, "banks_built_in", seconds=decimal_text(lang, time.perf_counter() - start)))
    return 0


def _level(level: str, lang: str) -> str:
    return quiz_text(lang, f"level_{level}")


def _padded(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def _stats(levels: list[str], folder: Path, table: rules.FanTable, lang: str) -> int:
    try:
        spec = level_targets.default(table)
        banks = [load_bank(bank_path(level, folder)) for level in levels]
    except ValueError as err:
        print(f"mcr quiz-banks: {err}", file=sys.stderr)
        return 1
    name = {f.id: f.name(lang) for f in table.fans}
    separator = cli_text(lang, "list_separator")
    missed = sum(_level_stats(bank, spec, table, name, lang) for bank in banks)
    if set(levels) == set(LEVELS):
        missing = missing_fans(banks, table)
        missed += bool(missing)
        listed = separator.join(name.get(f, f) for f in missing) if missing else cli_text(lang, "stats_none")
        print(cli_text(lang, "stats_missing", fans=listed, present=len(table.fans) - len(missing),
                       total=len(table.fans)))
    return 1 if missed else 0


def _level_stats(bank: Bank, spec: level_targets.Levels, table: rules.FanTable, name: dict[str, str],
                 lang: str) -> int:
    """Print one level's figures, each target and cap met or missed; the number missed."""
    separator = cli_text(lang, "list_separator")
    st = stats_of(bank, spec)
    low, median, high = st.totals
    print(counted_text(lang, "stats_level", st.questions, level=_level(bank.level, lang)))
    print("  " + cli_text(lang, "stats_kinds", kinds=separator.join(
        f"{quiz_text(lang, f'kind_{k}')} {n}" for k, n in sorted(st.kinds.items()))))
    print("  " + cli_text(lang, "stats_totals", low=low, median=decimal_text(lang, median, "g"), high=high))
    print("  " + cli_text(lang, "stats_fans"))
    for fan, share in st.fans.items():
        print(f"    {_padded(name.get(fan, fan), 36)} {share:6.1%}   ("
              + cli_text(lang, "stats_in_play", share=f"{spec.play.share(fan):5.1%}",
                         level=_level(spec.fan_level(fan), lang)) + ")")
    print("  " + cli_text(lang, "stats_targets"))
    # A target is named in generator/quizzes/level_targets.yaml in English: shown here by its fans.
    targets = {t.name: separator.join(name.get(f, f) for f in t.fans) for t in spec.specs[bank.level].targets}
    figures = figures_of(bank.questions, bank.level, table, spec)
    missed = 0
    for c in checks(st, spec) + question_checks(figures, spec):
        missed += not c.ok
        mark = cli_text(lang, "stats_ok" if c.ok else "stats_miss")
        print(f"    {_padded(mark, 4)} {_padded(_check_name(c.what, name, targets, spec, table, lang), 40)} "
              + cli_text(lang, "stats_wanted_got", wanted=c.wanted, got=c.got))
    for key, ids in sorted(figures.repeated.items()):
        print("      " + cli_text(lang, "stats_repeated", hand=key, questions=separator.join(ids)))
    return missed


def _check_name(what: str, name: dict[str, str], targets: dict[str, str], spec: level_targets.Levels,
                table: rules.FanTable, lang: str) -> str:
    """generator/quizzes/bank_stats.py names a check "target <name>", "cap <fan>" or "median total";
    generator/quizzes/bank_figures.py "question <name>"."""
    kind, _, subject = what.partition(" ")
    if kind == "target":
        return cli_text(lang, "stats_target", fans=targets.get(subject, subject))
    if kind == "cap":
        return cli_text(lang, "stats_cap", fan=name.get(subject, subject))
    if kind == "question":
        return _question_check_name(subject, spec, table, lang)
    if what == "median total":
        return cli_text(lang, "stats_median_total")
    return what


def _question_check_name(subject: str, spec: level_targets.Levels, table: rules.FanTable, lang: str) -> str:
    bounds = spec.questions
    big = [s.big_fans for s in spec.specs.values() if s.big_fans is not None]
    values = {"distinct_hands": {},
              "header_ruled_out": {"kind": quiz_text(lang, "kind_fans")},
              "header_traps": {"kind": quiz_text(lang, "kind_fans")},
              "valid_near": {"kind": quiz_text(lang, "kind_valid"), "minimum": table.minimum_points,
                             "amount": points_text(lang, bounds.valid_points if bounds else 0)},
              "close_readings": {"kind": quiz_text(lang, "kind_best_reading"),
                                 "amount": points_text(lang, bounds.close_points if bounds else 0)},
              "big_fans": {"amount": points_text(lang, big[0].points if big else 0)}}
    return cli_text(lang, f"stats_{subject}", **values[subject]) if subject in values else subject
