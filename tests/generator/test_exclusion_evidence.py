"""Listed versus implied exclusions (generator/quizzes/exclusion_evidence.py): every recorded hand shows
what it claims, and pairs worked out by hand from the fans' definitions come out right."""
from __future__ import annotations

import pytest

import rules
from generator.quizzes.exclusion_evidence import evidence_in_file, is_listed
from generator.quizzes.questions import not_counted_of

DISCARD = {"self_drawn": False}
SELF_DRAWN = {"self_drawn": True}


def test_every_recorded_hand_counts_the_fan_and_lacks_the_excluded_one() -> None:
    evidence = evidence_in_file()
    assert len(evidence) > 50
    for edition, e in evidence:
        result = rules.score(e.hand, edition=edition, **e.situation)
        matched = {f.id for f in result.fans} | {n.id for n in result.not_counted}
        assert e.fan in result.fan_counts() and e.excluded not in matched, (edition, e)
        assert e.excluded in rules.fan_table(None, edition).fan(e.fan).excludes


@pytest.mark.parametrize("edition, fan, excluded, situation, listed", [
    # Four winds pungs always hold three of them: Big Three Winds is implied.
    ("1998", "big_four_winds", "big_three_winds", DISCARD, False),
    # A one-suit hand has no honors: No Honors is implied by Full Flush.
    ("1998", "full_flush", "no_honors", SELF_DRAWN, False),
    # Nine Gates won on a discard is not self-drawn, so not a Fully Concealed Hand; self-drawn, it always is.
    ("1998", "nine_gates", "fully_concealed_hand", DISCARD, True),
    ("1998", "nine_gates", "fully_concealed_hand", SELF_DRAWN, False),
    # Seven pairs are concealed: won on a discard, Concealed Hand is implied.
    ("1998", "seven_pairs", "concealed_hand", DISCARD, False),
    # Three kongs may all be concealed: a Melded Kong among them is the rules' list, not implied.
    ("1998", "three_kongs", "melded_kong", DISCARD, True),
])
def test_pairs_worked_out_by_hand(edition: str, fan: str, excluded: str, situation: dict, listed: bool) -> None:
    assert is_listed(edition, fan, excluded, situation) is listed


def test_a_listed_exclusion_is_marked_in_the_explanation() -> None:
    # Three kongs, one melded (1111m) and two concealed, with a pung and a pair.
    result = rules.score("[1111m1][3333p][5555s]777s9s9s")
    entries = {n["id"]: n for n in not_counted_of(result)}
    assert entries["melded_kong"]["by"] == "three_kongs" and entries["melded_kong"].get("listed") is True
    assert "listed" not in entries.get("two_melded_kongs", {})
