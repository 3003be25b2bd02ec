"""What the trainer's tests share: a fake clock, a learner who has already chosen their rules
and opened the curriculum's units (so a session goes straight to its questions), banks of
chosen questions, and running `mcr quiz` with piped answers."""
from __future__ import annotations

import io
import json
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from generator.quizzes.banks import bank_path, dumps, load_bank
from generator.quizzes.questions import Question, expected_payments
from mcr.cli import main
from trainer import clock
from trainer.curriculum import curriculum
from trainer.mastery import UnitState
from trainer.progress import Progress

DAY_ONE = date(2031, 3, 3)   # a Monday; no test depends on the machine's date


class FakeClock:
    """The trainer's calendar, set by the test."""

    def __init__(self, day: date = DAY_ONE) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day

    def advance(self, days: int = 1) -> date:
        self.day += timedelta(days=days)
        return self.day


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(clock, "today", fake)
    return fake


def ready_progress(edition: str = "1998") -> Progress:
    """A learner who chose their rules and has seen every unit's lesson."""
    return Progress(edition=edition, units=UnitState(opened=tuple(u.id for u in curriculum().units)))


def write_progress(folder: Path, progress: Progress) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "progress.json").write_text(json.dumps(progress.as_data()), encoding="utf-8")


def one_question_banks(folder: Path, *questions: Question) -> Path:
    """A banks folder whose beginner bank holds just these questions."""
    bank = load_bank(bank_path("beginner"))
    data = [{**q.data, "level": "beginner"} for q in questions]
    small = type(bank)("beginner", bank.seed, bank.fan_table_version, tuple(Question.from_data(d) for d in data),
                       {**bank.header, "count": len(data)})
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "beginner.json").write_text(dumps(small), encoding="utf-8")
    return folder


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, args: list[str],
        answers: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["quiz", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def right_answer(q: Question) -> str:
    if q.kind == "total":
        return str(q.answer["total"])
    if q.kind == "valid":
        return "y" if q.answer["valid"] else "n"
    if q.kind == "payments":
        return " ".join(str(v) for v in expected_payments(q))
    if q.kind == "waits":
        return " ".join(q.answer["waits"])
    if q.kind == "one_tile_wait":
        return "y" if len(q.answer["waits"]) == 1 else "n"
    if q.kind == "best_reading":
        return str(1 + next(i for i, r in enumerate(q.data["readings"]) if r["total"] == q.answer["total"]))
    return " ".join(str(q.options.index(f) + 1) for f in q.answer_ids)


def wrong_answer(q: Question) -> str:
    if q.kind == "total":
        return str(q.answer["total"] + 2)
    if q.kind == "valid":
        return "n" if q.answer["valid"] else "y"
    if q.kind == "payments":
        return " ".join(str(v + 1) for v in expected_payments(q))
    if q.kind == "waits":
        return " ".join(q.answer["waits"][1:]) or "1m 9p"
    if q.kind == "one_tile_wait":
        return "n" if len(q.answer["waits"]) == 1 else "y"
    if q.kind == "best_reading":
        return str(1 + next(i for i, r in enumerate(q.data["readings"]) if r["total"] < q.answer["total"]))
    return str(next(i for i, f in enumerate(q.options, 1) if f not in q.answer_ids))
