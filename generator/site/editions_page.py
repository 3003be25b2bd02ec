"""The page on the sources and editions of the rules (site/<lang>/editions.md): who
published each edition, and every difference between the default edition and the
others, with its reason, all from the fan table and its edition files."""
from __future__ import annotations

from dataclasses import dataclass

from i18n import plural_key

from .edition_views import DifferenceView, difference_views
from .localize import pick
from .markdown_text import front_matter, md_escape, md_localized, md_strings
from .site_data import SiteData
from .site_text import LANGS, TEXT, text
from .templating import render

TEMPLATE = "editions.md.j2"


@dataclass(frozen=True, slots=True)
class EditionView:
    id: str
    name: str
    source: str
    summary: str
    default: bool


@dataclass(frozen=True, slots=True)
class Comparison:
    id: str
    title: str
    columns: tuple[str, str]
    differences: tuple[DifferenceView, ...]
    counted: str   # "28 differences, each with ..." in the page's language


def _view(info, lang: str, default: bool) -> EditionView:
    source = info.source
    line = text(lang, "editions_source", publisher=pick(source.get("publisher") or {}, lang).text,
                year=source.get("year", ""), title=pick(source.get("title") or {}, lang).text)
    return EditionView(info.id, md_escape(info.name(lang)), md_escape(line),
                       md_localized(pick(info.summary, lang), lang), default)


def editions_page(data: SiteData, lang: str) -> str:
    listed = data.edition_list
    default = listed[0][0]
    editions = [_view(info, lang, i == 0) for i, (info, _) in enumerate(listed)]
    comparisons = []
    for info, _ in listed[1:]:
        views = tuple(difference_views(data, lang, info.id, list(data.differences.get(info.id, ())), "fans/",
                                       "rulebook/rulings.md"))
        comparisons.append(Comparison(info.id, md_escape(text(lang, "editions_from_to", a=default.name(lang),
                                                                b=info.name(lang))),
                                      (md_escape(default.name(lang)), md_escape(info.name(lang))), views,
                                      md_escape(text(lang, plural_key(lang, "editions_count", len(views)), n=len(views)))))
    rulings = [(r.id, md_escape(pick(r.question, lang).text)) for r in data.table.rulings]
    return render(TEMPLATE, banner=front_matter("editions_page.py", TEMPLATE),
                  t=md_strings(TEXT, "site", lang), editions=editions, comparisons=comparisons,
                  rulings=rulings)


def editions_pages(data: SiteData) -> dict[str, str]:
    return {f"{lang}/editions.md": editions_page(data, lang) for lang in LANGS}
