"""What the trainer counts, and where: a fan drill asks only what marks its fan; the
--stats fan table counts a right question asked again; the daily goal counts questions
(a guided hand once, a timed hand too); an export carries the timed drill's bests."""
from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

import rules
from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.questions import Question
from trainer.answer_record import record_of
from trainer.attribution import fan_facts
from trainer.learner_settings import learner_settings
from trainer.progress import Progress
from trainer.session import Options, Session, Trainer
from trainer.text import fan_name
from tests.trainer.support import (DAY_ONE, FakeClock, fake_clock, ready_progress, right_answer,  # noqa: F401
                                   run, write_progress)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_clock: FakeClock) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("MCR_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")
def trainer() -> Trainer:
    questions: list[Question] = [q for level in ("beginner", "intermediate", "expert")
                                 for q in load_bank(bank_path(level)).questions]
    return Trainer(questions, {info.id: rules.fan_table(None, info.id) for info, _ in rules.editions()})


def test_a_fan_drill_with_a_kind_that_marks_no_fan_is_refused(monkeypatch, capsys, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    code, out, err = run(monkeypatch, capsys, ["--fan", "all_chows", "--kind", "total", "--kind", "valid",
                                               "--kind", "waits", "--kind", "valid"])
    assert code == 2 and out == ""
    assert err.strip() == ("A fan drill asks only the questions that show whether you count the fan: "
                           "--kind total, fans, payments. Questions of --kind valid, waits mark no fan: "
                           "leave them out, or practise them without --fan.")
    assert not (data_dir / "progress.json").read_text(encoding="utf-8").count('"all_chows"')


def test_a_fan_drill_asks_only_the_kinds_that_mark_the_fan(trainer: Trainer) -> None:
    # No --kind: every kind is allowed, but valid?, waits, one tile? and best reading mark
    # no fan; the drill asks totals, fans and payments only, each on a hand drilling the fan.
    session = Session(trainer, ready_progress(), Options(count=12, seed=4, fan="all_chows"), today=DAY_ONE,
                      lang="en")
    session.begin()
    kinds = []
    while (item := session.next()) is not None:
        question = session.current_question()
        assert question is not None and (item["again"] or "all_chows" in question.drill)   # again: the fan missed
        kinds.append(item["kind"])
        session.answer(None)
    assert len(kinds) >= 12 and set(kinds) <= {"total", "fans", "payments"}, kinds
    with pytest.raises(ValueError, match="a fan drill needs a kind that marks a fan: total, fans, payments"):
        Session(trainer, ready_progress(), Options(fan="all_chows", kinds=("valid",)), today=DAY_ONE, lang="en")


def _recorded_session(bank: list[Question]) -> tuple[Progress, Question]:
    """A short session: a "which fans count?" question with nothing ticked, the same fans
    asked again and ticked right; a valid? question answered right; a waits question missed."""
    facts = fan_facts([rules.fan_table()])
    settings = learner_settings()
    fans_q = next(q for q in bank if q.kind == "fans")
    valid_q = next(q for q in bank if q.kind == "valid")
    waits_q = next(q for q in bank if q.kind == "waits")
    table = rules.fan_table()

    def record(p: Progress, q: Question, given: Any, right: bool, again: bool = False) -> Progress:
        answer = record_of(q, given, right, again=again, level=None, facts=facts, settings=settings, table=table)
        return p.record(answer.answer, DAY_ONE, 1)
    p = record(ready_progress().next_session(), fans_q, set(), False)
    p = record(p, fans_q, set(fans_q.answer_ids), True, again=True)
    p = record(p, valid_q, valid_q.answer["valid"], True)
    p = record(p, waits_q, {"1m"} if "1m" not in waits_q.answer["waits"] else {"2m"}, False)
    return p, fans_q


def test_stats_count_a_right_question_asked_again_and_every_kind(monkeypatch, capsys, data_dir) -> None:
    bank = list(load_bank(bank_path("beginner")).questions)
    progress, fans_q = _recorded_session(bank)
    write_progress(data_dir, progress)
    code, out, _ = run(monkeypatch, capsys, ["--stats"])
    assert code == 0
    facts = fan_facts([rules.fan_table()])
    reviewed = [f for f in fans_q.answer_ids if facts[f].reviewed]
    assert reviewed
    for fan in reviewed:   # missed once, then ticked right when asked again: 2 asked, 1 right
        name = fan_name(rules.fan_table().fan(fan).names, "en")
        row = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert row.split()[-4:-1] == ["2", "1", "50%"], row
        # The right answer moved no memory: due as the miss left it, the next day.
        assert row.split()[-1] == (DAY_ONE + timedelta(days=1)).isoformat(), row
    assert ("Answers that show no fan counted or missed are not in this table; they are counted by kind below: "
            "Valid win?, Waits.") in out
    assert "  Pick the fans: 1/2\n  Valid win?: 1/1\n  Waits: 0/1\n" in out
    assert "1 session; questions answered right: 2 of 4 (50%)." in out
    assert "Today: 4 of 20 questions" in out


def _answered_today(data_dir: Path) -> int:
    return json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))["daily"]["answered"]


