"""The competition facts of fans.yaml (the `competition` section): they are the rulebook's,
the checks refuse a section that is malformed or out of order with its line, and an edition
may change them like the settlement, documented and shown by `mcr editions diff`."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules

from ..conftest import ROOT

ORIGINAL = (ROOT / "fans.yaml").read_text(encoding="utf-8")
COMPETITION_CHAPTER = (ROOT / "site" / "en" / "rulebook" / "competition.md").read_text(encoding="utf-8")
PROSE = " ".join(COMPETITION_CHAPTER.split())   # the chapter's words, its line breaks as spaces


def test_the_facts_are_the_rulebooks(table: rules.FanTable) -> None:
    c = table.competition
    assert c is not None
    # "Starting points | ... | The points each player holds at the start of every session: **500**"
    starting = re.search(r"^\| Starting points \|.*\*\*(\d+)\*\*", COMPETITION_CHAPTER, re.M)
    assert starting and c.starting_score == int(starting.group(1))
    # "A session (jú 局) is four circles of play: sixteen hands, since the deal passes after every hand."
    assert "sixteen hands, since the deal passes after every hand" in PROSE
    assert c.hands_per_session == 16
    # The table of standard points by place: the last number of each row, first to fourth.
    section = COMPETITION_CHAPTER.split("{#standard-points}")[1].split("For example:")[0]
    by_place = [int(re.findall(r"\d+", row)[-1]) for row in re.findall(r"^\| \d(?:st|nd|rd|th) \|[^\n]*", section, re.M)]
    assert by_place == [4, 2, 1, 0] == list(c.standard_points)
    assert c.players == 4
    # "The rules name the offences but leave the amounts to each event's penalty regulations."
    assert "leave the amounts to each event's penalty regulations" in PROSE
    assert [o.id for o in c.offences] == ["false_win", "wrong_tile_count", "other_offence"]
    assert all(o.points is None for o in c.offences)
    assert all(set(o.names) == set(table.languages) for o in c.offences)


def test_every_edition_has_them(table: rules.FanTable) -> None:
    for info, _ in rules.editions():
        assert rules.load_fan_table(edition=info.id).competition == table.competition


def _problems(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in ORIGINAL, old
    path = tmp_path / "fans.yaml"
    path.write_text(ORIGINAL.replace(old, new, 1), encoding="utf-8")
    data = rules.read_table_data(path, "fans.yaml", trust_cache=False)
    with pytest.raises(rules.FanTableError) as caught:
        rules.table_from_data(data, "fans.yaml")
    return list(caught.value.problems)


LINE = ORIGINAL[: ORIGINAL.index("  starting_score:")].count("\n") + 1   # where the section's mapping starts


@pytest.mark.parametrize(("old", "new", "message"), [
    ("  standard_points: [4, 2, 1, 0]", "  standard_points: [4, 1, 2, 0]",
     f"fans.yaml:{LINE}: competition: standard_points [4, 1, 2, 0] must not rise from one place to the next"),
    ("  standard_points: [4, 2, 1, 0]", "  standard_points: [4, 2, 1]", "is too short"),
    ("  hands_per_session: 16", "  hands_per_session: 15", "15 is not a multiple of 4"),
    ("  starting_score: 500", "  starting_score: 0", "0 is less than the minimum of 1"),
    ("  - offence: wrong_tile_count", "  - offence: false_win", "competition: penalty false_win: duplicate offence"),
    ('fr: "Autre infraction", ja: "その他の反則"}', 'fr: "Autre infraction"}',
     "competition: penalty other_offence: names has no 'ja' text"),
    ("  - offence: false_win\n", "  - offence: false_win\n    points: 0\n", "0 is less than the minimum of 1"),
    ("  starting_score: 500", "  starting_points: 500", "'starting_score' is a required property"),
])
def test_a_broken_section_is_refused_with_its_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    problems = _problems(tmp_path, old, new)
    assert any(message in p for p in problems), problems
    assert all(p.startswith("fans.yaml:") for p in problems), problems


def test_the_section_is_required(tmp_path: Path) -> None:
    start = ORIGINAL.index("competition:\n")
    end = ORIGINAL.index("# The situation of a win")
    problems = _problems(tmp_path, ORIGINAL[start:end], "")
    assert any("'competition' is a required property" in p for p in problems), problems


CLUB = '''edition:
  id: club
  based_on: "1998"
  names: {en: Our club, zh: 本俱乐部, es: "Nuestro club", ko: "우리 클럽", fr: "Notre club", ja: "当クラブ"}
  source:
    publisher: {en: The club, zh: 俱乐部, es: "El club", ko: "클럽", fr: "Le club", ja: "クラブ"}
    year: 2026
    title: {en: House rules, zh: 内部规则, es: "Reglas de la casa", ko: "자체 규칙", fr: "Règles maison", ja: "内規"}
  summary: {en: Short sessions., zh: 短局。, es: "Partidas cortas.", ko: "짧은 국.", fr: "Séances courtes.", ja: "短い対局。"}
changes:
- competition:
    starting_score: 300
    hands_per_session: 8
    penalties:
    - offence: false_win
      names: {en: False win, zh: 错和, es: "Mahjong falso", ko: "착화", fr: "Faux Mahjong", ja: "錯和"}
      points: 30
  why: {en: Evening games., zh: 晚间对局。, es: "Partidas de tarde.", ko: "저녁 대국.", fr: "Parties du soir.", ja: "夜の対局。"}
'''


def _club(tmp_path: Path, overlay: str = CLUB) -> Path:
    shutil.copy(ROOT / "fans.yaml", tmp_path / "fans.yaml")
    shutil.copytree(ROOT / "editions", tmp_path / "editions")
    (tmp_path / "editions" / "club.yaml").write_text(overlay, encoding="utf-8")
    return tmp_path / "fans.yaml"


def test_an_edition_changes_them_and_says_why(tmp_path: Path, table: rules.FanTable) -> None:
    path = _club(tmp_path)
    club = rules.load_fan_table(path, edition="club").competition
    assert (club.starting_score, club.hands_per_session) == (300, 8)
    assert club.standard_points == table.competition.standard_points     # what the edition leaves alone
    assert [(o.id, o.points) for o in club.offences] == [("false_win", 30)]
    changed = {(d.kind, d.field): (d.before, d.after) for d in rules.edition_differences("1998", "club", path)}
    assert changed[("competition", "starting_score")] == (500, 300)
    assert changed[("competition", "hands_per_session")] == (16, 8)
    assert ("competition", "penalties") in changed
    run = subprocess.run([sys.executable, "-m", "mcr", "editions", "diff", "1998", "club", "--fans", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "competition facts [starting_score]" in run.stdout and "Evening games." in run.stdout


def test_a_change_that_changes_nothing_is_named(tmp_path: Path) -> None:
    idle = CLUB.replace("    starting_score: 300\n", "    starting_score: 500\n")
    path = _club(tmp_path, idle)
    problems = rules.check_fan_table(str(path))
    assert any("club.yaml" in p and "competition starting_score changes nothing" in p for p in problems), problems


def test_an_edition_cannot_break_them(tmp_path: Path) -> None:
    path = _club(tmp_path, CLUB.replace("    hands_per_session: 8\n", "    hands_per_session: 8\n    standard_points: [0, 1, 2, 4]\n"))
    with pytest.raises(rules.FanTableError) as caught:
        rules.load_fan_table(path, edition="club")
    assert any("club.yaml" in p and "must not rise" in p for p in caught.value.problems), caught.value.problems
