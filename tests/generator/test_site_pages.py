"""The generated pages: one per fan per language with its links and examples, the fan
table and the notation; missing translations marked, never silent; the fans each ruling
concerns, listed in the rulebook's Rulings chapter."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.site.fan_pages import fan_page
from generator.site.fan_table_page import fan_table_page
from generator.site.generate import generated_pages
from generator.site.hand_block import find_hand_fences, read_block
from generator.site.markdown_text import GENERATED_MARK
from generator.site.site_data import SiteData, load_site_data
from generator.site.site_text import LANGS, text


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load_site_data()


def _without(data: SiteData, fan_id: str, lang: str) -> SiteData:
    """The same data, with every text of one fan and of its family missing in `lang`."""
    fans = []
    for fan in data.table.fans:
        if fan.id == fan_id:
            strip = lambda texts: {k: v for k, v in texts.items() if k != lang}  # noqa: E731
            fan = dataclasses.replace(fan, names=strip(fan.names), definitions=strip(fan.definitions),
                                      notes=strip(fan.notes))
        fans.append(fan)
    table = dataclasses.replace(data.table, fans=tuple(fans))
    families = {k: {l: v for l, v in names.items() if l != lang} for k, names in data.families.items()}
    return SiteData(table, families, data.fans_path)


def test_every_fan_has_a_page_in_every_language(data: SiteData) -> None:
    pages = generated_pages(data)
    for lang in LANGS:
        for fan in data.table.fans:
            page = pages[f"{lang}/fans/{fan.id}.md"]
            assert page.startswith("---\n" + GENERATED_MARK + "fan_pages.py")
        for name in ("fans/index.md", "notation.md"):
            assert pages[f"{lang}/{name}"].startswith("---\n" + GENERATED_MARK)
        assert f"{lang}/rulings.md" not in pages   # the rulings live in the rulebook chapter


def test_a_fan_page_links_both_ways_and_states_its_examples(data: SiteData) -> None:
    fan = data.table.fan("full_flush")
    page = fan_page(data, fan, "en")
    assert "\n\n# Full Flush\n" in page
    for excluded in fan.excludes:                      # the fans it excludes
        assert f"]({excluded}.md)" in page
    for other in data.table.fans:                      # the fans that exclude it
        if fan.id in other.excludes:
            assert f"]({other.id}.md)" in page
    blocks = [read_block(f) for f in find_hand_fences(page)]
    assert [(b.hand, dict(b.counts), b.total) for b in blocks] == [
        (e.hand, {fan.id: e.counts, **e.with_fans}, e.total) for e in fan.examples if e.matches] + [
        (e.hand, {fan.id: e.counts, **e.with_fans}, e.total) for e in fan.examples if not e.matches]
    for lang in LANGS:                                 # names in every site language
        if fan.names.get(lang):
            assert fan.names[lang] in page


def test_missing_translation_is_shown_in_english_and_marked(data: SiteData) -> None:
    thin = _without(data, "full_flush", "ko")
    page = fan_page(thin, thin.table.fan("full_flush"), "ko")
    marker = text("ko", "untranslated")
    definition = data.table.fan("full_flush").definitions["en"]
    assert f"{definition} <span class=\"mcr-untranslated\"" in page
    assert "\n# Full Flush\n" in page and text("ko", "partial_page_title") in page
    assert page.count(marker) >= 3                     # name row, definition, family
    complete = fan_page(data, data.table.fan("full_flush"), "zh")
    if all(data.table.fan("full_flush").names.get(lang) for lang in LANGS):
        assert text("zh", "untranslated") not in complete.split("## ")[1]    # the names table
    table = fan_table_page(thin, "ko")
    assert f"[Full Flush {'<span'}" in table


def test_fan_table_lists_every_fan_with_filters(data: SiteData) -> None:
    page = fan_table_page(data, "es")
    for fan in data.table.fans:
        assert f"]({fan.id}.md)" in page and f'<span data-points="{fan.points}">' in page
    assert page.count('<option value="') == len({f.points for f in data.table.fans}) + len(
        {f.family for f in data.table.fans}) + 2
    assert "-winning.svg" in page and "-exposed.svg" in page


def test_navigation_lists_what_exists_in_order(tmp_path: Path, data: SiteData) -> None:
    from generator.site.site_nav import build_nav

    for name in ("scoring", "tiles", "extra"):          # written out of order, one unknown
        (tmp_path / "en/rulebook").mkdir(parents=True, exist_ok=True)
        (tmp_path / f"en/rulebook/{name}.md").write_text("# x\n", encoding="utf-8")
    nav = build_nav(tmp_path, data, "zh")
    assert nav[0] == {"首页": "index.md"}
    assert nav[1] == {"规则": ["rulebook/tiles.md", "rulebook/scoring.md"]}
    fans = nav[2]["番种"]
    assert fans[0] == "fans/index.md"
    assert list(fans[1]) == ["88分"] and len(fans[1]["88分"]) == sum(1 for f in data.table.fans if f.points == 88)
    extra = {f.id for t in data.other_editions.values() for f in t.fans} - {f.id for f in data.table.fans}
    assert fans[-1] == {"其他版本的番种": sorted(f"fans/{f}.md" for f in extra)}
    assert sum(len(next(iter(group.values()))) for group in fans[1:-1]) == len(data.table.fans)
    assert nav[3:] == ["notation.md", "editions.md"]     # no quiz yet: no slot
    (tmp_path / "en/quiz").mkdir()
    for name in ("practice.md", "index.md"):
        (tmp_path / f"en/quiz/{name}").write_text("# q\n", encoding="utf-8")
    assert build_nav(tmp_path, data, "es")[-1] == {"Ejercicios": ["quiz/index.md", "quiz/practice.md"]}
