"""Other counts of the same total (rules.other_counts): the hands below were worked out by
hand from the rules; a count that reaches the total with other fans is listed as what it
counts instead of what, and a hand with one count lists none."""
from __future__ import annotations

from collections.abc import Iterable

import rules
from rules import OtherCount

TABLE = rules.fan_table()


def _others(hand: str, **situation: object) -> tuple[OtherCount, ...]:
    shown = rules.score_with_table(TABLE, hand, **situation)
    return rules.other_counts(shown, rules.score_ties(hand, table=TABLE, **situation))


def _ids(side: Iterable[rules.FanTimes]) -> list[tuple[str, int, int]]:
    return [(f.id, f.points, f.times) for f in side]


def test_a_tile_that_fills_a_closed_wait_or_the_pair_counts_either_wait_fan() -> None:
    # 222m 345m 555p + 7889p, won on 8p drawn: 789p with 88p. The 8p fills 7_9 (Closed Wait)
    # or completes the pair 88p (Single Wait); the hand waits on 8p alone, and only one wait
    # fan counts. 4 Fully Concealed + 2 Two Concealed Pungs + 1 One Voided Suit + 1 No Honors
    # + 1 wait = 9 either way; Closed Wait ranks above Single Wait, so it is shown.
    shown = rules.score_with_table(TABLE, "222345m5557889p8p", self_drawn=True)
    assert shown.total == 9 and "closed_wait" in {f.id for f in shown.fans}
    (other,) = _others("222345m5557889p8p", self_drawn=True)
    assert _ids(other.counted) == [("single_wait", 1, 1)]
    assert _ids(other.instead_of) == [("closed_wait", 1, 1)]


def test_a_chow_joined_to_either_neighbour_counts_either_pairwise_fan() -> None:
    # Mixed Straight 123m 456p 789s (8) links those three chows; 789p then joins one of them:
    # 789s (Mixed Double Chow) or 456p (Short Straight), not both (account once). The pair CC
    # and the open wait 23m on 1m add nothing: 8 + 1 = 9, valid.
    shown = rules.score_with_table(TABLE, "[789s]23m456789pCC1m")
    assert shown.total == 9
    (other,) = _others("[789s]23m456789pCC1m")
    assert _ids(other.counted) == [("short_straight", 1, 1)]
    assert _ids(other.instead_of) == [("mixed_double_chow", 1, 1)]


def test_four_chows_in_a_ring_give_the_pairwise_fans_in_either_proportion() -> None:
    # 456s 789s 456p 789p: two Mixed Double Chows and two Short Straights form a ring; any
    # three of the four count. Shown: both Mixed Double Chows (the higher-ranked fan) and one
    # Short Straight; the other count has one Short Straight more and one Mixed Double Chow less.
    shown = rules.score_with_table(TABLE, "[456s][789s]456789p8s8s")
    assert {f.id: f.count for f in shown.fans}["mixed_double_chow"] == 2
    (other,) = _others("[456s][789s]456789p8s8s")
    assert _ids(other.counted) == [("short_straight", 1, 1)]
    assert _ids(other.instead_of) == [("mixed_double_chow", 1, 1)]


def test_another_reading_of_the_tiles_comes_with_its_sets() -> None:
    # [123m] 111m 222m 333m 66p, 6p from a discard. Four chows 123m: Quadruple Chow 48 + No
    # Honors 1 + Single Wait 1 = 50 (One Voided Suit only listed with it). Three pungs:
    # Pure Shifted Pungs 24 + Three Concealed Pungs 16 + Tile Hog 2 x3 (four 1m, 2m, 3m) + Pung
    # of Terminals or Honors 1 (111m) + One Voided Suit 1 + No Honors 1 + Single Wait 1 = 50.
    # Quadruple Chow ranks higher and is shown.
    (other,) = _others("[123m]111222333m6p6p")
    assert _ids(other.counted) == [("pure_shifted_pungs", 24, 1), ("three_concealed_pungs", 16, 1),
                                   ("tile_hog", 2, 3), ("pung_of_terminals_or_honors", 1, 1),
                                   ("one_voided_suit", 1, 1)]
    assert _ids(other.instead_of) == [("quadruple_chow", 48, 1)]
    assert sorted(other.groups) == ["111m", "123m", "222m", "333m", "66p"]
    # The same sets with the winning tile elsewhere are no other reading: no sets are given.
    (wait,) = _others("222345m5557889p8p", self_drawn=True)
    assert wait.groups == ()


def test_a_hand_with_one_count_has_no_other() -> None:
    # Pure Straight 123m 456m 789m, Mixed Double Chow 123m 123p, the pair 55p: no other fan
    # can take the place of any counted one.
    assert _others("123456789m12355p") == ()
    assert rules.other_counts(rules.score_with_table(TABLE, "[789s]23m456789pCC1m"), ()) == ()


def test_as_dict_names_both_sides() -> None:
    (other,) = _others("[789s]23m456789pCC1m")
    d = other.as_dict()
    assert [f["id"] for f in d["counted"]] == ["short_straight"]
    assert [f["id"] for f in d["instead_of"]] == ["mixed_double_chow"]
    assert d["counted"][0]["name"] == "Short Straight" and d["counted"][0]["times"] == 1
