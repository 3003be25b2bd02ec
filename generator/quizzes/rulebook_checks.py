"""Every check block of the rulebook, in every language, held to one another.

The rulebook is written by hand in each language (site/<lang>/rulebook/*.md). A check
exists once per language: the same id in the same chapter, under the same section anchor,
with the same option keys, answer and hand; only its words are translated. This module
reads them all and reports, as `FILE:LINE: message`, every block that cannot be read,
every hand the engine scores otherwise than stated, and every way the languages disagree.
A chapter a language does not have yet is not a disagreement: the site shows the English
chapter in its place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

from rules import FanTable

from i18n import DEFAULT_LANG, LANGS

from .check_blocks import CheckBlock, CheckBlockError, read_checks
from .check_hands import check_hand, edition_tables

BOOK_DIR = Path(__file__).resolve().parents[2] / "site"   # the MkDocs docs_dir
CHAPTER_FOLDER = "rulebook"


@dataclass(frozen=True, slots=True)
class Copy:
    """One language's copy of a check, and where it is written."""

    lang: str
    chapter: str      # the chapter's file name without .md: "play"
    path: str         # as shown in messages: "site/zh/rulebook/play.md"
    block: CheckBlock

    @property
    def where(self) -> str:
        return f"{self.path}:{self.block.line}"


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """A check in every language: copies[lang], in the order of the languages."""

    id: str
    chapter: str
    anchor: str
    copies: dict[str, Copy]

    @property
    def reference(self) -> Copy:
        return self.copies[DEFAULT_LANG] if DEFAULT_LANG in self.copies else next(iter(self.copies.values()))


@dataclass(frozen=True)
class Rulebook:
    checks: tuple[RuleCheck, ...]                     # the reference language's order
    chapter_titles: dict[str, dict[str, str]]         # chapter -> language -> its `#` title
    problems: tuple[str, ...]                         # FILE:LINE: message, one each
    untranslated: tuple[str, ...] = field(default=())  # "zh/play": chapters a language lacks


def _display(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def read_rulebook(book_dir: Path = BOOK_DIR, *, langs: tuple[str, ...] = LANGS,
                  tables: Mapping[str, FanTable] | None = None, root: Path | None = None) -> Rulebook:
    """Read every check of every language's chapters and hold them to one another and to
    the engine; `root` is what the paths in messages are relative to (book_dir's parent)."""
    root = root or book_dir.parent
    tables = tables if tables is not None else edition_tables()
    problems: list[str] = []
    titles: dict[str, dict[str, str]] = {}
    chapters: dict[str, set[str]] = {}
    by_lang: dict[str, dict[str, Copy]] = {lang: {} for lang in langs}
    for lang in langs:
        for path in sorted((book_dir / lang / CHAPTER_FOLDER).glob("*.md")):
            shown = _display(path, root)
            try:
                source = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as err:
                problems.append(f"{shown}:1: cannot read the chapter: {err}")
                continue
            chapters.setdefault(lang, set()).add(path.stem)
            chapter, blocks, errors = read_checks(source)
            if chapter.title:
                titles.setdefault(path.stem, {})[lang] = chapter.title
            problems += [f"{shown}:{err.line}: {err.message}" for err in errors]
            for block in blocks:
                copy = Copy(lang, path.stem, shown, block)
                earlier = by_lang[lang].get(block.id)
                if earlier is not None:
                    problems.append(f"{copy.where}: check {block.id} appears twice in the {lang} rulebook "
                                    f"(first at {earlier.where})")
                    continue
                by_lang[lang][block.id] = copy
    reference = by_lang.get(DEFAULT_LANG, {})
    problems += _hand_problems(reference.values(), tables)
    untranslated = sorted(f"{lang}/{c}" for lang in langs if lang != DEFAULT_LANG
                          for c in chapters.get(DEFAULT_LANG, set()) - chapters.get(lang, set()))
    checks: list[RuleCheck] = []
    for check_id, ref in sorted(reference.items(), key=lambda kv: (kv[1].chapter, kv[1].block.line)):
        copies = {DEFAULT_LANG: ref}
        for lang in langs:
            if lang == DEFAULT_LANG:
                continue
            copy = by_lang[lang].get(check_id)
            if copy is None:
                if ref.chapter in chapters.get(lang, set()):
                    problems.append(f"{ref.where}: check {check_id} is missing from "
                                    f"{_display(book_dir / lang / CHAPTER_FOLDER / (ref.chapter + '.md'), root)}")
                continue
            problems += _disagreements(ref, copy)
            copies[lang] = copy
        ordered = {lang: copies[lang] for lang in langs if lang in copies}
        checks.append(RuleCheck(check_id, ref.chapter, ref.block.anchor, ordered))
    for lang in langs:
        for check_id, copy in sorted(by_lang[lang].items()):
            if lang != DEFAULT_LANG and check_id not in reference:
                problems.append(f"{copy.where}: check {check_id} is not in the {DEFAULT_LANG} rulebook; every "
                                f"check is written in {DEFAULT_LANG} first")
    return Rulebook(tuple(checks), titles, tuple(problems), tuple(untranslated))


def _hand_problems(copies: Iterable[Copy], tables: Mapping[str, FanTable]) -> list[str]:
    problems = []
    for copy in copies:
        try:
            check_hand(copy.block, tables)
        except CheckBlockError as err:
            problems.append(f"{copy.path}:{err.line}: {err.message}")
    return problems


def _disagreements(ref: Copy, copy: Copy) -> list[str]:
    """How a translated copy differs from the reference in what it must share."""
    a, b = ref.block, copy.block
    where, theirs = f"{copy.where}: check {b.id}", f"in {ref.lang} ({ref.where})"
    if copy.chapter != ref.chapter:
        return [f"{where} is in the chapter {copy.chapter}.md here, in {ref.chapter}.md {theirs}"]
    found = []
    if b.anchor != a.anchor:
        found.append(f"{where} sits under the section {{#{b.anchor}}} here, under {{#{a.anchor}}} {theirs}")
    if b.option_keys != a.option_keys:
        found.append(f"{where}: options {', '.join(b.option_keys)} here, {', '.join(a.option_keys)} {theirs}")
    if b.answer != a.answer:
        found.append(f"{where}: answer {', '.join(b.answer)} here, {', '.join(a.answer)} {theirs}")
    if b.pick != a.pick:
        found.append(f"{where}: pick {b.pick} here, {a.pick} {theirs}")
    if (b.hand, b.situation, b.scores) != (a.hand, a.situation, a.scores):
        found.append(f"{where}: its hand, situation or scores differ from those {theirs}")
    for name, mine, english in (("question", b.question, a.question), ("reason", b.reason, a.reason)):
        if mine == english:
            found.append(f"{where}: the {name} is the {ref.lang} text: translate it")
    return found
