"""Question kinds: answer keys from the engine, plausible wrong options, grading right and wrong."""
from __future__ import annotations

import random

import pytest

import rules
from generator.quizzes.hand_builder import BuiltHand, HandBuilder, draft_of
from generator.quizzes.questions import KINDS, Question, expected_payments, make_question, near_fans
from trainer.grading import grade

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
    assert KINDS == ("total", "fans", "valid", "payments", "waits", "one_tile_wait", "best_reading")


def _on(hand: str, kind: str, seed: int = 0, **situation) -> Question:
    """A question of `kind` on a hand given in the notation."""
    situation = {"self_drawn": False, "flowers": 0, "seat_wind": "E", "prevalent_wind": "E", **situation}
    draft = draft_of(hand, situation)
    built = BuiltHand(draft, rules.score(hand, **situation))
    return make_question(built, kind, "test-001", "expert", TABLE, random.Random(seed))


def test_waits_question_shows_the_hand_before_its_winning_tile() -> None:
    # 456m 789m 34p 55s with a claimed 123m: 34p waits on 2p and 5p, nothing else.
    q = _on("[123m]456m789m34p55s5p", "waits")
    assert q.data["waiting"]["tiles"]["winning"] is None
    assert sorted(q.data["waiting"]["tiles"]["concealed"]) == sorted(["4m", "5m", "6m", "7m", "8m", "9m", "3p", "4p", "5s", "5s"])
    assert grade(q, {"2p", "5p"}).correct
    half = grade(q, {"5p"})
    assert not half.correct and half.missed == ("2p",) and half.wrong == ()
    extra = grade(q, {"2p", "5p", "6p"})
    assert not extra.correct and extra.wrong == ("6p",)


def test_one_tile_wait_question() -> None:
    # Two-sided 34p: not a single wait. 24p waits on 3p alone (closed wait): a single wait.
    two_sided = _on("[123m]456m789m34p55s5p", "one_tile_wait")
    assert grade(two_sided, False).correct and not grade(two_sided, True).correct
    closed = _on("[123m]456m789m24p55s3p", "one_tile_wait")
    assert closed.answer["waits"] == ["3p"]
    assert grade(closed, True).correct and not grade(closed, False).correct


def test_best_reading_question_accepts_every_top_reading() -> None:
    # 66 777 888 999m + claimed 456m scores 51 read as three chows of 789m or as three pungs
    # (tests/engine/test_ties_and_waits.py works both out); 678m 678m 789m 99m scores less.
    q = _on("[456m]6677788899m9m", "best_reading", seed=3)
    readings = q.data["readings"]
    as_sets = [sorted(r["groups"]) for r in readings]
    assert sorted(["456m", "789m", "789m", "789m", "66m"]) in as_sets
    assert sorted(["456m", "777m", "888m", "999m", "66m"]) in as_sets
    for i, reading in enumerate(readings):
        top = reading["total"] == 51
        assert grade(q, i).correct is top
    assert any(r["total"] < 51 for r in readings)
    assert not grade(q, None).correct


