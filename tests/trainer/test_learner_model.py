"""The learner model: attribution (the fans questions', and the web quiz's model of a
total), level moves, the history, and a simulated learner who never counts one fan.

Points of the fans used here, from the MCR table (checked by hand against the rules, not
read from the engine): All Pungs 6, Half Flush 6, Dragon Pung 2, Two Concealed Pungs 2,
Concealed Hand 2, Pung of Terminals or Honors 1, One Voided Suit 1, No Honors 1,
Short Straight 1, Pure Double Chow 1, Self-Drawn 1, each Flower 1. Base payment 8.
"""
from __future__ import annotations

import io
import json
import random
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable

import pytest

import rules
from mcr.cli import main
from trainer.answer_record import answer_record, to_review
from trainer.attribution import FanOutcome, Verdict, attribute, fan_facts, reviewed
from generator.quizzes.banks import bank_path, load_bank
from trainer.history import HistoryEntry, Tally, with_outcomes
from trainer.history_chart import chart_lines
from trainer.learner_settings import LevelRule, SettingsError, learner_settings, settings_from
from trainer.learner_text import move_line
from trainer.level_moves import LevelState, Move
from generator.quizzes.levels import LEVELS
from trainer.progress import Answer, ItemRecord, Progress
from generator.quizzes.questions import Question
from trainer.fresh_questions import question_key
from trainer.grading import grade
from trainer.session import Options, Session, Trainer
from trainer.text import text
from tests.trainer.support import (DAY_ONE, FakeClock, fake_clock, one_question_banks, ready_progress,  # noqa: F401
                                   write_progress)

TABLE = rules.fan_table()
FACTS = fan_facts([TABLE])
SETTINGS = learner_settings()
REVIEWED = [fan for fan, facts in FACTS.items() if facts.reviewed]
FANS = frozenset(TABLE.by_id)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_clock: FakeClock) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("MCR_DATA_DIR", str(folder))
    write_progress(folder, ready_progress())
    return folder


def _hand(fans: list[tuple[str, int]], total: int, *, not_counted: tuple[str, ...] = (),
          kind: str = "total", options: tuple[str, ...] = (), payments: dict[str, Any] | None = None) -> dict:
    """The parts of a bank entry attribution reads; the total is given by hand."""
    return {"kind": kind, "options": list(options),
            "answer": {"fans": [{"id": f, "count": n, "groups": []} for f, n in fans], "total": total,
                       "payments": payments},
            "explanation": {"not_counted": [{"id": f, "principle": "non_repeat", "by": "", "groups": []}
                                            for f in not_counted]}}


def _verdicts(data: dict, response: Any) -> dict[str, Verdict]:
    return {o.fan: o.verdict for o in attribute(data, response, FACTS, SETTINGS)}


# All Pungs 6 + Half Flush 6 + Dragon Pung 2 + Self-Drawn 1 + two flowers = 17. The dragon
# pung implies Pung of Terminals or Honors (1), matched but not counted (non-repeat).
HAND = [("all_pungs", 1), ("half_flush", 1), ("dragon_pung", 1), ("self_drawn", 1), ("flower_tiles", 2)]
TEMPTING = ("pung_of_terminals_or_honors",)


# -- 1. attribution -------------------------------------------------------------------------

def test_flowers_and_situational_fans_are_never_reviewed() -> None:
    # Flowers are a bonus; Self-Drawn, Last Tile Draw, Last Tile Claim, Out with Replacement
    # Tile and Robbing the Kong say how the hand was won, not what it holds. Fully Concealed
    # Hand and Last Tile look at the tiles (claimed sets, tiles in view): reviewed.
    left_out = {fan.id for fan in TABLE.fans if not reviewed(fan)}
    assert left_out == {"flower_tiles", "self_drawn", "last_tile_draw", "last_tile_claim",
                        "out_with_replacement_tile", "robbing_the_kong"}
    assert FACTS["fully_concealed_hand"].reviewed and FACTS["last_tile"].reviewed


