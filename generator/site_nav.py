"""The site navigation, built from what exists so a missing chapter never breaks the build.

Paths are language-neutral (`rulebook/tiles.md`): mkdocs-static-i18n resolves each one to
site/<lang>/... and falls back to the English file when a translation is missing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .site_data import SiteData
from .site_text import DEFAULT_LANG, text

RULEBOOK_CHAPTERS = ("tiles", "terms", "play", "winning", "scoring", "fans", "competition", "rulings")


def _present(site_dir: Path, rel: str) -> bool:
    return (site_dir / DEFAULT_LANG / rel).is_file()


def build_nav(site_dir: Path, data: SiteData, lang: str) -> list[Any]:
    nav: list[Any] = [{text(lang, "nav_home"): "index.md"}]
    chapters = [f"rulebook/{c}.md" for c in RULEBOOK_CHAPTERS if _present(site_dir, f"rulebook/{c}.md")]
    if chapters:
        nav.append({text(lang, "nav_rulebook"): chapters})
    fans: list[Any] = ["fans/index.md"]
    for points in sorted({f.points for f in data.table.fans}, reverse=True):
        pages = [f"fans/{f.id}.md" for f in data.table.fans if f.points == points]
        fans.append({text(lang, "nav_points_group", points=points): pages})
    nav.append({text(lang, "nav_fans"): fans})
    nav += ["notation.md", "rulings.md"]
    quiz_dir = site_dir / DEFAULT_LANG / "quiz"
    quiz = sorted(p.relative_to(site_dir / DEFAULT_LANG).as_posix() for p in quiz_dir.glob("*.md")) \
        if quiz_dir.is_dir() else []
    if quiz:
        quiz.sort(key=lambda rel: rel != "quiz/index.md")   # the quiz's own index first
        nav.append({text(lang, "nav_quiz"): quiz})
    return nav
