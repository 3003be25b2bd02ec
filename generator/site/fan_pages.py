"""One Markdown page per fan per language, written from fans.yaml (site/<lang>/fans/<id>.md).

The pages link to each other with relative `.md` links, so MkDocs checks every one of
them, and carry their examples as `hand` blocks, so the build re-scores each example
with the engine exactly as it does the rulebook's.
"""
from __future__ import annotations

import json
from html import escape
from dataclasses import dataclass
from typing import Any

from rules import Example, Fan

from .edition_views import difference_views
from .localize import marker_html, pick, with_marker
from .markdown_text import front_matter, md_escape, md_localized, md_strings, md_template
from .site_data import SiteData
from .site_text import LANGUAGE_NAMES, LANGS, TEXT, points_label, text
from .rulings_page import ruling_entry
from .templating import render

TEMPLATE = "fan_page.md.j2"


def in_language(other: str, lang: str, words: str) -> str:
    """`words`, written in `other`, marked so on a page in `lang`: a screen reader then reads
    清龙 with a Chinese voice on the English page, not an English one."""
    return words if other == lang else f'<span lang="{other}">{words}</span>'


def _claims_md(example: Example, example_fan: str) -> str:
    counts = {example_fan: example.counts, **example.with_fans}
    claims = "counts: {" + ", ".join(f"{k}: {v}" for k, v in counts.items()) + "}"
    return claims + (f", total: {example.total}" if example.total is not None else "")


def hand_block_md(example: Example | None, example_fan: str, fans_path_label: str,
                  editions: dict[str, Example] | None = None) -> str:
    """An example of fans.yaml as a `hand` block stating what it shows: how often its fan
    counts, and the other fans it is about; `editions` are the other editions' versions
    of it where they claim otherwise (an example only another edition has comes with
    `example` None)."""
    shown = example or next(iter((editions or {}).values()))
    lines = ["```hand", f"# {fans_path_label} line {int(shown.line)}", f"hand: {json.dumps(shown.hand)}"]
    lines += [f"{key}: {_yaml_scalar(value)}" for key, value in shown.situation.items()]
    if example is not None:
        lines += _claims_md(example, example_fan).replace(", total:", "\ntotal:").split("\n")
    if editions:
        lines.append("editions: {" + ", ".join(f"{eid}: {{{_claims_md(e, example_fan)}}}"
                                               for eid, e in editions.items()) + "}")
    lines.append("```")
    return "\n".join(lines)


def _example_key(example: Example) -> tuple[str, str]:
    return example.hand, json.dumps(example.situation, sort_keys=True)


def _claims_of(example: Example) -> tuple:
    return example.counts, example.not_counted, sorted(example.with_fans.items()), example.total


def example_blocks(data: SiteData, fan: Fan, label: str) -> tuple[list[str], list[str]]:
    """The fan's examples as hand blocks, each edition's claims where they differ: those
    where the fan counts (in the site's edition), and the near misses."""
    others = {eid: t.by_id[fan.id] for eid, t in data.other_editions.items() if fan.id in t.by_id}
    own = {_example_key(e) for e in fan.examples} if fan.id in data.table.by_id else set()
    counting: list[str] = []
    missing: list[str] = []
    for e in (fan.examples if fan.id in data.table.by_id else ()):
        differs = {eid: o for eid, other in others.items() for o in other.examples
                   if _example_key(o) == _example_key(e) and _claims_of(o) != _claims_of(e)}
        (counting if e.matches else missing).append(hand_block_md(e, fan.id, label, differs))
    for eid, other in others.items():   # examples only another edition has
        for o in other.examples:
            if _example_key(o) not in own:
                (counting if o.matches else missing).append(hand_block_md(None, fan.id, label, {eid: o}))
    return counting, missing


def _yaml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)


def fan_link(data: SiteData, fan: Fan, lang: str) -> str:
    """`[Name](id.md) · 12 points`, from a page in the same folder."""
    name = md_localized(pick(fan.names, lang), lang)
    return f"[{name}]({fan.id}.md) · {md_escape(points_label(lang, fan.points))}"