def test_a_right_total_credits_the_fans_of_the_hand_weakly() -> None:
    assert _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 17) == {
        "all_pungs": Verdict.WEAK, "half_flush": Verdict.WEAK, "dragon_pung": Verdict.WEAK}


def test_a_total_short_by_one_fan_blames_that_fan_only() -> None:
    # 15 is 2 short: only Dragon Pung is worth 2 (two flowers make 2 as well, but two
    # mistakes are more than one, and flowers are never blamed).
    assert _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 15) == {
        "dragon_pung": Verdict.BLAME, "all_pungs": Verdict.WEAK, "half_flush": Verdict.WEAK}
    # 11 is 6 short: All Pungs or Half Flush, either one; neither for sure: both doubted.
    assert _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 11) == {
        "all_pungs": Verdict.DOUBT, "half_flush": Verdict.DOUBT, "dragon_pung": Verdict.WEAK}
    # 5 is 12 short: All Pungs and Half Flush together, the only two mistakes that make 12.
    assert _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 5) == {
        "all_pungs": Verdict.BLAME, "half_flush": Verdict.BLAME, "dragon_pung": Verdict.WEAK}


def test_a_total_one_tempting_fan_over_blames_that_fan() -> None:
    # 18: Pung of Terminals or Honors (1) added although Dragon Pung implies it.
    assert _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 18) == {
        "pung_of_terminals_or_honors": Verdict.BLAME, "all_pungs": Verdict.WEAK,
        "half_flush": Verdict.WEAK, "dragon_pung": Verdict.WEAK}


def test_forgetting_flowers_or_self_drawn_blames_no_fan() -> None:
    # 16 is 1 short: a flower or Self-Drawn, neither of which is reviewed: nothing blamed.
    verdicts = _verdicts(_hand(HAND, 17, not_counted=TEMPTING), 16)
    assert verdicts == {"all_pungs": Verdict.WEAK, "half_flush": Verdict.WEAK, "dragon_pung": Verdict.WEAK}


def test_a_total_nothing_explains_is_doubted_by_the_web_model_and_moves_no_memory() -> None:
    # 40 is 23 over: no tempting fans add up to it. Every reviewed fan of the hand is doubted
    # (the web quiz's boxes go down one); the trainer takes no FSRS step on a doubt.
    data = _hand(HAND, 17, not_counted=TEMPTING)
    assert _verdicts(data, 40) == {"all_pungs": Verdict.DOUBT, "half_flush": Verdict.DOUBT,
                                   "dragon_pung": Verdict.DOUBT}
    before = Progress(session=2).record(Answer("fans", True, (_outcome("all_pungs", Verdict.CREDIT),)), DAY_ONE)
    after = before.record(Answer("total", False, attribute(data, 40, FACTS, SETTINGS)), DAY_ONE)
    assert after.fans["all_pungs"] == before.fans["all_pungs"] and "dragon_pung" not in after.fans
    assert after.history == before.history                           # a doubt is no mark in the history


def test_fans_that_may_explain_the_error_among_others_are_doubted() -> None:
    # Four 1-point fans and Two Concealed Pungs (2), 6 in all; 5 is 1 short: any of the
    # four 1-point fans, none for sure. Two Concealed Pungs cannot explain it: credited.
    fans = [("pung_of_terminals_or_honors", 1), ("one_voided_suit", 1), ("no_honors", 1),
            ("short_straight", 1), ("two_concealed_pungs", 1)]
    assert _verdicts(_hand(fans, 6), 5) == {
        "pung_of_terminals_or_honors": Verdict.DOUBT, "one_voided_suit": Verdict.DOUBT,
        "no_honors": Verdict.DOUBT, "short_straight": Verdict.DOUBT, "two_concealed_pungs": Verdict.WEAK}


