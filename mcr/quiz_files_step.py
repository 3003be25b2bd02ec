"""`mcr quiz --export FILE`, `--import FILE`, `--goal N` and `--anki FILE`: the jobs on the
learner's progress and cards that run no session.

The progress document is the one the site keeps too: exported here, imported there (and
back), a learner carries their progress between the terminal and the site. An import is
read as strictly as the progress file; one that cannot be used changes nothing.
"""
from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

from rules import FanTable

from generator.site.tiles import tile_svg
from trainer.anki_deck import write_deck
from trainer.drill_records import DrillRecords
from trainer.explain_text import counted
from trainer.progress import Progress
from trainer.progress_store import ProgressError, ProgressStore
from trainer.terminal import Terminal
from trainer.text import text
from mcr.cli_text import cli_text


def add_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--export", type=Path, metavar="FILE", help=cli_text(lang, "help_quiz_export"))
    parser.add_argument("--import", dest="import_", type=Path, metavar="FILE", help=cli_text(lang, "help_quiz_import"))
    parser.add_argument("--anki", type=Path, metavar="FILE", help=cli_text(lang, "help_quiz_anki"))


def wanted(args: argparse.Namespace) -> bool:
    return any(v is not None for v in (args.export, args.import_, args.anki, args.goal))


def run(args: argparse.Namespace, term: Terminal, store: ProgressStore, editions: dict[str, FanTable]) -> int:
    lang = args.lang
    if args.goal is not None:
        saved = store.update(lambda p: p.with_goal(args.goal))
        term.say(text(lang, "goal_set", goal=_counted(lang, "count_questions", args.goal)))
    if args.import_ is not None:
        status = _import(args.import_, term, store, lang)
        if status:
            return status
    if args.export is not None:
        try:
            loaded = store.export(args.export, DrillRecords(store.path.parent).all())
        except OSError as err:
            term.warn(text(lang, "export_failed", path=args.export, error=err.strerror or err))
            return 1
        term.say(text(lang, "exported", path=args.export, **_totals(loaded.progress, lang)))
    if args.anki is not None:
        return _anki(args, term, store, editions)
    return 0


def _import(path: Path, term: Terminal, store: ProgressStore, lang: str) -> int:
    try:
        loaded = store.import_from(path)
    except ProgressError as err:
        term.warn(text(lang, "import_refused", path=path, error=err))
        return 1
    except OSError as err:
        term.warn(text(lang, "import_failed", path=path, error=err.strerror or err))
        return 1
    problem = DrillRecords(store.path.parent).merge(loaded.bests)
    if problem:
        term.warn(text(lang, "timed_records_problem", error=problem))
    term.say(text(lang, "imported", path=path, **_totals(loaded.progress, lang)))
    if loaded.kept_as is not None:
        term.say(text(lang, "import_kept", path=loaded.kept_as))
    return 0


def _anki(args: argparse.Namespace, term: Terminal, store: ProgressStore, editions: dict[str, FanTable]) -> int:
    lang = args.lang
    chosen = args.edition or store.load().progress.edition
    edition = chosen if chosen in editions else next(iter(editions))

    def picture(face: str, variant: str) -> str:
        return tile_svg(face, variant=variant)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{text(lang, 'anki_progress', done=done, total=total)}", end="", file=sys.stderr, flush=True)
    try:
        notes = write_deck(args.anki, editions, edition, lang, picture, progress)
    except OSError as err:
        term.warn(text(lang, "export_failed", path=args.anki, error=err.strerror or err))
        return 1
    if sys.stderr.isatty():
        print(file=sys.stderr)
    term.say(text(lang, "anki_written", path=args.anki, notes=notes, cards=2 * notes))
    return 0


def _counted(lang: str, key: str, n: int) -> str:
    return counted(partial(text, lang), lang, key, n)


def _totals(progress: Progress, lang: str) -> dict[str, str]:
    """The fans and sessions a progress file holds, in words ('1 fan', '3 sessions')."""
    return {"fans": _counted(lang, "count_fans", len(progress.fans)),
            "sessions": _counted(lang, "count_sessions", progress.session)}


__all__ = ["add_arguments", "run", "wanted"]