def fan_page(data: SiteData, fan: Fan, lang: str) -> str:
    """The Markdown of `fan`'s page in `lang`."""
    name = pick(fan.names, lang)
    definition = pick(fan.definitions, lang)
    note = pick(fan.notes, lang)
    family = data.family_name(fan.family, lang)
    texts = [name, definition, family] + ([note] if note else [])
    rulings = data.table.rulings_on((fan.id,))
    for r in rulings:
        texts += [pick(r.question, lang), pick(r.answer, lang), pick(r.alternatives, lang)]
    label = data.fans_path.name
    examples, near_misses = example_blocks(data, fan, label)
    editions = fan_edition_views(data, fan, lang)
    only_in = "" if fan.id in data.table.by_id else md_template(
        TEXT[lang]["editions_fan_only"], name=md_escape(name.text),
        edition=", ".join(md_escape(t.edition.name(lang)) for t in data.other_editions.values() if fan.id in t.by_id))
    names = [(in_language(other, lang, LANGUAGE_NAMES[other]),
              in_language(other, lang, md_escape(fan.names[other])) if fan.names.get(other) else marker_html(lang))
             for other in LANGS]
    by_id = data.table.by_id
    total = len(data.table.fans)
    return render(
        TEMPLATE,
        banner=front_matter("fan_pages.py", TEMPLATE, search="{boost: 2}"),
        t=md_strings(TEXT, "site", lang), h=lambda key, **kw: escape(text(lang, key, **kw)),
        name=md_escape(name.text), plain_name=md_escape(name.text),
        partial=any(x.missing for x in texts),
        points=escape(points_label(lang, fan.points)),   # in the page's HTML block
        family=with_marker(family, lang), plain_family=md_escape(family.text),
        number=escape(text(lang, "fan_number", number=fan.number, total=total)),
        names=names,
        other_names=md_escape(fan.other_names[lang]) if fan.other_names.get(lang) else "",
        definition=md_localized(definition, lang),
        note=md_localized(note, lang) if note else "",
        examples=examples, near_misses=near_misses, editions=editions, only_in=only_in,
        excludes=[fan_link(data, by_id[x], lang) for x in fan.excludes if x in by_id],
        excluded_by=[fan_link(data, f, lang) for f in data.excluded_by(fan.id)],
        rulings=[ruling_entry(r, lang) for r in rulings],
        related=[fan_link(data, f, lang) for f in data.fans_of_family(fan.family) if f.id != fan.id],
    )


@dataclass(frozen=True, slots=True)
class FanEditions:
    """How the editions read one fan, side by side."""

    columns: tuple[str, ...]                 # the editions' names
    rows: tuple[tuple[str, tuple[str, ...], str], ...]   # (aspect, value in each edition, why)


def fan_edition_views(data: SiteData, fan: Fan, lang: str) -> FanEditions | None:
    """The differences between the site's edition and each other one that concern `fan`."""
    default = data.edition_list[0][0] if data.edition_list else None
    rows = []
    columns = [md_escape(default.name(lang))] if default else []
    for eid, table in data.other_editions.items():
        diffs = [d for d in data.differences.get(eid, ()) if d.target == fan.id and d.kind in ("fan", "new_fan")]
        views = difference_views(data, lang, eid, diffs, "", "../rulebook/rulings.md")
        if views:
            columns.append(md_escape(table.edition.name(lang)))
            rows += [(v.what or md_escape(text(lang, "editions_absent")), v.values, v.why) for v in views]
    return FanEditions(tuple(columns), tuple(rows)) if rows else None


def fan_pages(data: SiteData) -> dict[str, str]:
    """Every fan page of every language, those of fans only another edition has too:
    {path under site/: Markdown}."""
    fans = list(data.table.fans)
    seen = {f.id for f in fans}
    for table in data.other_editions.values():
        fans += [f for f in table.fans if f.id not in seen and not seen.add(f.id)]
    return {f"{lang}/fans/{fan.id}.md": fan_page(data, fan, lang) for lang in LANGS for fan in fans}