def test_a_guided_hand_counts_once_toward_the_daily_goal(monkeypatch, capsys, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    code, out, _ = run(monkeypatch, capsys, ["--guided", "--count", "2", "--seed", "2", "--color", "never"],
                       "\n" * 60)
    last_steps = re.findall(r"Step (\d+)/\1:", out)
    assert code == 0 and len(last_steps) == 2 and int(last_steps[0]) > 1   # two hands of several steps, to the end
    assert _answered_today(data_dir) == 2


def test_timed_hands_count_as_answers(monkeypatch, capsys, data_dir) -> None:
    write_progress(data_dir, ready_progress())
    code, _, _ = run(monkeypatch, capsys, ["--timed", "--count", "3", "--seed", "1", "--color", "never"], "8\n\n40\n")
    saved = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert code == 0 and saved["daily"]["answered"] == 3 and saved["kinds"]["total"]["seen"] == 3
    assert saved["session"] == 1


def test_an_export_carries_the_timed_bests_and_an_import_keeps_the_better(monkeypatch, capsys, tmp_path,
                                                                          data_dir) -> None:
    write_progress(data_dir, ready_progress())
    bests = {"beginner:1998:5": {"right": 4, "seconds": 61.5}, "expert:1998:10": {"right": 7, "seconds": 300.0}}
    (data_dir / "timed.json").write_text(json.dumps({"format": 1, "best": bests}), encoding="utf-8")
    exported = tmp_path / "me.json"
    assert run(monkeypatch, capsys, ["--export", str(exported)])[0] == 0
    assert json.loads(exported.read_text(encoding="utf-8"))["timed"] == bests
    # Elsewhere: no progress, one best of its own better than the file's, one worse.
    (data_dir / "progress.json").unlink()
    mine = {"beginner:1998:5": {"right": 5, "seconds": 90.0}, "expert:1998:10": {"right": 7, "seconds": 310.0}}
    (data_dir / "timed.json").write_text(json.dumps({"format": 1, "best": mine}), encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, ["--import", str(exported)])
    assert code == 0 and err == "" and out.startswith("Imported ")
    kept = json.loads((data_dir / "timed.json").read_text(encoding="utf-8"))["best"]
    assert kept == {"beginner:1998:5": {"right": 5, "seconds": 90.0}, "expert:1998:10": {"right": 7, "seconds": 300.0}}
    # A bad record is named, and nothing changes.
    exported.write_text(exported.read_text(encoding="utf-8").replace('"right": 7', '"right": -1'), encoding="utf-8")
    code, _, err = run(monkeypatch, capsys, ["--import", str(exported)])
    assert code == 1 and "timed.expert:1998:10: not a record of right answers and seconds" in err
