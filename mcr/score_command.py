"""`mcr score`: one hand from the command line, or JSON Lines on standard input."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rules import RulesError, SituationError, fan_table, score_with_table

from .cli_text import cli_text
from .engine_messages import engine_message, situation_message
from .json_lines import run_json_lines
from .language import locale_language
from .scoring_output import format_breakdown
from .worker_count import MAX_WORKERS, WORKERS_ENV, WorkerCountError, worker_count

FLOWER_COUNT = 8   # the flowers and seasons of the set


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help='the hand in MCR notation, e.g. "[EEE][SSSS1]55pWWWNNN"; '
                                     '"-" reads JSON Lines requests from standard input')
    parser.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn by the winner")
    parser.add_argument("--fourth-tile", action="store_true",
                        help="the winning tile is the last of its face, the other three visible")
    parser.add_argument("--replacement", action="store_true",
                        help="won on a kong's replacement tile (implies --self-drawn)")
    parser.add_argument("--robbing-kong", action="store_true", help="won by robbing another player's added kong")
    parser.add_argument("--last-wall-tile", action="store_true",
                        help="won on the wall's last tile (drawn, or its discard)")
    parser.add_argument("--seat-wind", default="E", choices=list("ESWN"), help="the winner's seat wind (default E)")
    parser.add_argument("--prevalent-wind", default="E", choices=list("ESWN"),
                        help="the prevalent wind of the round (default E)")
    parser.add_argument("--flowers", type=_flowers, default=0, metavar="N",
                        help=f"flowers and seasons held, 0-{FLOWER_COUNT} (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the breakdown")
    parser.add_argument("--fans", metavar="PATH", help="score with another fan table (default: the project's fans.yaml)")
    parser.add_argument("--edition", metavar="ID", help="the edition of the rules to score by (default: the table's "
                        "own, 1998; 'mcr editions' lists them)")


def _flowers(value: str) -> int:
    # Checked here, so the message names --flowers (the engine would name its field).
    if value.isascii() and value.isdigit() and int(value) <= FLOWER_COUNT:
        return int(value)
    raise argparse.ArgumentTypeError(cli_text(locale_language(), "bad_flowers", most=FLOWER_COUNT, value=value))


def _situation_from_args(args: argparse.Namespace) -> dict[str, Any]:
    # A flag left out is None, not False: the table's situation rules may imply it
    # (a replacement tile brings self-drawn), which an explicit False would contradict.
    flags = {name: True if getattr(args, name) else None
             for name in ("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile")}
    return {**flags, "seat_wind": args.seat_wind, "prevalent_wind": args.prevalent_wind, "flowers": args.flowers}


def run(args: argparse.Namespace) -> int:
    if args.hand == "-":
        try:
            workers = worker_count()
        except WorkerCountError as err:
            print("mcr score: " + cli_text(args.lang, "bad_workers", variable=WORKERS_ENV, most=MAX_WORKERS,
                                            value=err.value), file=sys.stderr)
            return 2
        return run_json_lines(fan_table(args.fans, args.edition), sys.stdin, sys.stdout, args.lang, workers)
    table = fan_table(args.fans, args.edition)
    situation = _situation_from_args(args)
    try:
        result = score_with_table(table, args.hand, args.lang, **situation)
    except SituationError as err:
        print("mcr score: " + situation_message(err, table, args.hand, situation, args.lang), file=sys.stderr)
        return 1
    except RulesError as err:
        print("mcr score: " + engine_message(err, args.lang), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.as_dict(), ensure_ascii=False))
    else:
        print(format_breakdown(result, table, args.lang))
    return 0
