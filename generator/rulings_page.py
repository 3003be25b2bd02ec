"""The index of rulings (site/<lang>/rulings.md): every interpretation the engine applies,
with the other readings, linked to the fans it concerns."""
from __future__ import annotations

from dataclasses import dataclass

from .localize import marker_html, pick
from .markdown_text import front_matter, md_escape, md_localized
from .site_data import SiteData
from .site_text import LANGS, text
from .templating import render

TEMPLATE = "rulings.md.j2"


@dataclass(frozen=True, slots=True)
class RulingEntry:
    id: str
    question: str
    question_missing: str
    answer: str
    alternatives: str
    fans: tuple[str, ...]


def rulings_page(data: SiteData, lang: str) -> str:
    by_id = data.table.by_id
    entries = []
    for r in data.table.rulings:
        question = pick(r.question, lang)
        fans = tuple(f"[{md_localized(pick(by_id[f].names, lang), lang)}](fans/{f}.md)" for f in r.fans if f in by_id)
        entries.append(RulingEntry(r.id, md_escape(question.text or r.id), marker_html(lang) if question.missing else "",
                                   md_localized(pick(r.answer, lang), lang),
                                   md_localized(pick(r.alternatives, lang), lang), fans))
    return render(TEMPLATE, banner=front_matter("rulings_page.py", TEMPLATE),
                  t=lambda key, **kw: text(lang, key, **kw), rulings=entries)


def rulings_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/rulings.md": rulings_page(data, lang) for lang in LANGS}
