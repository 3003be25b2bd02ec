"""`mcr fans` (list the table) and `mcr check` (validate a table)."""
from __future__ import annotations

import argparse
import sys

from rules import check_fan_table, fan_table


def add_fans_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fans", metavar="PATH", help="another fan table (default: the project's fans.yaml)")
    parser.add_argument("--lang", default="en", help="language of the names (default en)")
    parser.add_argument("--points", type=int, help="only fans worth this many points")
    parser.add_argument("--edition", metavar="ID", help="the edition of the rules (default: the table's own)")


def run_fans(args: argparse.Namespace) -> int:
    table = fan_table(args.fans, args.edition)
    for fan in table.fans:
        if args.points is not None and fan.points != args.points:
            continue
        zh = fan.names.get("zh", "")
        excludes = f"  (not counted: {', '.join(fan.excludes)})" if fan.excludes else ""
        print(f"{fan.number:2}  {fan.points:2}  {fan.name(args.lang)} {zh if args.lang != 'zh' else ''}".rstrip()
              + f"  [{fan.id}]{excludes}")
    return 0


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="the fan table to check (default: the project's fans.yaml)")


def run_check(args: argparse.Namespace) -> int:
    problems = check_fan_table(args.path)
    for line in problems:
        print(line)
    shown = args.path or "fans.yaml"
    if problems:
        print(f"mcr check: {len(problems)} problem(s) in {shown}", file=sys.stderr)
        return 1
    print(f"mcr check: {shown} is sound: schema, references and every example agree with the engine",
          file=sys.stderr)
    return 0


def add_vocabulary_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")


def run_vocabulary(args: argparse.Namespace) -> int:
    """Print the predicate vocabulary of fans.yaml: operators, hand facts, item attributes."""
    from rules import HAND_VOCABULARY, ITEM_VOCABULARY, OPERATORS

    sections = [
        ("Operators ({op: arguments})", [(o.name, f"{o.arguments}: {o.meaning}") for o in OPERATORS.values()]),
        ("Hand facts ({var: NAME}, or {var: hand.NAME} inside an iteration)", list(HAND_VOCABULARY.items())),
        ("Item attributes ({var: NAME} inside all/some/none/count/filter/map/distinct/sorted)",
         list(ITEM_VOCABULARY.items())),
    ]
    for title, rows in sections:
        if args.markdown:
            print(f"**{title}**\n\n| name | meaning |\n| --- | --- |")
            for name, meaning in rows:
                print(f"| `{name}` | {meaning.replace('|', '&#124;')} |")
        else:
            print(title)
            width = max(len(name) for name, _ in rows)
            for name, meaning in rows:
                print(f"  {name.ljust(width)}  {meaning}")
        print()
    return 0
