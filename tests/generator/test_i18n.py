"""The interface's strings as data (i18n/): every surface reads, every language has every
key with the same placeholders, and a broken file is refused with its name, line and key."""
from __future__ import annotations

from pathlib import Path

import pytest

import i18n
from i18n import string_tables as strings_module
from i18n.data_file import read_yaml
from i18n.languages import DECIMAL_MARKS, SINGULAR_COUNTS, plural_key
from i18n.string_tables import problems

from ..conftest import ROOT

SURFACES = sorted(p.name for p in (ROOT / "i18n").iterdir() if p.is_dir() and not p.name.startswith("_"))


def test_the_surfaces_are_these_folders() -> None:
    assert SURFACES == ["cli", "diagrams", "offline", "quiz", "scoresheet", "site", "tiles", "web-quiz"]


@pytest.mark.parametrize("surface", SURFACES)
def test_every_language_has_every_key_with_its_placeholders(surface: str) -> None:
    files = sorted(p.stem for p in (ROOT / "i18n" / surface).glob("*.yaml"))
    assert files == sorted(i18n.LANGS), f"i18n/{surface}/ has {files}"
    table = i18n.strings(surface)   # raises StringsError listing every problem
    assert set(table.tables) == set(i18n.LANGS)
    keys = {lang: set(t) for lang, t in table.tables.items()}
    assert all(k == keys[i18n.DEFAULT_LANG] for k in keys.values())


def test_the_problems_name_the_file_and_the_key() -> None:
    tables = {"en": {"greeting": "Hello {name}", "bye": "Bye"},
              "zh": {"greeting": "你好{who}", "extra": "多"},
              "es": {"greeting": "Hola {name}", "bye": " "}}
    found = problems(tables, "site")
    assert "i18n/site/zh.yaml: bye: missing (it is in en.yaml)" in found
    assert "i18n/site/zh.yaml: extra: not in en.yaml" in found
    assert "i18n/site/zh.yaml: greeting: placeholders ['who'], en.yaml has ['name']" in found
    assert "i18n/site/es.yaml: bye: empty" in found
    assert len(found) == 4


def test_a_stray_brace_is_named_where_every_string_is_formatted() -> None:
    # The command line formats each of its strings: a brace that is no placeholder is the
    # English file's problem, named, not a ValueError where the string is shown. The terminal
    # quiz prints its strings as they are, braces and all (its legend shows { } as a kong).
    tables = {"en": {"kinds": "{n kinds", "legend": "{ } concealed kong"}, "zh": {"kinds": "{n} 种", "legend": "{ } 暗杠"}}
    assert problems(tables, "cli")[0].startswith("i18n/cli/en.yaml: kinds: a brace that is not part of a placeholder")
    assert problems({lang: {"legend": t["legend"]} for lang, t in tables.items()}, "quiz") == []


def _with_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, files: dict[str, str]) -> None:
    for name, body in files.items():
        (tmp_path / "site").mkdir(exist_ok=True)
        (tmp_path / "site" / name).write_text(body, encoding="utf-8")
    monkeypatch.setattr(strings_module, "I18N_DIR", tmp_path)
    monkeypatch.setattr(strings_module, "LANGS", ("en", "zh"))
    strings_module.strings.cache_clear()


@pytest.mark.parametrize(("zh", "message"), [
    ("a: \"一\"\nb: [unclosed\n", "site/zh.yaml:3:1: YAML syntax"),
    ("a: \"一\"\nyes: \"是\"\n", "site/zh.yaml: the key True must be text: put it in quotes"),
    ("a: 3\n", "site/zh.yaml: a: the text must be in quotes"),
    ("- a\n", "site/zh.yaml: expected 'key: text' lines"),
])
def test_a_broken_file_is_refused_with_where(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, zh: str, message: str) -> None:
    _with_files(monkeypatch, tmp_path, {"en.yaml": "a: \"one\"\n", "zh.yaml": zh})
    try:
        with pytest.raises(i18n.StringsError) as err:
            strings_module.strings("site")
        assert message in str(err.value)
    finally:
        strings_module.strings.cache_clear()


def test_a_missing_language_file_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _with_files(monkeypatch, tmp_path, {"en.yaml": "a: \"one\"\n"})
    try:
        with pytest.raises(i18n.StringsError, match=r"site/zh.yaml: missing"):
            strings_module.strings("site")
    finally:
        strings_module.strings.cache_clear()


def test_the_languages_file_gives_the_default_first() -> None:
    data = read_yaml(ROOT / "i18n" / "languages.yaml")
    assert [d["code"] for d in data] == list(i18n.LANGS) and i18n.DEFAULT_LANG == data[0]["code"]
    assert i18n.LANGUAGE_NAMES["zh"] == "中文"


def test_a_fan_text_falls_back_to_the_default_language_visibly() -> None:
    assert i18n.pick({"en": "Full Flush", "zh": "清一色"}, "zh") == i18n.Localized("清一色", False)
    assert i18n.pick({"en": "Full Flush"}, "ko") == i18n.Localized("Full Flush", True)
    assert not i18n.pick({}, "ko")


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_singular_counts_are_cldrs(lang: str) -> None:
    # languages.yaml lists the counts each language says in its form for one; CLDR's rules
    # (Babel here, Intl.PluralRules on the pages) are the reference.
    from babel import Locale
    rule = Locale.parse(lang).plural_form
    assert SINGULAR_COUNTS[lang] == {n for n in range(1000) if rule(n) == "one"}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_decimal_marks_are_cldrs(lang: str) -> None:
    from babel.numbers import get_decimal_symbol
    assert DECIMAL_MARKS[lang] == get_decimal_symbol(lang)
    assert i18n.decimal_text(lang, 12.5) == f"12{get_decimal_symbol(lang)}5"


def test_a_counted_phrase_takes_the_form_its_language_gives_the_count() -> None:
    assert [plural_key("en", "days", n) for n in (0, 1, 2)] == ["days_other", "days_one", "days_other"]
    assert [plural_key("fr", "days", n) for n in (0, 1, 2)] == ["days_one", "days_one", "days_other"]   # 0 jour
    assert plural_key("ja", "days", 1) == "days_other"   # no plurals: one form, written twice
