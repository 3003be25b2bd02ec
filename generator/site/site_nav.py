"""The site navigation, built from what exists so a missing chapter never breaks the build.

Paths are language-neutral (`rulebook/tiles.md`): mkdocs-static-i18n resolves each one to
site/<lang>/... and falls back to the English file when a translation is missing.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from .fan_sheet_page import SHEET_PAGE
from .quiz_pages import quiz_nav
from .site_data import SiteData
from .site_text import DEFAULT_LANG, points_label, text

QUICKSTART = "quickstart.md"
RULEBOOK_CHAPTERS = ("tiles", "terms", "play", "winning", "scoring", "fans", "competition", "rulings")


def _present(site_dir: Path, rel: str) -> bool:
    return (site_dir / DEFAULT_LANG / rel).is_file()


def build_nav(site_dir: Path, data: SiteData, lang: str) -> list[Any]:
    """The navigation in `lang`, every title escaped: the theme shows a nav title as HTML."""
    return _escaped(_nav(site_dir, data, lang))


def _escaped(entries: list[Any]) -> list[Any]:
    """`entries` with each section's and page's title HTML-escaped (a family name from
    fans.yaml, a string of i18n/): text, never markup, on every page's navigation."""
    kept: list[Any] = []
    for entry in entries:
        if isinstance(entry, str):
            kept.append(entry)
            continue
        kept.append({escape(title): _escaped(value) if isinstance(value, list) else value
                     for title, value in entry.items()})
    return kept


def _nav(site_dir: Path, data: SiteData, lang: str) -> list[Any]:
    nav: list[Any] = [{text(lang, "nav_home"): "index.md"}]
    if _present(site_dir, QUICKSTART):   # a newcomer's first read, before the rulebook
        nav.append({text(lang, "nav_quickstart"): QUICKSTART})
    chapters = [f"rulebook/{c}.md" for c in RULEBOOK_CHAPTERS if _present(site_dir, f"rulebook/{c}.md")]
    if chapters:
        nav.append({text(lang, "nav_rulebook"): chapters})
    fans: list[Any] = ["fans/index.md"]
    if _present(site_dir, SHEET_PAGE):   # the printable sheet, beside the table it condenses
        fans.append(SHEET_PAGE)
    for points in sorted({f.points for f in data.table.fans}, reverse=True):
        pages = [f"fans/{f.id}.md" for f in data.table.fans if f.points == points]
        fans.append({points_label(lang, points): pages})
    own = {f.id for f in data.table.fans}
    extra = [f"fans/{f.id}.md" for t in data.other_editions.values() for f in t.fans if f.id not in own]
    if extra:  # fans only another edition of the rules has
        fans.append({text(lang, "nav_edition_fans"): sorted(set(extra))})
    nav.append({text(lang, "nav_fans"): fans})
    if _present(site_dir, "calculator.md"):   # the tool beside the fans it scores
        nav.append({text(lang, "nav_calculator"): "calculator.md"})
    if _present(site_dir, "scoresheet.md"):   # a whole session's score, beside the calculator that scores its hands
        nav.append({text(lang, "nav_scoresheet"): "scoresheet.md"})
    nav += ["notation.md", "editions.md"]   # the rulings are the rulebook's last chapter
    if _present(site_dir, "quiz/index.md"):
        quiz = _existing(site_dir, quiz_nav(data, lang))
        listed = set(_paths(quiz))
        quiz += sorted(rel for rel in (p.relative_to(site_dir / DEFAULT_LANG).as_posix()
                                       for p in (site_dir / DEFAULT_LANG / "quiz").glob("*.md")) if rel not in listed)
        nav.append({text(lang, "nav_quiz"): quiz})
    return nav


def _paths(entries: list[Any]) -> list[str]:
    """Every page path in a nav list."""
    found: list[str] = []
    for entry in entries:
        values = [entry] if isinstance(entry, str) else list(entry.values())
        for value in values:
            found += _paths(value) if isinstance(value, list) else [value]
    return found


def _existing(site_dir: Path, entries: list[Any]) -> list[Any]:
    """The nav entries whose page exists; a section is kept while it holds one."""
    kept: list[Any] = []
    for entry in entries:
        if isinstance(entry, str):
            if _present(site_dir, entry):
                kept.append(entry)
            continue
        (title, value), = entry.items()
        if isinstance(value, list):
            inner = _existing(site_dir, value)
            if inner:
                kept.append({title: inner})
        elif _present(site_dir, value):
            kept.append(entry)
    return kept
