"""`mcr fans` (list the table, or one fan's learn card) and `mcr vocabulary` (`mcr check` is
mcr/check_command.py)."""
from __future__ import annotations

import argparse
import sys

from i18n import pick
from rules import FanTable, editions, fan_table

from .cli_text import chinese_name_beside, cli_text
from .vocabulary_text import vocabulary_sections


def add_fans_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("fan", nargs="?", metavar="ID", help=cli_text(lang, "help_fans_fan"))
    parser.add_argument("--fans", metavar="PATH", help=cli_text(lang, "help_fans_table"))
    parser.add_argument("--points", type=int, help=cli_text(lang, "help_points"))
    parser.add_argument("--edition", metavar="ID", help=cli_text(lang, "help_edition"))
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help=cli_text(lang, "help_quiz_color"))


def run_fans(args: argparse.Namespace) -> int:
    table = fan_table(args.fans, args.edition)
    lang = args.lang
    if args.fan is not None:
        return _fan_card(args, table)
    if args.points is not None and args.points not in table.point_levels:
        levels = cli_text(lang, "list_separator").join(map(str, table.point_levels))
        print("mcr fans: " + cli_text(lang, "points_out_of_range", value=args.points, levels=levels), file=sys.stderr)
        return 2
    separator = cli_text(lang, "list_separator")
    for fan in table.fans:
        if args.points is not None and fan.points != args.points:
            continue
        zh = chinese_name_beside(fan.names, lang)
        excluded = ""
        if fan.excludes:
            names = separator.join(table.fan(other).name(lang) for other in fan.excludes)
            excluded = "  " + cli_text(lang, "fans_not_counted_note", fans=names)
        print(f"{fan.number:2}  {fan.points:2}  {fan.name(lang)} {zh}".rstrip() + f"  [{fan.id}]{excluded}")
    return 0


def _fan_card(args: argparse.Namespace, table: FanTable) -> int:
    """One fan's learn card: name, points, family, definition, common mistake, its example
    and nearest miss drawn, the fans it leaves out, and the rulings on it."""
    # The trainer is slow to load: only a card needs it.
    from mcr.quiz_command import find_fan, unknown_fan_message
    from trainer.explain_text import Explainer
    from trainer.feedback import card_blocks
    from trainer.terminal import Terminal
    from trainer.terminal_tiles import colour_wanted
    from trainer.text import text
    lang = args.lang
    fan_id = find_fan(table, args.fan)
    known = {info.id: fan_table(args.fans, info.id) for info, _ in editions(args.fans)}
    if fan_id is None:
        print("mcr fans: " + unknown_fan_message(lang, args.fan, table, known), file=sys.stderr)
        return 2
    fan = table.fan(fan_id)
    edition = table.edition.id if table.edition else next(iter(known))
    term = Terminal(sys.stdin, sys.stdout, sys.stderr, lang, colour_wanted(sys.stdout, args.color))
    ex = Explainer(lang, {**known, edition: table}, edition)
    family = table.families.get(fan.family, {})
    term.say(cli_text(lang, "fan_card_heading", number=fan.number, id=fan.id,
                      family=family.get(lang) or family.get("en") or fan.family))
    term.blocks(card_blocks(fan_id, ex))
    separator = cli_text(lang, "list_separator")
    if fan.excludes:
        term.say(cli_text(lang, "fans_not_counted", fans=separator.join(table.fan(o).name(lang) for o in fan.excludes)))
    for ruling in table.rulings_on((fan_id,)):
        term.say(cli_text(lang, "fan_card_ruling", question=pick(ruling.question, lang).text,
                          answer=pick(ruling.answer, lang).text))
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
