"""`mcr score`: one hand from the command line, or JSON Lines on standard input."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rules import RulesError, breakdown, fan_table, other_counts, score_ties, score_with_table

from .cli_text import cli_text
from .engine_messages import engine_message, flag_of
from .flowers_option import add_flowers_argument
from .scoring_output import breakdown_text
from .worker_count import MAX_WORKERS, WORKERS_ENV, WorkerCountError, worker_count

SITUATION_FLAGS = ("self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile")


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    def help_text(key: str, **values: object) -> str:
        return cli_text(lang, key, **values)
    parser.add_argument("hand", help=help_text("help_hand"))
    parser.add_argument("--self-drawn", action="store_true", help=help_text("help_self_drawn"))
    parser.add_argument("--fourth-tile", action="store_true", help=help_text("help_fourth_tile"))
    parser.add_argument("--replacement", action="store_true", help=help_text("help_replacement"))
    parser.add_argument("--robbing-kong", action="store_true", help=help_text("help_robbing_kong"))
    parser.add_argument("--last-wall-tile", action="store_true", help=help_text("help_last_wall_tile"))
    parser.add_argument("--seat-wind", default="E", choices=list("ESWN"), help=help_text("help_seat_wind"))
    parser.add_argument("--prevalent-wind", default="E", choices=list("ESWN"), help=help_text("help_prevalent_wind"))
    add_flowers_argument(parser, lang)
    parser.add_argument("--json", action="store_true", help=help_text("help_json"))
    parser.add_argument("--fans", metavar="PATH", help=help_text("help_fans_table"))
    parser.add_argument("--edition", metavar="ID", help=help_text("help_edition"))


def _situation_from_args(args: argparse.Namespace) -> dict[str, Any]:
    # A flag left out is None, not False: the table's situation rules may imply it
    # (a replacement tile brings self-drawn), which an explicit False would contradict.
    flags = {name: True if getattr(args, name) else None for name in SITUATION_FLAGS}
    return {**flags, "seat_wind": args.seat_wind, "prevalent_wind": args.prevalent_wind, "flowers": args.flowers}


def _situation_options_given(args: argparse.Namespace) -> list[str]:
    """The situation options that differ from their defaults, as typed: JSON Lines reads each
    line's own situation, so they would be silently dropped."""
    situation = _situation_from_args(args)
    given = [flag_of(name) for name in SITUATION_FLAGS if situation[name]]
    given += [f"{flag_of(name)} {situation[name]}" for name in ("seat_wind", "prevalent_wind") if situation[name] != "E"]
    return given + ([f"--flowers {args.flowers}"] if args.flowers else [])


def run(args: argparse.Namespace) -> int:
    if args.hand == "-":
        given = _situation_options_given(args)
        if given:
            print("mcr score -: " + cli_text(args.lang, "score_lines_situation", flags=" ".join(given)), file=sys.stderr)
            return 2
        try:
            workers = worker_count()
        except WorkerCountError as err:
            print("mcr score: " + cli_text(args.lang, "bad_workers", variable=WORKERS_ENV, most=MAX_WORKERS,
                                            value=err.value), file=sys.stderr)
            return 2
        from .json_lines import run_json_lines   # its worker pool is not needed to score one hand

        return run_json_lines(fan_table(args.fans, args.edition), sys.stdin, sys.stdout, args.lang, workers)
    table = fan_table(args.fans, args.edition)
    situation = _situation_from_args(args)
    try:
        result = score_with_table(table, args.hand, args.lang, **situation)
    except RulesError as err:
        print("mcr score: " + engine_message(err, table, args.lang), file=sys.stderr)
        return 1
    shown = breakdown(result, table)
    # Other counts of the same total: a referee or a learner comparing a count needs them.
    others = other_counts(result, score_ties(args.hand, table=table, lang=args.lang, **situation))
    if args.json:
        print(json.dumps({**shown.as_dict(), "same_total": [o.as_dict() for o in others]}, ensure_ascii=False))
    else:
        print(breakdown_text(shown, table, args.lang, others))
    return 0
