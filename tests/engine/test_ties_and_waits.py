"""Every way of reaching a hand's highest total (rules.score_ties), and the tiles a winning
hand waited on (ScoreResult.waits). Totals and fans worked out by hand from the fan table."""
from __future__ import annotations

import rules


def _fan_sets(results: list[rules.ScoreResult]) -> list[dict[str, int]]:
    return [r.fan_counts() for r in results]


def test_pungs_or_chows_read_for_the_same_total() -> None:
    # 111m 222m 333m and a claimed 123m: Quadruple Chow 48 + No Honors 1 + Single Wait 1 = 50,
    # or, as pungs, Pure Shifted Pungs 24 + Three Concealed Pungs 16 + Tile Hog x3 (four 1m,
    # 2m and 3m, none a kong) 6 + Pung of Terminals or Honors (111m) 1 + One Voided Suit 1
    # + No Honors 1 + Single Wait 1 = 50.
    ties = rules.score_ties("[123m]111222333m6p6p")
    assert [r.total for r in ties] == [50, 50]
    assert _fan_sets(ties) == [
        {"quadruple_chow": 1, "no_honors": 1, "single_wait": 1},
        {"pure_shifted_pungs": 1, "three_concealed_pungs": 1, "tile_hog": 3, "pung_of_terminals_or_honors": 1,
         "one_voided_suit": 1, "no_honors": 1, "single_wait": 1}]
    assert ties[0].fan_counts() == rules.score("[123m]111222333m6p6p").fan_counts()


def test_a_full_flush_read_as_chows_or_as_pungs() -> None:
    # 777 888 999m with 66m and a claimed 456m: Full Flush 24 + Pure Triple Chow (789m x3) 24
    # + All Chows 2 + Short Straight (456m 789m) 1 = 51, or Full Flush 24 + Pure Shifted Pungs
    # 24 + Two Concealed Pungs 2 (the third is completed by the discard) + Pung of Terminals
    # or Honors (999m) 1 = 51.
    ties = rules.score_ties("[456m]6677788899m9m")
    assert {frozenset(s) for s in _fan_sets(ties)} == {
        frozenset({"full_flush", "pure_triple_chow", "all_chows", "short_straight"}),
        frozenset({"full_flush", "pure_shifted_pungs", "two_concealed_pungs", "pung_of_terminals_or_honors"})}
    assert {r.total for r in ties} == {51}


def test_one_wait_named_two_ways() -> None:
    # 1223p + 2p: the 2p completes 123p with 22p left as the pair (closed wait) or 22p with
    # 123p (single wait); either wait fan is 1 point, so both count the same.
    ties = rules.score_ties("[123m]123m1223p123s2p", self_drawn=True, flowers=2, seat_wind="N", prevalent_wind="N")
    waits = [{"closed_wait", "single_wait"} & set(r.fan_counts()) for r in ties]
    assert sorted(map(sorted, waits)) == [["closed_wait"], ["single_wait"]]
    assert {r.total for r in ties} == {39}


def test_a_hand_with_one_best_scoring_has_no_tie() -> None:
    assert len(rules.score_ties("[123m]456m789m34p55s5p")) == 1


def test_the_result_says_what_the_hand_waited_on() -> None:
    # 456789m 34p 55s + 5p: 34p waits on 2p and 5p.
    assert rules.score("[123m]456m789m34p55s5p").waits == ("2p", "5p")
    # 1112345678999m + 5m: nine gates waits on every tile of the suit.
    assert rules.score("1112345678999m5m").waits == tuple(f"{n}m" for n in range(1, 10))
    assert rules.score("[123m]456m789m34p55s5p").as_dict()["waits"] == ["2p", "5p"]


def test_a_face_held_four_times_is_a_wait_only_where_the_edition_says_so() -> None:
    # Before the win: a claimed 222m and 1111m 2m 33m standing. 3m completes 111m 123m 33m;
    # 2m would complete 11m 123m 123m, but all four 2m are held (the pung and the standing
    # one): a wait of the hand's shape that cannot come.
    hand = "[789m][222m]1111233m3m"
    assert rules.score(hand).waits == ("3m",)
    assert rules.score(hand, edition="green-book").waits == ("2m", "3m")
