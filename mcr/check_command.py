"""`mcr check [PATH] [--editions DIR] [--no-rulebook]`: everything that must agree with a fan table.

- The table and the editions that belong to it: those beside it (PATH's folder's editions/) or
  in --editions DIR; the command says which it read.
- The points the rulebook's prose gives a fan ("All Pungs 6", in any language): the rulebook
  beside the table (its folder's site/), else the project's; with --no-rulebook none (a
  club's own table with other points and no rulebook), which the command says.
- For the project's own table: the exclusion judgements (implied or listed) and the quiz banks,
  each stale or missing one with the command that rebuilds it.

Each problem is one line, `FILE:LINE: what` where there is a line, for the maintainer; the
exit status is 1 when there is any.
"""
from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import rules
from rules import DEFAULT_FANS_PATH, EditionError, FanTable, FanTableError

from .cli_text import cli_text, counted_text

EDITIONS = "editions"
DEFAULT_SHOWN = "fans.yaml"   # how the engine names the project's table in its problems
BOOK = "site"


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("path", nargs="?", help=cli_text(lang, "help_check_path"))
    parser.add_argument("--editions", metavar="DIR", type=Path, help=cli_text(lang, "help_check_editions"))
    parser.add_argument("--no-rulebook", action="store_true", help=cli_text(lang, "help_check_no_rulebook"))


@contextmanager
def _with_editions(table: Path, editions: Path) -> Iterator[Path]:
    """A copy of `table` with the editions of `editions` beside it, where the engine looks
    for a table's editions."""
    with tempfile.TemporaryDirectory(prefix="mcr-check-") as tmp:
        view = Path(tmp) / table.name
        shutil.copyfile(table, view)
        (Path(tmp) / EDITIONS).mkdir()
        for overlay in sorted(editions.glob("*.yaml")):
            shutil.copyfile(overlay, Path(tmp) / EDITIONS / overlay.name)
        yield view


def _shown_back(problems: list[str], view: Path, table: str, editions: Path) -> list[str]:
    """Problems found in the copy, naming the files the user gave."""
    inside = str(view.parent / EDITIONS) + "/"
    return [p.replace(inside, f"{editions}/").replace(str(view), table) for p in problems]


def _from_elsewhere(problem: str, shown: str, editions_shown: str) -> str:
    """A problem of the project's table (which the engine names from the project's folder)
    as seen from the current folder."""
    for short, full in ((f"{DEFAULT_SHOWN}:", f"{shown}:"), (f"{EDITIONS}/", f"{editions_shown}/")):
        if problem.startswith(short):
            problem = full + problem.removeprefix(short)
    return problem.replace(f" ({EDITIONS}/", f" ({editions_shown}/")   # the edition that scored an example


def _tables(path: str | None) -> dict[str, FanTable]:
    """Every edition of the table that loads, by id, its own first."""
    loaded: dict[str, FanTable] = {}
    for info, _ in rules.editions(path):
        try:
            loaded[info.id] = rules.load_fan_table(path, edition=info.id)
        except (FanTableError, EditionError):
            continue
    return loaded


def _agreement_problems(path: str | None, table_file: Path, project: bool, lang: str, *,
                        rulebook: bool = True) -> list[str]:
    """The rulebook's points (unless not `rulebook`), and for the project's table its
    judgements and banks."""
    tables = _tables(path)
    if not tables:
        return []
    problems = _rulebook_problems(tables, table_file, lang) if rulebook else []
    if not rulebook:
        _say(cli_text(lang, "check_rulebook_skipped"))
    if project:
        problems += _project_problems(tables)
        _say(cli_text(lang, "check_read_project"))
    return problems


def _rulebook_problems(tables: dict[str, FanTable], table_file: Path, lang: str) -> list[str]:
    """The points the rulebook beside the table (else the project's) gives the fans."""
    from generator.site.rulebook_points import points_problems  # noqa: PLC0415 - only the full check needs it

    own, *others = tables.values()
    book = table_file.parent / BOOK
    book = book if book.is_dir() else DEFAULT_FANS_PATH.parent / BOOK
    pages = len(list(book.rglob("*.md")))
    problems = points_problems(book, own, others, shown=_relative(book))
    _say(cli_text(lang, "check_read_rulebook", folder=f"{_relative(book)}/", n=pages))
    return problems


def _project_problems(tables: dict[str, FanTable]) -> list[str]:
    from generator.quizzes.bank_sources import stale_banks  # noqa: PLC0415 - slow to import
    from generator.quizzes.banks import QUIZ_DIR  # noqa: PLC0415
    from generator.quizzes.exclusion_evidence import judgement_problems  # noqa: PLC0415
    from i18n.string_tables import all_problems as strings_problems  # noqa: PLC0415

    problems = judgement_problems(tables) + strings_problems()   # the strings the pages show, too
    root = DEFAULT_FANS_PATH.parent
    problems += [stale.message(_relative(stale.path)) for stale in stale_banks(QUIZ_DIR, root / BOOK)]
    return problems