def test_payments_stand_for_the_total_they_imply() -> None:
    # On a discard, 17 points: the discarder pays 8 + 17 = 25. Paying 23 is a total of 15.
    discard = {"self_drawn": False, "discarder": 25, "others": 8, "each": None, "winner_receives": 41}
    data = _hand(HAND, 17, not_counted=TEMPTING, kind="payments", payments=discard)
    assert _verdicts(data, (23, 8))["dragon_pung"] is Verdict.BLAME
    # Self-drawn: each pays 25; paying 13 each is a total of 5, twelve short: All Pungs
    # and Half Flush both left out.
    drawn = {"self_drawn": True, "discarder": None, "others": None, "each": 25, "winner_receives": 75}
    data = _hand(HAND, 17, not_counted=TEMPTING, kind="payments", payments=drawn)
    assert {f for f, v in _verdicts(data, (13,)).items() if v is Verdict.BLAME} == {"all_pungs", "half_flush"}


def test_a_fans_question_credits_ticks_and_blames_misses_and_wrong_ticks_only() -> None:
    options = ("all_pungs", "half_flush", "dragon_pung", "pung_of_terminals_or_honors", "two_concealed_pungs",
               "flower_tiles")
    data = _hand(HAND, 17, kind="fans", options=options)
    verdicts = _verdicts(data, {"all_pungs", "pung_of_terminals_or_honors"})
    assert verdicts == {"all_pungs": Verdict.CREDIT, "half_flush": Verdict.BLAME, "dragon_pung": Verdict.BLAME,
                        "pung_of_terminals_or_honors": Verdict.BLAME}
    # Two Concealed Pungs, a distractor rightly left alone, takes no step; the flowers, a
    # right option, never get an outcome.
    after = Progress(session=1).record(Answer("fans", False, attribute(data, {"all_pungs"}, FACTS, SETTINGS)),
                                       DAY_ONE)
    assert "two_concealed_pungs" not in after.fans and "flower_tiles" not in after.fans
    assert (after.fans["all_pungs"].right, after.fans["half_flush"].right) == (1, 0)


def test_fans_to_review_are_the_blamed_ones_most_often_first() -> None:
    def blamed(*fans: str) -> Answer:
        return Answer("fans", False, tuple(FanOutcome(f, Verdict.BLAME, "x") for f in fans))
    doubt = Answer("total", False, (FanOutcome("all_pungs", Verdict.DOUBT, "pungs"),))
    assert to_review([blamed("half_flush"), doubt, blamed("dragon_pung", "half_flush")]) == ["half_flush",
                                                                                             "dragon_pung"]


def test_a_fans_question_left_blank_never_names_flowers_or_self_drawn_to_review() -> None:
    # Nothing ticked: every right fan is missed, but only the reviewed ones are blamed.
    questions = [q for q in load_bank(bank_path("beginner")).questions if q.kind == "fans"][:30]
    for q in questions:
        answer = answer_record(q, set(), False, again=False, level="beginner", facts=FACTS, settings=SETTINGS)
        assert {o.fan for o in answer.outcomes} == {f for f in q.answer_ids if FACTS[f].reviewed}
        assert not {"flower_tiles", "self_drawn"} & set(to_review([answer]))


# -- 2. a re-asked question --------------------------------------------------------------------

def test_a_re_asked_question_is_counted_but_never_credits_a_memory_nor_moves_the_level() -> None:
    q = next(q for q in load_bank(bank_path("beginner")).questions if q.kind == "fans")
    right = set(q.answer_ids)
    again = answer_record(q, right, True, again=True, level="beginner", facts=FACTS, settings=SETTINGS)
    assert again.outcomes and all(o.verdict is Verdict.CREDIT for o in again.outcomes)
    assert again.level is None and again.again
    recorded = Progress().record(again, DAY_ONE)
    assert all(recorded.fans[o.fan] == ItemRecord(1, 1) for o in again.outcomes)   # counted, no memory
    first = answer_record(q, right, True, again=False, level="beginner", facts=FACTS, settings=SETTINGS)
    assert first.level == "beginner" and all(o.verdict is Verdict.CREDIT for o in first.outcomes)
    missed = answer_record(q, set(), False, again=True, level="beginner", facts=FACTS, settings=SETTINGS)
    assert missed.outcomes and all(o.verdict is Verdict.BLAME for o in missed.outcomes)


