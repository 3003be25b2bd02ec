"""`fan-index` blocks: the rulebook's index of the fans, generated from the table in force.

A chapter places the index where it wants it; the site hook expands each block in the page's
language, so the points and names it shows are always those of fans.yaml:

    ```fan-index
    by: points
    ```

gives one heading per point level (`### 88 points {#points-88}`) over a table of its fans:
number, name (linked to its page), the Chinese name with its pinyin (the English name on a
Chinese page), the fan's one-line summary, and its family (linked to the family's section
when the page has a block for that family).

    ```fan-index
    family: honors
    ```

gives the list of one family's fans, each with its points and summary. A page that places
family blocks must place one for every family of the table, so no fan goes missing.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass

from rules import Fan

from generator.markdown_fences import BlockError, fenced_blocks

from .localize import pick
from .markdown_text import md_escape, md_localized, md_template
from .site_data import SiteData
from .site_text import TEXT, points_label, text

INFO = "fan-index"
KEYS = ("by", "family")
CHINESE = "zh"          # the language of the fans' own names, shown beside the others


class FanIndexError(BlockError):
    """A fan-index block that cannot be read, names an unknown family, or leaves one out."""


@dataclass(frozen=True, slots=True)
class FanIndexBlock:
    by: str                  # "points" or "family"
    family: str | None
    first_line: int          # the opening fence, 1-based, in the Markdown given
    last_line: int
    indent: str


def _read(fence, line: int, families: set[str]) -> FanIndexBlock:  # noqa: ANN001 - a markdown_fences.Fence
    fields: dict[str, str] = {}
    for row in fence.body.strip().splitlines():
        key, sep, value = row.partition(":")
        if not sep or key.strip() not in KEYS:
            raise FanIndexError(line, f"a fan-index block holds 'by: points' or 'family: KEY', not {row.strip()!r}")
        fields[key.strip()] = value.strip()
    if not fence.closed:
        raise FanIndexError(line, "the fan-index block has no closing fence")
    if "family" in fields:
        if fields["family"] not in families:
            raise FanIndexError(line, f"unknown family {fields['family']!r}; the table's families: "
                                      f"{', '.join(sorted(families))}")
        return FanIndexBlock("family", fields["family"], fence.first_line, fence.last_line, fence.indent)
    if fields.get("by") != "points":
        raise FanIndexError(line, "a fan-index block lists 'by: points' or one 'family: KEY'")
    return FanIndexBlock("points", None, fence.first_line, fence.last_line, fence.indent)


def read_fan_indexes(markdown: str, data: SiteData,
                     line_offset: int = 0) -> tuple[list[FanIndexBlock], list[FanIndexError]]:
    """Every fan-index block of `markdown`, and every problem (with its line in the file)."""
    families = {f.family for f in data.table.fans}
    found: list[FanIndexBlock] = []
    errors: list[FanIndexError] = []
    for fence in fenced_blocks(markdown):
        if fence.info != INFO:
            continue
        try:
            found.append(_read(fence, fence.first_line + line_offset, families))
        except FanIndexError as err:
            errors.append(err)
    placed = {b.family for b in found if b.family}
    if placed and not errors:
        missing = sorted(families - placed)
        if missing:
            first = min(b.first_line for b in found if b.family) + line_offset
            errors.append(FanIndexError(first, f"no fan-index block for the famil{'y' if len(missing) == 1 else 'ies'} "
                                               f"{', '.join(missing)}: their fans would be missing from the index"))
    return found, errors


@dataclass(frozen=True, slots=True)
class _Page:
    data: SiteData
    lang: str
    page: str                # the page's path under its language folder: "rulebook/fans.md"
    families: frozenset[str]  # the families with a block on this page

    def href(self, fan: Fan) -> str:
        # As the chapters write their links: from the page to the fan's page of the same
        # language (static-i18n resolves them in each language's build).
        return posixpath.relpath(f"fans/{fan.id}.md", posixpath.dirname(self.page) or ".")

    def name(self, fan: Fan) -> str:
        return md_localized(pick(fan.names, self.lang), self.lang)

    def summary(self, fan: Fan) -> str:
        return md_localized(pick(fan.summaries or fan.definitions, self.lang), self.lang)

    def other_name(self, fan: Fan) -> str:
        if self.lang == CHINESE:
            return md_escape(fan.names.get("en", fan.id))
        return md_escape(" ".join(part for part in (fan.names.get(CHINESE, ""), fan.pinyin) if part))

    def family(self, key: str) -> str:
        name = md_localized(self.data.family_name(key, self.lang), self.lang)
        return f"[{name}](#family-{key})" if key in self.families else name


def _by_points(view: _Page) -> list[str]:
    t = lambda key: md_escape(text(view.lang, key))  # noqa: E731
    lines: list[str] = []
    fans = view.data.table.fans
    for points in sorted({f.points for f in fans}, reverse=True):
        lines += [f"### {md_escape(points_label(view.lang, points))} {{#points-{points}}}", "",
                  f"| {t('col_number')} | {t('col_fan')} | {t('col_index_other_name')} | {t('col_index_needs')} "
                  f"| {t('col_family')} |", "| --- | --- | --- | --- | --- |"]
        lines += [f"| {f.number} | [{view.name(f)}]({view.href(f)}) | {view.other_name(f)} | {view.summary(f)} "
                  f"| {view.family(f.family)} |" for f in fans if f.points == points]
        lines.append("")
    return lines[:-1]


def _by_family(view: _Page, key: str) -> list[str]:
    return ["- " + md_template(TEXT[view.lang]["fan_index_item"], fan=f"[{view.name(f)}]({view.href(f)})", n=f.points,
                        summary=view.summary(f))
            for f in view.data.fans_of_family(key)]


def expand_fan_indexes(markdown: str, blocks: list[FanIndexBlock], data: SiteData, lang: str, page: str) -> str:
    """`markdown` with each of `blocks` (read from it by read_fan_indexes) replaced by its
    index in `lang`; `page` is the page's path under its language folder ("rulebook/fans.md"),
    for the links."""
    lines = markdown.split("\n")
    view = _Page(data, lang, page, frozenset(b.family for b in blocks if b.family))
    for block in sorted(blocks, key=lambda b: b.first_line, reverse=True):
        body = _by_points(view) if block.by == "points" else _by_family(view, block.family or "")
        lines[block.first_line - 1:block.last_line] = [block.indent + line if line else "" for line in body]
    return "\n".join(lines)
