"""Argument parsing and dispatch for `mcr`. Each subcommand lives in its own module."""
from __future__ import annotations

import argparse
import sys
from typing import Callable

from rules import EditionError, FanTableError

from . import editions_command, score_command, table_commands

Command = tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]

COMMANDS: list[Command] = [
    ("score", "score a winning hand (or JSON Lines on stdin with '-')", score_command.add_arguments,
     score_command.run),
    ("fans", "list the fans of the fan table", table_commands.add_fans_arguments, table_commands.run_fans),
    ("check", "validate a fan table: schema, references, every example re-scored",
     table_commands.add_check_arguments, table_commands.run_check),
    ("vocabulary", "list the predicate vocabulary of fans.yaml (operators, hand facts, attributes)",
     table_commands.add_vocabulary_arguments, table_commands.run_vocabulary),
    ("editions", "list the editions of the rules, or what differs between two ('mcr editions diff A B')",
     editions_command.add_arguments, editions_command.run),
]


def _optional_commands() -> list[Command]:
    """Commands of the generator package (site, quiz), present when it is installed."""
    try:
        from generator import commands  # noqa: PLC0415 - optional and slow to import
    except ImportError:
        return []
    return list(commands.COMMANDS)


def build_parser(extra: list[Command]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcr", description="Chinese Official Mahjong (MCR): score hands, check "
                                     "the fan table, build the rules site, practise with quizzes.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, help_text, add, run in COMMANDS + extra:
        p = sub.add_parser(name, help=help_text, description=help_text)
        add(p)
        p.set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = [] if argv[:1] in (["score"], ["fans"], ["check"], ["vocabulary"], ["editions"]) else _optional_commands()
    args = build_parser(extra).parse_args(argv)
    try:
        return args.run(args)
    except EditionError as err:
        print(f"mcr: {err}", file=sys.stderr)
        return 2
    except FanTableError as err:
        for line in err.problems:
            print(line, file=sys.stderr)
        print("mcr: the fan table has problems; run 'mcr check PATH' for the full list", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
