"""Argument parsing and dispatch for `mcr`. Each subcommand lives in its own module.

Every command takes `--lang` (mcr/language.py); the command list, the descriptions and the
options' help are worded in the language the command line asks for, read before parsing.
Argparse's own words (usage, options, its error lines) stay in English."""
from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from importlib import import_module
from typing import Callable

from i18n import StringsError
from rules import EditionError, FanTableError

from . import analyze_command, check_command, editions_command, score_command, table_commands
from .cli_text import cli_text, error_text
from .help_format import WidthAwareHelpFormatter
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
        return getattr(import_module(module), attribute)(*args)
    return call


# The site and quiz commands import the generator and trainer packages, slow to load: each
# module is imported only when its command is parsed, so scoring never pays for them.
# Each module's add_arguments(parser, lang) adds its `--lang` itself.
_SLOW_COMMANDS = [("site", "mcr.site_command"), ("quiz", "mcr.quiz_command"), ("quiz-banks", "mcr.quiz_banks_command")]


def _slow_commands() -> list[Command]:
    return [(name, _lazy(module, "add_arguments"), _lazy(module, "run")) for name, module in _SLOW_COMMANDS]


def build_parser(extra: list[Command], lang: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcr", description=cli_text(lang, "mcr_description"),
                                     formatter_class=WidthAwareHelpFormatter)
    add_lang_argument(parser, lang)   # `mcr --lang ja --help`; before a command it moves (_lang_after_command)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, add, run in COMMANDS + extra:
        key = name.replace("-", "_")
        help_text = cli_text(lang, f"command_{key}")
        p = sub.add_parser(name, help=help_text, description=cli_text(lang, f"description_{key}"),
                           formatter_class=WidthAwareHelpFormatter)
        add(p, lang)
        p.set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = language_in(argv)
    if sys.stdout is None:   # started with standard output closed: nothing could be shown
        return _stream_failure(lang, "output_failed", reason=os.strerror(errno.EBADF))
    if sys.stdin is None:    # started with standard input closed: fail only if it is read
        sys.stdin = ClosedInput()
    try:
        try:
            status = _run(argv)
        except SystemExit as done:   # argparse's --help and usage errors end here too
            status = done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
            if not isinstance(done.code, (int, type(None))):
                print(done.code, file=sys.stderr)
        sys.stdout.flush()
        return status
    except InputClosed:
        return _stream_failure(lang, "input_closed")
    except StringsError as err:   # a translator's edit of i18n/ that cannot be used: where, in English
        print(f"mcr: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:   # the reader stopped reading (`mcr fans | head`): not an error
        _drop_output()
        return 0
    except OSError as err:
        if err.filename is not None:   # a file the command opened, not the output
            print(f"mcr: {err.filename}: {err.strerror or err}", file=sys.stderr)
            return 1
        _drop_output()
        return _stream_failure(lang, "output_failed", reason=err.strerror or str(err))


def _lang_after_command(argv: list[str]) -> list[str]:
    """`mcr --lang ja score HAND` read as `mcr score --lang ja HAND`: the command's own
    `--lang` takes it (one given before the command would be overwritten by the command's
    default), and one given after the command still wins."""
    if argv[:1] == ["--lang"] and len(argv) > 2:
        lang, rest = argv[:2], argv[2:]
    elif argv[:1] and argv[0].startswith("--lang=") and len(argv) > 1:
        lang, rest = argv[:1], argv[1:]
    else:
        return argv
    # After the command's words (`site build`, `score HAND`) and before its options, so that a
    # --lang given among them still wins; with no command (`mcr --lang ja --help`), at the end.
    words = next((i for i, arg in enumerate(rest) if arg.startswith("-")), len(rest))
    if words == 0:
        end = rest.index("--") if "--" in rest else len(rest)
        return rest[:end] + lang + rest[end:]
    return rest[:words] + lang + rest[words:]


def _run(argv: list[str]) -> int:
    argv = _lang_after_command(argv)
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


class InputClosed(OSError):
    """Standard input was closed when mcr started, and a command read it."""


class ClosedInput(io.TextIOBase):
    """Stands for a closed standard input: reading it raises InputClosed."""

    def fileno(self) -> int:
        raise InputClosed(errno.EBADF, "standard input is closed")

    def read(self, size: int | None = -1) -> str:
        raise InputClosed(errno.EBADF, "standard input is closed")

    def readline(self, size: int | None = -1) -> str:   # type: ignore[override]
        raise InputClosed(errno.EBADF, "standard input is closed")

    def isatty(self) -> bool:
        return False


def _drop_output() -> None:
    """Send what is still buffered for standard output nowhere, so Python's own flush at
    exit does not fail a second time with a traceback of its own."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        sys.stdout = None  # type: ignore[assignment]


def _stream_failure(lang: str, key: str, **values: str) -> int:
    """One line on standard error (when there is one), exit status 1."""
    if sys.stderr is not None:
        try:
            print("mcr: " + cli_text(lang, key, **values), file=sys.stderr)
        except OSError:
            pass
    return 1


def _edition_problem(args: argparse.Namespace, err: EditionError) -> str:
    """An edition the table does not have, in the user's language, from the error's code."""
    return error_text(args.lang, err.code, **err.values())
