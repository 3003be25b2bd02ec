"""Argument parsing and dispatch for `mcr`. Each subcommand lives in its own module."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
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


def _lazy(module: str, attribute: str) -> Callable:
    def call(*args):
        try:
            return getattr(import_module(module), attribute)(*args)
        except Exception as err:
            if _is_strings_error(err):   # a translator's edit of i18n/ that cannot be used
                print(f"mcr: {err}", file=sys.stderr)
                raise SystemExit(2) from None
            raise
    return call


def _is_strings_error(err: Exception) -> bool:
    # Looked up, not imported: importing i18n reads its files, which scoring never needs.
    data_file = sys.modules.get("i18n.data_file")
    return data_file is not None and isinstance(err, data_file.StringsError)


# The site and quiz commands import the website and quiz packages, slow to load: each
# module is imported only when its command is parsed, so scoring never pays for them.
_SLOW_COMMANDS = [
    ("site", "build or serve the rules site", "mcr.site_command"),
    ("quiz", "practise scoring with quiz questions", "mcr.quiz_command"),
    ("quiz-banks", "rebuild the quiz banks in quizzes/ (or --check them against the engine)",
     "mcr.quiz_banks_command"),
]


def _slow_commands() -> list[Command]:
    return [(name, help_text, _lazy(module, "add_arguments"), _lazy(module, "run"))
            for name, help_text, module in _SLOW_COMMANDS]


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
    extra = [] if argv[:1] in (["score"], ["fans"], ["check"], ["vocabulary"], ["editions"]) else _slow_commands()
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
