"""Which question each hand of a bank is asked (generator/quizzes/question_kinds.py): "valid?"
near the minimum only, best readings mostly close ones, payments on valid wins."""
from __future__ import annotations

import random
from dataclasses import dataclass

import rules
from generator.quizzes import level_targets
from generator.quizzes.hand_builder import BuiltHand, draft_of
from generator.quizzes.question_kinds import BEST_READING, VALID, KindDraw

TABLE = rules.fan_table()
TARGETS = level_targets.default(TABLE).questions   # "valid?" within 4 of 8; close readings within 6, half


@dataclass(frozen=True)
class _Result:
    valid: bool
    total_without_flowers: int


@dataclass(frozen=True)
class _Hand:
    """A stand-in for a built hand: what the kinds look at, and the gap between its best
    reading and the next (None: one total)."""

    result: _Result
    gap: int | None = None


class _Draw(KindDraw):
    def gap(self, built: _Hand) -> int | None:      # type: ignore[override]
        return built.gap


def _draw(seed: int = 0) -> _Draw:
    return _Draw(random.Random(seed), TABLE, TARGETS)


def test_valid_is_asked_near_the_minimum_only() -> None:
    draw = _draw()
    assert TABLE.minimum_points == 8 and TARGETS.valid_points == 4
    for points, near in ((3, False), (4, True), (8, True), (12, True), (13, False), (40, False)):
        assert draw.near_minimum(_Hand(_Result(points >= 8, points))) is near, points
    # A hand far from it drawn "valid?" is asked something else; one near it keeps it.
    far, close = _Hand(_Result(True, 30)), _Hand(_Result(True, 10))
    settled = draw.settle([(far, VALID), (close, VALID)])
    assert settled[0][1] != VALID and settled[1][1] == VALID


def test_a_hand_far_from_the_minimum_owes_its_valid_question_to_a_fresh_one() -> None:
    draw = _draw(3)
    far = _Hand(_Result(True, 30))
    kinds = [draw.for_hand(far) for _ in range(60)]
    assert VALID not in kinds
    owed = draw._owed
    assert owed > 0                                   # some "valid?" were drawn and put off
    asks = [draw.ask([]) for _ in range(owed)]
    assert all(a.kind == VALID and a.accept == draw.near_minimum for a in asks)


def test_best_readings_stay_mostly_close() -> None:
    # Gaps 10, 2, 10, 10, 3 all drawn "best reading", close within 6, half at least:
    # the first far one would make 0 of 1 close: asked something else; 2 is close; the
    # next far one makes 1 of 2: kept; the next would make 1 of 3: not; 3 is close.
    hands = [_Hand(_Result(True, 20), gap) for gap in (10, 2, 10, 10, 3)]
    settled = _draw().settle([(h, BEST_READING) for h in hands])
    assert [k == BEST_READING for _, k in settled] == [False, True, True, False, True]
    # A hand whose readings all score the same is never asked which is best.
    assert _draw().settle([(_Hand(_Result(True, 20), None), BEST_READING)])[0][1] != BEST_READING


def test_close_readings_are_asked_for_more_often() -> None:
    close = [(_Hand(_Result(True, 20), 2), "total") for _ in range(200)]
    promoted = sum(k == BEST_READING for _, k in _draw(1).settle(close))
    assert 120 <= promoted <= 180            # three in four, give or take the draw
    valid = [(_Hand(_Result(True, 10), 2), VALID) for _ in range(50)]
    assert all(k == VALID for _, k in _draw(1).settle(valid))     # a "valid?" question keeps its kind


def test_payments_need_a_valid_win() -> None:
    false_win = _Hand(_Result(False, 6))
    settled = _draw().settle([(false_win, "payments") for _ in range(20)])
    assert all(k != "payments" for _, k in settled)


def test_without_bounds_any_hand_is_asked_any_kind() -> None:
    draw = _Draw(random.Random(0), TABLE, None)
    assert draw.near_minimum(_Hand(_Result(True, 88)))
    assert draw.settle([(_Hand(_Result(True, 88), 30), BEST_READING)])[0][1] == BEST_READING


def _built(hand: str, **situation) -> BuiltHand:
    situation = {"self_drawn": False, "flowers": 0, "seat_wind": "E", "prevalent_wind": "E", **situation}
    return BuiltHand(draft_of(hand, situation, TABLE), rules.score_with_table(TABLE, hand, **situation))


def test_a_fresh_hand_asked_its_best_reading_is_built_with_close_readings() -> None:
    # At the level holding hands read two ways, a fresh "best reading?" hand must have close
    # readings; at the others no such hand exists, and none is asked of the builder.
    draw = KindDraw(random.Random(0), TABLE, TARGETS, readings=True)
    best = [a for a in (draw.ask([]) for _ in range(200)) if a.kind == BEST_READING]
    assert best and all(a.accept == draw.close_readings for a in best)
    plain = KindDraw(random.Random(0), TABLE, TARGETS)
    assert all(a.accept is None for a in (plain.ask([]) for _ in range(200)) if a.kind == BEST_READING)
    # 55667788m 345678s (7m the winning tile): 567m 567m 88m, or 55m 678m 678m, which adds
    # Mixed Double Chow (678m 678s): 1 point apart. 999m 33s 444s 456s and a pung of Red,
    # won on 4s on a discard: the 4s completing 456s leaves 444s concealed, Three Concealed
    # Pungs (16); completing 444s, the pung is claimed, Two Concealed Pungs (2): 14 points
    # apart. One reading only: nothing to ask.
    assert draw.close_readings(_built("5566788m345678s7m"))
    assert not draw.close_readings(_built("999m3344456sPPP4s"))
    assert not draw.close_readings(_built("234m456p678s345s9m9m"))
