"""The site's own strings: the same keys and placeholders in every language, none empty,
and the languages of mkdocs.yml are those of the string table."""
from __future__ import annotations

import string

import pytest

from generator.site.site_text import DEFAULT_LANG, LANGS, LANGUAGE_NAMES, TEXT, points_label, text
from generator.site.tiles import LANGS as TILE_LANGS

from ..conftest import ROOT, read_yaml


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_key(lang: str) -> None:
    missing = sorted(set(TEXT[DEFAULT_LANG]) - set(TEXT[lang]))
    extra = sorted(set(TEXT[lang]) - set(TEXT[DEFAULT_LANG]))
    assert not missing, f"{lang} lacks {missing}"
    assert not extra, f"{lang} has keys English lacks: {extra}"


@pytest.mark.parametrize("lang", LANGS)
def test_same_placeholders_and_no_empty_string(lang: str) -> None:
    for key, english in TEXT[DEFAULT_LANG].items():
        assert TEXT[lang][key].strip(), f"{lang}.{key} is empty"
        assert _placeholders(TEXT[lang][key]) == _placeholders(english), f"{lang}.{key} placeholders differ"


def test_translations_are_not_copies_of_english() -> None:
    # Short technical words ("Total", "Fan") may coincide; whole sentences must not.
    for lang in LANGS:
        if lang == DEFAULT_LANG:
            continue
        copied = [k for k, v in TEXT[lang].items() if len(v) > 25 and v == TEXT[DEFAULT_LANG][k]]
        assert not copied, f"{lang} repeats the English text of {copied}"


def test_languages_agree_with_mkdocs_yml_and_tile_names() -> None:
    config = read_yaml(ROOT / "mkdocs.yml")
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    locales = [entry["locale"] for entry in i18n["languages"]]
    assert tuple(locales) == LANGS
    assert [entry["name"] for entry in i18n["languages"]] == [LANGUAGE_NAMES[lang] for lang in LANGS]
    assert set(TILE_LANGS) == set(LANGS)
    # Material's own interface is translated by the theme; our palette toggles are not.
    for entry in i18n["languages"]:
        if entry["locale"] != DEFAULT_LANG:
            toggles = [p["toggle"]["name"] for p in entry["theme"]["palette"]]
            assert len(toggles) == 2 and all(toggles), entry["locale"]


def test_points_and_formatting() -> None:
    assert points_label("en", 1) == "1 point"
    assert points_label("en", 88) == "88 points"
    assert points_label("zh", 24) == "24分"
    assert points_label("es", 1) == "1 punto"
    assert points_label("ko", 8) == "8점"
    assert text("es", "situation_seat_wind", wind=text("es", "wind_S")) == "Viento de asiento: Sur"
