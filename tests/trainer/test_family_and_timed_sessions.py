"""The sessions the site's family pages and timed drill run (trainer.session): a fan
family's session, a timed session, the marks a page draws an answer with, which timed drill
is best, and the earlier web quiz's progress carried into the trainer's.

The family's fans are written out by hand from the MCR table (the concealment family:
Concealed Hand, Fully Concealed Hand, Melded Hand, Two, Three and Four Concealed Pungs),
not read from the engine."""
from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from generator.quizzes.questions import Question
from trainer.answer_marks import answer_marks
from trainer.drill_bests import DrillRecord, best_after, site_bests, site_key
from trainer.grading import grade
from trainer.json_checks import ProgressError
from trainer.progress import ItemRecord, Progress
from trainer.progress_reading import read_progress
from trainer.session import Options, Session, Trainer
from trainer.spacing import Memory, Spaced
from trainer.web_quiz_carry import as_old_file, carried_into
from tests.trainer.support import DAY_ONE, ready_progress
from trainer.fresh_questions import question_key

CONCEALMENT = {"concealed_hand", "fully_concealed_hand", "melded_hand", "two_concealed_pungs",
               "three_concealed_pungs", "four_concealed_pungs"}


@pytest.fixture(scope="module")
def trainer() -> Trainer:
    return Trainer.load()


def _due(day: date) -> ItemRecord:
    """A fan missed twice, due on `day`."""
    return ItemRecord(2, 0, Spaced(Memory(1.0, 7.0, day, day - timedelta(days=1))))


def _session(trainer: Trainer, progress: Progress, **options: object) -> Session:
    session = Session(trainer, progress, Options(**options), today=DAY_ONE, lang="en")
    session.begin()
    return session


def test_a_family_session_asks_the_familys_hands_and_moves_no_level(trainer: Trainer) -> None:
    session = _session(trainer, ready_progress(), family="concealment", count=8, seed=5)
    assert session.family_fans() == CONCEALMENT
    asked = 0
    while (item := session.next()) is not None:
        question = session.current_question()
        assert item["reason"] in ("family", "again", "due")
        if item["reason"] == "family":
            assert CONCEALMENT & set(question.drill), question.id
        session.answer(None)
        asked += 1
    assert asked >= 8 and session.level is None
    assert session.progress.levels.windows == {}          # no level's window filled


def test_a_familys_due_fans_come_first_and_other_due_fans_wait(trainer: Trainer) -> None:
    progress = Progress(**{**ready_progress().__dict__,
                           "fans": {"fully_concealed_hand": _due(DAY_ONE), "half_flush": _due(DAY_ONE)}})
    session = _session(trainer, progress, family="concealment", count=5, seed=2)
    first = session.next()
    assert (first["reason"], first["fan"]) == ("due", "fully_concealed_hand")
    assert "fully_concealed_hand" in session.current_question().answer_ids
    session.answer(None)
    while (item := session.next()) is not None:
        assert item["fan"] != "half_flush"
        session.answer(None)


def test_a_miss_in_a_family_session_comes_back_on_the_familys_fan(trainer: Trainer) -> None:
    session = _session(trainer, ready_progress(), family="concealment", count=6, seed=11)
    while (item := session.next()) is not None:
        counted = CONCEALMENT & set(session.current_question().answer_ids)
        feedback = session.answer(None)
        if item["reason"] != "again" and counted and feedback["comes_back"]:
            again = [p for p in session._queue if p.reason == "again"]
            assert again and again[-1].fan in counted
            return
    pytest.fail("no question counting a concealment fan was missed")


def test_a_timed_session_asks_its_level_totals_and_asks_no_miss_again(trainer: Trainer) -> None:
    session = _session(trainer, ready_progress(), mode="timed", level="intermediate", kinds=("total",), count=4, seed=9)
    totals = []
    while (item := session.next()) is not None:
        question = session.current_question()
        assert item["kind"] == "total" and question.level == "intermediate"
        feedback = session.answer(question.answer["total"] + 1)        # every hand one point off
        assert not feedback["correct"] and feedback["comes_back"] is None
        assert feedback["marks"]["expected"] == question.answer["total"]
        totals.append(feedback["marks"]["expected"])
    assert len(totals) == 4 and session.summary()["asked"] == 4