# -- 3. levels -------------------------------------------------------------------------------------

def _answers(state: LevelState, level: str, rights: list[bool], rule: LevelRule) -> LevelState:
    for right in rights:
        state = state.answered(level, right, LEVELS, rule, 1)
    return state


def test_levels_move_on_the_last_answers_at_the_learners_level() -> None:
    rule = SETTINGS.levels
    assert (rule.window, rule.up, rule.down) == (20, 0.8, 0.5)   # trainer/learner.yaml
    start = LevelState("intermediate", {})
    # 16 of 20 right is 80%: up. 15 of 20 (75%) stays.
    up = _answers(start, "intermediate", [True] * 16 + [False] * 4, rule)
    assert up.current == "expert" and up.moved.up and (up.moved.right, up.moved.out_of) == (16, 20)
    assert up.windows == {}                                      # a move needs new evidence
    assert _answers(start, "intermediate", [False] * 5 + [True] * 15, rule).current == "intermediate"
    # 9 of 20 (45%) is under 50%: down. 10 of 20 stays.
    down = _answers(start, "intermediate", [False] * 11 + [True] * 9, rule)
    assert down.current == "beginner" and not down.moved.up
    assert _answers(start, "intermediate", [False] * 10 + [True] * 10, rule).current == "intermediate"
    # Nineteen answers are not enough; answers at another level fill its window, move nothing.
    assert _answers(start, "intermediate", [True] * 19, rule).current == "intermediate"
    other = _answers(start, "expert", [True] * 20, rule)
    assert other.current == "intermediate" and len(other.windows["expert"]) == 20
    # No level above expert, none below beginner.
    assert _answers(LevelState("expert", {}), "expert", [True] * 20, rule).current == "expert"
    assert _answers(LevelState("beginner", {}), "beginner", [False] * 20, rule).current == "beginner"


def test_the_level_moved_to_is_told_and_is_the_next_default(monkeypatch, capsys, data_dir) -> None:
    # Nineteen right answers at beginner on file; one more right one moves the learner up.
    (data_dir / "progress.json").write_text(json.dumps({
        "format": 2, "session": 3, "fans": {}, "kinds": {}, "level": "beginner",
        "recent": {"beginner": [1] * 19}, "moved": None, "history": []}), encoding="utf-8")
    # Ask one valid? question, answered right, from a bank holding only it.
    q = next(q for q in load_bank(bank_path("beginner")).questions if q.kind == "valid")
    banks = one_question_banks(data_dir.parent / "banks", q)
    monkeypatch.setattr(sys, "stdin", io.StringIO(("y" if q.answer["valid"] else "n") + "\n"))
    assert main(["quiz", "--banks", str(banks), "--count", "1", "--kind", "valid", "--edition", "1998"]) == 0
    out = capsys.readouterr().out
    assert text("en", "level_up", right=20, of=20, before="Beginner", after="Intermediate") in out
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["level"] == "intermediate" and saved["moved"]["to"] == "intermediate"
    # The next session starts at intermediate without --level.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["quiz", "--count", "1", "--seed", "1"]) == 0
    assert "Intermediate · questions: 1" in capsys.readouterr().out


def test_a_level_chosen_for_one_session_does_not_move_the_learner(monkeypatch, capsys, data_dir) -> None:
    # --level expert once used to make the learner expert for good (issue 21): now the
    # session is at expert, and the next one at the learner's own level again.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["quiz", "--count", "1", "--seed", "1", "--level", "expert"]) == 0
    assert "Expert · questions: 1" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["quiz", "--count", "1", "--seed", "1"]) == 0
    assert "Beginner · questions: 1" in capsys.readouterr().out
    assert json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))["level"] == "beginner"


# -- 4. history ------------------------------------------------------------------------------------

def _outcome(fan: str, verdict: Verdict) -> FanOutcome:
    return FanOutcome(fan, verdict, FACTS[fan].family)


