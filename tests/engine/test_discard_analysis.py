"""The discard analysis (rules.analyze_hand) on hands worked out by hand: each winning
shape's shanten, the useful tiles with their unseen copies, the discards best first, a
ready hand's waits and their scores. Every expectation is reasoned in its comment."""
from __future__ import annotations

import pytest

import rules
from rules.shapes import waits_of_waiting_hand


def forms(hand: str) -> dict[str, int | None]:
    return rules.analyze_hand(hand).as_dict()["forms"]


def useful(hand: str) -> dict[str, int]:
    return {u["tile"]: u["unseen"] for u in rules.analyze_hand(hand).as_dict()["useful"]}


def test_a_ready_standard_hand_with_two_pairs() -> None:
    # 123m 456p 789s are sets; EE and SS wait on E or S (a pung of one, the other the pair).
    # Seven pairs: two pairs among 11 faces, 6 - 2 = 4 from ready. Thirteen orphans: 1m 9s E S
    # held, E twice: 5 of its 14 tiles, 13 - 5 = 8. Honours and knitted: E S and three faces
    # of any one knitted straight (1m 5p 9s of 147m258p369s): 5 of 14, 8. Knitted straight:
    # 1m 5p 9s of it, then EE as the pair and SS as two tiles of the set: 7 of 14, 6.
    found = rules.analyze_hand("123m456p789sEESS").as_dict()
    assert found["shanten"] == 0
    assert found["forms"] == {"standard": 0, "seven_pairs": 4, "thirteen_orphans": 8, "honors_and_knitted": 8,
                              "knitted_straight": 6}
    # Two of each wind are in the hand: two of each unseen.
    assert found["useful"] == [{"tile": "E", "unseen": 2}, {"tile": "S", "unseen": 2}]
    assert [w["tile"] for w in found["waits"]] == ["E", "S"]


def test_a_one_away_hand_with_a_meld() -> None:
    # [123m] leaves three sets and a pair for 456p 78s 99s EE S. 456p and 789s (78s with one
    # 9s) are sets, EE the pair, and 9s or S begins the last set: 9 of the 11 standing tiles
    # of a win, so one tile from ready. 6s makes 678s (99s and EE then wait); 7s makes 79s
    # beside 789s (waiting on 8s); 8s makes 89s (waiting on 7s); 9s makes 999s; E makes EEE;
    # S makes SS beside EE. Only the standard shape and the knitted straight allow a meld.
    found = rules.analyze_hand("[123m]456p78s99sEES").as_dict()
    assert found["shanten"] == 1
    assert found["forms"]["seven_pairs"] is None and found["forms"]["thirteen_orphans"] is None
    assert found["forms"]["honors_and_knitted"] is None and found["forms"]["knitted_straight"] is not None
    # Unseen: four less the copies in the hand and its meld (7s 8s: one held; 9s: two; E two; S one).
    assert useful("[123m]456p78s99sEES") == {"6s": 4, "7s": 3, "8s": 3, "9s": 2, "E": 2, "S": 3}
    assert "waits" not in found


def test_three_melds_rule_out_every_shape_but_the_standard() -> None:
    # 789s with 9s: 9s alone waits on itself, 99s with 78s on 6s or 9s.
    found = rules.analyze_hand("[EEE][123m][456p]789s9s").as_dict()
    assert found["forms"] == {"standard": 0, "seven_pairs": None, "thirteen_orphans": None,
                              "honors_and_knitted": None, "knitted_straight": None}
    assert [w["tile"] for w in found["waits"]] == ["6s", "9s"]
    assert found["useful"] == [{"tile": "6s", "unseen": 4}, {"tile": "9s", "unseen": 2}]


def test_a_fifth_copy_is_no_target() -> None:
    # 111m + 1m + three sets would wait on a fifth 1m: not ready. Any other drawn tile X
    # lets the fourth 1m go and waits on X alone, so every other face is useful; 1m is not
    # (none left). PyMahjongGB calls this hand ready (it does not count copies): our ruling.
    hand = "1111m234p567s789s"
    found = rules.analyze_hand(hand).as_dict()
    assert found["shanten"] == 1 and found["forms"]["standard"] == 1
    assert not waits_of_waiting_hand(rules.parse_waiting_hand(hand))
    tiles = useful(hand)
    assert "1m" not in tiles and len(tiles) == 33
    assert tiles["2m"] == 4 and tiles["3p"] == 3


def test_a_melded_pung_leaves_one_copy() -> None:
    # [555p] and the standing 5p hold all four 5p, so 56p waits on 4p or 7p only (EE the pair).
    found = rules.analyze_hand("[555p][123m][789s]EE56p").as_dict()
    assert [w["tile"] for w in found["waits"]] == ["4p", "7p"]


def test_seven_pairs() -> None:
    # Six pairs and 7s: waits on 7s (three unseen). Four of a face are two pairs (MCR).
    assert forms("1122m3344p5566s7s")["seven_pairs"] == 0
    assert useful("1122m3344p5566s7s")["7s"] == 3
    assert forms("1111m22p44p66s77s8s")["seven_pairs"] == 0
    # Two pairs among eleven faces: four more pairs to make, 6 - 2 = 4.
    assert forms("1122m34p567sESWN")["seven_pairs"] == 4
    # Three of a face are one pair and a single that waits on the fourth copy.
    assert forms("111m22p44p66s77s89s")["seven_pairs"] == 1


