"""The calculator page in every language (site/<lang>/calculator.md): a tile palette and
the notation to build a hand, the situation of the win, and the engine's answer.

The page's controls are written here, in the reader's language, so they show (and work
with the keyboard) before any script runs; site/assets/mcr/calculator.js brings them to
life and asks the engine, which runs in the page's worker (generator/site/calculator_engine.py
under Pyodide). The files the page needs are named with url_token(), which the site hook
turns into URLs relative to the page (a missing file fails the build).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules import SITUATION_FLAGS
from rules.tiles import ALL_TILES, SUITS

from .calculator_assets import CALCULATOR_ASSETS, FULL_STDLIB, PYODIDE_ASSETS, edition_ids, text_asset
from .site_data import SiteData
from .markdown_text import TILE_ASSETS, front_matter, md_strings, url_token
from .quiz_pages import DOM_SCRIPT
from .site_text import LANGS, TEXT, text
from .templating import render

TEMPLATE = "calculator.md.j2"
WIDGET_TEMPLATE = "calculator_widget.html.j2"
SCRIPT = "assets/mcr/calculator.js"
# Loaded before SCRIPT: the discard analysis's drawing and the share link's reading.
HELPER_SCRIPTS = ("assets/mcr/calculator-analysis.js", "assets/mcr/calculator-link.js")
WORKER = "assets/mcr/calculator-worker.mjs"
PAGE = "calculator.md"
MELD_MODES = ("standing", "chow", "pung", "kong", "closed_kong")
WINDS = ("E", "S", "W", "N")
MAX_FLOWERS = 8


@dataclass(frozen=True, slots=True)
class PaletteTile:
    face: str
    name: str


def palette_rows(lang: str) -> tuple[tuple[str, tuple[PaletteTile, ...]], ...]:
    """The 34 faces in four rows: characters, dots, bamboo, honors, each with its label."""
    from .tiles import tile_alt

    rows = []
    for suit in SUITS:
        faces = tuple(PaletteTile(t.text, tile_alt(t.text, lang)) for t in ALL_TILES if not t.is_honor and t.suit == suit)
        rows.append((text(lang, f"notation_suit_{suit}"), faces))
    honors = tuple(PaletteTile(t.text, tile_alt(t.text, lang)) for t in ALL_TILES if t.is_honor)
    rows.append((text(lang, "calc_honors"), honors))
    return tuple(rows)


def page_data_json(page_data: dict[str, Any]) -> str:
    """The page's strings and names as JSON to sit in a <script type="application/json">
    (a data block: never run, so the site's script policy allows it): no "<" in it, so
    neither "</script>" nor "<!--" can end or hide the block."""
    return json.dumps(page_data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def widget(lang: str, editions: list[tuple[str, str]], page_data: dict[str, Any]) -> str:
    """The calculator in `lang`; `editions` are the editions of the rules it offers, (id,
    name in `lang`), the site's own first (a table file each); `page_data` what the
    script shows (calculator_assets.text_asset), in the page itself so that the tiles
    can be tapped before anything else has loaded."""
    urls = [
        ("engine", url_token(f"{CALCULATOR_ASSETS}/engine.zip")),
        *((f"table-{edition}", url_token(f"{CALCULATOR_ASSETS}/tables/{edition}.json")) for edition, _ in editions),
        ("pyodide", url_token(f"{PYODIDE_ASSETS}/pyodide.mjs")),
        ("stdlib-full", url_token(f"{PYODIDE_ASSETS}/{FULL_STDLIB}")),
        ("worker", url_token(WORKER)),
        ("tiles", url_token(f"{TILE_ASSETS}/back.svg")),
        ("fans", url_token("fans/index.md")),
        ("scoring", url_token("rulebook/scoring.md", optional=True)),   # explains each principle, when written
        ("scoresheet", url_token("scoresheet.md")),   # where a scored win can be entered
    ]
    return render(WIDGET_TEMPLATE, lang=lang, urls=urls, editions=editions, script=url_token(SCRIPT), dom_script=url_token(DOM_SCRIPT),
                  helper_scripts=[url_token(path) for path in HELPER_SCRIPTS],
                  tile_src=lambda face: url_token(f"{TILE_ASSETS}/{face}.svg"), rows=palette_rows(lang),
                  modes=MELD_MODES, flags=SITUATION_FLAGS, winds=WINDS, max_flowers=MAX_FLOWERS,
                  notation_href=url_token("notation.md"), page_data=page_data_json(page_data),
                  t=lambda key, **kw: text(lang, key, **kw)).rstrip("\n")


def calculator_page(lang: str, editions: list[tuple[str, str]], page_data: dict[str, Any]) -> str:
    return render(TEMPLATE, banner=front_matter("calculator_page.py", TEMPLATE, source="generator/site/site_text.py",
                                                hide="[toc]"),
                  t=md_strings(TEXT, "site", lang), widget=widget(lang, editions, page_data))


def calculator_pages(data: SiteData) -> dict[str, str]:
    def editions(lang: str) -> list[tuple[str, str]]:
        return [(info.id, info.name(lang)) for info, _ in data.edition_list] or [(edition_ids(data)[0], "")]

    return {f"{lang}/{PAGE}": calculator_page(lang, editions(lang), text_asset(data, lang)) for lang in LANGS}
