"""The table of all the fans (site/<lang>/fans/index.md): filterable by points and family,
each row with a small drawing of a typical hand."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from rules import Fan, parse_hand

from .localize import pick, with_marker
from .markdown_text import front_matter, md_localized, md_strings
from .site_data import SiteData
from .site_text import LANGS, TEXT, text
from .templating import render
from .tile_markdown import hand_md

TEMPLATE = "fan_table.md.j2"


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    id: str
    name: str
    points: int
    family_key: str
    family: str
    hand: str


def typical_hand(fan: Fan) -> str | None:
    """The first example that scores the fan: the one its page shows first too."""
    return next((e.hand for e in fan.examples if e.matches), None)


def fan_table_page(data: SiteData, lang: str) -> str:
    rows = []
    for fan in data.table.fans:
        hand = typical_hand(fan)
        drawing = hand_md(parse_hand(hand), lang, "../../", "mcr-tile--tiny") if hand else ""
        rows.append(Row(fan.number, fan.id, md_localized(pick(fan.names, lang), lang), fan.points, fan.family,
                        md_localized(data.family_name(fan.family, lang), lang), drawing))
    used = {f.family for f in data.table.fans}
    families = [(key, escape(data.family_name(key, lang).text)) for key in data.families if key in used]
    families += [(key, escape(key)) for key in sorted(used - set(data.families))]
    return render(TEMPLATE, banner=front_matter("fan_table_page.py", TEMPLATE, hide="[toc]"),
                  t=md_strings(TEXT, "site", lang), h=lambda key, **kw: escape(text(lang, key, **kw)), rows=rows, families=families,
                  point_values=sorted({f.points for f in data.table.fans}, reverse=True))


def fan_table_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/fans/index.md": fan_table_page(data, lang) for lang in LANGS}
