"""What the trainer counts, and where: a fan drill asks only what marks its fan; the
--stats fan table counts a right question asked again; the daily goal counts questions
(a guided hand once, a timed hand too); an export carries the timed drill's bests."""
from __future__ import annotations

from pathlib import Path

import pytest

import rules
from generator.quizzes.banks import bank_path, load_bank
from generator.quizzes.questions import Question
from trainer.session import Options, Session, Trainer
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
                           "--kind total, fans, payments. A question of --kind valid, waits marks no fan: "
                           "leave it out, or practise it without --fan.")
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