def test_the_history_tallies_each_session_by_fan_family() -> None:
    p = Progress(session=1)
    p = p.record(Answer("fans", False, (_outcome("half_flush", Verdict.CREDIT), _outcome("no_honors", Verdict.BLAME),
                                        _outcome("dragon_pung", Verdict.CREDIT))), DAY_ONE, 1)
    p = p.record(Answer("total", True, (_outcome("one_voided_suit", Verdict.WEAK),)), DAY_ONE, 1)
    p = p.next_session().record(Answer("total", False, (_outcome("dragon_pung", Verdict.BLAME),)), DAY_ONE, 2)
    # Half Flush, No Honors and One Voided Suit are "suits"; Dragon Pung is "honors".
    assert p.history == (HistoryEntry(1, {"honors": Tally(1, 1), "suits": Tally(3, 2)}),
                         HistoryEntry(2, {"honors": Tally(1, 0)}))
    again = Answer("fans", False, (_outcome("half_flush", Verdict.BLAME),), again=True)
    assert p.record(again, DAY_ONE, 2).history == p.history      # a re-asked question is not in the history


def test_past_the_limit_the_oldest_sessions_are_merged_not_dropped() -> None:
    history: tuple[HistoryEntry, ...] = ()
    for session in range(1, 5):
        history = with_outcomes(history, session, [_outcome("dragon_pung", Verdict.CREDIT)], limit=3)
    assert history == (HistoryEntry(2, {"honors": Tally(2, 2)}), HistoryEntry(3, {"honors": Tally(1, 1)}),
                       HistoryEntry(4, {"honors": Tally(1, 1)}))


def test_the_chart_draws_one_line_per_family() -> None:
    history = (HistoryEntry(1, {"chows": Tally(1, 1)}),
               HistoryEntry(2, {"chows": Tally(2, 0), "pungs": Tally(2, 1)}))
    lines = chart_lines(history, 12, ["pungs", "chows"], {"chows": "Chows", "pungs": "Pungs"}.__getitem__,
                        lambda key, **v: text("en", key, **v))
    # Chows: all right (█), then none (▁), 0% last. Pungs: not asked (·), then half (▁..█ has
    # eight blocks: 0.5 * 7 = 3.5, rounded to 4, the fifth block ▅), 50% last.
    assert lines[1:3] == ["  Pungs  ·▅   50%", "  Chows  █▁    0%"]
    assert lines[0] == text("en", "history_title", first=1, last=2)


def test_stats_show_the_level_and_the_history_chart(monkeypatch, capsys, data_dir) -> None:
    (data_dir / "progress.json").write_text(json.dumps({
        "format": 2, "session": 2, "fans": {"half_flush": {"box": 1, "seen": 2, "right": 1, "last_session": 2}},
        "kinds": {"fans": {"seen": 2, "right": 1}}, "level": "intermediate",
        "recent": {"intermediate": [1, 0]}, "moved": None,
        "history": [{"session": 1, "families": {"suits": {"seen": 1, "right": 1}}},
                    {"session": 2, "families": {"suits": {"seen": 1, "right": 0}}}]}), encoding="utf-8")
    assert main(["quiz", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "Your level: Intermediate (1 right of your last 2 answers there)." in out
    assert "  Suits and colours  █▁    0%" in out


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your level: Beginner (0 right of your last 1 answer there)."),
    ("fr", "Votre niveau : Débutant (bonnes réponses : 0 sur 1 réponse à ce niveau)."),
    ("es", "Su nivel: Principiante (aciertos: 0 de 1 respuesta en él)."),
    ("zh", "你的级别：初级（在这一级最近 1 题中答对 0 题）。"),
])
def test_the_level_line_says_one_answer_in_the_singular(monkeypatch, capsys, data_dir, lang, said) -> None:
    # After a first session of one answer: "your last 1 answers", "vos 1 dernières" before.
    (data_dir / "progress.json").write_text(json.dumps({
        "format": 2, "session": 1, "fans": {}, "kinds": {"total": {"seen": 1, "right": 0}}, "level": "beginner",
        "recent": {"beginner": [0]}, "moved": None, "history": []}), encoding="utf-8")
    assert main(["quiz", "--stats", "--lang", lang]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "right", "said"), [
    ("en", 1, "Only 1 of your last 20 answers at Intermediate was right: you move back to Beginner"),
    ("en", 0, "Only 0 of your last 20 answers at Intermediate were right: you move back to Beginner"),
    ("fr", 1, "Seulement 1 bonne réponse sur vos 20 dernières au niveau Intermédiaire : vous revenez"),
    ("fr", 0, "Seulement 0 bonne réponse sur vos 20 dernières au niveau Intermédiaire : vous revenez"),
    ("fr", 2, "Seulement 2 bonnes réponses sur vos 20 dernières au niveau Intermédiaire : vous revenez"),
])
def test_a_move_down_says_the_answers_right_in_their_number(lang: str, right: int, said: str) -> None:
    # French wrote "bonne(s) réponse(s)"; English "Only 1 ... were right".
    assert move_line(Move("intermediate", "beginner", False, right, 20, 3), lang).startswith(said)


