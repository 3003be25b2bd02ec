"""`mcr fans` (list the table) and `mcr vocabulary` (`mcr check` is mcr/check_command.py)."""
from __future__ import annotations

import argparse

from rules import fan_table

from .cli_text import chinese_name_beside, cli_text
from .vocabulary_text import vocabulary_sections


def add_fans_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--fans", metavar="PATH", help=cli_text(lang, "help_fans_table"))
    parser.add_argument("--points", type=int, help=cli_text(lang, "help_points"))
    parser.add_argument("--edition", metavar="ID", help=cli_text(lang, "help_edition"))


def run_fans(args: argparse.Namespace) -> int:
    table = fan_table(args.fans, args.edition)
    lang = args.lang
    separator = cli_text(lang, "list_separator")
    for fan in table.fans:
        if args.points is not None and fan.points != args.points:
            continue
        zh = chinese_name_beside(fan.names, lang)
        excluded = ""
        if fan.excludes:
            names = separator.join(table.fan(other).name(lang) for other in fan.excludes)
            excluded = "  (" + cli_text(lang, "fans_not_counted", fans=names) + ")"
        print(f"{fan.number:2}  {fan.points:2}  {fan.name(lang)} {zh}".rstrip() + f"  [{fan.id}]{excluded}")
    return 0


def add_vocabulary_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--markdown", action="store_true", help=cli_text(lang, "help_markdown"))


def run_vocabulary(args: argparse.Namespace) -> int:
    """Print the predicate vocabulary of fans.yaml: operators, hand facts, item attributes."""
    for title, rows in vocabulary_sections(args.lang):
        if args.markdown:
            print(f"**{title}**\n\n| {cli_text(args.lang, 'vocabulary_name')} | "
                  f"{cli_text(args.lang, 'vocabulary_meaning')} |\n| --- | --- |")
            for name, meaning in rows:
                print(f"| `{name}` | {meaning.replace('|', '&#124;')} |")
        else:
            print(title)
            width = max(len(name) for name, _ in rows)
            for name, meaning in rows:
                print(f"  {name.ljust(width)}  {meaning}")
        print()
    return 0