@pytest.mark.parametrize("hand, situation, ways", [
    # Worked out in tests/engine/test_ties_and_waits.py: chows or pungs for 50 and 51 points.
    ("[123m]111222333m6p6p", {}, [{"quadruple_chow", "no_honors", "single_wait"},
                                 {"pure_shifted_pungs", "three_concealed_pungs", "tile_hog",
                                  "pung_of_terminals_or_honors", "one_voided_suit", "no_honors", "single_wait"}]),
    ("[456m]6677788899m9m", {}, [{"full_flush", "pure_triple_chow", "all_chows", "short_straight"},
                                {"full_flush", "pure_shifted_pungs", "two_concealed_pungs",
                                 "pung_of_terminals_or_honors"}]),
    # The mirror of the first hand: Quadruple Chow 48 + No Honors + Single Wait = 50, or Pure
    # Shifted Pungs 24 + Three Concealed Pungs 16 + Tile Hog x3 6 + 999m 1 + One Voided Suit 1
    # + No Honors 1 + Single Wait 1 = 50.
    ("[789m]777888999m4p4p", {}, [{"quadruple_chow", "no_honors", "single_wait"},
                                 {"pure_shifted_pungs", "three_concealed_pungs", "tile_hog",
                                  "pung_of_terminals_or_honors", "one_voided_suit", "no_honors", "single_wait"}]),
    # 1223p + 2p self-drawn: a closed wait (123p 22p) or a single wait (22p 123p), 1 point either way.
    ("[123m]123m1223p123s2p", {"self_drawn": True, "flowers": 2, "seat_wind": "N", "prevalent_wind": "N"},
     ["closed_wait", "single_wait"]),
])
def test_an_answer_that_reaches_the_same_total_another_way_is_right(hand: str, situation: dict, ways: list) -> None:
    q = _on(hand, "fans", **situation)
    accepted = [set(s) for s in (x for x in [set(q.answer_ids)] + [{f["id"] for f in t["fans"]} for t in q.answer["ties"]])]
    if isinstance(ways[0], str):    # the two ways differ only in the wait fan named
        assert sorted(a ^ b for a in accepted[:1] for b in accepted[1:2])[0] == set(ways)
    else:
        assert sorted(map(sorted, accepted)) == sorted(map(sorted, ways))
    assert all(fan in q.options for way in accepted for fan in way)
    taken = []
    for way in accepted:
        result = grade(q, way)
        assert result.correct and not result.missed and not result.wrong
        taken.append(result.tie)
    assert sorted(taken) == list(range(len(accepted)))
    mixed = accepted[0] | accepted[1]   # the fans of both ways at once count twice over: wrong
    assert not grade(q, mixed).correct
    total = _on(hand, "total", **situation)
    assert grade(total, total.answer["total"]).correct


def _situation_distractors(q: Question) -> list[str]:
    return [d["id"] for d in q.data.get("distractors", []) if d["reason"] == "near" and "out" not in d["change"]]


def test_a_fans_question_offers_no_fan_only_the_header_rules_out() -> None:
    # Claimed 234m, won on a discard: self-drawn it would count Self-Drawn, and with a
    # flower Flower Tiles; the header shows neither, so neither is offered, trap or not
    # (Self-Drawn takes no fan of its family's place: there is none to take).
    for seed in range(6):
        for trap in (False, True):
            q = make_question(_built_on("[234m]456p678s345s9m9m"), "fans", "t", "beginner", TABLE,
                              random.Random(seed), header_trap=trap)
            assert not {"self_drawn", "flower_tiles"} & set(q.options), q.options
            assert _situation_distractors(q) == [] and "header_trap" not in q.data


def test_a_header_trap_is_offered_on_purpose_and_marked() -> None:
    # Nothing claimed, won on a discard: Concealed Hand counts; self-drawn, Fully Concealed
    # Hand would count in its place. Not offered unless asked; asked, offered and marked,
    # its distractor naming the header that would count it.
    for seed in range(4):
        plain = make_question(_built_on("234m456p678s345s9m9m"), "fans", "t", "beginner", TABLE, random.Random(seed))
        assert "fully_concealed_hand" not in plain.options and "header_trap" not in plain.data
        trap = make_question(_built_on("234m456p678s345s9m9m"), "fans", "t", "beginner", TABLE, random.Random(seed),
                             header_trap=True)
        assert "fully_concealed_hand" in trap.options and trap.data["header_trap"] == "fully_concealed_hand"
        assert {"id": "fully_concealed_hand", "reason": "near", "change": {"self_drawn": True}} in trap.data["distractors"]


def test_built_hands_offer_no_fan_only_the_header_rules_out(hands: list[BuiltHand]) -> None:
    from generator.quizzes.bank_figures import header_verdicts
    for n, built in enumerate(hands):
        q = question(built, "fans", seed=n)
        assert header_verdicts(q, TABLE) == (False, False), (q.hand, q.options)


def test_a_best_reading_question_offers_the_next_best_reading(hands: list[BuiltHand]) -> None:
    asked = 0
    for n, built in enumerate(hands):
        totals = sorted({r.total for r in rules.score_readings(built.hand, **built.situation)}, reverse=True)
        if len(totals) < 2:
            continue
        offered = {r["total"] for r in question(built, "best_reading", seed=n).data["readings"]}
        assert totals[0] in offered and totals[1] in offered
        asked += 1
    assert asked >= 2


def _built_on(hand: str, **situation) -> BuiltHand:
    situation = {"self_drawn": False, "flowers": 0, "seat_wind": "E", "prevalent_wind": "E", **situation}
    return BuiltHand(draft_of(hand, situation), rules.score(hand, **situation))