def test_learner_settings_are_checked() -> None:
    good = {"blame": {"most_mistakes": 3},
            "reask": {"after": 3, "times": 1}, "levels": {"window": 20, "up": 0.8, "down": 0.5},
            "history": {"sessions": 200, "shown": 12},
            "spacing": {"desired_retention": 0.9, "maximum_interval": 365},
            "mastery": {"share": 0.8, "answers": 10, "window": 20}, "daily": {"goal": 20, "recent_hands": 300}}
    assert settings_from(good) == SETTINGS
    with pytest.raises(SettingsError, match=r"levels: down \(0.9\) must be below up \(0.8\)"):
        settings_from({**good, "levels": {"window": 20, "up": 0.8, "down": 0.9}})
    with pytest.raises(SettingsError, match="blame: most_mistakes: 9 is not a whole number from 1 to 6"):
        settings_from({**good, "blame": {"most_mistakes": 9}})
    with pytest.raises(SettingsError, match=r"mastery: window \(5\) must hold at least answers \(10\)"):
        settings_from({**good, "mastery": {"share": 0.8, "answers": 10, "window": 5}})
    with pytest.raises(SettingsError, match="spacing: desired_retention: 1 is not from 0.5 to below 1"):
        settings_from({**good, "spacing": {"desired_retention": 1, "maximum_interval": 365}})


# -- 5. a simulated learner who never counts one fan -----------------------------------------

MISSED = "pure_double_chow"   # a fan of the first unit, in about one beginner question in seven


def _learner(blind_to: str | None) -> Callable[[Question], Any]:
    """A learner who knows every fan but `blind_to`: never ticks it, never counts it."""
    def respond(q: Question) -> Any:
        counts = {f["id"]: f["count"] for f in q.answer["fans"]}
        short = FACTS[blind_to].points * counts.get(blind_to, 0) if blind_to else 0
        if q.kind == "fans":
            return {f for f in q.answer_ids if f != blind_to}
        if q.kind == "total":
            return q.answer["total"] - short
        if q.kind == "valid":
            return q.answer["total_without_flowers"] - short >= TABLE.minimum_points
        if q.kind == "waits":      # the kinds about waits and readings: known, and about no fan
            return set(q.answer["waits"])
        if q.kind == "one_tile_wait":
            return len(q.answer["waits"]) == 1
        if q.kind == "best_reading":
            return next(i for i, r in enumerate(q.data["readings"]) if r["total"] == q.answer["total"])
        pay = q.answer["payments"]
        base = (pay["each"] if pay["self_drawn"] else pay["discarder"]) - q.answer["total"]
        given = base + q.answer["total"] - short
        return (given,) if pay["self_drawn"] else (given, base)
    return respond