def _markup_problems(path: str | None, found: list[str]) -> list[str]:
    """Markup in the texts of the table and its editions, which the site shows as written;
    those that cannot be read are among the problems `found` already."""
    from generator.site.plain_texts import table_markup_problems  # noqa: PLC0415 - only the check needs it

    try:
        return table_markup_problems(Path(path) if path else DEFAULT_FANS_PATH, path or DEFAULT_SHOWN)
    except (FanTableError, EditionError):
        if not found:
            raise
        return []


def _relative(path: Path) -> str:
    """A path of the project relative to the current folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _say(line: str) -> None:
    print(f"mcr check: {line}", file=sys.stderr)


def _edition_file(path: Path) -> bool:
    """Whether `path` reads as an edition's file (its changes to a table), not a table: its
    top-level keys, read without parsing the YAML (it may be broken)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return False   # the engine's check says what is wrong with it
    keys = set(re.findall(r"^([a-z_]+):", text, re.M))
    return "changes" in keys and "fans" not in keys


def _edition_file_said(lang: str, shown: str, edition: Path) -> str:
    """What to check in place of an edition's file: its table, where it has one beside its folder."""
    folder = edition.resolve().parent
    table = folder.parent / DEFAULT_SHOWN
    if folder.name == EDITIONS and table.is_file():
        return cli_text(lang, "check_edition_file", path=shown, table=_relative(table))
    return cli_text(lang, "check_edition_file_alone", path=shown)


def _edition_files(editions: Path) -> list[Path]:
    return sorted(editions.glob("*.yaml")) if editions.is_dir() else []


def _read_line(shown: str, editions: Path, editions_shown: str, lang: str) -> str:
    """Which editions the check reads: the files the engine takes as the table's editions."""
    files = _edition_files(editions)
    if files:
        listed = ", ".join(f"{f.stem} ({editions_shown}/{f.name})" for f in files)
        return cli_text(lang, "check_read_editions", path=shown, editions=listed)
    return cli_text(lang, "check_read_no_editions", path=shown, folder=f"{editions_shown}/")


@contextmanager
def _engine_path(path: str | None, table_file: Path, editions: Path | None) -> Iterator[str | None]:
    """The path to give the engine: the table itself, or a copy beside the editions named."""
    if editions is None:
        yield path
        return
    with _with_editions(table_file, editions) as view:
        yield str(view)


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def run(args: argparse.Namespace) -> int:
    if args.path is not None and not args.path.strip():
        print("mcr check: " + cli_text(args.lang, "check_empty_path"), file=sys.stderr)
        return 2
    # The project's table by the path a reader in this folder would type; from elsewhere in
    # full, so that a copy's fans.yaml in the current folder is not taken for it.
    shown = args.path or _relative(DEFAULT_FANS_PATH)
    table_file = Path(args.path) if args.path else DEFAULT_FANS_PATH
    if not table_file.is_file():   # nothing to check: said once, not as a problem of the table
        key = "check_not_regular" if table_file.exists() else "check_no_file"
        print("mcr check: " + cli_text(args.lang, key, path=shown), file=sys.stderr)
        return 2
    if _edition_file(table_file):   # a common slip: the edition one edited, in place of its table
        print("mcr check: " + _edition_file_said(args.lang, shown, table_file), file=sys.stderr)
        return 2
    if args.editions is not None and not args.editions.is_dir():
        key = "check_not_folder" if args.editions.exists() else "check_no_folder"
        print("mcr check: " + cli_text(args.lang, key, folder=args.editions), file=sys.stderr)
        return 2
    editions = args.editions if args.editions is not None else table_file.parent / EDITIONS
    editions_shown = str(args.editions) if args.editions is not None else str(Path(shown).parent / EDITIONS)
    _say(_read_line(shown, editions, editions_shown.removeprefix("./"), args.lang))
    project = _same(table_file, DEFAULT_FANS_PATH) and _same(editions, DEFAULT_FANS_PATH.parent / EDITIONS)
    with _engine_path(args.path, table_file, args.editions) as path:
        problems = rules.check_fan_table(path)
        problems += _markup_problems(path, problems)
        if not problems:   # the rest reads the table: only once it is sound
            problems = _agreement_problems(path, table_file, project, args.lang, rulebook=not args.no_rulebook)
        if path != args.path:
            problems = _shown_back(problems, Path(path), shown, args.editions)
        elif path is None and shown != DEFAULT_SHOWN:
            problems = [_from_elsewhere(p, shown, editions_shown) for p in problems]
    for line in problems:
        print(line)
    if problems:
        where = cli_text(args.lang, "check_table_and_editions", path=shown) if _edition_files(editions) else shown
        _say(counted_text(args.lang, "check_problems", len(problems), path=where))
        return 1
    _say(cli_text(args.lang, "check_sound", path=shown))
    return 0
