"""`mcr score` says the other counts of the same total, in the user's language (the hand is
worked out in tests/engine/test_same_total.py)."""
from __future__ import annotations

import json

from .in_process import mcr_here


def test_the_breakdown_lists_another_count_of_the_same_total() -> None:
    run = mcr_here("score", "222345m5557889p8p", "--self-drawn")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    at = lines.index("Also right, for the same total (the rules ask for the highest total, not for particular fans):")
    assert lines[at + 1] == "  Single Wait (1) instead of Closed Wait (1)"
    assert lines.index("Not counted:") < at < next(i for i, line in enumerate(lines) if line.startswith("Total 9"))


def test_the_other_count_is_said_in_chinese() -> None:
    run = mcr_here("--lang", "zh", "score", "[789s]23m456789pCC1m")
    # Short Straight is 连六 and Mixed Double Chow 喜相逢 in the rules' own names.
    assert "  以连六（1分）代替喜相逢（1分）" in run.stdout, run.stdout


def test_a_hand_with_one_count_says_nothing_more() -> None:
    run = mcr_here("score", "123456789m12355p")
    assert run.returncode == 0 and "Also right" not in run.stdout


def test_another_reading_is_said_with_its_sets() -> None:
    # Worked out in tests/engine/test_same_total.py: four chows 123m, or three pungs and a chow.
    run = mcr_here("score", "[123m]111222333m6p6p")
    (line,) = [line for line in run.stdout.splitlines() if " instead of " in line]
    assert line.startswith("  Pure Shifted Pungs (24), Three Concealed Pungs (16), Tile Hog (2) x3, ")
    assert line.endswith(" instead of Quadruple Chow (48), with the tiles read as 123m 111m 222m 333m 66p")


def test_json_gives_the_other_counts_too() -> None:
    run = mcr_here("score", "222345m5557889p8p", "--self-drawn", "--json")
    data = json.loads(run.stdout)
    assert data["total"] == 9
    assert data["same_total"] == [{"counted": [{"number": 79, "id": "single_wait", "name": "Single Wait", "points": 1,
                                                "times": 1}],
                                   "instead_of": [{"number": 78, "id": "closed_wait", "name": "Closed Wait",
                                                   "points": 1, "times": 1}],
                                   "groups": []}]