def _session(trainer: Trainer, progress: Progress, count: int, seed: int, day: date,
             respond: Callable[[Question], Any]) -> tuple[Progress, list[Question]]:
    """One session as `mcr quiz` runs it, through the session API: plan, ask, re-ask, record."""
    session = Session(trainer, progress, Options(count=count, seed=seed), today=day, lang="en")
    session.begin()
    asked = []
    while (item := session.next()) is not None:
        question = session.current_question()
        assert item["type"] == "question" and question is not None
        asked.append(question)
        session.answer(_plain(respond(question)))
    return session.progress, asked


def _plain(response: Any) -> Any:
    """A response as plain data, as the session API takes it."""
    if isinstance(response, (set, tuple)):
        return sorted(response) if isinstance(response, set) else list(response)
    return response


@pytest.fixture(scope="module")
def trainer() -> Trainer:
    return Trainer.load()


def test_a_fan_always_missed_comes_first_the_next_day_in_new_hands(trainer: Trainer) -> None:
    missed_seeds = 0
    for seed in range(6):
        progress, asked = _session(trainer, ready_progress(), 20, seed, DAY_ONE, _learner(MISSED))
        record = progress.fans.get(MISSED, ItemRecord())
        if record.seen == record.right:
            continue   # the first day never showed the miss: nothing to learn from
        missed_seeds += 1
        # One step on day one, the miss, whatever else that day said of the fan: FSRS's
        # first stability after a miss is its first parameter, 0.212 days; due the next day.
        assert record.spaced.memory.last == DAY_ONE and record.spaced.step.grade == 1
        assert record.spaced.memory.stability == pytest.approx(0.212)
        assert record.spaced.memory.due == DAY_ONE + timedelta(days=1)
        _, later = _session(trainer, progress, 10, 1000 + seed, DAY_ONE + timedelta(days=1), _learner(MISSED))
        assert MISSED in later[0].answer_ids                       # due: asked first on day two
        assert not {question_key(q) for q in asked} & {question_key(q) for q in later}   # in hands not seen
    assert missed_seeds >= 3


def test_a_tie_taken_credits_the_fans_of_the_way_taken() -> None:
    """[123m]111222333m6p6p scores 50 as Quadruple Chow or as Pure Shifted Pungs and its
    pungs (tests/engine/test_ties_and_waits.py): ticking the pungs' fans is right, and blames none
    of the chows' reading's fans."""
    from generator.quizzes.hand_builder import BuiltHand, draft_of
    from generator.quizzes.questions import make_question
    situation = {"self_drawn": False, "flowers": 0, "seat_wind": "E", "prevalent_wind": "E"}
    hand = "[123m]111222333m6p6p"
    built = BuiltHand(draft_of(hand, situation), rules.score(hand, **situation))
    q = make_question(built, "fans", "t-001", "expert", TABLE, random.Random(0))
    other = {f["id"] for f in q.answer["ties"][0]["fans"]}
    result = grade(q, other)
    assert result.correct and result.tie == 1
    answer = answer_record(q, other, True, again=False, level=None, facts=FACTS, settings=SETTINGS, taken=result.tie)
    assert not [o.fan for o in answer.outcomes if o.verdict is Verdict.BLAME]
    assert "quadruple_chow" not in {o.fan for o in answer.outcomes}



def test_stats_list_flashcards_and_guided_steps_beside_the_question_kinds(monkeypatch, capsys, data_dir) -> None:
    # The fan table counts every answer that marked a fan, flashcards and guided steps
    # too: the kinds below it list them, and the overall line still counts questions.
    (data_dir / "progress.json").write_text(json.dumps({
        "format": 2, "session": 1, "fans": {"half_flush": {"box": 1, "seen": 4, "right": 3, "last_session": 1}},
        "kinds": {"total": {"seen": 1, "right": 1}, "learn": {"seen": 2, "right": 1},
                  "guided": {"seen": 1, "right": 1}},
        "level": "beginner", "recent": {"beginner": [1]}, "moved": None, "history": []}), encoding="utf-8")
    assert main(["quiz", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "  Total points: 1/1\n  Count it with me: 1/1\n  Learn mode (flashcards): 1/2\n" in out
    assert "1 session; questions answered right: 1 of 1 (100%)." in out
