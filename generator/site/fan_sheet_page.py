"""The printable fan sheet (site/<lang>/fans/fan-sheet.md): every fan on two A4 pages.

Each fan by points, 88 down to 1: its number, name, points, its one-line `summary` from
fans.yaml, a small drawing of its first example that scores it (the site's own tile
pictures, through hand_render) and the fans it leaves out, by number. The sheet is two
sections, one per printed page; the print stylesheet (site/assets/mcr/print.css) lays each
out on one A4 page, and the site build turns the page into a PDF beside it
(generator/site/fan_sheet_pdf.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from rules import Fan, parse_hand

from .hand_render import RenderContext, TileGroup, TileImage, asset_name, tile_groups
from .localize import marker_html, pick
from .markdown_text import TILE_ASSETS, front_matter, md_escape, url_token
from .site_data import SiteData
from .site_text import LANGS, text
from .templating import render
from .tiles import FLOWER_FACES, SEASON_FACES, tile_alt

TEMPLATE = "fan_sheet.md.j2"
SHEET_TEMPLATE = "fan_sheet.html.j2"
SHEET_PAGE = "fans/fan-sheet.md"       # under site/<lang>/; a fan id has no hyphen, so no fan page clashes
PDF_NAME = "fan-sheet.pdf"             # written beside the built page (generator/site/fan_sheet_pdf.py)
# The fans of the first printed page: 41 in two columns (21 and 20), the other 40 on the second.
FIRST_PAGE_FANS = 41


@dataclass(frozen=True, slots=True)
class SheetFan:
    number: int
    id: str
    name: str
    points: int
    summary: str
    summary_missing: bool                 # shown in English for want of a translation
    href: str                             # url token of the fan's page
    hand: str                             # the notation drawn ("" when the fan has no example that scores)
    groups: tuple[TileGroup, ...]
    excluded: tuple[tuple[int, bool], ...]    # (number, only on its own sets) of the fans it leaves out
    excluded_names: str                   # the same fans by name, for the tooltip on screen


def _hand_groups(fan: Fan, ctx: RenderContext) -> tuple[str, tuple[TileGroup, ...]]:
    """The fan's first example that scores it (the one its page and the fan table show first),
    drawn: melds, concealed tiles, the winning tile apart."""
    example = next((e for e in fan.examples if e.matches), None)
    if example is None:
        return "", ()
    groups = tile_groups(parse_hand(example.hand), ctx)
    flowers = int(example.situation.get("flowers", 0) or 0)
    if flowers:   # the flowers of the example, drawn after the hand (Flower Tiles is about them)
        faces = (FLOWER_FACES + SEASON_FACES)[:flowers]
        groups += (TileGroup("mcr-sheet__flowers", text(ctx.lang, "situation_flowers", n=flowers),
                             tuple(TileImage(ctx.tile_src(asset_name(f, "standing")), tile_alt(f, ctx.lang), "mcr-tile")
                                   for f in faces)),)
    return example.hand, groups


def sheet_fans(data: SiteData, lang: str) -> list[SheetFan]:
    by_id = data.table.by_id
    ctx = RenderContext(lang=lang, table=data.table, tile_src=lambda name: url_token(f"{TILE_ASSETS}/{name}"),
                        fan_href=lambda fan_id: url_token(f"fans/{fan_id}.md"))
    fans = []
    # By points, then in the rulebook's order (the numbers already run from 88 down to 1).
    for fan in sorted(data.table.fans, key=lambda f: (-f.points, f.number)):
        summary = pick(fan.summaries, lang)   # every fan has one (rules.table_checks)
        left_out = sorted({(by_id[x].number, False) for x in fan.excludes if x in by_id}
                          | {(by_id[x].number, True) for x in fan.absorbs if x in by_id and x not in fan.excludes})
        out = sorted((by_id[x] for x in {*fan.excludes, *fan.absorbs} if x in by_id), key=lambda f: f.number)
        names = [pick(f.names, lang).text for f in out]
        hand, groups = _hand_groups(fan, ctx)
        fans.append(SheetFan(fan.number, fan.id, pick(fan.names, lang).text, fan.points, summary.text, summary.missing,
                             url_token(f"fans/{fan.id}.md"), hand, groups, tuple(left_out),
                             text(lang, "sheet_list_separator").join(names)))
    return fans


def sheet_html(data: SiteData, lang: str) -> str:
    """The sheet itself: two sections, one per printed page."""
    fans = sheet_fans(data, lang)
    pages = [fans[:FIRST_PAGE_FANS], fans[FIRST_PAGE_FANS:]]
    return render(SHEET_TEMPLATE, lang=lang, pages=pages, count=len(fans), t=lambda key, **kw: text(lang, key, **kw),
                  points=lambda n: text(lang, "sheet_points_one" if n == 1 else "sheet_points", n=n),
                  untranslated=Markup(marker_html(lang)))


def fan_sheet_page(data: SiteData, lang: str) -> str:
    count = len(data.table.fans)
    return render(TEMPLATE, banner=front_matter("fan_sheet_page.py", TEMPLATE, hide="[navigation, toc]",
                                                  search="{exclude: true}"),
                  title=md_escape(text(lang, "sheet_title", count=count)),
                  intro=md_escape(text(lang, "sheet_intro", count=count)),
                  pdf=PDF_NAME, pdf_download=f"mcr-fan-sheet-{lang}.pdf",
                  pdf_label=escape(text(lang, "sheet_pdf")), print_note=escape(text(lang, "sheet_print_note")),
                  sheet=sheet_html(data, lang))


def fan_sheet_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/{SHEET_PAGE}": fan_sheet_page(data, lang) for lang in LANGS}
