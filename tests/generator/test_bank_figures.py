"""What a bank's questions are worth besides their fans (generator/quizzes/bank_figures.py), on
hands worked out by hand from the fans' definitions: the hand keys, the wrong fans only the
header rules out and the traps among them, "valid?" near the minimum, close readings and
big fans, and the bounds of generator/quizzes/level_targets.yaml met or missed."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import rules
from generator.quizzes import level_targets
from generator.quizzes.bank_figures import QuestionFigures, Share, figures_of, question_checks
from generator.quizzes.hand_builder import draft_of
from generator.quizzes.hand_keys import draft_key, hand_key
from generator.quizzes.header_fans import header_only
from generator.quizzes.questions import Question

TABLE = rules.fan_table()
LEVELS = level_targets.default(TABLE)
ON_A_DISCARD = {"self_drawn": False, "fourth_tile": False, "replacement": False, "robbing_kong": False,
                "last_wall_tile": False, "seat_wind": "E", "prevalent_wind": "E", "flowers": 0}


# -- hand keys --------------------------------------------------------------------------------

def test_a_hand_key_is_its_melds_and_tiles_sorted() -> None:
    # Claimed 123m; standing 456m 789m 34p 55s, won on 5p: the winning tile among the others.
    key = "[1m2m3m/3p4m4p5m5p5s5s6m7m8m9m"
    assert draft_key(draft_of("[123m]456m789m34p55s5p")) == key
    assert draft_key(draft_of("[123m]789m456m5s34p5p5s")) == key          # another order, won on 5s
    assert hand_key({"melds": [{"tiles": ["1m", "2m", "3m"], "exposed": True}],
                     "concealed": ["5s", "3p", "4p", "4m", "5m", "6m", "7m", "8m", "9m", "5s"], "winning": "5p"}) == key
    assert draft_key(draft_of("123456789m34p55s5p")) == "/1m2m3m3p4m4p5m5p5s5s6m7m8m9m"   # nothing claimed
    # A concealed kong is marked apart from a melded one.
    assert draft_key(draft_of("[5555p]123m456m789m1s1s")).startswith("{5p5p5p5p/")
    assert draft_key(draft_of("[5555p1]123m456m789m1s1s")).startswith("[5p5p5p5p/")


# -- the wrong fans only the header rules out --------------------------------------------------

def _only(hand: str, candidates: list[str], **situation: Any) -> dict[str, bool]:
    """Each candidate only the header rules out, with whether it is a trap."""
    return {fan: h.trap for fan, h in header_only(TABLE, hand, {**ON_A_DISCARD, **situation}, candidates).items()}


def test_self_drawn_and_flowers_on_a_claimed_hand_won_on_a_discard() -> None:
    # Claimed 234m, won on a discard, no flowers: self-drawn, the same tiles would count
    # Self-Drawn; with a flower, Flower Tiles. Nine Gates no header gives (it needs one suit).
    # Neither is a trap: no fan of the hand of their family (winning, bonus) stops counting.
    assert _only("[234m]456p678s345s9m9m", ["self_drawn", "flower_tiles", "nine_gates"]) == \
        {"self_drawn": False, "flower_tiles": False}


def test_fully_concealed_hand_on_a_discard_is_a_trap() -> None:
    # Nothing claimed, won on a discard: Concealed Hand counts. Self-drawn, Fully Concealed
    # Hand would count in its place (both of the concealment family): a trap. Self-Drawn
    # itself never counts with these tiles, Fully Concealed Hand leaves it out: not offered
    # by any header.
    assert _only("234m456p678s345s9m9m", ["fully_concealed_hand", "self_drawn"]) == {"fully_concealed_hand": True}


def test_a_wind_fan_the_winds_shown_rule_out() -> None:
    # A claimed pung of South, seat East, round West: in a South seat it would be Seat
    # Wind, in a South round Prevalent Wind. Pung of Terminals or Honors counts now; a seat
    # wind fan would take its place, but it is of another family (terminals): no trap.
    assert _only("[SSS]234m456p678s9m9m", ["seat_wind", "prevalent_wind"], prevalent_wind="W") == \
        {"seat_wind": False, "prevalent_wind": False}
    # Seated South, Seat Wind counts and Pung of Terminals or Honors is matched (absorbed by
    # it): a fan the hand matches is no header's to rule out.
    assert _only("[SSS]234m456p678s9m9m", ["prevalent_wind", "pung_of_terminals_or_honors"],
                 seat_wind="S", prevalent_wind="W") == {"prevalent_wind": False}


def test_a_fan_one_tile_away_is_the_tiles_to_rule_out() -> None:
    # Last Tile: the winning tile's other three copies visible. With a claimed 555p and 34p
    # waiting, won on 2p, the 5p instead would make it (three 5p exposed): the tiles rule it
    # out, not the header. With the pung in characters, only the header flag would.
    # Robbing the Kong and Last Tile Claim need their flags; a replacement tile needs a kong.
    candidates = ["last_tile", "robbing_the_kong", "last_tile_claim", "out_with_replacement_tile"]
    assert set(_only("[555p]123m456m99s34p2p", candidates)) == {"robbing_the_kong", "last_tile_claim"}
    assert set(_only("[555m]123p456p99s34s2s", candidates)) == {"last_tile", "robbing_the_kong", "last_tile_claim"}


# -- figures of a bank ---------------------------------------------------------------------------

def _tiles(hand: str) -> dict[str, Any]:
    d = draft_of(hand)
    return {"melds": [{"tiles": [t.text for t in m.tiles], "exposed": m.exposed} for m in d.melds],
            "concealed": [t.text for t in d.concealed], "winning": d.win.text}


def _question(qid: str, kind: str, hand: str, fans: list[str], without_flowers: int, **data: Any) -> Question:
    answer = {"fans": [{"id": f, "count": 1, "groups": []} for f in fans], "total": without_flowers,
              "total_without_flowers": without_flowers, "valid": without_flowers >= 8}
    return Question.from_data({"id": qid, "level": "beginner", "kind": kind, "hand": hand,
                               "situation": ON_A_DISCARD, "tiles": _tiles(hand), "answer": answer, **data})


def _readings(*totals: int) -> list[dict[str, Any]]:
    return [{"groups": [], "winning_group": None, "shape": "standard", "total": t, "fans": []} for t in totals]


def test_figures_of_a_small_bank() -> None:
    questions = [
        # The same tiles twice (another winning tile), and a third hand.
        _question("q1", "total", "[123m]456m789m34p55s5p", ["mixed_double_chow"], 9),
        _question("q2", "total", "[123m]456m789m345p5s5s", ["mixed_double_chow"], 9),
        # "valid?": of the valid wins, 12 is within 4 points over 8, 13 is not; the false
        # wins (4 and 3 points) are not counted.
        _question("q3", "valid", "123456789m345p5s5s", ["pure_straight"], 12),
        _question("q4", "valid", "234m456p678s345s6m6m", [], 4),
        _question("q5", "valid", "234m456p678s345s8m8m", [], 3),
        _question("q6", "valid", "234m456p678s345s7m7m", [], 13),
        # Best readings: 30 over 25 (5 points: close), 40 over 20 (not), 24 = 24 over 18 (6: close).
        _question("q7", "best_reading", "1133m5577p2299sEE", ["seven_pairs"], 30, readings=_readings(25, 30, 10)),
        _question("q8", "best_reading", "1133m5577p2299sWW", [], 40, readings=_readings(20, 40)),
        _question("q9", "best_reading", "1133m5577p2299sNN", [], 24, readings=_readings(24, 18, 24)),
        # "fans": Self-Drawn offered on a claimed hand won on a discard (header only, no trap);
        # Fully Concealed Hand on a concealed one, marked (a trap); marked but no trap.
        _question("q10", "fans", "[234m]456p678s345s9m9m", ["all_chows"], 8,
                  options=["all_chows", "self_drawn", "pure_double_chow"]),
        _question("q11", "fans", "234m456p678s345s9m9m", ["concealed_hand"], 8,
                  options=["concealed_hand", "fully_concealed_hand"], header_trap="fully_concealed_hand"),
        _question("q12", "fans", "[SSS]234m456p678s9m9m", ["pung_of_terminals_or_honors"], 8,
                  options=["pung_of_terminals_or_honors", "seat_wind"], header_trap="seat_wind"),
    ]
    f = figures_of(questions, "beginner", TABLE, LEVELS)
    assert (f.questions, f.distinct_hands) == (12, 11)
    assert f.repeated == {"[1m2m3m/3p4m4p5m5p5s5s6m7m8m9m": ("q1", "q2")}
    assert f.valid_near == Share(1, 2)
    assert f.close_readings == Share(2, 3)
    assert f.header_ruled_out == Share(3, 3)      # q10, q11 (the trap) and q12 (marked, but no trap)
    assert f.header_traps == Share(1, 3)          # q11 (Seat Wind trades with no fan of its family in q12)
    assert f.big_fans == Share(2, 12)             # Pure Straight 16 (q3), Seven Pairs 24 (q7)


def test_a_fan_right_in_a_tie_or_another_edition_is_no_wrong_option() -> None:
    # Self-Drawn counts in a way to the same total (a tie): offering it gives nothing away.
    tie = {"fans": [{"id": "self_drawn", "count": 1, "groups": []}], "groups": [], "winning_group": None}
    q = _question("q1", "fans", "[234m]456p678s345s9m9m", ["all_chows"], 8, options=["all_chows", "self_drawn"])
    q = Question.from_data({**q.data, "answer": {**q.answer, "ties": [tie]}})
    assert figures_of([q], "beginner", TABLE, LEVELS).header_ruled_out == Share(0, 1)


def _figures(**changes: Any) -> QuestionFigures:
    base = QuestionFigures("beginner", 300, 300, {}, Share(5, 100), Share(5, 100), Share(7, 10), Share(0, 0),
                           Share(30, 300))
    return replace(base, **changes)


@pytest.mark.parametrize("changes, missed", [
    ({}, []),                                                    # each bound met (most exactly), no best reading asked
    ({"distinct_hands": 299}, ["question distinct_hands"]),
    ({"header_ruled_out": Share(6, 100)}, ["question header_ruled_out"]),     # 6% > 5%
    ({"header_traps": Share(6, 100)}, ["question header_traps"]),             # 6% > 5%
    ({"valid_near": Share(6, 10)}, ["question valid_near"]),                  # 60% < 70%
    ({"close_readings": Share(4, 9)}, ["question close_readings"]),           # 44% < 50%
    ({"big_fans": Share(31, 300)}, ["question big_fans"]),                    # 10.3% > 10%
])
def test_each_bound_is_met_or_missed(changes: dict[str, Any], missed: list[str]) -> None:
    assert [c.what for c in question_checks(_figures(**changes), LEVELS) if not c.ok] == missed


def test_a_level_without_a_big_fans_bound_is_not_checked_for_it() -> None:
    checks = question_checks(_figures(level="expert", big_fans=None), LEVELS)
    assert "question big_fans" not in {c.what for c in checks}
