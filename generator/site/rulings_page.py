"""The rulings: their home is the rulebook's Rulings chapter (site/<lang>/rulebook/rulings.md),
written by hand with examples. From fans.yaml come each ruling's short texts, shown on the
pages of the fans it concerns, and the line of fans concerned under each ruling of the chapter.

(The site once also generated a rulings index at /rulings/ that repeated the chapter; that
address now leads to the chapter: generator/site/redirect_pages.py.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules import Ruling

from .localize import marker_html, pick
from .markdown_text import md_escape, md_localized, md_strings
from .site_data import SiteData
from .site_text import TEXT

CHAPTER = "rulebook/rulings.md"    # the home of the rulings, per language
# A heading with its anchor: "### Which kong fans combine {#kong_combinations}".
_HEADING = re.compile(r"^#{2,6} .*\{#(?P<id>[A-Za-z0-9_-]+)[^}]*\}\s*$")


@dataclass(frozen=True, slots=True)
class RulingEntry:
    id: str
    question: str
    question_missing: str
    answer: str
    alternatives: str


def ruling_entry(ruling: Ruling, lang: str) -> RulingEntry:
    """A ruling's texts in `lang`, ready for a template (a missing translation marked)."""
    question = pick(ruling.question, lang)
    return RulingEntry(ruling.id, md_escape(question.text or ruling.id),
                       marker_html(lang) if question.missing else "",
                       md_localized(pick(ruling.answer, lang), lang),
                       md_localized(pick(ruling.alternatives, lang), lang))


def fans_concerned_line(data: SiteData, ruling: Ruling, lang: str, fan_link: str) -> str | None:
    """'**Fans concerned**: [fan name](../fans/<fan id>.md) · ...', or None when the ruling
    concerns no fan (a label with nothing after it says nothing)."""
    fans = data.table.fans_under(ruling)   # those it names, then those that list it
    if not fans:
        return None
    by_id = data.table.by_id
    links = " · ".join(f"[{md_localized(pick(by_id[f].names, lang), lang)}]({fan_link}{f}.md)" for f in fans)
    t = md_strings(TEXT, "site", lang)
    return f"**{t('ruling_fans')}**{t('colon')}{links}"


def with_fans_concerned(lines: list[str], data: SiteData, lang: str, fan_link: str = "../fans/") -> list[str]:
    """The chapter's Markdown lines with, under each ruling's heading, the fans it concerns."""
    rulings = {r.id: r for r in data.table.rulings}
    out: list[str] = []
    for line in lines:
        out.append(line)
        found = _HEADING.match(line)
        ruling = rulings.get(found["id"]) if found else None
        if ruling is not None:
            concerned = fans_concerned_line(data, ruling, lang, fan_link)
            if concerned:
                out += ["", concerned]
    return out
