"""The rulebook's index of the fans (generator/site/fan_index.py): the chapters place fan-index
blocks, and the site hook expands them from the table in force, in each language."""
from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from generator.site import site_hooks
from generator.site.fan_index import expand_fan_indexes, read_fan_indexes
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS, points_label, text

from ..conftest import ROOT

ROW = re.compile(r"^\| (\d+) \| \[[^\]]+\]\(\.\./fans/(\w+)\.md\) \|", re.M)
ITEM = re.compile(r"^- \[[^\]]+\]\(\.\./fans/(\w+)\.md\)\D*(\d+)", re.M)


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _chapter(lang: str, data: SiteData) -> str:
    source = (ROOT / "site" / lang / "rulebook" / "fans.md").read_text(encoding="utf-8")
    blocks, errors = read_fan_indexes(source, data)
    assert errors == [] and len(blocks) == 1 + len({f.family for f in data.table.fans})
    return expand_fan_indexes(source, blocks, data, lang, "rulebook/fans.md")


def _points_sections(chapter: str) -> dict[int, list[str]]:
    """{points: fan ids of its table} from the expanded chapter."""
    found: dict[int, list[str]] = {}
    for head, body in re.findall(r"^### [^\n]*\{#points-(\d+)\}\n(.*?)(?=^#|\Z)", chapter, re.M | re.S):
        found[int(head)] = [fan for _, fan in ROW.findall(body)]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_lists_every_fan_with_the_tables_points(lang: str, data: SiteData) -> None:
    chapter = _chapter(lang, data)
    by_points = _points_sections(chapter)
    assert sorted(f for fans in by_points.values() for f in fans) == sorted(f.id for f in data.table.fans)
    assert all(data.table.fan(f).points == p for p, fans in by_points.items() for f in fans)
    assert f"### {points_label(lang, 88)} {{#points-88}}" in chapter
    items = ITEM.findall(chapter)
    assert sorted(f for f, _ in items) == sorted(f.id for f in data.table.fans)
    assert all(data.table.fan(f).points == int(p) for f, p in items)
    assert "```fan-index" not in chapter


def _all_pungs_at(data: SiteData, points: int) -> SiteData:
    fans = tuple(dataclasses.replace(f, points=points) if f.id == "all_pungs" else f for f in data.table.fans)
    return dataclasses.replace(data, table=dataclasses.replace(data.table, fans=fans))


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_points_value_reaches_the_chapter_in_every_language(lang: str, data: SiteData) -> None:
    chapter = _chapter(lang, _all_pungs_at(data, 8))
    by_points = _points_sections(chapter)
    assert "all_pungs" in by_points[8] and "all_pungs" not in by_points[6]
    assert dict(ITEM.findall(chapter))["all_pungs"] == "8"
    # A level no fan has any more is gone; a new one gets its heading.
    chapter = _chapter(lang, _all_pungs_at(data, 5))
    assert f"### {points_label(lang, 5)} {{#points-5}}" in chapter and _points_sections(chapter)[5] == ["all_pungs"]


def test_the_other_name_column_gives_the_chinese_name_and_pinyin_or_on_a_chinese_page_the_english(
        data: SiteData) -> None:
    english = _chapter("en", data)
    assert "| 48 | [All Pungs](../fans/all_pungs.md) | 碰碰和 pèng pèng hú | Four pungs or kongs and a pair. |" in english
    assert f"| {text('en', 'col_number')} | {text('en', 'col_fan')} | Chinese |" in english
    chinese = _chapter("zh", data)
    assert "| 48 | [碰碰和](../fans/all_pungs.md) | All Pungs |" in chinese
    # The family column leads to the family's section on the same page.
    assert "| [Pung patterns](#family-pungs) |" in english


def test_blocks_that_cannot_be_read_fail_with_their_line(data: SiteData) -> None:
    text_ = "# T\n\n```fan-index\nfamily: birds\n```\n\n```fan-index\nby: name\n```\n\n```fan-index\nsort: x\n```\n"
    _, errors = read_fan_indexes(text_, data, line_offset=2)
    assert [(e.line, e.message.split(";")[0]) for e in errors] == [
        (5, "unknown family 'birds'"), (9, "a fan-index block lists 'by: points' or one 'family: KEY'"),
        (13, "a fan-index block holds 'by: points' or 'family: KEY', not 'sort: x'")]
    _, errors = read_fan_indexes("```fan-index\nfamily: honors\n```\n", data)
    assert len(errors) == 1 and errors[0].line == 1 and "no fan-index block for the families" in errors[0].message \
        and "pungs" in errors[0].message


def _page(src: str, text_: str, lang: str) -> SimpleNamespace:
    file = SimpleNamespace(src_uri=src, src_path=src, abs_src_path=f"/repo/site/{src}", content_string=text_,
                           locale_alternate_of=lang, locale=lang)
    return SimpleNamespace(file=file, url=src.removesuffix(".md") + "/")


class _Files:
    def get_file_from_path(self, path: str) -> SimpleNamespace:
        return SimpleNamespace(url=path.removesuffix(".md") + "/" if path.endswith(".md") else path)


def test_the_hook_expands_the_index_and_keeps_the_lines_of_the_blocks_below(monkeypatch: pytest.MonkeyPatch,
                                                                          data: SiteData) -> None:
    monkeypatch.setattr(site_hooks, "_state", site_hooks._State(data=data))
    config = SimpleNamespace(config_file_path="/repo/mkdocs.yml")
    page = "# T\n\n```fan-index\nby: points\n```\n\n```hand\nhand: \"[234s][666s]345s78s11s9s\"\ntotal: 99\n```\n"
    with pytest.raises(PluginError, match=r"site/ko/rulebook/x\.md:7: .*total: stated 99"):
        site_hooks.on_page_markdown(page, _page("ko/rulebook/x.md", page, "ko"), config, _Files())
    good = page.replace("total: 99\n", "")
    md = site_hooks.on_page_markdown(good, _page("ko/rulebook/x.md", good, "ko"), config, _Files())
    assert "```fan-index" not in md and f"### {points_label('ko', 88)} {{#points-88}}" in md
    assert "](../fans/all_pungs.md)" in md
    bad = "# T\n\n```fan-index\nfamily: birds\n```\n"
    with pytest.raises(PluginError, match=r"site/en/rulebook/y\.md:3: unknown family 'birds'"):
        site_hooks.on_page_markdown(bad, _page("en/rulebook/y.md", bad, "en"), config, _Files())
