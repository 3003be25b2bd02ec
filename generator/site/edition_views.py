"""The differences between editions of the rules, in words for the site: what a change
is about, and each edition's value of it, in one language."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules import Difference, FanTable

from .localize import pick
from .markdown_text import md_escape, md_localized
from .site_data import SiteData
from .site_text import points_label, text

# Fan fields shown as themselves; a changed predicate shows through its definition.
SHOWN_FAN_FIELDS = ("points", "excludes", "absorbs", "definition", "note")


@dataclass(frozen=True, slots=True)
class DifferenceView:
    subject: str                 # Markdown: the fan, ruling or setting the difference is about
    what: str                    # the aspect that differs
    values: tuple[str, ...]      # Markdown: the value in each edition, in edition order
    why: str


def _md_text(lang: str, key: str, **values: object) -> str:
    """A string of the site for these Markdown views, escaped."""
    return md_escape(text(lang, key, **values))


def _fan_names(table: FanTable, ids: list[Any], lang: str, link: str) -> str:
    if not ids:
        return _md_text(lang, "editions_none")
    names = []
    for entry in ids:
        fan_id = entry["fan"] if isinstance(entry, dict) else entry
        fan = table.by_id.get(fan_id)
        name = md_localized(pick(fan.names, lang), lang) if fan else fan_id
        limit = f" {_md_text(lang, 'editions_at_most', n=entry['at_most'])}" if isinstance(entry, dict) else ""
        names.append(f"[{name}]({link}{fan_id}.md){limit}")
    return ", ".join(names)


def _value(d: Difference, value: Any, table: FanTable, lang: str, link: str) -> str:
    if value is None:  # a fan or ruling the edition lacks, or a field it leaves empty
        return _md_text(lang, "editions_absent" if d.kind in ("new_fan", "ruling") else "editions_none")
    if d.kind == "new_fan":
        return f"[{md_localized(pick(value['names'], lang), lang)}]({link}{value['id']}.md), " \
               + md_escape(points_label(lang, value["points"]))
    if d.kind == "ruling":
        return md_localized(pick(value.get("answer") or {}, lang), lang)
    if d.field == "points" and d.kind == "fan":
        return md_escape(points_label(lang, value))
    if d.field in ("excludes", "absorbs"):
        return _fan_names(table, value, lang, link)
    if isinstance(value, dict) and "en" in value:
        return md_localized(pick(value, lang), lang)
    if isinstance(value, bool):
        return _md_text(lang, "editions_yes" if value else "editions_no")
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return md_escape(str(value))


def difference_views(data: SiteData, lang: str, edition: str, diffs: list[Difference], fan_link: str,
                     rulings_link: str) -> list[DifferenceView]:
    """The differences from the default edition to `edition`, ready to show."""
    views = []
    table = data.other_editions[edition]
    for d in diffs:
        if d.kind == "fan" and d.field not in SHOWN_FAN_FIELDS:
            continue
        if d.kind in ("fan", "new_fan"):
            fan = table.by_id.get(d.target) or data.table.by_id.get(d.target)
            subject = f"[{md_localized(pick(fan.names, lang), lang)}]({fan_link}{d.target}.md)"
        elif d.kind == "ruling":
            ruling = next((r for r in table.rulings if r.id == d.target), None)
            question = pick(ruling.question, lang).text if ruling else d.target
            subject = f"[{md_escape(question)}]({rulings_link}#{d.target})"
        else:
            subject = _md_text(lang, f"editions_section_{d.kind}")
        what = _md_text(lang, f"editions_field_{d.field}") if d.kind == "fan" else \
            (_md_text(lang, f"editions_setting_{d.field}") if d.kind == "settings" else "")
        values = (_value(d, d.before, data.table, lang, fan_link), _value(d, d.after, table, lang, fan_link))
        views.append(DifferenceView(subject, what, values, md_localized(pick(d.why, lang), lang) if d.why else ""))
    return views
