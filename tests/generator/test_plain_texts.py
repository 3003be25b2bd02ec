"""`mcr check` refuses markup in the table's texts (issue 23, item 1): a family name holding
"<svg onload=...>" was called sound, and the site's navigation ran it on every page.

Each problem names the file, the line, the fan (ruling, situation, change) and the field."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.site.plain_texts import table_markup_problems

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
GREEN_BOOK = (ROOT / "editions" / "green-book.yaml").read_text(encoding="utf-8")
HONORS = "  honors: {en: Winds and dragons,"


def check_fan_table(path: str) -> list[str]:
    return table_markup_problems(Path(path), path)


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def _table(tmp_path: Path, text: str = ORIGINAL, edition: str | None = None) -> Path:
    path = tmp_path / "fans.yaml"
    path.write_text(text, encoding="utf-8")
    if edition is not None:
        (tmp_path / "editions").mkdir()
        (tmp_path / "editions" / "green-book.yaml").write_text(edition, encoding="utf-8")
    return path


def test_the_issue_s_family_name_is_refused_by_mcr_check(tmp_path: Path) -> None:
    text = ORIGINAL.replace(HONORS, "  honors: {en: \"Winds <svg onload=window.__xss=4>\",", 1)
    run = subprocess.run([sys.executable, "-m", "mcr", "check", str(_table(tmp_path, text))],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 1, run.stdout + run.stderr
    line = _line_of(text, "  honors: {en:")
    assert f"fans.yaml:{line}: families.honors (en) holds an HTML tag '<svg': " in run.stdout, run.stdout
    assert "Traceback" not in run.stdout + run.stderr


# (text to replace, with what, the item the problem names, the field and markup it reports, where: the
# line of the text itself, or of its fan for a plain value of the fan's mapping)
CASES = [
    ("names: {en: Big Four Winds,", 'names: {en: "Big <b>Four</b> Winds",', "fan big_four_winds",
     "names (en) holds an HTML tag '<b>'", "text"),
    ("names: {en: Big Four Winds,", 'names: {en: "Big Four Winds {: onclick=x}",', "fan big_four_winds",
     "names (en) holds a Markdown attribute list '{: onclick=x}'", "text"),
    ("names: {en: Big Four Winds,", 'names: {en: "[Big](javascript:alert(1))",', "fan big_four_winds",
     "names (en) holds a Markdown link", "text"),
    ("names: {en: Big Four Winds,", 'names: {en: "Big &amp; Four",', "fan big_four_winds",
     "names (en) holds an HTML character reference '&amp;'", "text"),
    ("pinyin: dà sì xǐ", "pinyin: dà sì <i>xǐ</i>", "fan big_four_winds", "pinyin holds an HTML tag '<i>'", "fan"),
    ("  family: honors\n", "  family: \"honors\\\"><b>\"\n", "fan big_four_winds",
     "family 'honors\"><b>' is not an identifier", "fan"),
    ('      en: "robbing a kong is a win on another player\'s tile: it cannot be self-drawn"',
     '      en: "robbing a kong </script> is a win"', "situation robbing_is_on_a_discard",
     "reason (en) holds an HTML tag '</script>'", "text"),
]


@pytest.mark.parametrize(("old", "new", "item", "message", "where"), CASES)
def test_markup_in_a_text_is_refused_with_its_line_item_and_field(tmp_path: Path, old: str, new: str, item: str,
                                                                  message: str, where: str) -> None:
    assert old in ORIGINAL
    text = ORIGINAL.replace(old, new, 1)
    problems = check_fan_table(str(_table(tmp_path, text)))
    found = [p for p in problems if message in p]
    assert len(found) == 1, problems
    line = _line_of(text, new.strip()) if where == "text" else _line_of(text, "- number: 1\n")
    assert found[0].startswith(f"{tmp_path / 'fans.yaml'}:{line}: {item}: "), found[0]


def test_markup_in_an_edition_s_reason_names_the_edition_file(tmp_path: Path) -> None:
    old = '    en: "The later reading counts One Voided Suit whenever exactly one suit is missing, whatever the big fan."'
    assert old in GREEN_BOOK
    edition = GREEN_BOOK.replace(old, old.replace("whatever", "<img src=x onerror=alert(1)> whatever"), 1)
    problems = check_fan_table(str(_table(tmp_path, edition=edition)))
    line = _line_of(edition, "why: &voided")   # the text is an anchor the next changes repeat: reported once
    shown = tmp_path / "editions" / "green-book.yaml"
    assert problems == [f"{shown}:{line}: change of fan big_four_winds: why (en) holds an HTML tag '<img': the text "
                        "is shown as written: write it without markup"], problems


def test_markup_in_an_edition_s_name_is_refused(tmp_path: Path) -> None:
    edition = GREEN_BOOK.replace("    en: Green Book reading (2006)\n", "    en: \"Green Book <script>x</script>\"\n", 1)
    problems = check_fan_table(str(_table(tmp_path, edition=edition)))
    assert any("edition.names (en) holds an HTML tag '<script>'" in p for p in problems), problems


@pytest.mark.parametrize("harmless", ["a < b", "1 << n", "Tom & Jerry", "[123m] and [555p]", "a ] closes",
                                      "3 * 4 = 12", "snake_case", "{winning_tile}", "«Pung» — “quoted”"])
def test_text_that_only_looks_like_markup_passes(tmp_path: Path, harmless: str) -> None:
    text = ORIGINAL.replace("names: {en: Big Four Winds,", f"names: {{en: {json.dumps(harmless)},", 1)
    problems = check_fan_table(str(_table(tmp_path, text)))
    assert not [p for p in problems if "holds" in p], problems
