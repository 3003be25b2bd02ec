"""`mcr analyze`: the discard analysis of a hand of 13 or 14 tiles (rules.analyze_hand)."""
from __future__ import annotations

import argparse
import json
import sys

from rules import RulesError, analyze_hand, fan_table

from .analysis_output import format_analysis
from .cli_text import cli_text
from .engine_messages import engine_message
from .flowers_option import add_flowers_argument

def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    def help_text(key: str, **values: object) -> str:
        return cli_text(lang, key, **values)
    parser.add_argument("hand", help=help_text("help_analyze_hand"))
    parser.add_argument("--json", action="store_true", help=help_text("help_analyze_json"))
    parser.add_argument("--edition", metavar="ID", help=help_text("help_edition"))
    # Only what holds for every wait alike: the flags of one way of winning would not.
    parser.add_argument("--seat-wind", default="E", choices=list("ESWN"), help=help_text("help_seat_wind"))
    parser.add_argument("--prevalent-wind", default="E", choices=list("ESWN"), help=help_text("help_prevalent_wind"))
    add_flowers_argument(parser, lang)


def run(args: argparse.Namespace) -> int:
    table = fan_table(None, args.edition)
    try:
        analysis = analyze_hand(args.hand, table=table, lang=args.lang, seat_wind=args.seat_wind,
                                prevalent_wind=args.prevalent_wind, flowers=args.flowers)
    except RulesError as err:
        print("mcr analyze: " + engine_message(err, table, args.lang), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(analysis.as_dict(), ensure_ascii=False))
    else:
        print(format_analysis(analysis, args.lang))
    return 0