def _fans_question() -> Question:
    """Three options: a counts; b alone is another way to the same total (a tie); c never counts."""
    return Question("q", "beginner", "fans", {
        "options": ["a", "b", "c"],
        "answer": {"fans": [{"id": "a", "count": 1}], "total": 8, "ties": [{"fans": [{"id": "b", "count": 1}]}]},
        "explanation": {"not_counted": []}})


@pytest.mark.parametrize(("picked", "expected", "missed", "wrong", "tie"), [
    ({"a"}, ["a"], [], [], 0),
    ({"b"}, ["b"], [], [], 1),                 # the tie taken: its fans are the expected ones
    ({"c"}, ["a"], ["a"], ["c"], 0),
    (set(), ["a"], ["a"], [], 0),
])
def test_the_marks_of_a_fans_answer(picked: set[str], expected: list[str], missed: list[str], wrong: list[str],
                                    tie: int) -> None:
    q = _fans_question()
    assert answer_marks(q, grade(q, picked)) == {"expected": expected, "missed": missed, "wrong": wrong, "tie": tie}


def test_the_marks_of_a_payments_answer() -> None:
    # 13 points won on a discard: the discarder pays 8 + 13 = 21, the two others 8 each.
    q = Question("p", "beginner", "payments", {"answer": {"fans": [], "total": 13, "payments": {
        "self_drawn": False, "discarder": 21, "others": 8, "winner_receives": 37}},
        "explanation": {"not_counted": []}})
    assert answer_marks(q, grade(q, (21, 8)))["expected"] == [21, 8]


def test_the_best_drill_has_more_right_or_as_many_in_less_time() -> None:
    best = {"beginner:5": DrillRecord(3, 60.0)}
    assert best_after(best, "beginner:5", DrillRecord(4, 90.0))[1].new_best            # more right, slower
    assert best_after(best, "beginner:5", DrillRecord(3, 59.9))[1].new_best            # as many, faster
    kept, recorded = best_after(best, "beginner:5", DrillRecord(3, 60.1))
    assert kept == best and not recorded.new_best and recorded.previous == DrillRecord(3, 60.0)
    assert best_after(best, "expert:5", DrillRecord(0, 99.0))[1] .previous is None       # another drill


def test_the_sites_bests_keep_its_old_keys_and_survive_damage() -> None:
    assert site_key("intermediate", 5, "1998") == "intermediate:5:1998"   # the key the site always kept
    kept, recorded = site_bests('{"intermediate:5:1998": {"right": 2, "seconds": 40}}', "intermediate:5:1998",
                                DrillRecord(3, 51.26))
    assert kept == {"intermediate:5:1998": {"right": 3, "seconds": 51.3}} and recorded.previous == DrillRecord(2, 40.0)
    kept, recorded = site_bests("{broken", "beginner:10:1998", DrillRecord(1, 5.0))
    assert kept == {"beginner:10:1998": {"right": 1, "seconds": 5.0}} and recorded.problem


def _old_site_document() -> dict[str, object]:
    """The earlier quiz script's progress: 10 answers (session 2, one every five answers)."""
    return {"format": 2, "session": 2, "answers": 10, "last_active": 1700000000000,
            "fans": {"half_flush": {"box": 1, "seen": 3, "right": 0, "last_session": 1},
                     "all_pungs": {"box": 3, "seen": 2, "right": 2, "last_session": 2}},
            "kinds": {"total": {"seen": 6, "right": 3}, "fans": {"seen": 4, "right": 2}},
            "modes": {"family:suits": {"seen": 10, "right": 5, "current": "b-001", "answered": True,
                                       "response": 3, "recent": [], "kind": "", "again": 0, "reask": [], "window": []}},
            "history": [{"session": 1, "families": {"suits": {"seen": 3, "right": 0}}}]}


def _read_old(text: str) -> Progress:
    import rules   # noqa: PLC0415
    table = rules.fan_table()
    return read_progress(as_old_file(text, "beginner"), set(table.by_id), ("total", "fans"), ("beginner", "intermediate",
                         "expert"), {f.family for f in table.fans}, today=DAY_ONE)


