"""Write every generated source of the site into site/ (the MkDocs docs_dir).

Files are rewritten only when their bytes change, so `mkdocs serve`, which watches
site/, does not rebuild forever; generated files no longer produced are removed. A
file is only ever removed if it carries the generated banner: hand-written pages in
the same folders are safe.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from .editions_page import editions_pages
from .calculator_assets import CALCULATOR_ASSETS, PYODIDE_ASSETS, calculator_assets
from .calculator_page import calculator_pages
from .fan_pages import fan_pages
from .fan_sheet_page import fan_sheet_pages
from .fan_table_page import fan_table_pages
from .markdown_text import GENERATED_BY, TILE_ASSETS
from .notation_page import notation_pages
from .quiz_assets import QUIZ_ASSETS, load_quiz_banks, quiz_assets
from .quiz_pages import quiz_pages
from .rules_quiz import load_rules_quiz_bank, rules_quiz_assets, rules_quiz_pages
from .scoresheet_page import scoresheet_pages
from .site_data import SiteData
from .site_text import LANGS
from .tiles import write_tile_assets

# Folders whose Markdown is all generated (stale pages there are removed), and each language's
# own folder, where a page that carries the generated banner but is no longer produced (as the
# old rulings index) is removed too; hand-written pages there never carry it.
GENERATED_PAGE_DIRS = tuple(f"{lang}/{folder}" for lang in LANGS for folder in ("fans", "quiz")) + LANGS


@dataclass(frozen=True, slots=True)
class Written:
    pages: tuple[str, ...]      # paths under site/, every generated page
    changed: tuple[str, ...]    # the ones whose bytes changed on this run
    removed: tuple[str, ...]


def _write_if_changed(path: Path, data: bytes) -> bool:
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _is_generated(path: Path) -> bool:
    head = path.read_text(encoding="utf-8", errors="replace")[:200].split("\n")
    return len(head) > 1 and head[0] == "---" and head[1].startswith(GENERATED_BY)


def generated_pages(data: SiteData) -> dict[str, str]:
    pages: dict[str, str] = {}
    for part in (fan_pages(data), fan_table_pages(data), fan_sheet_pages(data), editions_pages(data), notation_pages(),
                 quiz_pages(data), calculator_pages(data), rules_quiz_pages(load_rules_quiz_bank()),
                 scoresheet_pages(data)):
        pages.update(part)
    return pages


def write_site_sources(site_dir: Path, data: SiteData) -> Written:
    """Write the generated pages, tile pictures, quiz data files and the calculator's files
    under `site_dir`."""
    pages = generated_pages(data)
    assets = quiz_assets(data, load_quiz_banks())
    assets.update(calculator_assets(data))
    assets.update(rules_quiz_assets(load_rules_quiz_bank()))
    changed = [rel for rel, text in sorted(pages.items())
               if _write_if_changed(site_dir / rel, text.encode("utf-8"))]
    removed = []
    for folder in GENERATED_PAGE_DIRS:
        for path in sorted((site_dir / folder).glob("*.md")):
            rel = path.relative_to(site_dir).as_posix()
            if rel not in pages and _is_generated(path):
                path.unlink()
                removed.append(rel)
    changed += [rel for rel, body in sorted(assets.items()) if _write_if_changed(site_dir / rel, body)]
    # These folders hold only generated files.
    stale = [p for folder in (QUIZ_ASSETS, CALCULATOR_ASSETS, PYODIDE_ASSETS) for p in (site_dir / folder).glob("*")]
    for path in sorted(stale):
        rel = path.relative_to(site_dir).as_posix()
        if path.is_file() and rel not in assets:
            path.unlink()
            removed.append(rel)
    tiles_dir = site_dir / TILE_ASSETS
    with tempfile.TemporaryDirectory() as tmp:
        for fresh in write_tile_assets(Path(tmp)):
            if _write_if_changed(tiles_dir / fresh.name, fresh.read_bytes()):
                changed.append(f"{TILE_ASSETS}/{fresh.name}")
    return Written(tuple(sorted(pages)), tuple(changed), tuple(removed))
