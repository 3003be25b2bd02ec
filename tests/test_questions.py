"""Question kinds: answer keys from the engine, plausible wrong options, grading right and wrong."""
from __future__ import annotations

import random

import pytest

import rules
from quiz.hand_builder import BuiltHand, HandBuilder, draft_of
from quiz.questions import KINDS, Question, expected_payments, grade, make_question, near_fans

TABLE = rules.fan_table()


@pytest.fixture(scope="module")
def hands() -> list[BuiltHand]:
    b = HandBuilder(42)
    return ([b.build(level="intermediate") for _ in range(8)] + [b.build(level="expert") for _ in range(8)]
            + [b.build(fan="seat_wind"), b.build(fan="self_drawn"), b.build(valid=False)])


def question(built: BuiltHand, kind: str, seed: int = 0) -> Question:
    return make_question(built, kind, "test-001", "expert", TABLE, random.Random(seed))


def test_answer_key_is_the_engines(hands: list[BuiltHand]) -> None:
    for built in hands:
        q = question(built, "total")
        result = rules.score(q.hand, **q.situation)
        assert q.answer["total"] == result.total and q.answer["valid"] == result.valid
        assert {f["id"]: f["count"] for f in q.answer["fans"]} == result.fan_counts()
        assert q.answer["payments"] == (result.payments.as_dict() if result.payments else None)
        assert [n["id"] for n in q.data["explanation"]["not_counted"]] == [n.id for n in result.not_counted]
        assert all(r["total"] < result.total for r in q.data["explanation"]["other_readings"])


def test_total_graded_right_and_wrong(hands: list[BuiltHand]) -> None:
    q = question(hands[0], "total")
    right = grade(q, q.answer["total"])
    assert right.correct and all(ok for _, ok in right.fan_results)
    wrong = grade(q, q.answer["total"] + 1)
    assert not wrong.correct and {f for f, _ in wrong.fan_results} >= set(q.answer_ids)
    assert not grade(q, None).correct


def test_valid_graded_right_and_wrong(hands: list[BuiltHand]) -> None:
    false_win = question(hands[-1], "valid")
    assert false_win.answer["valid"] is False
    assert grade(false_win, False).correct and not grade(false_win, True).correct
    real_win = question(hands[0], "valid")
    assert grade(real_win, True).correct and not grade(real_win, False).correct


def test_payments_graded_right_and_wrong(hands: list[BuiltHand]) -> None:
    by_draw = {built.draft.situation.self_drawn: built for built in hands if built.result.valid}
    self_drawn = question(by_draw[True], "payments")
    each = self_drawn.answer["payments"]["each"]
    assert expected_payments(self_drawn) == (each,)
    assert each == TABLE.settlement.base + self_drawn.answer["total"]
    assert grade(self_drawn, (each,)).correct and not grade(self_drawn, (each - 8,)).correct
    discard = question(by_draw[False], "payments")
    p = discard.answer["payments"]
    assert expected_payments(discard) == (p["discarder"], p["others"]) == (8 + discard.answer["total"], 8)
    assert grade(discard, (p["discarder"], p["others"])).correct
    assert not grade(discard, (p["others"], p["discarder"])).correct


def test_no_payments_question_on_a_false_win(hands: list[BuiltHand]) -> None:
    with pytest.raises(ValueError, match="valid win"):
        question(hands[-1], "payments")
    with pytest.raises(ValueError, match="unknown question kind"):
        question(hands[0], "colour")


def test_fans_graded_right_wrong_and_in_part(hands: list[BuiltHand]) -> None:
    q = question(hands[1], "fans")
    right = set(q.answer_ids)
    assert grade(q, right).correct
    wrong_option = next(f for f in q.options if f not in right)
    partial = grade(q, right - {q.answer_ids[0]} | {wrong_option})
    assert not partial.correct
    assert partial.missed == (q.answer_ids[0],) and partial.wrong == (wrong_option,)
    results = dict(partial.fan_results)
    assert results[q.answer_ids[0]] is False and results[wrong_option] is False
    assert sum(results.values()) == len(q.options) - 2


def _apply(q: Question, change: dict) -> list[rules.ScoreResult]:
    """The hands one change away that a distractor names (a tile may be the winning one)."""
    if "out" not in change:
        return [rules.score(q.hand, **{**q.situation, **change, "replacement": False, "robbing_kong": False})]
    d = draft_of(q.hand, q.situation)
    out: list[rules.ScoreResult] = []
    standing = [t.text for t in d.standing]
    for i in {standing.index(change["out"]), len(standing) - 1}:
        if standing[i] != change["out"]:
            continue
        tiles = standing[:i] + [change["in"]] + standing[i + 1:]
        hand = "".join(m.notation() for m in d.melds) + "".join(tiles)
        try:
            out.append(rules.score(hand, **q.situation))
        except rules.RulesError:
            pass
    return out


def test_wrong_options_are_plausible_and_explained(hands: list[BuiltHand]) -> None:
    for n, built in enumerate(hands):
        q = question(built, "fans", seed=n)
        right = set(q.answer_ids)
        assert right <= set(q.options) and len(q.options) <= max(8, len(right) + 3)
        numbers = [TABLE.fan(f).number for f in q.options]
        assert numbers == sorted(numbers)
        wrong = {d["id"]: d for d in q.data["distractors"]}
        assert set(wrong) == set(q.options) - right
        excluded = {x["id"] for x in q.data["explanation"]["not_counted"]}
        for fan, d in wrong.items():
            if d["reason"] == "excluded":
                assert fan in excluded
            else:
                assert any(fan in r.fan_counts() for r in _apply(q, d["change"])), (q.hand, d)
        assert set(q.drill) >= right | set(wrong)


def test_near_fans_change_one_thing_only(hands: list[BuiltHand]) -> None:
    for built in hands[:6]:
        for d in near_fans(built, TABLE):
            assert d.reason == "near" and d.id not in built.result.fan_counts()
            assert len(d.change) in (1, 2)


def test_every_kind_is_offered() -> None:
    assert KINDS == ("total", "fans", "valid", "payments")
