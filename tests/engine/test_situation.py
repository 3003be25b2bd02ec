"""Situations: flag checking, impossible combinations, settlement."""
from __future__ import annotations

import pytest

import rules
from rules import SituationError

CHICKEN = "[234m][888p]567s34pEE5p"


@pytest.mark.parametrize(("situation", "message"), [
    ({"robbing_kong": True, "self_drawn": True}, "cannot be self-drawn"),
    ({"robbing_kong": True, "last_wall_tile": True}, "wall's last tile"),
    ({"replacement": True}, "needs a kong"),
    ({"flowers": 9}, "flowers must be a whole number from 0 to 8"),
    ({"flowers": -1}, "flowers must be"),
    ({"flowers": True}, "flowers must be"),
    ({"seat_wind": "X"}, "seat_wind must be one of E S W N"),
    ({"self_drawn": "yes"}, "self_drawn must be true or false"),
    ({"dealer": True}, "unknown situation field"),
])
def test_impossible_or_malformed_situations(situation: dict, message: str) -> None:
    with pytest.raises(SituationError, match=message):
        rules.score(CHICKEN, **situation)


def test_robbing_a_tile_you_hold_twice_is_refused() -> None:
    with pytest.raises(SituationError, match="only the robbed one"):
        rules.score("[456m][333m]44556m66p3m", robbing_kong=True)


def test_last_tile_with_a_concealed_copy_is_refused() -> None:
    with pytest.raises(SituationError, match="this hand conceals one of them"):
        rules.score("[234m][888p]567s45pEE5p", fourth_tile=True)


def test_replacement_implies_self_drawn_and_says_so() -> None:
    result = rules.score("[2222m][888p]567s34pEE5p", replacement=True)
    assert result.situation.self_drawn and result.situation.implied == ("self_drawn",)
    assert result.as_dict()["situation"]["implied"] == ["self_drawn"]
    assert result.payments is not None and result.payments.self_drawn
    # Given outright, the flag is not "implied"; given as false, the two contradict.
    assert rules.score("[2222m][888p]567s34pEE5p", replacement=True, self_drawn=True).situation.implied == ()
    with pytest.raises(SituationError, match="cannot be on a discard"):
        rules.score("[2222m][888p]567s34pEE5p", replacement=True, self_drawn=False)


def test_a_replacement_tile_may_be_the_walls_last_tile() -> None:
    # Ruling: a kong declared with one tile left in the wall takes that tile as its
    # replacement; won on it, the hand counts both (8 + 8).
    got = rules.score("[2222m][888p]567s34pEE5p", replacement=True, last_wall_tile=True).fan_counts()
    assert got["out_with_replacement_tile"] == 1 and got["last_tile_draw"] == 1


def test_payments_on_a_discard_and_self_drawn() -> None:
    on_discard = rules.score(CHICKEN)
    assert on_discard.total == 8 and on_discard.valid
    assert on_discard.payments.as_dict() == {"self_drawn": False, "discarder": 16, "others": 8,
                                             "winner_receives": 32}
    drawn = rules.score("[EEE][SSSS1]55pWWWNNN", self_drawn=True)
    assert drawn.total == 98
    assert drawn.payments.as_dict() == {"self_drawn": True, "each": 106, "winner_receives": 318}


def test_flowers_count_in_the_total_but_not_towards_eight() -> None:
    result = rules.score(CHICKEN, self_drawn=True, flowers=8)
    assert result.fan_counts() == {"self_drawn": 1, "flower_tiles": 8}
    assert result.total == 9 and result.total_without_flowers == 1
    assert not result.valid and result.payments is None
