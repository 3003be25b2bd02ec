"""Argument parsing and dispatch for `mcr`. Each subcommand lives in its own module.

Every command takes `--lang` (mcr/language.py); the command list, the descriptions and the
options' help are worded in the language the command line asks for, read before parsing.
Argparse's own words (usage, options, its error lines) stay in English."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Callable

from rules import EditionError, FanTableError

from . import analyze_command, check_command, editions_command, score_command, table_commands
from .cli_text import cli_text, site_text
from .language import add_lang_argument, language_in

Command = tuple[str, Callable[[argparse.ArgumentParser, str], None], Callable[[argparse.Namespace], int]]


def _with_lang(add: Callable[[argparse.ArgumentParser, str], None]) -> Callable[[argparse.ArgumentParser, str], None]:
    def both(parser: argparse.ArgumentParser, lang: str) -> None:
        add(parser, lang)
        add_lang_argument(parser, lang)
    return both


COMMANDS: list[Command] = [
    ("score", _with_lang(score_command.add_arguments), score_command.run),
    ("analyze", _with_lang(analyze_command.add_arguments), analyze_command.run),
    ("fans", _with_lang(table_commands.add_fans_arguments), table_commands.run_fans),
    ("check", _with_lang(check_command.add_arguments), check_command.run),
    ("vocabulary", _with_lang(table_commands.add_vocabulary_arguments), table_commands.run_vocabulary),
    ("editions", _with_lang(editions_command.add_arguments), editions_command.run),
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


# The site and quiz commands import the generator and trainer packages, slow to load: each
# module is imported only when its command is parsed, so scoring never pays for them.
# Each module's add_arguments(parser, lang) adds its `--lang` itself.
_SLOW_COMMANDS = [("site", "mcr.site_command"), ("quiz", "mcr.quiz_command"), ("quiz-banks", "mcr.quiz_banks_command")]


def _slow_commands() -> list[Command]:
    return [(name, _lazy(module, "add_arguments"), _lazy(module, "run")) for name, module in _SLOW_COMMANDS]


def build_parser(extra: list[Command], lang: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcr", description=cli_text(lang, "mcr_description"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, add, run in COMMANDS + extra:
        key = name.replace("-", "_")
        help_text = cli_text(lang, f"command_{key}")
        p = sub.add_parser(name, help=help_text, description=cli_text(lang, f"description_{key}"))
        add(p, lang)
        p.set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = [] if argv[:1] in ([name] for name, _, _ in COMMANDS) else _slow_commands()
    args = build_parser(extra, language_in(argv)).parse_args(argv)
    try:
        return args.run(args)
    except EditionError as err:
        print(f"mcr: {_edition_problem(args, err)}", file=sys.stderr)
        return 2
    except FanTableError as err:
        # Each problem is the checker's own line (file:line: what), for the table's maintainer.
        for line in err.problems:
            print(line, file=sys.stderr)
        print("mcr: " + cli_text(args.lang, "fan_table_problems"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _edition_problem(args: argparse.Namespace, err: EditionError) -> str:
    """An edition the table does not have, in the user's language, from the error's code."""
    return site_text(args.lang, f"error_{err.code}", **err.values())
