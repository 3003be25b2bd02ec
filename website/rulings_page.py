"""The index of rulings (site/<lang>/rulings.md): every interpretation the engine applies,
with the other readings, linked to the fans it concerns."""
from __future__ import annotations

from dataclasses import dataclass

from rules import Ruling

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
    fans: tuple[str, ...] = ()   # links to the fans it concerns (on the rulings index)


def ruling_entry(ruling: Ruling, lang: str, fans: tuple[str, ...] = ()) -> RulingEntry:
    """A ruling's texts in `lang`, ready for a template (a missing translation marked)."""
    question = pick(ruling.question, lang)
    return RulingEntry(ruling.id, md_escape(question.text or ruling.id),
                       marker_html(lang) if question.missing else "",
                       md_localized(pick(ruling.answer, lang), lang),
                       md_localized(pick(ruling.alternatives, lang), lang), fans)


def rulings_page(data: SiteData, lang: str) -> str:
    by_id = data.table.by_id
    entries = []
    for r in data.table.rulings:
        fans = tuple(f"[{md_localized(pick(by_id[f].names, lang), lang)}](fans/{f}.md)" for f in r.fans if f in by_id)
        entries.append(ruling_entry(r, lang, fans))
    return render(TEMPLATE, banner=front_matter("rulings_page.py", TEMPLATE),
                  t=lambda key, **kw: text(lang, key, **kw), rulings=entries)


def rulings_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/rulings.md": rulings_page(data, lang) for lang in LANGS}
