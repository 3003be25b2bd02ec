"""A fan's other names (fans.yaml other_names): the names players of a language bring from
another game, shown on the fan page in that language and refused in an unknown language."""
from __future__ import annotations

from pathlib import Path

import rules
from generator.site.fan_pages import fan_pages
from generator.site.site_data import load_site_data

from ..conftest import ROOT


def test_pure_straight_is_also_ikkitsuukan_in_japanese_only() -> None:
    # 清龍 (Pure Straight, 1-9 of one suit) is what riichi players call 一気通貫.
    fan = rules.fan_table().fan("pure_straight")
    assert "一気通貫" in fan.other_names["ja"]
    pages = fan_pages(load_site_data())
    assert "別名：一気通貫（リーチ麻雀）" in pages["ja/fans/pure_straight.md"]
    for lang in ("en", "zh", "fr"):
        assert "一気通貫" not in pages[f"{lang}/fans/pure_straight.md"], lang
    # A fan with no other name in the language shows no empty line for one.
    assert "別名" not in pages["ja/fans/half_flush.md"]


def test_an_other_name_in_an_unknown_language_is_refused(tmp_path: Path) -> None:
    text = (ROOT / "fans.yaml").read_text(encoding="utf-8")
    broken = text.replace('other_names: {ja: "一気通貫', 'other_names: {xx: "一気通貫', 1)
    assert broken != text
    path = tmp_path / "fans.yaml"
    path.write_text(broken, encoding="utf-8")
    problems = rules.check_fan_table(str(path))
    assert any("pure_straight" in p and "other_names has a 'xx' text" in p for p in problems), problems


def test_each_name_on_a_fan_page_is_marked_with_its_language() -> None:
    # A screen reader reads a name in the voice of its lang: 清龙 in an English voice (and
    # "Escalera pura" in a Japanese one) before; the page's own language needs no mark.
    pages = fan_pages(load_site_data())
    english, japanese = pages["en/fans/pure_straight.md"], pages["ja/fans/pure_straight.md"]
    assert '| <span lang="zh">中文</span> | <span lang="zh">清龙</span> |' in english
    assert '| <span lang="es">Español</span> | <span lang="es">Escalera pura</span> |' in japanese
    assert "| English | Pure Straight |" in english and '<span lang="en">' not in english
