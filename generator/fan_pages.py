"""One Markdown page per fan per language, written from fans.yaml (site/<lang>/fans/<id>.md).

The pages link to each other with relative `.md` links, so MkDocs checks every one of
them, and carry their examples as `hand` blocks, so the build re-scores each example
with the engine exactly as it does the rulebook's.
"""
from __future__ import annotations

import json
from typing import Any

from rules import Fan
from rules import Example

from .localize import marker_html, pick, with_marker
from .markdown_text import front_matter, md_escape, md_localized
from .site_data import SiteData
from .site_text import LANGUAGE_NAMES, LANGS, points_label, text
from .rulings_page import ruling_entry
from .templating import render

TEMPLATE = "fan_page.md.j2"


def hand_block_md(example: Example, example_fan: str, fans_path_label: str) -> str:
    """An example of fans.yaml as a `hand` block stating what it shows: how often its fan
    counts, and the other fans it is about."""
    lines = ["```hand", f"# {fans_path_label} line {example.line}", f"hand: {json.dumps(example.hand)}"]
    lines += [f"{key}: {_yaml_scalar(value)}" for key, value in example.situation.items()]
    counts = {example_fan: example.counts, **example.with_fans}
    lines.append("counts: {" + ", ".join(f"{k}: {v}" for k, v in counts.items()) + "}")
    if example.total is not None:
        lines.append(f"total: {example.total}")
    lines.append("```")
    return "\n".join(lines)


def _yaml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)


def fan_link(data: SiteData, fan: Fan, lang: str) -> str:
    """`[Name](id.md) · 12 points`, from a page in the same folder."""
    name = md_localized(pick(fan.names, lang), lang)
    return f"[{name}]({fan.id}.md) · {points_label(lang, fan.points)}"


def fan_page(data: SiteData, fan: Fan, lang: str) -> str:
    """The Markdown of `fan`'s page in `lang`."""
    name = pick(fan.names, lang)
    definition = pick(fan.definitions, lang)
    note = pick(fan.notes, lang)
    family = data.family_name(fan.family, lang)
    texts = [name, definition, family] + ([note] if note else [])
    rulings = data.rulings_of(fan)
    for r in rulings:
        texts += [pick(r.question, lang), pick(r.answer, lang), pick(r.alternatives, lang)]
    label = data.fans_path.name
    names = [(LANGUAGE_NAMES[other], md_escape(fan.names[other]) if fan.names.get(other) else marker_html(lang))
             for other in LANGS]
    by_id = data.table.by_id
    total = len(data.table.fans)
    return render(
        TEMPLATE,
        banner=front_matter("fan_pages.py", TEMPLATE, search="{boost: 2}"),
        t=lambda key, **kw: text(lang, key, **kw),
        name=md_escape(name.text), plain_name=md_escape(name.text),
        partial=any(x.missing for x in texts),
        points=points_label(lang, fan.points),
        family=with_marker(family, lang), plain_family=md_escape(family.text),
        number=text(lang, "fan_number", number=fan.number, total=total),
        names=names,
        definition=md_localized(definition, lang),
        note=md_localized(note, lang) if note else "",
        examples=[hand_block_md(e, fan.id, label) for e in fan.examples if e.matches],
        near_misses=[hand_block_md(e, fan.id, label) for e in fan.examples if not e.matches],
        excludes=[fan_link(data, by_id[x], lang) for x in fan.excludes if x in by_id],
        excluded_by=[fan_link(data, f, lang) for f in data.excluded_by(fan.id)],
        rulings=[ruling_entry(r, lang) for r in rulings],
        related=[fan_link(data, f, lang) for f in data.fans_of_family(fan.family) if f.id != fan.id],
    )


def fan_pages(data: SiteData) -> dict[str, str]:
    """Every fan page of every language: {path under site/: Markdown}."""
    return {f"{lang}/fans/{fan.id}.md": fan_page(data, fan, lang) for lang in LANGS for fan in data.table.fans}
