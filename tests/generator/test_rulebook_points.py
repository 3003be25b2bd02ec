"""The points the rulebook's prose gives a fan, held to the table in force
(generator/site/rulebook_points.py, run by `mcr check`)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import rules
from generator.site.rulebook_points import PointsReader, points_problems

from ..conftest import ROOT


def _editions() -> list[rules.FanTable]:
    return [rules.fan_table(None, info.id) for info, _ in list(rules.editions())[1:]]


def test_the_rulebook_gives_every_fan_the_tables_points(table: rules.FanTable) -> None:
    assert points_problems(ROOT / "site", table, _editions()) == []


def _all_pungs_at(table: rules.FanTable, points: int) -> rules.FanTable:
    return dataclasses.replace(table, fans=tuple(dataclasses.replace(f, points=points) if f.id == "all_pungs" else f
                                                 for f in table.fans))


PROSE = """# Points

All Pungs 6 and Half Flush 6 make 12.
It counts [All Pungs](../fans/all_pungs.md) (6), not more.
Scored as All Pungs, 6 points, with Tile Hog 2.
碰碰和6分，暗杠2分。
碰碰和（6分）与暗杠（2分）。
팽팽화 6점과 암깡 2점.
Todo pungs (6 puntos) y Cuatro iguales (2 puntos).
| [All Pungs](../fans/all_pungs.md) | 6 | four pungs |
| [Tile Hog](../fans/tile_hog.md) | 2 | four copies |
"""


def test_each_way_of_naming_a_fan_with_its_points_is_held_to_the_table(tmp_path: Path, table: rules.FanTable) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "x.md").write_text(PROSE, encoding="utf-8")
    assert points_problems(tmp_path, table, []) == []
    problems = points_problems(tmp_path, _all_pungs_at(table, 8), [], shown="book")
    lines = [int(p.split(":")[1]) for p in problems]
    assert lines == [3, 4, 5, 6, 7, 8, 9, 10]
    assert problems[0] == "book/en/x.md:3: fan all_pungs (All Pungs): the text gives 6 points, the table 8"


@pytest.mark.parametrize("line", [
    "[Short Straight](../fans/short_straight.md) (1-2-3 with 4-5-6)",   # tiles, not points
    "[Pure Straight](../fans/pure_straight.md) (1 to 9 of characters)",
    "Concealed Hand 2, Pure Double Chow twice 2 and Single Wait 1",      # a count, then a total
    "once Short Straight (3 points in all)",
    "Mixed Double Chow: 2-3-4 of bamboo",
])
def test_a_number_that_is_not_the_fans_points_is_not_read_as_them(line: str, table: rules.FanTable) -> None:
    mentions = PointsReader([table]).mentions(line, "x.md")
    assert all(table.fan(m.fan).points == m.stated for m in mentions), mentions


def test_a_number_inside_a_hand_block_is_not_prose(table: rules.FanTable) -> None:
    text = "```hand\nhand: \"[222m][555p]888s33pEEE\"\nfans: [all_pungs]\n# All Pungs 99\n```\nAll Pungs 6\n"
    assert [(m.line, m.stated) for m in PointsReader([table]).mentions(text, "x.md")] == [(6, 6)]


def test_another_editions_points_are_accepted(tmp_path: Path, table: rules.FanTable) -> None:
    # A fan only the Green Book reading has, with its points there.
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "x.md").write_text("明暗杠5分。明暗杠7分。\n", encoding="utf-8")
    problems = points_problems(tmp_path, table, _editions())
    assert len(problems) == 1 and "the text gives 7 points, the table 5" in problems[0]
