"""The strings the site's pages show hold no markup (issue 23, item 1): `mcr check` and every
reader of i18n/ refuse "<svg onload=...>" in a page's string with its file, line and key,
while the terminal's strings keep their "<level>" and the few Markdown strings their links."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from i18n import string_tables
from mcr.cli import main

from ..conftest import ROOT

PAYLOAD = "<svg onload=window.__xss=true>"


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.fixture
def strings_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of i18n/ the readers read in place of the project's."""
    copy = tmp_path / "i18n"
    shutil.copytree(ROOT / "i18n", copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(string_tables, "I18N_DIR", copy)
    string_tables.strings.cache_clear()
    yield copy
    string_tables.strings.cache_clear()


def _replace(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return _line_of(text, old)


def test_the_project_s_strings_hold_no_markup_in_any_language() -> None:
    assert string_tables.all_problems() == []


def test_a_tag_in_a_page_string_is_refused_with_file_line_and_key(strings_copy: Path) -> None:
    line = _replace(strings_copy / "site" / "ja.yaml", 'nav_home: "ホーム"', f'nav_home: "ホーム{PAYLOAD}"')
    assert string_tables.all_problems() == [
        f"i18n/site/ja.yaml:{line}: nav_home: holds an HTML tag '<svg': the text is shown as written: write it "
        "without markup (a string meant to hold Markdown is listed in i18n/markup.py, MARKDOWN_STRINGS)"]


@pytest.mark.parametrize(("surface", "old", "new", "found"), [
    ("web-quiz", "`mcr quiz` asks", "[mcr quiz](javascript:alert(1)) asks", "a link that leaves the site 'javascript:alert(1'"),
    ("web-quiz", "`mcr quiz` asks", "`mcr quiz`{: onclick=alert(1)} asks", "a Markdown attribute list"),
    ("web-quiz", "`mcr quiz` asks", "<b>mcr quiz</b> asks", "an HTML tag '<b>'"),
])
def test_a_markdown_string_may_link_inside_the_site_but_holds_no_html(strings_copy: Path, surface: str, old: str,
                                                                     new: str, found: str) -> None:
    _replace(strings_copy / surface / "en.yaml", old, new)
    problems = string_tables.all_problems()
    assert len(problems) == 1 and "quiz_terminal: holds " + found in problems[0], problems


def test_text_and_terminal_strings_that_only_look_like_markup_pass(strings_copy: Path) -> None:
    _replace(strings_copy / "web-quiz" / "en.yaml", "`mcr quiz` asks", "[`mcr quiz`](../quiz/index.md) asks")
    _replace(strings_copy / "site" / "en.yaml", 'nav_home: "Home"', 'nav_home: "Home: a < b & 1 << 2 [x]"')
    assert "quizzes/<level>.json" in (strings_copy / "cli" / "en.yaml").read_text(encoding="utf-8")
    assert string_tables.all_problems() == []


def test_mcr_check_reports_the_string(strings_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = _replace(strings_copy / "web-quiz" / "fr.yaml", "level_beginner: ", f"level_beginner: {PAYLOAD} ")
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert f"i18n/web-quiz/fr.yaml:{line}: level_beginner: holds an HTML tag '<svg'" in out, out