def test_the_earlier_web_quizs_progress_is_carried_whole_into_a_new_learner() -> None:
    old = _read_old(json.dumps(_old_site_document()))
    carried = carried_into(Progress(edition="green-book"), old)
    assert carried.edition == "green-book" and carried.session == 2
    assert {k: (t.seen, t.right) for k, t in carried.kinds.items()} == {"total": (6, 3), "fans": (4, 2)}
    flush, pungs = carried.fans["half_flush"], carried.fans["all_pungs"]
    assert (flush.seen, flush.right, pungs.seen, pungs.right) == (3, 0, 2, 2)
    # Box 1 (due a session after) last asked a session ago: due today. Box 3: due in 4 sessions, read as days.
    assert flush.spaced.memory.due == DAY_ONE and pungs.spaced.memory.due == DAY_ONE + timedelta(days=4)
    assert [e.session for e in carried.history] == [1]


def test_a_learner_of_the_trainer_keeps_their_own_and_gains_the_rest() -> None:
    mine = ItemRecord(5, 5, Spaced(Memory(10.0, 3.0, DAY_ONE + timedelta(days=9), DAY_ONE - timedelta(days=1))))
    current = Progress(fans={"half_flush": mine}, kinds={})
    carried = carried_into(current, _read_old(json.dumps(_old_site_document())))
    assert carried.fans["half_flush"] == mine and carried.fans["all_pungs"].seen == 2
    assert carried.kinds["total"].seen == 6


@pytest.mark.parametrize("text", ['{"format": 3}', "[1]", "{not json"])
def test_what_is_not_the_earlier_scripts_progress_is_named(text: str) -> None:
    with pytest.raises(ProgressError):
        as_old_file(text, "beginner")


@pytest.mark.parametrize("kind", ["best_reading", "valid"])
def test_a_miss_comes_back_only_as_a_kind_the_learner_asked_for(trainer: Trainer, kind: str) -> None:
    # --kind best_reading: the builder seldom finds readings that score differently, and
    # used to fall back to "which fans count?"; the re-ask must keep to the kind (a bank's
    # question on the fan) or not come at all.
    session = _session(trainer, ready_progress(), kinds=(kind,), count=3, seed=5, level="expert")
    asked, again = [], 0
    while (item := session.next()) is not None:
        asked.append(session.current_question().kind)
        again += item["reason"] == "again"
        session.answer(None)
    assert again > 0 and set(asked) == {kind}


def test_a_bank_question_taken_for_a_re_ask_is_not_asked_again_later(trainer: Trainer) -> None:
    # --kind best_reading, every answer missed: the re-asks come from the banks, and one of
    # them (expert-153) was also among the planned questions, so it came twice.
    session = _session(trainer, ready_progress(), kinds=("best_reading",), count=6, seed=12, level="expert")
    keys = []
    while session.next() is not None:
        keys.append(question_key(session.current_question()))
        session.answer(None)
    assert len(keys) > 6 and len(keys) == len(set(keys))


def test_a_session_of_kinds_that_review_no_fan_plans_no_review_and_says_the_due_fans_wait(trainer: Trainer) -> None:
    # A valid? answer credits no fan: planning half_flush and all_chows (both due) as its
    # reviews left them due after it. They wait for a total/fans/payments session instead.
    due = {"half_flush": _due(DAY_ONE), "all_chows": _due(DAY_ONE)}
    progress = Progress(**{**ready_progress().__dict__, "fans": due})
    session = _session(trainer, progress, kinds=("valid",), count=4, seed=3)
    reasons = []
    while (item := session.next()) is not None:
        reasons.append(item["reason"])
        session.answer(None)
    assert reasons and "due" not in reasons
    assert session.summary()["due_waiting"] == 2
    mixed = _session(trainer, progress, kinds=("valid", "total"), count=4, seed=3)
    first = mixed.next()
    assert (first["reason"], mixed.current_question().kind) == ("due", "total")
    assert mixed.summary()["due_waiting"] == 0


def test_every_miss_that_says_it_comes_back_does(trainer: Trainer) -> None:
    # --kind best_reading, every answer missed: the builder seldom makes such a hand and the
    # banks run short, so some re-asks cannot be made. The feedback promised one all the
    # same, and then none came.
    session = _session(trainer, ready_progress(), kinds=("best_reading",), count=12, seed=40, level="expert")
    promised, came = [], []
    while (item := session.next()) is not None:
        if item["reason"] == "again":
            came.append(item["n"] - item["again_ago"])
        if session.answer(None)["comes_back"]:
            promised.append(item["n"])
    assert promised and sorted(came) == promised