def test_thirteen_orphans() -> None:
    # All thirteen once: ready on any of them (13 kinds, 3 unseen each).
    found = rules.analyze_hand("19m19p19sESWNCFP").as_dict()
    assert found["forms"]["thirteen_orphans"] == 0
    assert len(found["useful"]) == 13 and {u["unseen"] for u in found["useful"]} == {3}
    # Twelve kinds with 1m twice: only P is missing, and it is the one wait.
    assert [u.tile.text for u in rules.analyze_hand("119m19p19sESWNCF").useful] == ["P"]
    # Twelve kinds and 5m: 12 of 14 tiles, one away (the pair and the missing P to come).
    assert forms("19m19p19sESWNCF5m")["thirteen_orphans"] == 1


def test_honors_and_knitted_tiles() -> None:
    # 147m 258p 369s and four winds: 13 different faces of one knitted straight and the
    # honours, ready on any of the three dragons.
    found = rules.analyze_hand("147m258p369sESWN").as_dict()
    assert found["forms"]["honors_and_knitted"] == 0
    assert [u["tile"] for u in found["useful"]] == ["C", "F", "P"]
    # 9s missing instead of a dragon: 9s, F and P complete it.
    assert [u.tile.text for u in rules.analyze_hand("147m258p36sESWNC").useful] == ["9s", "F", "P"]
    # 14 tiles with E twice: 13 different, discard an E and be ready.
    assert forms("147m258p369sEESWN")["honors_and_knitted"] == 0


def test_knitted_straight() -> None:
    # The nine knitted tiles, the set 234s and E: waits on E for the pair.
    found = rules.analyze_hand("147m258p369s234sE").as_dict()
    assert found["forms"]["knitted_straight"] == 0
    assert "E" in [u["tile"] for u in found["useful"]]
    # With the set as a meld: still possible (one meld at most).
    assert forms("[234s]147m258p369sE")["knitted_straight"] == 0
    # Complete: the whole hand is a knitted straight with a set and a pair.
    assert rules.analyze_hand("147m258p369s234sEE").shanten == -1
    # Two melds leave no room for its nine knitted tiles.
    assert forms("[234s][EEE]147m258p3s")["knitted_straight"] is None


def test_fourteen_tiles_rank_every_discard() -> None:
    # 123m 456p 789s EE SS C: discarding C leaves the ready hand above (E and S, 4 unseen).
    # Any other discard breaks a set or a pair: one away. Breaking a chow at its end (1m
    # leaves 23m: 1m or 4m, 3 + 4 unseen, and E or S, 2 + 2) keeps 11 useful copies; in its
    # middle (2m leaves 13m: 2m, 3 unseen, and E or S) 7; a pair (E leaves E: E 2, S 2 and
    # C, 3 unseen) 7. Ties go in tile order.
    found = rules.analyze_hand("123m456p789sEESSC").as_dict()
    assert set(found) == {"shanten", "forms", "discards"}
    assert found["shanten"] == 0
    order = [(d["tile"], d["shanten"], sum(u["unseen"] for u in d["useful"])) for d in found["discards"]]
    assert order[0] == ("C", 0, 4)
    assert order[1:5] == [("1m", 1, 11), ("4p", 1, 11), ("6p", 1, 11), ("9s", 1, 11)]
    assert order[5:] == [(t, 1, 7) for t in ("2m", "3m", "5p", "7s", "8s", "E", "S")]
    discarding_1m = found["discards"][1]["useful"]
    assert discarding_1m == [{"tile": "1m", "unseen": 3}, {"tile": "4m", "unseen": 4},
                             {"tile": "E", "unseen": 2}, {"tile": "S", "unseen": 2}]


def test_a_complete_hand_is_minus_one() -> None:
    found = rules.analyze_hand("123m456p789sEESSS").as_dict()
    assert found["shanten"] == -1 and found["forms"]["standard"] == -1
    # Every discard then leaves a hand at least ready.
    assert min(d["shanten"] for d in found["discards"]) == 0


def test_the_waits_are_scored_by_the_engine() -> None:
    # The waits' scores are the engine's scores of the hand won on each tile.
    table = rules.fan_table()
    found = rules.analyze_hand("123m456p789sEESS", table=table, seat_wind="S", flowers=2)
    for wait in found.waits:
        won = f"123m456p789sEESS{wait.tile.text}"
        assert wait.discard.total == rules.score(won, seat_wind="S", flowers=2).total
        assert wait.self_drawn.total == rules.score(won, seat_wind="S", flowers=2, self_drawn=True).total
        assert wait.self_drawn.valid == rules.score(won, seat_wind="S", flowers=2, self_drawn=True).valid


def test_the_waits_follow_the_edition() -> None:
    base = rules.analyze_hand("123m456p789sEESS").as_dict()["waits"]
    other = rules.analyze_hand("123m456p789sEESS", edition="green-book").as_dict()["waits"]
    for wait, again in zip(base, other):
        won = f"123m456p789sEESS{wait['tile']}"
        assert wait["discard"]["total"] == rules.score(won).total
        assert again["discard"]["total"] == rules.score(won, edition="green-book").total


@pytest.mark.parametrize(("hand", "problem"), [
    ("123m456p789s", "9 tiles: a hand to analyze has 13 or 14"),
    ("123m456p789sEESSCC", "15 tiles: a hand to analyze has 13 or 14"),
    ("[123m][456p][789s]EESS12m", r"15 tiles: .* so with 3 melds it needs 4 or 5 standing tiles, not 6"),
    ("11111m456p789sEES", "5 copies of 1m"),
    ("[1111m]1m456p789sEES", "5 copies of 1m"),
])
def test_bad_hands_are_refused(hand: str, problem: str) -> None:
    with pytest.raises(rules.HandError, match=problem):
        rules.analyze_hand(hand)


def test_a_notation_error_names_its_column() -> None:
    with pytest.raises(rules.NotationError) as caught:
        rules.analyze_hand("123m456p7x89sEES")
    assert caught.value.column == 10
